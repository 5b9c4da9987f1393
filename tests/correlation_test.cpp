#include "pairpower/stats/correlation.hpp"

#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("pearson and spearman equal scipy, ties included", "[correlation]") {
  for (const auto& c : test::fixture("analysis.json").at("correlation")) {
    const auto a = c.at("a").get<std::vector<double>>(), b = c.at("b").get<std::vector<double>>();
    CHECK(pearson(a, b) == Approx(c.at("pearson").get<double>()).epsilon(1e-12));
    CHECK(spearman(a, b) == Approx(c.at("spearman").get<double>()).epsilon(1e-12));
  }
}

TEST_CASE("correlation with a constant series is 0, not NaN", "[correlation]") {
  const std::vector<double> a = {0.5, 0.5, 0.5}, b = {0.1, 0.2, 0.3};
  CHECK(pearson(a, b) == 0);
  CHECK(spearman(a, b) == 0);
}
