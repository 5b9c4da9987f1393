#include "pairpower/jobs/plan_answer.hpp"

#include <catch2/catch.hpp>

#include "pairpower/power/solvers.hpp"
#include "pairpower/simulation/score_model.hpp"

using namespace pairpower;

namespace {
PlanSpec small_spec(ScoreModel m, PlanQuestion q) {
  PlanSpec s = preset("paper").spec;
  s.grid.models = {m};
  s.grid.n = {100, 400};
  s.grid.delta = {0.0, 0.02};
  s.grid.rho = {0.8};
  s.grid.question = q;
  return s;
}
}  // namespace

TEST_CASE("the Plan's answer solves for the grid's first model, skips δ = 0 for a difference and takes σ_d at δ = 0 for the MDE", "[plan_answer]") {
  const PlanSpec s = small_spec(ScoreModel::unclipped, {});
  const PlanAnswer a = plan_answer(s);
  CHECK(a.model == ScoreModel::unclipped);
  CHECK(a.exact);
  CHECK(a.tests == std::vector{PairedTest::t, PairedTest::wilcoxon});
  REQUIRE(a.min_n.size() == 1);
  CHECK(a.min_n[0].delta == 0.02);
  REQUIRE(a.min_n[0].n.size() == 2);
  // The answer's N is the smallest with the target power: N − 1 falls short.
  const auto n = *a.min_n[0].n[0];
  CHECK(power_paired_t(n, {0.02, a.min_n[0].sd_diff}, s.grid.alpha) >= s.power);
  CHECK(power_paired_t(n - 1, {0.02, a.min_n[0].sd_diff}, s.grid.alpha) < s.power);
  REQUIRE(a.mde.size() == 2);
  CHECK(a.mde[0].n == 100);
  CHECK(a.mde[0].sd_diff == *model_sd_diff(Scenario{ScoreModel::unclipped, s.grid.marginal, 0.0, 0.8, s.grid.params}));
  CHECK(*a.mde[1].delta[0] < *a.mde[0].delta[0]);
}

TEST_CASE("an equivalence answer asks an N at δ = 0 and solves with the paired t only", "[plan_answer]") {
  const PlanAnswer a = plan_answer(small_spec(ScoreModel::unclipped, {Question::equivalence, 0.05}));
  CHECK(a.tests == std::vector{PairedTest::t});
  REQUIRE(a.min_n.size() == 2);
  CHECK(a.min_n[0].delta == 0.0);
  CHECK(a.min_n[0].n.size() == 1);
}

TEST_CASE("a model without a closed form has no answer rows; a clipped model's answer is not exact", "[plan_answer]") {
  for (const auto& m : score_models()) {
    const PlanAnswer a = plan_answer(small_spec(m.model, {}));
    if (m.analytic == ModelAnalytic::none) {
      CHECK(a.tests.empty());
      CHECK(a.min_n.empty());
      CHECK(a.mde.empty());
    } else {
      CHECK_FALSE(a.tests.empty());
    }
    if (m.analytic == ModelAnalytic::t_only) CHECK(a.tests == std::vector{PairedTest::t});
  }
  CHECK_FALSE(plan_answer(small_spec(ScoreModel::normal, {})).exact);
}

TEST_CASE("a model that ignores ρ answers once, at the grid's first ρ; one that reads it answers at every ρ", "[plan_answer]") {
  PlanSpec s = small_spec(ScoreModel::pilot, {});
  s.grid.rho = {0.3, 0.8};
  std::vector<double> d;
  for (int i = 0; i < 40; ++i) d.push_back(0.01 + (i % 2 ? 0.1 : -0.1) * (1 + 0.1 * (i % 3)));
  s.grid.params.pilot = std::make_shared<const std::vector<double>>(d);
  const PlanAnswer pilot = plan_answer(s);
  CHECK(pilot.any_rho);
  REQUIRE(pilot.min_n.size() == 1);  // δ = 0.02 only; δ = 0 asks no N for a difference
  CHECK(pilot.min_n[0].rho == 0.3);
  REQUIRE(pilot.mde.size() == 2);  // N = 100 and 400, one row each
  CHECK(pilot.mde[0].rho == 0.3);
  CHECK(pilot.mde[1].rho == 0.3);
  s.grid.models = {ScoreModel::unclipped};
  const PlanAnswer reads = plan_answer(s);
  CHECK_FALSE(reads.any_rho);
  REQUIRE(reads.min_n.size() == 2);
  CHECK(reads.min_n[1].rho == 0.8);
  CHECK(reads.mde.size() == 4);
}
