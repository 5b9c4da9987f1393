#include "pairpower/friedman.hpp"

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

namespace {
// scores[i][j] as system i, block j.
BoardMatrix board_of(const nlohmann::json& scores, bool transpose) {
  const std::size_t rows = scores.size(), cols = scores.at(0).size();
  BoardMatrix b(transpose ? cols : rows, transpose ? rows : cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) (transpose ? b.at(c, r) : b.at(r, c)) = scores.at(r).at(c).get<double>();
  return b;
}
}  // namespace

TEST_CASE("the Friedman test over queries equals scipy's friedmanchisquare, ties corrected", "[friedman]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    const auto f = friedman_test(board_of(c.at("scores"), false));
    INFO("k = " << c.at("k") << ", n = " << c.at("n"));
    CHECK(f.statistic == Approx(c.at("friedman").at("statistic").get<double>()).epsilon(1e-10));
    CHECK(f.p == Approx(c.at("friedman").at("p").get<double>()).epsilon(1e-8));
  }
}

TEST_CASE("across datasets: Friedman, mean ranks (1 = best, ties averaged) and Nemenyi's critical difference equal scipy's", "[friedman]") {
  for (const auto& c : test::fixture("leaderboard.json").at("across")) {
    // The fixture holds datasets × systems: the board is systems × datasets.
    const BoardMatrix b = board_of(c.at("scores"), true);
    const auto f = friedman_test(b);
    CHECK(f.statistic == Approx(c.at("friedman").at("statistic").get<double>()).epsilon(1e-10));
    CHECK(f.p == Approx(c.at("friedman").at("p").get<double>()).epsilon(1e-8));
    const auto ranks = mean_ranks(b, true);
    for (std::size_t i = 0; i < ranks.size(); ++i) CHECK(ranks[i] == Approx(c.at("mean_ranks").at(i).get<double>()).epsilon(1e-12));
    for (double alpha : {0.05, 0.10}) {
      const double cd = nemenyi_critical_difference(b.systems(), b.queries(), alpha);
      CHECK(cd == Approx(c.at("critical_difference").at(alpha == 0.05 ? "0.05" : "0.1").get<double>()).epsilon(1e-7));
    }
  }
}

TEST_CASE("Demšar's table: the critical difference for 4 systems on 14 datasets at 0.05 is about 1.25", "[friedman]") {
  // Demšar (2006), §3.2.2: q_0.05 = 2.569 for k = 4, CD = 2.569·√(4·5/(6·14)) = 1.25.
  CHECK(nemenyi_critical_difference(4, 14, 0.05) == Approx(1.25).margin(0.005));
}
