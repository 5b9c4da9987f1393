#include "pairpower/stats/signed_ranks.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/base/bit_cast.hpp"

using namespace pairpower;

namespace {
// O(n²) reference: rank = 1 + #{|d_j| < |d_i|} + (#ties − 1)/2.
SignedRankSums naive(const std::vector<double>& d) {
  SignedRankSums s;
  std::vector<double> nz;
  for (double x : d)
    if (x != 0) nz.push_back(x);
  s.n_nonzero = static_cast<std::uint32_t>(nz.size());
  s.n_zero = static_cast<std::uint32_t>(d.size() - nz.size());
  for (double x : nz) {
    double less = 0, equal = 0;
    for (double y : nz) {
      less += std::fabs(y) < std::fabs(x);
      equal += std::fabs(y) == std::fabs(x);
    }
    if (x > 0) {
      s.r_plus += less + (equal + 1) / 2;
      ++s.n_positive;
    }
  }
  std::vector<double> mags;
  for (double x : nz) mags.push_back(std::fabs(x));
  std::sort(mags.begin(), mags.end());
  for (std::size_t i = 0; i < mags.size();) {
    std::size_t j = i;
    while (j < mags.size() && mags[j] == mags[i]) ++j;
    const double t = static_cast<double>(j - i);
    if (j - i > 1) s.tie_term += t * t * t - t;
    i = j;
  }
  return s;
}
}  // namespace

TEST_CASE("signed rank sums equal an O(n^2) reference on smooth, tied and skewed data", "[signed_ranks]") {
  std::mt19937_64 gen(17);
  std::normal_distribution<double> normal;
  SignedRanker ranker;
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 5 + gen() % 400;
    std::vector<double> d(n);
    for (double& x : d) x = normal(gen) * 0.1;
    if (trial % 3 == 1)
      for (double& x : d) x = std::round(x * 100) / 100;  // ties and zeros
    if (trial % 3 == 2) d[gen() % n] = 1e6;                // one huge outlier
    const auto got = ranker.rank(d.data(), n);
    const auto want = naive(d);
    CHECK(got.r_plus == want.r_plus);
    CHECK(got.tie_term == want.tie_term);
    CHECK(got.n_nonzero == want.n_nonzero);
    CHECK(got.n_positive == want.n_positive);
    CHECK(got.n_zero == want.n_zero);
  }
}

TEST_CASE("sort_keys sorts like std::sort, including when one key dwarfs the rest", "[signed_ranks]") {
  std::mt19937_64 gen(3);
  for (std::size_t n : {1u, 2u, 24u, 25u, 100u, 1000u, 5000u}) {
    for (int skew = 0; skew < 3; ++skew) {
      std::vector<std::uint64_t> keys(n);
      std::uniform_real_distribution<double> u(0, 1);
      for (auto& k : keys) {
        double x = skew == 1 ? std::pow(u(gen), 8) : u(gen);
        k = (pairpower::bit_cast<std::uint64_t>(x) << 1) | (gen() & 1);
      }
      if (skew == 2) keys[0] = pairpower::bit_cast<std::uint64_t>(1e300) << 1;
      std::vector<std::uint64_t> want = keys, scratch(2 * n + 1);
      std::sort(want.begin(), want.end());
      const std::uint64_t* sorted = sort_keys(keys.data(), scratch.data(), n, *std::max_element(keys.begin(), keys.end()));
      CHECK(std::vector<std::uint64_t>(sorted, sorted + n) == want);
    }
  }
}
