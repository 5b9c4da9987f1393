#include "pairpower/base/partition_pool.hpp"

namespace pairpower {

PartitionPool& PartitionPool::shared() {
  static PartitionPool pool;
  return pool;
}

PartitionPool::~PartitionPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void PartitionPool::run(unsigned parts, const std::function<void(unsigned)>& fn) {
  if (parts <= 1) {
    fn(0);
    return;
  }
  std::lock_guard<std::mutex> serial(run_mutex_);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    while (threads_.size() < parts - 1) {
      const auto index = static_cast<unsigned>(threads_.size()) + 1;
      threads_.emplace_back([this, index] { loop(index); });
    }
    job_ = &fn;
    parts_ = parts;
    pending_ = parts - 1;
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  std::exception_ptr mine;
  try {
    fn(0);
  } catch (...) {
    mine = std::current_exception();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
  job_ = nullptr;
  if (mine) std::rethrow_exception(mine);
  if (error_) std::rethrow_exception(error_);
}

void PartitionPool::loop(unsigned index) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(unsigned)>* job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      if (index >= parts_) continue;  // this job needs fewer threads
      job = job_;
    }
    std::exception_ptr failure;
    try {
      (*job)(index);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure && !error_) error_ = failure;
    if (--pending_ == 0) done_.notify_one();
  }
}

}  // namespace pairpower
