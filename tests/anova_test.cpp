#include "pairpower/stats/anova.hpp"

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"

using namespace pairpower;

TEST_CASE("the two-way ANOVA equals R's aov(score ~ system + query)", "[anova]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    const auto a = two_way_anova(test::board(c.at("scores")));
    const auto& r = c.at("anova");
    INFO("k = " << c.at("k") << ", n = " << c.at("n"));
    CHECK(a.f == Approx(r.at("f").get<double>()).epsilon(1e-10));
    CHECK(a.p == Approx(r.at("p").get<double>()).epsilon(1e-8).margin(1e-300));
    CHECK(a.ms_residual == Approx(r.at("ms_residual").get<double>()).epsilon(1e-10));
    CHECK(a.df_residual == r.at("df_residual").get<double>());
  }
}

TEST_CASE("Tukey's HSD p-values equal R's TukeyHSD to its ptukey accuracy", "[anova]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    const BoardMatrix b = test::board(c.at("scores"));
    const auto a = two_way_anova(b);
    const auto means = b.system_means();
    for (const auto& pair : c.at("anova").at("tukey")) {
      const std::size_t i = pair.at("a"), j = pair.at("b");
      const double diff = means[j] - means[i];
      CHECK(diff == Approx(pair.at("diff").get<double>()).margin(1e-12));
      INFO("k = " << c.at("k") << ", pair " << i << "-" << j);
      // R's ptukey is good to ~1e-5 at these degrees of freedom (see studentized_range_test).
      CHECK(tukey_hsd_p(a, diff) == Approx(pair.at("p").get<double>()).margin(2e-5));
    }
  }
}

TEST_CASE("a board without residual variance is refused, not divided by zero", "[anova]") {
  BoardMatrix b(2, 3);
  for (std::size_t j = 0; j < 3; ++j) {
    b.at(0, j) = 0.1 * static_cast<double>(j);
    b.at(1, j) = 0.1 * static_cast<double>(j) + 0.05;
  }
  CHECK_THROWS_AS(two_way_anova(b), Error);
}
