#include "pairpower/stats/alternative.hpp"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/stats/decision_rules.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/stats/wilcoxon.hpp"

using namespace pairpower;

TEST_CASE("alternative names round-trip and mirror", "[alternative]") {
  for (Alternative a : {Alternative::two_sided, Alternative::greater, Alternative::less}) CHECK(alternative_from_string(to_string(a)) == a);
  CHECK_FALSE(alternative_from_string("one-sided").has_value());
  CHECK(mirrored(Alternative::greater) == Alternative::less);
  CHECK(mirrored(Alternative::two_sided) == Alternative::two_sided);
}

TEST_CASE("one-sided t, Wilcoxon and sign p-values equal scipy's on every fixture sample", "[alternative]") {
  for (const auto& row : test::fixture("one_sided.json").at("p_values")) {
    const auto d = row.at("d").get<std::vector<double>>();
    for (Alternative alt : {Alternative::greater, Alternative::less}) {
      const auto& want = row.at(std::string(to_string(alt)));
      INFO("n = " << d.size() << ", " << to_string(alt));
      CHECK(test::close_rel(paired_t_test(d, 0.95, alt).p_value, want.at("t").get<double>(), 1e-9));
      CHECK(test::close_rel(sign_test(d, alt).p_value, want.at("sign").get<double>(), 1e-9));
      if (!want.at("wilcoxon").is_null()) CHECK(test::close_rel(wilcoxon_signed_rank(d, alt).p_value, want.at("wilcoxon").get<double>(), 1e-9));
    }
  }
}

TEST_CASE("one-sided paired t power equals R's power.t.test and scipy's noncentral t, and 'less' mirrors 'greater'", "[alternative]") {
  for (const auto& c : test::fixture("one_sided.json").at("t_power")) {
    const auto n = c.at("n").get<std::size_t>();
    const double delta = c.at("delta").get<double>(), sd = c.at("sd_diff").get<double>(), alpha = c.at("alpha").get<double>();
    const double greater = power_paired_t(n, PairedEffect{delta, sd}, alpha, Alternative::greater);
    INFO("n = " << n << ", δ = " << delta << ", σ_d = " << sd << ", α = " << alpha);
    // Boost's noncentral t in double (no long double promotion, for wasm) is good to
    // about 5e-9 relative at 4 degrees of freedom (measured); within 1e-9 from 19 on here.
    const double tol = n < 10 ? 1e-7 : 1e-9;
    CHECK(test::close_rel(greater, c.at("r").get<double>(), tol));
    CHECK(test::close_rel(greater, c.at("scipy_greater").get<double>(), tol));
    CHECK(test::close_rel(power_paired_t(n, PairedEffect{-delta, sd}, alpha, Alternative::less), c.at("scipy_less_of_negative").get<double>(), tol));
  }
}

TEST_CASE("one-sided decision rules decide exactly as p < α does", "[alternative]") {
  for (Alternative alt : {Alternative::greater, Alternative::less}) {
    for (std::size_t n : {10u, 50u, 120u}) {
      const PairedTRule t(n, 0.05, alt);
      for (double x = -3.0; x <= 3.0; x += 0.01) CHECK(t.rejects(x) == (t_p(x, static_cast<double>(n - 1), alt) < 0.05));
      const SignRule s(n, 0.05, alt);
      for (std::uint32_t m = 1; m <= n; ++m)
        for (std::uint32_t k = 0; k <= m; ++k) CHECK(s.rejects(k, m) == (sign_test_p(k, m, alt) < 0.05));
    }
  }
}

TEST_CASE("one-sided Monte Carlo rejection rates agree with the exact one-sided power for the unclipped normal", "[alternative][monte_carlo]") {
  GridSpec g;
  g.models = {ScoreModel::unclipped};
  g.n = {40, 150};
  g.delta = {-0.01, 0.0, 0.015};
  g.rho = {0.7};
  g.tests = {PairedTest::t, PairedTest::sign};
  g.reps = 20000;
  g.seed = 31;
  for (Alternative alt : {Alternative::greater, Alternative::less}) {
    g.alternative = alt;
    for (const auto& c : run_grid(g).cells) {
      const PairedEffect e = PairedEffect::from_scores(c.delta, g.marginal.sd, c.rho);
      const double exact = c.test == PairedTest::t ? power_paired_t(c.n, e, g.alpha, alt) : power_sign_test(c.n, e, g.alpha, alt);
      INFO(to_string(alt) << " n=" << c.n << " δ=" << c.delta << " " << to_string(c.test) << ": MC " << c.estimate.power << ", exact " << exact);
      CHECK(std::fabs(c.estimate.power - exact) <= 4 * std::sqrt(exact * (1 - exact) / static_cast<double>(g.reps)));
    }
  }
}

TEST_CASE("one-sided solvers: N needs δ on the alternative's side, and 'less' finds a negative effect", "[alternative]") {
  CHECK_FALSE(min_sample_size(PowerMethod::paired_t, -0.01, 0.076, 0.05, 0.8, solver_n_max, Alternative::greater).has_value());
  const auto less = min_sample_size(PowerMethod::paired_t, -0.01, 0.076, 0.05, 0.8, solver_n_max, Alternative::less);
  const auto greater = min_sample_size(PowerMethod::paired_t, 0.01, 0.076, 0.05, 0.8, solver_n_max, Alternative::greater);
  REQUIRE(less.has_value());
  REQUIRE(greater.has_value());
  CHECK(less->n == greater->n);
  // One-sided needs fewer queries than two-sided for the same power.
  CHECK(greater->n < min_sample_size(PowerMethod::paired_t, 0.01, 0.076, 0.05, 0.8)->n);
  const auto mde = min_detectable_effect(PowerMethod::paired_t, 200, 0.076, 0.05, 0.8, Alternative::less);
  REQUIRE(mde.has_value());
  CHECK(mde->delta < 0);
  CHECK(mde->delta == Approx(-min_detectable_effect(PowerMethod::paired_t, 200, 0.076, 0.05, 0.8, Alternative::greater)->delta));
}
