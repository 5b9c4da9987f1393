#include "pairpower/stats/paired_t.hpp"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("paired t matches scipy ttest_rel on every fixture sample to 1e-9", "[paired_t]") {
  const auto& cases = test::fixture("paired_samples.json").at("cases");
  REQUIRE(cases.size() >= 500);
  std::size_t checked = 0;
  for (const auto& c : cases) {
    const auto d = test::differences(c);
    const PairedTResult r = paired_t_test(d, 0.95);
    const auto& e = c.at("t");
    INFO("kind " << c.at("kind").get<std::string>() << ", n = " << d.size());
    // t near zero (mean difference lost in rounding) is compared absolutely.
    CHECK(std::fabs(r.t - e.at("statistic").get<double>()) <= 1e-9 * std::fabs(r.t) + 1e-12);
    CHECK(test::close_rel(r.p_value, e.at("p").get<double>(), 1e-9));
    // Interval bounds: to 1e-12 of the half-width against R's qt, and to 1e-8
    // against scipy 1.10, whose t.ppf is accurate only to about 5e-9.
    const double half = (r.ci_high - r.ci_low) / 2;
    CHECK(std::fabs(r.ci_low - e.at("ci_low_r").get<double>()) <= 1e-12 * half + 1e-15);
    CHECK(std::fabs(r.ci_high - e.at("ci_high_r").get<double>()) <= 1e-12 * half + 1e-15);
    CHECK(std::fabs(r.ci_low - e.at("ci_low").get<double>()) <= 1e-8 * half + 1e-15);
    CHECK(std::fabs(r.ci_high - e.at("ci_high").get<double>()) <= 1e-8 * half + 1e-15);
    ++checked;
  }
  CHECK(checked == cases.size());
}

TEST_CASE("paired t reports d_z as mean over SD of the differences", "[paired_t]") {
  const std::vector<double> d = {0.1, 0.2, 0.3, 0.4};
  const auto r = paired_t_test(d);
  CHECK(r.mean_diff == Approx(0.25));
  CHECK(r.dz == Approx(0.25 / r.sd_diff));
  CHECK(r.df == 3);
}

TEST_CASE("paired t with identical nonzero differences gives infinite t and p = 0 as scipy does", "[paired_t]") {
  const std::vector<double> d = {0.5, 0.5, 0.5};
  const auto r = paired_t_test(d);
  CHECK(std::isinf(r.t));
  CHECK(r.p_value == 0.0);
}

TEST_CASE("paired t with all differences zero gives p = 1 rather than NaN", "[paired_t]") {
  const std::vector<double> d = {0.0, 0.0, 0.0};
  const auto r = paired_t_test(d);
  CHECK(std::isnan(r.t));
  CHECK(r.p_value == 1.0);
}

TEST_CASE("paired t refuses fewer than two pairs and non-finite values", "[paired_t]") {
  CHECK_THROWS_WITH(paired_t_test(std::vector<double>{0.1}), Catch::Contains("at least 2"));
  CHECK_THROWS_WITH(paired_t_test(std::vector<double>{0.1, NAN}), Catch::Contains("difference 2"));
  CHECK_THROWS_AS(paired_t_test(std::vector<double>{0.1, 0.2}, 1.5), std::invalid_argument);
}
