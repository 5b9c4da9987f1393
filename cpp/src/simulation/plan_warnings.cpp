// When a Plan's answer cannot be trusted (warnings.hpp): B's mean beyond the
// [0, 1] a bounded model holds its scores to, and the pilot model's smallest N
// far beyond the pilot it resamples.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "pairpower/base/formatting.hpp"
#include "pairpower/simulation/grid_answer.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/base/warnings.hpp"

namespace pairpower {
namespace {

// The largest N the pilot model's answers ask for, where it came from, and at which δ.
struct Planned {
  std::size_t n = 0;
  bool beyond_grid = false;  // no N of the grid reached the target: more than n are needed
  bool monte_carlo = false;
  double delta = 0;
};

// B's mean, mean + δ, outside [0, 1] in a model that holds its scores there: the difference simulated is not δ.
std::optional<Warning> beyond_bounds(const GridSpec& g) {
  std::string models;
  bool clipped = false, beta = false;
  for (const ScoreModel m : g.models) {
    if (!bounded_to_unit(m)) continue;
    const auto info = std::find_if(score_models().begin(), score_models().end(), [&](const ModelInfo& x) { return x.model == m; });
    models += (models.empty() ? "" : ", ") + std::string(info->title);
    (m == ScoreModel::beta_copula ? beta : clipped) = true;
  }
  std::string deltas;
  double worst = 0.5;
  for (const double delta : g.delta)
    if (const double b = g.marginal.mean + delta; b < 0 || b > 1) {
      deltas += (deltas.empty() ? "" : ", ") + format_csv(delta);
      if (std::fabs(b - 0.5) > std::fabs(worst - 0.5)) worst = b;
    }
  if (models.empty() || deltas.empty()) return std::nullopt;
  const std::string how = clipped && beta ? "clipped to [0, 1]; the Beta model keeps its mean within [0.01, 0.99]"
                          : beta          ? "its mean kept within [0.01, 0.99]"
                                          : "clipped to [0, 1]";
  return Warning{"beyond_bounds",
                 "At δ = " + deltas + ", B's mean score (mean + δ = " + format_csv(worst) + (deltas.find(',') == std::string::npos ? "" : " at the farthest") +
                     ") lies outside [0, 1], where the " + models + " holds its scores (" + how +
                     "). The difference simulated there is smaller than δ: the Monte Carlo power answers a smaller effect than the one asked, "
                     "and an analytic value, which ignores the bound, does not match it. For scores on another scale, use the unclipped normal model, "
                     "or rescale the mean, SD and δ to [0, 1]."};
}

std::optional<Warning> pilot_extrapolated(const PlanSpec& spec, const std::vector<CellResult>& cells) {
  const GridSpec& g = spec.grid;
  const auto& pilot = g.params.pilot;
  if (!pilot || std::find(g.models.begin(), g.models.end(), ScoreModel::pilot) == g.models.end()) return std::nullopt;
  const bool difference = g.question.kind == Question::difference;
  std::optional<Planned> most;
  const auto consider = [&](const Planned& p) {
    if (!most || p.n > most->n || (p.n == most->n && p.beyond_grid && !most->beyond_grid)) most = p;
  };
  // The closed form: the paired t's smallest N with the pilot's SD of differences (what the answer's solver tables show).
  for (const double delta : g.delta) {
    if (asks_no_n(g.question.kind, delta)) continue;
    const auto sd = model_sd_diff(Scenario{ScoreModel::pilot, g.marginal, delta, g.rho.empty() ? 0.5 : g.rho.front(), g.params});
    if (!sd) continue;
    if (const auto s = min_sample_size(PowerMethod::paired_t, delta, *sd, g.alpha, spec.power, solver_n_max, g.alternative, g.question))
      consider({s->n, false, false, delta});
  }
  // The run: the smallest N of the grid with the target power, by Monte Carlo, for each test.
  if (!cells.empty()) {
    const std::size_t largest = *std::max_element(g.n.begin(), g.n.end());
    for (const auto& a : grid_answers(cells, spec.power, difference))
      if (a.model == ScoreModel::pilot) consider({a.n.value_or(largest), !a.n, true, a.delta});
  }
  const std::size_t size = pilot->size();
  if (!most || !(static_cast<double>(most->n) > pilot_extrapolation_factor * static_cast<double>(size))) return std::nullopt;
  const std::string target = std::to_string(static_cast<int>(spec.power * 100 + 0.5)) + "%";
  const std::string how = most->monte_carlo ? (most->beyond_grid ? "more than " + thousands(most->n) + " queries: no N of the grid reaches it"
                                                                 : "about " + thousands(most->n) + " queries by the Monte Carlo run")
                                            : "about " + thousands(most->n) + " queries by the paired t's closed form";
  return Warning{"pilot_extrapolated",
           "The pilot model's smallest N for " + target + " power (" + how + ", at δ = " + format_csv(most->delta) +
               ") is extrapolated from a pilot of " + thousands(size) + " queries, more than " + format_csv(pilot_extrapolation_factor) +
               " times fewer. The simulation resamples these " + thousands(size) +
               " differences, so the answer rests on their SD and shape as this pilot estimates them, and N grows with (SD/δ)²: "
               "a modest error in the pilot's SD moves it a lot. Read it as an order of magnitude, and re-plan with a larger pilot."};
}

}  // namespace

std::vector<Warning> plan_warnings(const PlanSpec& spec, const std::vector<CellResult>& cells) {
  std::vector<Warning> out;
  if (auto w = beyond_bounds(spec.grid)) out.push_back(std::move(*w));
  if (auto w = pilot_extrapolated(spec, cells)) out.push_back(std::move(*w));
  return out;
}

}  // namespace pairpower
