#include "pairpower/stats/multiple_testing.hpp"

#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("holm, bonferroni and benjamini-hochberg equal statsmodels multipletests", "[multiple_testing]") {
  for (const auto& c : test::fixture("analysis.json").at("multiple_testing")) {
    const auto p = c.at("p").get<std::vector<double>>();
    for (auto [method, key] : {std::pair{Adjustment::holm, "holm"}, std::pair{Adjustment::bonferroni, "bonferroni"},
                               std::pair{Adjustment::benjamini_hochberg, "bh"}}) {
      const auto got = adjust_p(p, method);
      const auto want = c.at(key).get<std::vector<double>>();
      REQUIRE(got.size() == want.size());
      for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Approx(want[i]).epsilon(1e-14));
    }
  }
}

TEST_CASE("p-value adjustment refuses values outside [0, 1]", "[multiple_testing]") {
  CHECK_THROWS_AS(adjust_p(std::vector<double>{0.1, 1.2}, Adjustment::holm), std::invalid_argument);
  CHECK(adjust_p(std::vector<double>{}, Adjustment::holm).empty());
}
