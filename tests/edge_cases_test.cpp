// Numerical edge cases: each has a defined output or a clear
// message; none gives NaN.
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/power/solvers.hpp"

using namespace pairpower;

namespace {
GroupSpec group(ScoreModel m, std::size_t n, double rho, double sd, std::vector<double> deltas, double alpha = 0.05) {
  return GroupSpec{m, n, rho, {0.65, sd}, std::move(deltas), alpha, {PairedTest::t, PairedTest::wilcoxon, PairedTest::sign}, 1};
}
PairedSample sample(std::vector<double> a, std::vector<double> b) {
  PairedSample s{"", "m", "A", "B", {}, std::move(a), std::move(b)};
  for (std::size_t i = 0; i < s.a.size(); ++i) s.qids.push_back(std::to_string(i));
  return s;
}
CompareOptions quick() {
  CompareOptions o;
  o.resamples = 2000;
  o.bootstrap_resamples = 500;
  return o;
}
}  // namespace

TEST_CASE("rho close to +1 and -1 simulates and gives finite analytic power", "[edge_cases]") {
  for (double rho : {0.999999, -0.999999}) {
    for (ScoreModel m : {ScoreModel::normal, ScoreModel::beta_copula, ScoreModel::unclipped}) {
      const auto counts = simulate_group(group(m, 50, rho, 0.12, {0.0, 0.01}), 0, 200);
      for (auto c : counts) CHECK(c <= 200);
    }
    const auto e = PairedEffect::from_scores(0.01, 0.12, rho);
    CHECK(std::isfinite(power_paired_t(50, e, 0.05)));
    CHECK(std::isfinite(power_wilcoxon_moments(50, e, 0.05)));
  }
  // ρ → 1 makes σ_d tiny: a 0.01 effect is then detected every time.
  CHECK(power_paired_t(50, PairedEffect::from_scores(0.01, 0.12, 0.999999), 0.05) == Approx(1.0));
  CHECK_THROWS_WITH(PairedEffect::from_scores(0.01, 0.12, 1.0), Catch::StartsWith("rho"));
}

TEST_CASE("an SD near zero is refused where it breaks a model, and works where it does not", "[edge_cases]") {
  CHECK_THROWS_WITH(simulate_group(group(ScoreModel::beta_copula, 50, 0.5, 1e-9, {0.0}), 0, 10), Catch::Contains("too small for the Beta model"));
  const auto counts = simulate_group(group(ScoreModel::unclipped, 50, 0.5, 1e-9, {0.0, 0.01}), 0, 100);
  CHECK(counts[3] == 100);  // δ = 0.01 with σ ≈ 0: always rejected by t
  CHECK_THROWS_WITH(PairedEffect::from_sd_diff(0.01, 0.0), Catch::Contains("sd_diff"));
  CHECK_THROWS_WITH(simulate_group(group(ScoreModel::unclipped, 50, 0.5, 0.0, {0.0}), 0, 10), Catch::StartsWith("sd"));
}

TEST_CASE("an effect larger than the score range clips every score and rejects nothing silently", "[edge_cases]") {
  // δ = 0.9 from a mean of 0.65: B is clipped to 1 almost always; the test still answers.
  const auto counts = simulate_group(group(ScoreModel::normal, 100, 0.5, 0.12, {0.9}), 0, 200);
  CHECK(counts[0] == 200);  // t: a difference of ~0.35 is always significant
  CHECK(counts[1] == 200);
  // An effect beyond any scale is refused by name.
  CHECK_THROWS_WITH(simulate_group(group(ScoreModel::normal, 100, 0.5, 0.12, {2e6}), 0, 10), Catch::StartsWith("delta"));
}

TEST_CASE("N = 2 works in the simulation, the solvers and the analysis", "[edge_cases]") {
  const auto counts = simulate_group(group(ScoreModel::normal, 2, 0.5, 0.12, {0.0}), 0, 500);
  CHECK(counts[0] <= 500);
  CHECK(counts[1] == 0);  // the exact Wilcoxon test cannot reject with 2 pairs (p ≥ 0.5)
  CHECK(counts[2] == 0);
  CHECK(std::isfinite(power_paired_t(2, {0.01, 0.1}, 0.05)));
  const auto r = compare_all({sample({0.1, 0.2}, {0.15, 0.3})}, quick());
  CHECK(r.comparisons[0].randomization.exact);
  CHECK(r.comparisons[0].randomization.p_value == 0.5);  // 2 of 4 sign patterns are as extreme
  CHECK(r.overall == Verdict::hold);
  CHECK(std::isfinite(r.comparisons[0].bootstrap.bca.low));
}

TEST_CASE("all-identical scores and a single query have defined answers or clear messages", "[edge_cases]") {
  const auto same = compare_all({sample({0.5, 0.5, 0.5, 0.5}, {0.5, 0.5, 0.5, 0.5})}, quick());
  CHECK(same.comparisons[0].identical);
  CHECK(same.comparisons[0].pearson == 0);
  CHECK(same.overall == Verdict::hold);
  // Constant but different scores: Δ is exact, the spread is zero.
  const auto shifted = compare_all({sample({0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, {0.6, 0.6, 0.6, 0.6, 0.6, 0.6})}, quick());
  const auto& c = shifted.comparisons[0];
  CHECK(c.delta == Approx(0.1));
  CHECK(c.sd_diff == Approx(0).margin(1e-15));
  CHECK(c.bootstrap.bca.low == Approx(0.1));
  CHECK(c.t.p == 0);
  CHECK(std::isfinite(c.t.t));
  CHECK_THROWS_WITH(compare_all({sample({0.5}, {0.6})}, quick()), Catch::Contains("at least 2 paired queries"));
}

TEST_CASE("an extreme alpha of 1e-6 works everywhere; below 1e-10 it is refused", "[edge_cases]") {
  const double alpha = 1e-6;
  const auto counts = simulate_group(group(ScoreModel::normal, 200, 0.8, 0.12, {0.0, 0.05}, alpha), 0, 300);
  CHECK(counts[0] == 0);    // type I at 1e-6: none in 300
  CHECK(counts[3] == 300);  // δ = 0.05 at ρ = 0.8, N = 200: still always found
  const auto e = PairedEffect::from_scores(0.01, 0.12, 0.8);
  CHECK(power_paired_t(200, e, alpha) < power_paired_t(200, e, 0.05));
  const auto s = min_sample_size(PowerMethod::paired_t, 0.01, e.sd_diff, alpha, 0.8);
  REQUIRE(s.has_value());
  CHECK(s->power >= 0.8);
  auto o = quick();
  o.alpha = alpha;
  const auto mde = compare_all({sample({0.1, 0.2, 0.3, 0.4}, {0.2, 0.3, 0.35, 0.5})}, o).comparisons[0].planning.mde;
  REQUIRE(mde);
  CHECK(std::isfinite(*mde));
  CHECK_THROWS_WITH(power_paired_t(100, e, 1e-12), Catch::StartsWith("alpha"));
}

TEST_CASE("power targets of 0.99 and 0.999 are solved exactly", "[edge_cases]") {
  const double sdd = sd_of_differences(0.12, 0.8);
  for (double target : {0.99, 0.999}) {
    for (PowerMethod m : {PowerMethod::paired_t, PowerMethod::wilcoxon_moments}) {
      const auto s = min_sample_size(m, 0.01, sdd, 0.05, target);
      REQUIRE(s.has_value());
      CHECK(s->power >= target);
      CHECK(analytic_power(m, s->n - 1, {0.01, sdd}, 0.05) < target);
      const auto e = min_detectable_effect(m, 500, sdd, 0.05, target);
      REQUIRE(e.has_value());
      CHECK(e->power == Approx(target).epsilon(1e-8));
    }
  }
  CHECK_THROWS_WITH(min_sample_size(PowerMethod::paired_t, 0.01, sdd, 0.05, 1.0), Catch::StartsWith("power"));
}
