#include "pairpower/stats/friedman.hpp"

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("the Friedman test over queries equals scipy's friedmanchisquare, ties corrected", "[friedman]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    const auto f = friedman_test(test::board(c.at("scores")));
    INFO("k = " << c.at("k") << ", n = " << c.at("n"));
    CHECK(f.statistic == Approx(c.at("friedman").at("statistic").get<double>()).epsilon(1e-10));
    CHECK(f.p == Approx(c.at("friedman").at("p").get<double>()).epsilon(1e-8));
  }
}

TEST_CASE("across datasets: Friedman, mean ranks (1 = best, ties averaged) and Nemenyi's critical difference equal scipy's", "[friedman]") {
  for (const auto& c : test::fixture("leaderboard.json").at("across")) {
    // The fixture holds datasets × systems: the board is systems × datasets.
    const BoardMatrix b = test::board(c.at("scores"), true);
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
