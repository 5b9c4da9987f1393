#include "pairpower/stats/bivariate_normal.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("bivariate normal cdf matches scipy multivariate_normal to 1e-9", "[bivariate_normal]") {
  for (const auto& c : test::fixture("bivariate_normal.json").at("cases")) {
    const double h = c.at("h"), k = c.at("k"), r = c.at("r");
    INFO("h = " << h << ", k = " << k << ", r = " << r);
    CHECK(std::fabs(bivariate_normal_cdf(h, k, r) - c.at("cdf").get<double>()) < 1e-9);
  }
}

TEST_CASE("bivariate normal cdf at the origin is 1/4 + asin(r)/(2 pi)", "[bivariate_normal]") {
  CHECK(bivariate_normal_cdf(0, 0, 0.5) == Approx(1.0 / 3).epsilon(1e-15));
  CHECK(bivariate_normal_cdf(0, 0, 0) == Approx(0.25).epsilon(1e-15));
  CHECK_THROWS_AS(bivariate_normal_cdf(0, 0, 1.0), std::invalid_argument);
}
