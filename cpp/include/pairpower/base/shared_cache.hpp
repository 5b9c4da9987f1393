#pragma once
// Read-only objects shared by every simulation that needs them, built once per
// process and kept (thread-safe: the threaded engine's threads share them).
//
// Example:
//   pairpower::SharedCache<std::size_t, Table> tables;
//   auto t = tables.get(n, [n] { return Table(n); });   // built on first use
//   tables.offer(m, Table(m));                          // kept unless one is held
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace pairpower {

template <class Key, class Value>
class SharedCache {
 public:
  /// The held value, or `make()`'s, built under the lock and kept.
  template <class Make>
  std::shared_ptr<const Value> get(const Key& key, Make make) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& slot = items_[key];
    if (!slot) slot = std::make_shared<const Value>(make());
    return slot;
  }

  /// Keeps a value built elsewhere unless one is held for its key.
  void offer(const Key& key, Value value) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& slot = items_[key];
    if (!slot) slot = std::make_shared<const Value>(std::move(value));
  }

 private:
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<const Value>> items_;
};

}  // namespace pairpower
