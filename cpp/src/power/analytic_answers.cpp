#include "pairpower/power/analytic_answers.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

json inputs_of(const AnalyticScenario& s) {
  json j;
  if (s.rho) j["rho"] = *s.rho;
  if (s.sd) j["sd"] = *s.sd;
  j["sd_diff"] = s.sd_diff;
  j["alpha"] = s.alpha;
  if (s.alternative != Alternative::two_sided) j["alternative"] = to_string(s.alternative);
  if (s.question.kind != Question::difference) j["question"] = to_string(s.question.kind), j["margin"] = s.question.margin;
  if (!s.design.plain()) {
    const EvalDesign& d = s.design;
    j["design"] = {{"cluster_size", d.cluster_size}, {"icc", d.icc}, {"repeats", d.repeats}, {"within_share", d.within_share},
                   {"variance_factor", d.variance_factor()}, {"design_effect", d.design_effect()}, {"sd_unit", design_units(0, s.sd_diff, d).sd_unit}};
  }
  return j;
}

const char* const clustered_t_only = "items in clusters: the cluster-robust t is the analysis (the Wilcoxon and sign tests assume independent items)";

// Whether a test answers under the design: in clusters only the t does.
bool applies(PowerMethod m, const AnalyticScenario& s) { return !s.design.clustered() || m == PowerMethod::paired_t; }

// The units the tests see at `items` items; in clusters at least 2 of them.
DesignUnits units_of(std::size_t items, const AnalyticScenario& s) {
  const DesignUnits u = design_units(items, s.sd_diff, s.design);
  if (s.design.clustered() && u.units < 2)
    throw Error("n", ErrorKind::invalid_value,
                "gives fewer than 2 clusters of " + format_csv(s.design.cluster_size) + " items; the cluster-robust t needs at least 2", std::to_string(items));
  return u;
}

// Tests the design rules out say why, in place of the solvers' "not reached".
void mark_clustered(json& out, const AnalyticScenario& s, const char* key) {
  for (const auto& t : paired_tests())
    if (t.solvable && !applies(t.method, s)) out[t.id] = {{key, nullptr}, {"power", nullptr}, {"reason", clustered_t_only}, {"closed_form", false}};
}

// Solved unit counts become items, and clusters beside them.
void to_items(json& out, const AnalyticScenario& s) {
  if (s.design.plain()) return;
  for (const auto& t : paired_tests()) {
    if (!t.solvable || out[t.id]["n"].is_null()) continue;
    const auto units = out[t.id]["n"].get<std::size_t>();
    out[t.id]["n"] = design_items(units, s.design);
    if (s.design.clustered()) out[t.id]["clusters"] = units;
  }
}

const char* const equivalence_t_only = "equivalence (TOST) power has a closed form for the paired t-test only; simulate for the others";

// The solvers' entries of tests without a closed form for the question say so.
void mark_without_closed_form(json& out, const PlanQuestion& q) {
  for (const auto& t : paired_tests())
    if (t.solvable && !has_closed_form(t.method, q)) out[t.id]["reason"] = equivalence_t_only, out[t.id]["closed_form"] = false;
}

void check_question(const AnalyticScenario& s, const std::optional<Family>& family) {
  validate(s.question, s.alternative);
  if (family && s.question.kind != Question::difference)
    throw Error("comparisons", ErrorKind::invalid_value, "family power is offered for the difference question only");
}

// The solvers' N: from the Plan field's minimum to the solvers' own cap.
std::size_t checked_n(std::size_t n) {
  const auto lo = static_cast<std::size_t>(plan_field("n").bounds.min);
  if (n < lo || n > solver_n_max)
    throw Error("n", ErrorKind::invalid_value, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(solver_n_max),
                std::to_string(n));
  return n;
}

// One solver run for every test the solvers offer: {key, power}, or nulls and the reason.
template <class Solve, class Value>
json solve_each(Solve solve, const char* key, Value value, const char* reason, json inputs) {
  json out;
  for (const auto& t : paired_tests()) {
    if (!t.solvable) continue;
    const auto s = solve(t.method);
    out[t.id] = s ? json{{key, value(*s)}, {"power", s->power}} : json{{key, nullptr}, {"power", nullptr}, {"reason", reason}};
  }
  out["inputs"] = std::move(inputs);
  return out;
}

}  // namespace

AnalyticScenario AnalyticScenario::from_sd_diff(double sd_diff, double alpha) {
  validate_alpha(alpha);
  return {PairedEffect::from_sd_diff(0.0, sd_diff).sd_diff, alpha, std::nullopt, std::nullopt};
}

AnalyticScenario AnalyticScenario::from_scores(double sd, double rho, double alpha) {
  validate_alpha(alpha);
  return {sd_of_differences(sd, rho), alpha, sd, rho};
}

double default_sd() { return default_preset().spec.grid.marginal.sd; }
double default_alpha() { return default_preset().spec.grid.alpha; }

std::optional<double> scenario_power(PowerMethod m, std::size_t items, double delta, const AnalyticScenario& s) {
  if (!applies(m, s)) return std::nullopt;
  const DesignUnits u = units_of(items, s);
  return question_power(m, u.units, PairedEffect::from_sd_diff(delta, u.sd_unit), s.alpha, s.alternative, s.question);
}

std::optional<EffectSolution> scenario_effect(PowerMethod m, std::size_t items, double power, const AnalyticScenario& s) {
  if (!applies(m, s)) return std::nullopt;
  const DesignUnits u = units_of(items, s);
  return min_detectable_effect(m, u.units, u.sd_unit, s.alpha, power, s.alternative, s.question);
}

static bool simulated(const Family& f) { return f.comparisons > 1 && (f.correction == Correction::holm || f.correction == Correction::bh); }

json power_answers(std::size_t n, double delta, const AnalyticScenario& s, std::optional<Family> family) {
  checked_n(n);
  (void)PairedEffect::from_sd_diff(delta, s.sd_diff);
  check_question(s, family);
  const DesignUnits u = units_of(n, s);
  const PairedEffect e{delta, u.sd_unit};
  json out;
  for (const auto& t : paired_tests()) {
    if (!applies(t.method, s)) {
      out[t.id] = {{"power", nullptr}, {"method", to_string(t.method)}, {"reason", clustered_t_only}, {"closed_form", false}};
      continue;
    }
    const auto power = question_power(t.method, u.units, e, s.alpha, s.alternative, s.question);
    if (!power) {
      out[t.id] = {{"power", nullptr}, {"method", to_string(t.method)}, {"reason", equivalence_t_only}, {"closed_form", false}};
      continue;
    }
    out[t.id] = {{"power", *power}, {"method", to_string(t.method)}};
    // Noether's simpler approximation beside the moments, as papers often quote it (non-inferiority: at δ + M, one-sided).
    if (t.method == PowerMethod::wilcoxon_moments) {
      const bool ni = s.question.kind == Question::non_inferiority;
      out[t.id]["noether"] = power_wilcoxon_noether(u.units, ni ? PairedEffect::from_sd_diff(delta + s.question.margin, u.sd_unit) : e, s.alpha,
                                                    ni ? Alternative::greater : s.alternative);
    }
    if (!family) continue;
    json& o = out[t.id];
    if (simulated(*family) && t.method != PowerMethod::paired_t) {
      o["family_note"] = "Holm and BH family power is simulated for the paired t-test only";
      continue;
    }
    const FamilyPower f = family_power(t.method, u.units, e, s.alpha, s.alternative, *family);
    o["power_per_comparison"] = f.per_comparison;
    o["power_all"] = f.all;
    o["power_any"] = f.any;
    if (!f.monte_carlo) continue;
    json& mc = o["monte_carlo"] = {{"reps", f.reps}, {"se_per_comparison", f.mc_se_per}, {"se_all", f.mc_se_all}, {"se_any", f.mc_se_any}};
    // A target at 1 or 0 has an SE of 0, which says nothing: its bound instead, in numbers and in the words shown.
    std::string bounds;
    for (const auto& [key, name, at, bound] : {std::tuple{"bound_all", "all", f.all, f.bound_all}, std::tuple{"bound_any", "at least one", f.any, f.bound_any}})
      if (bound) {
        mc[key] = *bound;
        bounds += std::string("; ") + name + " " + format_mc_bound(at, *bound) + " (one-sided " + format_csv(100 * mc_bound_confidence) + "% bound)";
      }
    const double most = std::max(f.mc_se_all, f.mc_se_any);
    std::string precision;
    if (most > 0 || bounds.empty()) {
      const std::string se = format_se(most);
      precision = (se.front() == '<' ? "SE " : "SE ≤ ") + se;
    }
    precision += bounds;
    mc["precision"] = precision.starts_with("; ") ? precision.substr(2) : precision;
  }
  json inputs = inputs_of(s);
  inputs["n"] = n;
  if (s.design.clustered()) inputs["design"]["clusters"] = u.units;
  inputs["delta"] = delta;
  if (family) inputs["comparisons"] = family->comparisons, inputs["correction"] = to_string(family->correction);
  out["inputs"] = std::move(inputs);
  return out;
}

std::vector<double> power_row(std::span<const std::size_t> ns, double delta, const AnalyticScenario& s) {
  (void)PairedEffect::from_sd_diff(delta, s.sd_diff);
  check_question(s, std::nullopt);
  const auto tests = paired_tests();
  std::vector<double> out;
  out.reserve(ns.size() * tests.size());
  for (const std::size_t n : ns) {
    checked_n(n);
    for (const auto& t : tests) out.push_back(scenario_power(t.method, n, delta, s).value_or(std::numeric_limits<double>::quiet_NaN()));
  }
  return out;
}

json sample_size_answers(double delta, double power, const AnalyticScenario& s) {
  (void)PairedEffect::from_sd_diff(delta, s.sd_diff);
  check_question(s, std::nullopt);
  const Question q = s.question.kind;
  if (delta == 0 && q == Question::difference) throw Error("delta", ErrorKind::invalid_value, "must be nonzero (no N detects an effect of 0)", "0");
  json inputs = inputs_of(s);
  inputs["delta"] = delta;
  inputs["power"] = power;
  const std::string beyond = "not reached below N = " + std::to_string(solver_n_max);
  std::string reason = beyond;
  if (q == Question::difference && ((s.alternative == Alternative::greater && delta < 0) || (s.alternative == Alternative::less && delta > 0)))
    reason = "δ lies on the other side of the one-sided alternative (" + std::string(to_string(s.alternative)) + ")";
  if (q == Question::non_inferiority && !(delta + s.question.margin > 0)) reason = "δ is at or below −margin: B is inferior, no N shows otherwise";
  if (q == Question::equivalence && !(std::fabs(delta) < s.question.margin)) reason = "|δ| is not inside the margin: no N shows equivalence";
  const double sd_unit = design_units(0, s.sd_diff, s.design).sd_unit;
  json out = solve_each([&](PowerMethod m) { return min_sample_size(m, delta, sd_unit, s.alpha, power, solver_n_max, s.alternative, s.question); },
                        "n", [](const SampleSizeSolution& x) { return x.n; }, reason.c_str(), std::move(inputs));
  if (reason == beyond) mark_without_closed_form(out, s.question);
  to_items(out, s);
  mark_clustered(out, s, "n");
  return out;
}

json family_sample_size_answers(double delta, double power, const AnalyticScenario& s, Family family, FamilyTarget target) {
  (void)PairedEffect::from_sd_diff(delta, s.sd_diff);
  check_question(s, family);
  if (delta == 0) throw Error("delta", ErrorKind::invalid_value, "must be nonzero (no N detects an effect of 0)", "0");
  if (!(power > s.alpha && power < 1)) throw Error("power", ErrorKind::invalid_value, "the target must lie strictly between alpha and 1");
  json inputs = inputs_of(s);
  inputs["delta"] = delta;
  inputs["power"] = power;
  inputs["comparisons"] = family.comparisons;
  inputs["correction"] = to_string(family.correction);
  inputs["target"] = to_string(target);
  json out;
  for (const auto& t : paired_tests()) {
    if (!t.solvable) continue;
    if (simulated(family) && t.method != PowerMethod::paired_t) {
      // Not computed, which is not "not reachable": no closed form, and no simulation for this test.
      out[t.id] = {{"n", nullptr}, {"power", nullptr}, {"reason", "Holm and BH family power is simulated for the paired t-test only"}, {"closed_form", false}};
      continue;
    }
    if (!applies(t.method, s)) continue;  // marked below
    const double sd_unit = design_units(0, s.sd_diff, s.design).sd_unit;
    const auto n = family_sample_size(t.method, delta, sd_unit, s.alpha, s.alternative, family, target, power, solver_n_max);
    if (!n) {
      out[t.id] = {{"n", nullptr}, {"power", nullptr}, {"reason", "not reached below N = " + std::to_string(solver_n_max) + " (or δ on the other side of the alternative)"}};
      continue;
    }
    const FamilyPower f = family_power(t.method, *n, PairedEffect{delta, sd_unit}, s.alpha, s.alternative, family);
    out[t.id] = {{"n", *n}, {"power", target == FamilyTarget::all ? f.all : f.any}};
    if (f.monte_carlo) out[t.id]["monte_carlo_reps"] = f.reps;
  }
  to_items(out, s);
  mark_clustered(out, s, "n");
  out["inputs"] = std::move(inputs);
  return out;
}

json effect_answers(std::size_t n, double power, const AnalyticScenario& s) {
  checked_n(n);
  check_question(s, std::nullopt);
  json inputs = inputs_of(s);
  inputs["n"] = n;
  inputs["power"] = power;
  const char* reason = s.question.kind == Question::equivalence ? "even δ = 0 is not shown equivalent with the target power at this N"
                                                                 : "no effect reaches the target power at this N";
  const DesignUnits u = units_of(n, s);
  if (s.design.clustered()) inputs["design"]["clusters"] = u.units;
  json out = solve_each([&](PowerMethod m) { return min_detectable_effect(m, u.units, u.sd_unit, s.alpha, power, s.alternative, s.question); }, "delta",
                        [](const EffectSolution& x) { return x.delta; }, reason, std::move(inputs));
  mark_without_closed_form(out, s.question);
  mark_clustered(out, s, "delta");
  return out;
}

}  // namespace pairpower
