#include "pairpower/stats/question.hpp"

#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/power/solvers.hpp"
#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("a question's margin must be a positive finite number, named by its question", "[question]") {
  CHECK_NOTHROW(validate(PlanQuestion{}));
  CHECK_NOTHROW(validate(PlanQuestion{Question::equivalence, 0.01}));
  for (double bad : {0.0, -0.01, std::numeric_limits<double>::infinity(), std::nan("")}) {
    try {
      validate(PlanQuestion{Question::non_inferiority, bad});
      FAIL("accepted " << bad);
    } catch (const Error& e) {
      CHECK(e.field == "non_inferiority");
    }
  }
}

TEST_CASE("TOST power of the paired t matches a plain simulation of the definition within 4 Monte Carlo SE", "[question]") {
  const auto& cases = test::fixture("questions.json").at("tost_power");
  REQUIRE(cases.size() >= 8);
  for (const auto& c : cases) {
    const double p = power_paired_t_equivalence(c["n"], PairedEffect{c["delta"], c["sd_diff"]}, c["margin"], c["alpha"]);
    INFO("n " << c["n"] << " δ " << c["delta"] << " M " << c["margin"] << ": " << p << " vs simulated " << c["power"]);
    CHECK(std::fabs(p - c["power"].get<double>()) <= 4 * c["mc_se"].get<double>() + 1e-9);
  }
}

TEST_CASE("non-inferiority power is R's one-sided power.t.test and scipy's noncentral t at delta plus the margin", "[question]") {
  for (const auto& c : test::fixture("questions.json").at("ni_power")) {
    const auto p = question_power(PowerMethod::paired_t, c["n"], PairedEffect{c["delta"], c["sd_diff"]}, c["alpha"], Alternative::two_sided,
                                  PlanQuestion{Question::non_inferiority, c["margin"]});
    REQUIRE(p);
    CHECK(*p == Approx(c["r"].get<double>()).epsilon(1e-7));
    CHECK(*p == Approx(c["scipy"].get<double>()).epsilon(1e-7));
  }
}

TEST_CASE("equivalence power peaks at delta 0, falls to at most alpha at the margin and rises with n", "[question]") {
  const PlanQuestion q{Question::equivalence, 0.02};
  const double at0 = power_paired_t_equivalence(200, {0.0, 0.08}, q.margin, 0.05);
  const double mid = power_paired_t_equivalence(200, {0.01, 0.08}, q.margin, 0.05);
  const double edge = power_paired_t_equivalence(200, {0.02, 0.08}, q.margin, 0.05);
  CHECK(at0 > mid);
  CHECK(mid > edge);
  CHECK(edge <= 0.05 + 1e-9);
  CHECK(power_paired_t_equivalence(400, {0.0, 0.08}, q.margin, 0.05) > at0);
  CHECK(power_paired_t_equivalence(200, {-0.01, 0.08}, q.margin, 0.05) == Approx(mid).epsilon(1e-9));
  // Three queries and a margin of 1/50 σ_d: the interval almost never fits inside ±M.
  CHECK(power_paired_t_equivalence(3, {0.0, 0.5}, 0.01, 0.05) < 1e-4);
  // Only the t-test has the closed form.
  CHECK_FALSE(question_power(PowerMethod::wilcoxon_moments, 200, {0.0, 0.08}, 0.05, Alternative::two_sided, q));
}

TEST_CASE("the solvers invert the question's power: N reaches the target and N − 1 does not; the equivalence MDE sits on the target", "[question]") {
  const PlanQuestion eq{Question::equivalence, 0.01}, ni{Question::non_inferiority, 0.01};
  for (double delta : {0.0, 0.004}) {
    const auto s = min_sample_size(PowerMethod::paired_t, delta, 0.05, 0.05, 0.8, solver_n_max, Alternative::two_sided, eq);
    REQUIRE(s);
    CHECK(s->power >= 0.8);
    CHECK(power_paired_t_equivalence(s->n - 1, {delta, 0.05}, 0.01, 0.05) < 0.8);
  }
  CHECK_FALSE(min_sample_size(PowerMethod::paired_t, 0.01, 0.05, 0.05, 0.8, solver_n_max, Alternative::two_sided, eq));  // on the margin
  CHECK_FALSE(min_sample_size(PowerMethod::paired_t, -0.02, 0.05, 0.05, 0.8, solver_n_max, Alternative::two_sided, ni));  // inferior
  const auto n_ni = min_sample_size(PowerMethod::paired_t, 0.0, 0.05, 0.05, 0.8, solver_n_max, Alternative::two_sided, ni);
  const auto n_greater = min_sample_size(PowerMethod::paired_t, 0.01, 0.05, 0.05, 0.8, solver_n_max, Alternative::greater);
  REQUIRE(n_ni);
  REQUIRE(n_greater);
  CHECK(n_ni->n == n_greater->n);  // non-inferiority at δ = 0 is a one-sided test of an effect M
  const auto mde = min_detectable_effect(PowerMethod::paired_t, 400, 0.05, 0.05, 0.8, Alternative::two_sided, eq);
  REQUIRE(mde);
  CHECK(mde->delta > 0);
  CHECK(mde->delta < 0.01);
  CHECK(power_paired_t_equivalence(400, {mde->delta, 0.05}, 0.01, 0.05) == Approx(0.8).epsilon(1e-6));
  CHECK_FALSE(min_detectable_effect(PowerMethod::paired_t, 20, 0.05, 0.05, 0.8, Alternative::two_sided, eq));  // even δ = 0 falls short
  const auto mde_ni = min_detectable_effect(PowerMethod::paired_t, 400, 0.05, 0.05, 0.8, Alternative::two_sided, ni);
  REQUIRE(mde_ni);
  CHECK(mde_ni->delta < 0);  // B may be a little worse and still be shown non-inferior
  CHECK(*question_power(PowerMethod::paired_t, 400, {mde_ni->delta, 0.05}, 0.05, Alternative::two_sided, ni) == Approx(0.8).epsilon(1e-6));
}

TEST_CASE("the MDE's heading names what each question's solver finds", "[question]") {
  CHECK(mde_heading(Question::difference) == "Minimum detectable effect");
  CHECK(mde_heading(Question::equivalence) == "Largest |δ| still shown equivalent");
  CHECK(mde_heading(Question::non_inferiority) == "Smallest δ shown non-inferior");
}

TEST_CASE("a difference question asks no sample size at δ = 0; equivalence and non-inferiority do", "[question]") {
  CHECK(asks_no_n(Question::difference, 0.0));
  CHECK_FALSE(asks_no_n(Question::difference, 0.01));
  CHECK_FALSE(asks_no_n(Question::equivalence, 0.0));
  CHECK_FALSE(asks_no_n(Question::non_inferiority, 0.0));
}
