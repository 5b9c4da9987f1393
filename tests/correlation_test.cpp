#include "pairpower/stats/correlation.hpp"

#include <cmath>
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

TEST_CASE("Pearson's r of scores so small that their squares underflow is finite and scipy's", "[correlation]") {
  // Found by fuzz-compare: deviations near 1e-161 square below double's normal range.
  // Expected: scipy.stats.pearsonr (scipy 1.10.1, Debian 12) on the same values: -0.0074612056875446855.
  const std::vector<double> a{5.930531359458918e-269, -7.386440012927905e-161, -2.958447261309964e-161, -3.4030000619415372e-161};
  const std::vector<double> b{-4.226539627221466e-192, 9.82634537057e-313, 5.241329604465e-312, -2.275603759427691e-162};
  CHECK(std::fabs(pearson(a, b) - (-0.0074612056875446855)) < 1e-12);
}
