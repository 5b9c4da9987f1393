#pragma once
// Runs f(i) for i in [0, count) on up to `threads` threads, each taking every threads-th i.
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace pairpower::detail {

template <class F>
void parallel_for(std::size_t count, unsigned threads, F f) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(count)));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    auto run = [&, t] { for (std::size_t i = t; i < count; i += threads) f(i); };
    if (t + 1 == threads) run();
    else pool.emplace_back(run);
  }
  for (auto& th : pool) th.join();
}

}  // namespace pairpower::detail
