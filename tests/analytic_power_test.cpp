#include "pairpower/power/analytic_power.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("noncentral t power matches R pwr, R power.t.test and scipy to 1e-8", "[analytic_power]") {
  const auto& f = test::fixture("analytic_power.json");
  REQUIRE(f.at("versions").contains("pwr"));  // the R oracle was present when the fixture was made
  for (const auto& c : f.at("cases")) {
    const std::size_t n = c.at("n");
    const PairedEffect e{c.at("delta").get<double>(), c.at("sd_diff").get<double>()};
    const double alpha = c.at("alpha");
    const double p = power_paired_t(n, e, alpha);
    INFO("n = " << n << ", delta = " << e.delta << ", sd_diff = " << e.sd_diff << ", alpha = " << alpha);
    CHECK(std::fabs(p - c.at("t_r_pwr").get<double>()) < 1e-8);
    CHECK(std::fabs(p - c.at("t_r_power_t_test").get<double>()) < 1e-8);
    CHECK(std::fabs(p - c.at("t_scipy").get<double>()) < 1e-8);
  }
}

TEST_CASE("wilcoxon moment power matches the formula evaluated independently with scipy", "[analytic_power]") {
  for (const auto& c : test::fixture("analytic_power.json").at("cases")) {
    const std::size_t n = c.at("n");
    const PairedEffect e{c.at("delta").get<double>(), c.at("sd_diff").get<double>()};
    const double alpha = c.at("alpha");
    if (c.contains("wilcoxon_moments")) CHECK(std::fabs(power_wilcoxon_moments(n, e, alpha) - c.at("wilcoxon_moments").get<double>()) < 1e-9);
    CHECK(std::fabs(power_wilcoxon_noether(n, e, alpha) - c.at("wilcoxon_noether").get<double>()) < 1e-12);
  }
}

TEST_CASE("sign test power equals the exact binomial computed with scipy's binomtest region", "[analytic_power]") {
  std::size_t checked = 0;
  for (const auto& c : test::fixture("analytic_power.json").at("cases")) {
    if (!c.contains("sign")) continue;
    const std::size_t n = c.at("n");
    const PairedEffect e{c.at("delta").get<double>(), c.at("sd_diff").get<double>()};
    CHECK(std::fabs(power_sign_test(n, e, c.at("alpha")) - c.at("sign").get<double>()) < 1e-12);
    ++checked;
  }
  CHECK(checked > 300);
}

TEST_CASE("analytic power at zero effect is alpha and is symmetric in the effect's sign", "[analytic_power]") {
  const PairedEffect zero{0.0, 0.1}, up{0.02, 0.1}, down{-0.02, 0.1};
  CHECK(power_paired_t(100, zero, 0.05) == Approx(0.05).epsilon(1e-12));
  // The Wilcoxon test is discrete: at δ = 0 its power is its size, a little under α.
  CHECK(power_wilcoxon_moments(100, zero, 0.05) == Approx(0.05).margin(2e-3));
  CHECK(power_wilcoxon_moments(100, zero, 0.05) <= 0.05);
  CHECK(power_paired_t(100, up, 0.05) == Approx(power_paired_t(100, down, 0.05)).epsilon(1e-14));
  CHECK(power_wilcoxon_moments(100, up, 0.05) == Approx(power_wilcoxon_moments(100, down, 0.05)).epsilon(1e-14));
}

TEST_CASE("the paper's scores parameterisation gives sd_diff = sd * sqrt(2(1 - rho))", "[analytic_power]") {
  CHECK(PairedEffect::from_scores(0.01, 0.12, 0.5).sd_diff == Approx(0.12).epsilon(1e-15));
  CHECK(PairedEffect::from_scores(0.01, 0.12, 0.95).sd_diff == Approx(0.12 * std::sqrt(0.1)).epsilon(1e-15));
  CHECK_THROWS_WITH(PairedEffect::from_scores(0.01, 0.12, 1.0), Catch::Contains("rho"));
  CHECK_THROWS_WITH(PairedEffect::from_sd_diff(0.01, -1), Catch::Contains("sd_diff"));
  CHECK_THROWS_WITH(power_paired_t(100, {0.01, 0.1}, 1.5), Catch::Contains("alpha"));
  CHECK_THROWS_WITH(power_paired_t(1, {0.01, 0.1}, 0.05), Catch::Contains("n"));
}
