// Boards of binary items resample through their own kernels (bit patterns, the
// count of ones per item); these tests hold them to the general path and to
// exact permutation distributions.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <catch2/catch.hpp>

#include "pairpower/leaderboard/board_resampling.hpp"
#include "pairpower/stats/randomization_test.hpp"

using namespace pairpower;

namespace {

// A deterministic board of 0/1 scores, system i right with probability 0.4 + 0.3 i / k, times `scale`.
BoardMatrix binary_board(std::size_t k, std::size_t n, double scale, std::uint64_t seed = 11) {
  BoardMatrix b(k, n);
  std::uint64_t s = seed;
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t q = 0; q < n; ++q) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      const double u = static_cast<double>(s >> 11) / 9007199254740992.0;
      b.at(i, q) = u < 0.4 + 0.3 * static_cast<double>(i) / static_cast<double>(k) ? scale : 0.0;
    }
  return b;
}

}  // namespace

TEST_CASE("a binary board's bootstrap means are exactly half those of the same board scored 0 and 2", "[board_resampling][binary]") {
  // Scored 0/2 the board takes the general path; halving is exact, so the two paths must agree to the bit.
  // Patterns of 1 to 4 bytes are added as masks, longer ones byte by byte; 70,000 items pass the lanes' fold.
  for (const auto [k, n] : {std::array<std::size_t, 2>{2, 50}, {7, 300}, {11, 257}, {20, 1000}, {32, 400}, {33, 400}, {3, 70000}, {40, 66000}}) {
    const auto one = bootstrap_board(binary_board(k, n, 1), {.resamples = 40, .seed = 5, .threads = 2});
    const auto two = bootstrap_board(binary_board(k, n, 2), {.resamples = 40, .seed = 5, .threads = 2});
    INFO(k << " systems, " << n << " items");
    REQUIRE(one.means.size() == two.means.size());
    std::size_t same = 0;
    for (std::size_t x = 0; x < one.means.size(); ++x) same += two.means[x] == 2 * one.means[x];
    CHECK(same == one.means.size());
  }
}

TEST_CASE("randomized Tukey on binary items matches the exact permutation distribution of the range", "[board_resampling][binary]") {
  // 4 systems, 5 items (one that every system gets right): all 24^5 deals enumerated.
  const std::array<std::array<double, 5>, 4> x{{{1, 1, 0, 1, 1}, {1, 0, 0, 1, 1}, {0, 0, 1, 0, 1}, {0, 0, 0, 1, 1}}};
  BoardMatrix b(4, 5);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t q = 0; q < 5; ++q) b.at(i, q) = x[i][q];
  std::vector<std::array<std::size_t, 4>> perms;
  std::array<std::size_t, 4> p{0, 1, 2, 3};
  do perms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  std::vector<int> ranges;  // in item counts
  for (std::size_t code = 0; code < 24 * 24 * 24 * 24 * 24; ++code) {
    std::array<int, 4> sums{};
    std::size_t c = code;
    for (std::size_t q = 0; q < 5; ++q, c /= 24)
      for (std::size_t i = 0; i < 4; ++i) sums[i] += static_cast<int>(x[perms[c % 24][i]][q]);
    ranges.push_back(*std::max_element(sums.begin(), sums.end()) - *std::min_element(sums.begin(), sums.end()));
  }
  const std::uint64_t R = 40000;
  const auto t = randomized_tukey(b, {.resamples = R, .seed = 9, .threads = 2});
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) {
      int a = 0, d = 0;
      for (std::size_t q = 0; q < 5; ++q) {
        a += static_cast<int>(x[i][q]);
        d += static_cast<int>(x[j][q]);
      }
      const int gap = std::abs(a - d);
      const double exact = static_cast<double>(std::count_if(ranges.begin(), ranges.end(), [&](int r) { return r >= gap; })) / static_cast<double>(ranges.size());
      const double se = std::sqrt(exact * (1 - exact) / static_cast<double>(R)) + 1e-6;
      INFO("pair " << i << "-" << j << ": exact " << exact << ", resampled " << t.p(i, j));
      CHECK(std::fabs(t.p(i, j) - exact) < 4 * se + 1.0 / static_cast<double>(R));
    }
}

TEST_CASE("randomized Tukey of 20 binary systems agrees with the general path within 4 Monte Carlo SEs", "[board_resampling][binary]") {
  // 20 systems is the largest board the subset tables serve; scored 0/2 the same board is dealt by shuffling.
  const std::uint64_t R = 20000;
  const auto fast = randomized_tukey(binary_board(20, 400, 1), {.resamples = R, .seed = 2, .threads = 2});
  const auto general = randomized_tukey(binary_board(20, 400, 2), {.resamples = R, .seed = 3, .threads = 2});
  std::size_t checked = 0;
  for (std::size_t i = 0; i < 20; ++i)
    for (std::size_t j = i + 1; j < 20; j += 3) {
      const double p = (fast.p(i, j) + general.p(i, j)) / 2;
      const double se = std::sqrt(2 * p * (1 - p) / static_cast<double>(R)) + 1e-6;
      INFO("pair " << i << "-" << j << ": binary " << fast.p(i, j) << ", general " << general.p(i, j));
      CHECK(std::fabs(fast.p(i, j) - general.p(i, j)) < 4 * se);
      ++checked;
    }
  CHECK(checked > 50);
}

TEST_CASE("the sign-flip test of differences of one size follows the binomial distribution of the kept signs", "[randomization][binary]") {
  // 200 nonzero differences (115 positive) among 300: the exact p doubles the smaller binomial tail at 115.
  for (const double size : {1.0, 0.25}) {
    std::vector<double> d(300, 0.0);
    for (std::size_t q = 0; q < 200; ++q) d[q * 3 / 2] = q < 115 ? size : -size;
    const boost::math::binomial_distribution<double> kept(200, 0.5);
    const double below = boost::math::cdf(kept, 115.0), above = boost::math::cdf(boost::math::complement(kept, 114.0));
    const double exact = std::min(1.0, 2 * std::min(below, above));
    const std::uint64_t R = 100000;
    const auto two = randomization_test(d, {.resamples = R, .seed = 4});
    INFO("size " << size << ": exact " << exact << ", resampled " << two.p_value << " ± " << two.p_se);
    CHECK_FALSE(two.exact);
    CHECK(std::fabs(two.p_value - exact) < 4 * two.p_se + 2.0 / static_cast<double>(R));
    const auto greater = randomization_test(d, {.resamples = R, .seed = 4, .alternative = Alternative::greater});
    CHECK(std::fabs(greater.p_value - above) < 4 * greater.p_se + 1.0 / static_cast<double>(R));
    const auto less = randomization_test(d, {.resamples = R, .seed = 4, .alternative = Alternative::less});
    CHECK(std::fabs(less.p_value - below) < 4 * less.p_se + 1.0 / static_cast<double>(R));
  }
}
