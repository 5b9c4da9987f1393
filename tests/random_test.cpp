#include "pairpower/base/random.hpp"

#include <array>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
// The published scalar xoshiro128++ step (Blackman & Vigna 2018), as reference.
std::uint32_t rotl(std::uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
std::uint32_t reference_next(std::array<std::uint32_t, 4>& s) {
  const std::uint32_t result = rotl(s[0] + s[3], 7) + s[0];
  const std::uint32_t t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  return result;
}
}  // namespace

TEST_CASE("each of the eight lanes is the published xoshiro128++ sequence", "[random]") {
  const std::uint64_t key = 12345;
  Xoshiro128x8 rng(key);
  std::array<std::array<std::uint32_t, 4>, 8> ref;
  std::uint64_t sm = key;
  for (auto& s : ref) {
    const std::uint64_t w0 = splitmix64(sm), w1 = splitmix64(sm);
    s = {static_cast<std::uint32_t>(w0), static_cast<std::uint32_t>(w0 >> 32), static_cast<std::uint32_t>(w1),
         static_cast<std::uint32_t>(w1 >> 32)};
  }
  std::vector<std::uint32_t> out(8 * 100);
  rng.fill(out.data(), out.size());
  for (std::size_t step = 0; step < 100; ++step)
    for (std::size_t lane = 0; lane < 8; ++lane) CHECK(out[step * 8 + lane] == reference_next(ref[lane]));
}

TEST_CASE("splitmix64 matches its published first outputs for seed 0", "[random]") {
  std::uint64_t s = 0;
  CHECK(splitmix64(s) == 0xE220A8397B1DCDAFULL);
  CHECK(splitmix64(s) == 0x6E789E6AA1B965F4ULL);
}

TEST_CASE("hash_words depends on every word and on their order", "[random]") {
  CHECK(hash_words({1, 2, 3}) != hash_words({1, 2, 4}));
  CHECK(hash_words({1, 2, 3}) != hash_words({3, 2, 1}));
  CHECK(hash_words({1, 2, 3}) == hash_words({1, 2, 3}));
}

TEST_CASE("generator output bytes are uniform by a chi-square test", "[random]") {
  Xoshiro128x8 rng(99);
  std::vector<std::uint32_t> out(1 << 18);
  rng.fill(out.data(), out.size());
  std::array<double, 256> count{};
  for (std::uint32_t x : out) ++count[x >> 24];
  const double expected = double(out.size()) / 256;
  double chi2 = 0;
  for (double c : count) chi2 += (c - expected) * (c - expected) / expected;
  // 255 degrees of freedom: the 99.99% point is about 347.
  CHECK(chi2 < 347);
}
