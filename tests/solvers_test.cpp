#include "pairpower/power/solvers.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("smallest N for the paired t equals R power.t.test's n rounded up", "[solvers]") {
  const auto& cases = test::fixture("solvers.json").at("sample_size");
  REQUIRE(cases.size() > 20);
  for (const auto& c : cases) {
    const auto s = min_sample_size(PowerMethod::paired_t, c.at("delta"), c.at("sd_diff"), c.at("alpha"), c.at("power"));
    REQUIRE(s.has_value());
    INFO("delta = " << c.at("delta") << ", sd_diff = " << c.at("sd_diff") << ", R n = " << c.at("n_continuous"));
    CHECK(s->n == c.at("n").get<std::size_t>());
  }
}

TEST_CASE("smallest N is exact: N reaches the target and N - 1 does not", "[solvers]") {
  for (PowerMethod m : {PowerMethod::paired_t, PowerMethod::wilcoxon_moments, PowerMethod::wilcoxon_noether}) {
    for (double delta : {0.005, 0.01, 0.02, 0.05}) {
      for (double rho : {0.5, 0.8, 0.95}) {
        const double sdd = sd_of_differences(0.12, rho);
        const auto s = min_sample_size(m, delta, sdd, 0.05, 0.8);
        REQUIRE(s.has_value());
        CHECK(s->power >= 0.8);
        if (s->n > 2) CHECK(analytic_power(m, s->n - 1, {delta, sdd}, 0.05) < 0.8);
      }
    }
  }
}

TEST_CASE("minimum detectable effect equals R power.t.test's delta", "[solvers]") {
  for (const auto& c : test::fixture("solvers.json").at("mde")) {
    const auto e = min_detectable_effect(PowerMethod::paired_t, c.at("n"), c.at("sd_diff"), c.at("alpha"), c.at("power"));
    REQUIRE(e.has_value());
    CHECK(e->delta == Approx(c.at("delta").get<double>()).epsilon(1e-9));
    CHECK(e->power == Approx(0.8).epsilon(1e-9));
  }
}

TEST_CASE("solvers report unreachable targets instead of looping", "[solvers]") {
  CHECK_FALSE(min_sample_size(PowerMethod::paired_t, 0.0, 0.1, 0.05, 0.8).has_value());
  CHECK_FALSE(min_sample_size(PowerMethod::paired_t, 1e-9, 0.1, 0.05, 0.8, 1000).has_value());
  // The Wilcoxon normal approximation cannot reject at all with n = 3.
  CHECK_FALSE(min_detectable_effect(PowerMethod::wilcoxon_moments, 3, 0.1, 0.05, 0.8).has_value());
  CHECK_THROWS_WITH(min_sample_size(PowerMethod::paired_t, 0.01, 0.1, 0.05, 0.01), Catch::Contains("power"));
}
