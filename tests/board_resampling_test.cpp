#include "pairpower/leaderboard/board_resampling.hpp"

#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"

using namespace pairpower;

namespace {
BoardMatrix resampling_board() { return test::board(test::fixture("leaderboard.json").at("resampling").at("scores")); }
}  // namespace

TEST_CASE("randomized Tukey HSD p-values equal a plain numpy implementation within 4 Monte Carlo SEs", "[board_resampling]") {
  const auto& ref = test::fixture("leaderboard.json").at("resampling");
  const double R_ref = ref.at("resamples").get<double>();
  const auto t = randomized_tukey(resampling_board(), {.resamples = 40000, .seed = 7, .threads = 2});
  for (const auto& pair : ref.at("tukey")) {
    const std::size_t i = pair.at("a"), j = pair.at("b");
    const double p = pair.at("p").get<double>();
    const double se = std::sqrt(p * (1 - p) * (1 / 40000.0 + 1 / R_ref)) + 1e-6;
    INFO("pair " << i << "-" << j << ": ours " << t.p(i, j) << ", numpy " << p);
    CHECK(std::fabs(t.p(i, j) - p) < 4 * se);
  }
}

TEST_CASE("bootstrap rank distributions equal a plain numpy bootstrap within 4 Monte Carlo SEs", "[board_resampling]") {
  const auto& ref = test::fixture("leaderboard.json").at("resampling");
  const double R_ref = ref.at("resamples").get<double>();
  const auto r = rank_intervals(resampling_board(), {.resamples = 40000, .seed = 7, .threads = 2}, 0.95, true);
  for (std::size_t i = 0; i < r.size(); ++i)
    for (std::size_t k = 0; k < r.size(); ++k) {
      const double p = ref.at("rank_distribution").at(i).at(k).get<double>();
      const double se = std::sqrt(p * (1 - p) * (1 / 40000.0 + 1 / R_ref)) + 1e-6;
      INFO("system " << i << ", rank " << k + 1);
      CHECK(std::fabs(r[i].distribution[k] - p) < 4 * se);
    }
}

TEST_CASE("resampling results do not depend on the number of threads", "[board_resampling]") {
  const BoardMatrix b = resampling_board();
  const auto one = randomized_tukey(b, {.resamples = 3000, .seed = 3, .threads = 1});
  const auto two = randomized_tukey(b, {.resamples = 3000, .seed = 3, .threads = 2});
  CHECK(one.p_values == two.p_values);
  const auto r1 = rank_intervals(b, {.resamples = 3000, .seed = 3, .threads = 1}, 0.95, true);
  const auto r2 = rank_intervals(b, {.resamples = 3000, .seed = 3, .threads = 2}, 0.95, true);
  for (std::size_t i = 0; i < r1.size(); ++i) CHECK(r1[i].distribution == r2[i].distribution);
}

TEST_CASE("a rank interval holds the observed rank's neighbourhood and runs from 1 to k at most", "[board_resampling]") {
  const auto r = rank_intervals(resampling_board(), {.resamples = 5000, .seed = 1}, 0.95, true);
  for (const auto& x : r) {
    CHECK(1 <= x.low);
    CHECK(x.low <= x.high);
    CHECK(x.high <= r.size());
  }
}

TEST_CASE("pair Δ intervals from the shared bootstrap bracket a plain numpy bootstrap's percentiles within 4 Monte Carlo SEs", "[board_resampling]") {
  // Scores lie on a 0.01 lattice, so compare distribution functions at numpy's
  // endpoints: below the lower one lies at most 2.5% (strictly) and at least 2.5% (weakly).
  const auto& ref = test::fixture("leaderboard.json").at("resampling");
  const double R_ref = ref.at("resamples").get<double>(), B = 40000;
  const auto boot = bootstrap_board(resampling_board(), {.resamples = 40000, .seed = 7, .threads = 2});
  const double se = std::sqrt(0.025 * 0.975 * (1 / B + 1 / R_ref));
  for (const auto& pair : ref.at("delta_interval")) {
    const std::size_t a = pair.at("a"), b = pair.at("b");
    const double low = pair.at("ci_low"), high = pair.at("ci_high");
    double below = 0, at_or_below = 0, above = 0, at_or_above = 0;
    for (std::size_t r = 0; r < boot.resamples; ++r) {
      const double d = boot.means[r * boot.systems + b] - boot.means[r * boot.systems + a];
      below += d < low - 1e-12;
      at_or_below += d <= low + 1e-12;
      above += d > high + 1e-12;
      at_or_above += d >= high - 1e-12;
    }
    INFO("pair " << a << "-" << b);
    CHECK(below / B < 0.025 + 4 * se);
    CHECK(at_or_below / B > 0.025 - 4 * se);
    CHECK(above / B < 0.025 + 4 * se);
    CHECK(at_or_above / B > 0.025 - 4 * se);
  }
}

TEST_CASE("a pair's Δ interval is numpy's linear percentile of the sorted bootstrap differences", "[board_resampling]") {
  const auto boot = bootstrap_board(resampling_board(), {.resamples = 1001, .seed = 5, .threads = 2});
  std::vector<double> d;
  for (std::size_t r = 0; r < boot.resamples; ++r) d.push_back(boot.means[r * boot.systems + 3] - boot.means[r * boot.systems + 1]);
  std::sort(d.begin(), d.end());
  const auto linear = [&d](double q) {
    const double pos = q * static_cast<double>(d.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    return d[lo] + (pos - static_cast<double>(lo)) * (d[std::min(lo + 1, d.size() - 1)] - d[lo]);
  };
  const auto [low, high] = pair_interval(boot, 1, 3, 0.9);
  const double tail = (1 - 0.9) / 2;  // the tails as the code derives them from the level
  CHECK(low == linear(tail));
  CHECK(high == linear(1 - tail));
}

TEST_CASE("a pair's Δ interval from the systems' rows equals the one from the resample-major means", "[board_resampling]") {
  const auto boot = bootstrap_board(resampling_board(), {.resamples = 997, .seed = 11, .threads = 1});
  const auto columns = bootstrap_by_system(boot);
  const auto R = static_cast<std::size_t>(boot.resamples);
  const auto row = [&](std::size_t i) { return std::span<const double>(columns).subspan(i * R, R); };
  for (std::size_t a = 0; a < boot.systems; ++a)
    for (std::size_t b = a + 1; b < boot.systems; ++b) {
      CHECK(pair_interval(row(a), row(b), 0.95) == pair_interval(boot, a, b, 0.95));
      CHECK(row(b)[R - 1] == boot.means[(R - 1) * boot.systems + b]);
    }
}

TEST_CASE("ranks count the strictly better means, so tied systems share a rank, in either direction", "[board_resampling]") {
  const std::vector<double> means{0.3, 0.5, 0.3, 0.1, 0.5, 0.2};
  CHECK(ranks_by_mean(means, true) == std::vector<std::size_t>{3, 1, 3, 6, 1, 5});
  CHECK(ranks_by_mean(means, false) == std::vector<std::size_t>{3, 5, 3, 1, 5, 2});
}

TEST_CASE("a bootstrap holding more means than a page can is refused before anything is allocated, with the most it may ask", "[board_resampling]") {
  const BoardMatrix b = resampling_board();
  const std::uint64_t most = (std::uint64_t{1} << 26) / b.systems();
  CHECK_NOTHROW(bootstrap_board(b, {.resamples = most, .seed = 1, .threads = 1}, 0, 2));
  try {
    bootstrap_board(b, {.resamples = most + 1, .seed = 1, .threads = 1}, 0, 2);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.field == "bootstrap");
    CHECK_THAT(e.detail, Catch::Contains("at most " + std::to_string(most) + " resamples"));
  }
}
