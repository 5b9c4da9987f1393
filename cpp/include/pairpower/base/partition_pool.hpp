#pragma once
// Persistent threads for splitting one job into parts.
//
// simulate_group is called many times per run (once per work unit, in the
// browser every 10–30 ms); starting and joining threads per call cost ~8% of
// the threaded wasm build's time. These threads are started once and woken per
// call. std::thread has no pool and Boost.Asio's would pull in a library the
// wasm build does not otherwise need, hence this small class.
//
// Example:
//   pairpower::PartitionPool::shared().run(4, [&](unsigned part) { work(part); });
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace pairpower {

class PartitionPool {
 public:
  /// The process-wide pool (threads are created on first need).
  static PartitionPool& shared();

  /// Runs fn(0) … fn(parts − 1), part 0 on the calling thread, and returns when
  /// all are done; rethrows the first exception a part threw. One job at a time.
  void run(unsigned parts, const std::function<void(unsigned)>& fn);

  PartitionPool() = default;
  PartitionPool(const PartitionPool&) = delete;
  PartitionPool& operator=(const PartitionPool&) = delete;
  ~PartitionPool();

 private:
  void loop(unsigned index);

  std::mutex run_mutex_;  // serialises jobs
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> threads_;
  const std::function<void(unsigned)>* job_ = nullptr;
  unsigned parts_ = 0;
  unsigned pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

}  // namespace pairpower
