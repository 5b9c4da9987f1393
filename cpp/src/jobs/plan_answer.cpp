#include "pairpower/jobs/plan_answer.hpp"

#include <stdexcept>

#include "pairpower/power/solvers.hpp"
#include "pairpower/simulation/grid_answer.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/stats/question.hpp"

namespace pairpower {

std::vector<PairedTest> answered_tests(ScoreModel m, Question q) {
  const ModelAnalytic offered = model_analytic(m);
  std::vector<PairedTest> out;
  if (offered == ModelAnalytic::none) return out;
  for (const auto& t : paired_tests()) {
    if (!t.solvable) continue;
    // Equivalence (TOST) has a closed form for the paired t only; so has a t_only model.
    const bool t_only = offered == ModelAnalytic::t_only || q == Question::equivalence;
    if (t.test == PairedTest::t || !t_only) out.push_back(t.test);
  }
  return out;
}

PlanAnswer plan_answer(const PlanSpec& spec) {
  const GridSpec& g = spec.grid;
  PlanAnswer a;
  if (g.models.empty()) return a;
  a.model = g.models.front();
  a.any_rho = !model_reads_rho(a.model);
  a.offered = model_analytic(a.model);
  a.exact = a.model == ScoreModel::unclipped;
  a.tests = answered_tests(a.model, g.question.kind);
  if (a.tests.empty()) return a;
  const auto method = [](PairedTest t) {
    for (const auto& info : paired_tests())
      if (info.test == t) return info.method;
    throw std::logic_error("a test without a registry row");
  };
  const auto sd_at = [&](double delta, double rho) { return model_sd_diff(Scenario{a.model, g.marginal, delta, rho, g.params}); };
  const std::vector<double> rhos = rhos_answered(g, a.model);
  for (const double delta : g.delta) {
    if (asks_no_n(g.question.kind, delta)) continue;
    for (const double rho : rhos) {
      const auto sd = sd_at(delta, rho);
      if (!sd) continue;
      PlanAnswer::MinN row{delta, rho, *sd, {}};
      for (PairedTest t : a.tests) {
        const auto s = min_sample_size(method(t), delta, *sd, g.alpha, spec.power, solver_n_max, g.alternative, g.question);
        row.n.push_back(s ? std::optional<std::size_t>(s->n) : std::nullopt);
      }
      a.min_n.push_back(std::move(row));
    }
  }
  for (const std::size_t n : g.n)
    for (const double rho : rhos) {
      const auto sd = sd_at(0.0, rho);
      if (!sd) continue;
      PlanAnswer::Mde row{n, rho, *sd, {}};
      for (PairedTest t : a.tests) {
        const auto e = min_detectable_effect(method(t), n, *sd, g.alpha, spec.power, g.alternative, g.question);
        row.delta.push_back(e ? std::optional<double>(e->delta) : std::nullopt);
      }
      a.mde.push_back(std::move(row));
    }
  return a;
}

}  // namespace pairpower
