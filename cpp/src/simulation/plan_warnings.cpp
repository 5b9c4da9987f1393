// When a Plan's answer cannot be trusted or read as it looks (warnings.hpp): a
// bounded model whose scores do not carry the δ asked, the pilot model's smallest
// N far beyond the pilot it resamples, and rows over ρ of a model that ignores ρ.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <boost/math/distributions/normal.hpp>

#include "pairpower/base/formatting.hpp"
#include "pairpower/simulation/grid_answer.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/simulation/plan_warnings.hpp"

namespace pairpower {
namespace {

// The largest N the pilot model's answers ask for, where it came from, and at which δ.
struct Planned {
  std::size_t n = 0;
  bool beyond_grid = false;  // no N of the grid reached the target: more than n are needed
  bool monte_carlo = false;
  double delta = 0;
};

// E[min(max(X, 0), 1)] for X ~ N(m, s): the mean of a score the kernel clips.
double clipped_mean(double m, double s) {
  if (!(s > 0)) return std::clamp(m, 0.0, 1.0);
  const boost::math::normal z;
  const double a = -m / s, b = (1 - m) / s;
  return (1 - boost::math::cdf(z, b)) + m * (boost::math::cdf(z, b) - boost::math::cdf(z, a)) + s * (boost::math::pdf(z, a) - boost::math::pdf(z, b));
}

std::string title_of(ScoreModel m) {
  return std::find_if(score_models().begin(), score_models().end(), [&](const ModelInfo& x) { return x.model == m; })->title;
}

// A bounded model whose scores do not carry the δ asked. The clipped normal and heterogeneous models' mean
// difference has a closed form (E[clip B] − E[clip A]), said when it misses δ by more than 10%; the other bounded
// models are flagged where A's or B's mean itself lies outside what the model can hold.
std::optional<Warning> beyond_bounds(const GridSpec& g) {
  std::vector<std::string> parts;
  for (const ScoreModel m : g.models) {
    if (!bounded_to_unit(m)) continue;
    const double mean = g.marginal.mean, sd = g.marginal.sd;
    std::vector<std::string> at;
    for (const double delta : g.delta) {
      if (delta == 0) continue;
      if (m == ScoreModel::normal || m == ScoreModel::heterogeneous) {
        const double sd_b = m == ScoreModel::heterogeneous ? std::hypot(sd, g.params.tau) : sd;
        const double simulated = clipped_mean(mean + delta, sd_b) - clipped_mean(mean, sd);
        if (std::fabs(simulated - delta) > 0.1 * std::fabs(delta)) at.push_back("about " + format_sig(simulated) + " at δ = " + format_csv(delta));
      } else {
        const double lo = m == ScoreModel::beta_copula ? 0.01 : 0.0, hi = m == ScoreModel::beta_copula ? 0.99 : 1.0;
        if (mean < lo || mean > hi || mean + delta < lo || mean + delta > hi) at.push_back("δ = " + format_csv(delta));
      }
    }
    if (at.empty()) continue;
    std::string list;
    for (std::size_t i = 0; i < at.size(); ++i) list += (i == 0 ? "" : i + 1 == at.size() ? " and " : ", ") + at[i];
    if (m == ScoreModel::normal || m == ScoreModel::heterogeneous)
      parts.push_back("the " + title_of(m) + " simulates a mean difference of " + list);
    else
      parts.push_back("the " + title_of(m) + " has A's or B's mean (mean, mean + δ) outside the " +
                      (m == ScoreModel::beta_copula ? std::string("[0.01, 0.99] it holds its mean to") : std::string("[0, 1] it clips its scores to")) +
                      " at " + list + ", which pulls its difference toward 0");
  }
  if (parts.empty()) return std::nullopt;
  std::string joined;
  for (std::size_t i = 0; i < parts.size(); ++i) joined += (i == 0 ? "" : "; ") + parts[i];
  return Warning{"beyond_bounds",
                 "Held to [0, 1], the scores do not carry the δ asked: " + joined +
                     ". The Monte Carlo power answers that effect, not δ, and an analytic value, which ignores the bound, does not match it. "
                     "For scores on another scale, use the unclipped normal model, or rescale the mean, SD and δ to [0, 1]."};
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

// A grid over several ρ with a model that does not read ρ: its rows repeat one simulation at every ρ.
std::optional<Warning> rho_ignored(const GridSpec& g) {
  if (g.rho.size() < 2) return std::nullopt;
  const auto m = std::find_if(g.models.begin(), g.models.end(), [](ScoreModel x) { return !model_reads_rho(x); });
  if (m == g.models.end()) return std::nullopt;
  std::string list;
  for (std::size_t i = 0; i < g.rho.size(); ++i) list += (i == 0 ? "" : i + 1 == g.rho.size() ? " and " : ", ") + format_csv(g.rho[i]);
  const std::string why = *m == ScoreModel::pilot ? " (it resamples the pilot's differences, which carry its two systems' own correlation)" : "";
  return Warning{"rho_ignored", "The " + title_of(*m) + " does not read ρ" + why + ": its Monte Carlo and analytic powers at ρ = " + list +
                                    " are equal by construction (one simulation, shown at each ρ in the power tables; its smallest N is given once, for any ρ) "
                                    "and say nothing of how ρ would matter. One ρ is enough for this model."};
}

}  // namespace

std::vector<Warning> plan_warnings(const PlanSpec& spec, const std::vector<CellResult>& cells) {
  std::vector<Warning> out;
  if (auto w = beyond_bounds(spec.grid)) out.push_back(std::move(*w));
  if (auto w = pilot_extrapolated(spec, cells)) out.push_back(std::move(*w));
  if (auto w = rho_ignored(spec.grid)) out.push_back(std::move(*w));
  return out;
}

}  // namespace pairpower
