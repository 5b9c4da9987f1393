#include "pairpower/base/partition_pool.hpp"

#include <atomic>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

using namespace pairpower;

TEST_CASE("partition pool runs every part exactly once, job after job", "[partition_pool]") {
  PartitionPool pool;
  for (unsigned parts : {1u, 2u, 3u, 8u, 2u, 5u}) {
    std::vector<std::atomic<int>> hits(parts);
    pool.run(parts, [&](unsigned p) { hits[p]++; });
    for (auto& h : hits) CHECK(h.load() == 1);
  }
}

TEST_CASE("partition pool rethrows an exception from any part and stays usable", "[partition_pool]") {
  PartitionPool pool;
  CHECK_THROWS_WITH(pool.run(3, [](unsigned p) { if (p == 2) throw std::runtime_error("part 2 failed"); }), "part 2 failed");
  std::atomic<int> n{0};
  pool.run(3, [&](unsigned) { n++; });
  CHECK(n == 3);
}
