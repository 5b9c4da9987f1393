#include "pairpower/board_resampling.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

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
