#include "pairpower/base/floor_index.hpp"

#include <cmath>
#include <cstdint>

#include <catch2/catch.hpp>

#include "pairpower/base/random.hpp"

using namespace pairpower;

namespace {
// Counts the values where floor_index disagrees with std::floor (index or double).
int disagreements(double t) {
  double f = -1;
  const std::uint32_t k = floor_index(t, f);
  const double want = std::floor(t);
  return (f == want && static_cast<double>(k) == want) ? 0 : 1;
}
}  // namespace

TEST_CASE("floor_index equals std::floor at whole numbers, halves and their neighbours up to 2^31", "[floor_index]") {
  int bad = 0;
  for (double w : {0.0, 1.0, 2.0, 3.0, 1023.0, 4096.0, 65535.0, 1048577.0, 2147483646.0}) {
    for (double t : {w, w + 0.5, w + 1.5, w + 0.25, w + 0.75}) {
      bad += disagreements(t);
      bad += disagreements(std::nextafter(t, 0.0));
      bad += disagreements(std::nextafter(t, 1e300));
    }
  }
  bad += disagreements(std::nextafter(2147483648.0, 0.0));
  bad += disagreements(5e-324);  // the smallest subnormal
  CHECK(bad == 0);
}

TEST_CASE("floor_index equals std::floor for a million random values from 0 up to 2^31", "[floor_index]") {
  Xoshiro128x8 rng(hash_words({2026, 11, 25}));
  std::uint32_t bits[8];
  int bad = 0;
  for (int i = 0; i < 1000000 / 8; ++i) {
    rng.next(bits);
    for (int lane = 0; lane < 8; lane += 2) {
      // Magnitudes spread over many binades: a 31-bit value scaled down by 2^0…2^31.
      const double t = std::ldexp(static_cast<double>(bits[lane] >> 1), -static_cast<int>(bits[lane + 1] % 32));
      bad += disagreements(t);
    }
  }
  CHECK(bad == 0);
}
