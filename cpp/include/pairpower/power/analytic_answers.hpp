#pragma once
// The analytic answers for one scenario — power of every paired test at N, the
// smallest N and the minimum detectable effect for every test the solvers offer —
// as one JSON shape, written here once for the CLI (power, samplesize, mde) and
// the page (the quick calculator, the Plan's analytic columns and solver tables).
//
// Example:
//   auto s = pairpower::AnalyticScenario::from_scores(0.12, 0.8, 0.05);
//   auto j = pairpower::sample_size_answers(0.01, 0.8, s);
//   j["t"]["n"];   // 455; j["wilcoxon"]["n"] a little more; j["inputs"] echoes what was asked
//
// Reference: the formulas are analytic_power.hpp's; the solvers solvers.hpp's.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/power/eval_design.hpp"
#include "pairpower/power/family_power.hpp"
#include "pairpower/stats/question.hpp"
#include "pairpower/power/solvers.hpp"

namespace pairpower {

/// σ_d as measured, or formed from each system's SD σ and the correlation ρ
/// (σ√(2(1−ρ))), α, and the alternative (two-sided unless set). Checked on construction: a bad value
/// throws Error naming "sd_diff", "sd", "rho" or "alpha".
struct AnalyticScenario {
  double sd_diff;
  double alpha;
  std::optional<double> sd, rho;  ///< set when σ_d was formed from them
  Alternative alternative = Alternative::two_sided;  ///< of every test (inputs name it when one-sided)
  PlanQuestion question{};  ///< equivalence or non-inferiority with a margin (inputs name it when asked)
  EvalDesign design{};      ///< clusters and repeats (eval_design.hpp); N counts items, σ_d is one sample's (inputs name it when set)

  static AnalyticScenario from_sd_diff(double sd_diff, double alpha);
  static AnalyticScenario from_scores(double sd, double rho, double alpha);
};

/// The power of one test at `items` items under the scenario's design; nullopt where the test has no
/// closed form for the question, or the items are in clusters and the test is not the t (the
/// cluster-robust t is the clustered analysis). Throws Error ("n") when fewer than 2 clusters.
std::optional<double> scenario_power(PowerMethod m, std::size_t items, double delta, const AnalyticScenario& s);
/// min_detectable_effect at `items` items under the scenario's design (nullopt as scenario_power, or out of reach).
std::optional<EffectSolution> scenario_effect(PowerMethod m, std::size_t items, double power, const AnalyticScenario& s);

/// The scenario's defaults (σ and α of the default preset): what the CLI and the calculator assume when not told.
double default_sd();
double default_alpha();

/// {<test id>: {power, method}, …, "wilcoxon": {…, noether}, inputs}: every test of the registry
/// (for equivalence only the paired t has a closed form: the others get power null and a reason).
/// With a family of K comparisons each test gains power_per_comparison, power_all and power_any
/// (family_power.hpp; Holm and BH for the t-test only, with their Monte Carlo SEs).
nlohmann::ordered_json power_answers(std::size_t n, double delta, const AnalyticScenario& s, std::optional<Family> family = std::nullopt);

/// power_answers' powers alone, at every N of `ns`, as numbers: [j · tests + k] is test k of
/// paired_tests() at ns[j], NaN where the question has no closed form for it. For a grid's
/// many cells (the page's Plan tables and curves), with power_answers' checks and values.
///   auto row = pairpower::power_row(std::array<std::size_t, 2>{50, 100}, 0.01, s);  // 2 × 3 powers
std::vector<double> power_row(std::span<const std::size_t> ns, double delta, const AnalyticScenario& s);

/// The smallest N whose power_all (or power_any) across the family reaches the target:
/// {<test id>: {n, power} or nulls and a reason, …, inputs}.
nlohmann::ordered_json family_sample_size_answers(double delta, double power, const AnalyticScenario& s, Family family, FamilyTarget target);

/// {<test id>: {n, power} or {n: null, power: null, reason}, …, inputs}: every test the solvers offer.
/// Throws Error for δ = 0 with the difference question ("delta"), a target not in (α, 1) ("power").
nlohmann::ordered_json sample_size_answers(double delta, double power, const AnalyticScenario& s);

/// {<test id>: {delta, power} or {delta: null, power: null, reason}, …, inputs}.
/// Throws Error for N outside [2, solver_n_max] ("n"), a target not in (α, 1) ("power").
nlohmann::ordered_json effect_answers(std::size_t n, double power, const AnalyticScenario& s);

}  // namespace pairpower
