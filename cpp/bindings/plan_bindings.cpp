// Embind boundary of the Plan's analytic side: analytic power over a query or a
// grid, the solvers, the sensitivity views, the registry, the Plan's fields and
// the core's number format. With plan_run_bindings.cpp (the run's work, cells,
// checks, answers, warnings and exports) it is linked into the full engine and,
// alone, into the small Plan build (pairpower-plan.wasm, ~1/3 of the full one):
// a shared link's first answers need only these, and a smaller module starts sooner.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pairpower/power/analytic_answers.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/power/binary_answers.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/registry/field_text.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/power/sensitivity.hpp"
#include "bindings_support.hpp"

using emscripten::val;

namespace {

using namespace pairpower::bindings;

// The query's {alternative, question, margin} onto the scenario.
void ask(pairpower::AnalyticScenario& s, const val& q) {
  // {alternative} optional: two-sided when absent.
  if (!q["alternative"].isUndefined()) {
    const auto alt = pairpower::alternative_from_string(q["alternative"].isString() ? q["alternative"].as<std::string>() : "");
    if (!alt) throw pairpower::Error("alternative", pairpower::ErrorKind::invalid_value, "must be two-sided, greater or less");
    s.alternative = *alt;
  }
  // {question, margin} optional: the difference question when absent (registry questions()).
  if (q["question"].isString()) {
    const std::string id = q["question"].as<std::string>();
    const auto kind = pairpower::question_from_string(id);
    if (!kind) throw pairpower::Error("question", pairpower::ErrorKind::invalid_value, "not a question of the registry", id);
    if (*kind != pairpower::Question::difference) s.question = {*kind, number(q, "margin")};
    try {
      pairpower::validate(s.question);
    } catch (const pairpower::Error& e) {
      throw pairpower::Error("margin", e.kind, e.detail, e.value);  // the page has one margin field for both questions
    }
  }
}

// {clusterSize, icc, repeats, withinShare} optional: independent items, one sample each, when absent.
void with_design(pairpower::AnalyticScenario& s, const val& q) {
  const auto optional = [&](const char* key, double fallback) { return q[key].isUndefined() ? fallback : number(q, key); };
  s.design = pairpower::EvalDesign::make(optional("clusterSize", 1), optional("icc", 0), optional("repeats", 1), optional("withinShare", 0));
}

// The scenario from the query: {sdDiff} as measured, or {sd, rho}; and alpha.
pairpower::AnalyticScenario scenario_of(const val& q) {
  const double alpha = number(q, "alpha");
  auto s = !q["sdDiff"].isUndefined() ? pairpower::AnalyticScenario::from_sd_diff(number(q, "sdDiff"), alpha)
                                       : pairpower::AnalyticScenario::from_scores(number(q, "sd"), number(q, "rho"), alpha);
  ask(s, q);
  with_design(s, q);
  return s;
}

// {comparisons, correction} optional: a family of K independent comparisons (family_power.hpp).
std::optional<pairpower::Family> family_of(const val& q) {
  if (q["comparisons"].isUndefined()) return std::nullopt;
  pairpower::Family f;
  f.comparisons = size(q, "comparisons");
  validate(f);
  const std::string c = q["correction"].isString() ? q["correction"].as<std::string>() : "";
  const auto correction = pairpower::correction_from_string(c);
  if (!correction) throw pairpower::Error("correction", pairpower::ErrorKind::invalid_value, "not a correction of the registry", c);
  f.correction = *correction;
  return f;
}

// The analytic answers in the core's JSON shape (analytic_answers.hpp), the CLI's own.
// {n, delta, sdDiff | sd + rho, alpha} → {<test id>: {power, method}, …, inputs}
val analytic_power(const val& q) {
  return guarded([&] { return from_json(pairpower::power_answers(size(q, "n"), number(q, "delta"), scenario_of(q), family_of(q))); });
}
// {delta, sdDiff | sd + rho, alpha, power} → {<solvable test id>: {n, power} (nulls and a reason when out of reach), …, inputs}
val min_sample_size(const val& q) {
  return guarded([&] {
    // With a family: the N for power_all (familyTarget "all", the default) or power_any.
    if (const auto f = family_of(q); f && f->comparisons > 1) {
      const std::string t = q["familyTarget"].isUndefined() ? pairpower::family_targets().front().id : text_field(q, "familyTarget");
      const auto target = pairpower::family_target_from_string(t);
      if (!target) throw pairpower::Error("familyTarget", pairpower::ErrorKind::invalid_value, "not a family target of the registry", t);
      return from_json(pairpower::family_sample_size_answers(number(q, "delta"), number(q, "power"), scenario_of(q), *f, *target));
    }
    return from_json(pairpower::sample_size_answers(number(q, "delta"), number(q, "power"), scenario_of(q)));
  });
}
// {n, sdDiff | sd + rho, alpha, power} → {<solvable test id>: {delta, power} …, inputs}
val min_detectable_effect(const val& q) {
  return guarded([&] { return from_json(pairpower::effect_answers(size(q, "n"), number(q, "power"), scenario_of(q))); });
}

// Binary items: {accuracyA, accuracyB, agreement, alpha, alternative?, clusterSize?, icc?, repeats?, withinShare?}
// and n (power) or power (sample size) → binary_answers.hpp's JSON, the CLI's `--metric binary` own.
struct BinaryAsked {
  pairpower::BinaryDesign d;
  pairpower::AnalyticScenario s;  // α, the alternative and the design, read as for the other answers
};
BinaryAsked binary_asked(const val& q) {
  auto s = pairpower::AnalyticScenario::from_sd_diff(1.0, number(q, "alpha"));
  if (q["question"].isString() && q["question"].as<std::string>() != "difference")
    throw pairpower::Error("question", pairpower::ErrorKind::invalid_value, "binary items are planned for the difference question (McNemar)");
  ask(s, q);
  with_design(s, q);
  return {pairpower::BinaryDesign::from_accuracies(number(q, "accuracyA"), number(q, "accuracyB"), number(q, "agreement")), s};
}
val binary_power(const val& q) {
  return guarded([&] {
    const auto a = binary_asked(q);
    return from_json(pairpower::binary_power_answers(count(q, "n"), a.d, a.s.alpha, a.s.alternative, a.s.design));
  });
}
val binary_sample_size(const val& q) {
  return guarded([&] {
    const auto a = binary_asked(q);
    return from_json(pairpower::binary_sample_size_answers(a.d, a.s.alpha, number(q, "power"), a.s.alternative, a.s.design));
  });
}

// {n, power, sdDiff | sd + rho, alpha, alternative?, question?, margin?} → sensitivity_answers (sensitivity.hpp).
val sensitivity(const val& q) {
  return guarded([&] { return from_json(pairpower::sensitivity_answers(size(q, "n"), number(q, "power"), scenario_of(q))); });
}

// A model scenario {model, mean, sd, delta, rho, tau, df, zero_share, levels, pilot?} → the SD of
// differences its analytic power uses (score_model.hpp model_sd_diff), none where the model offers none.
std::optional<double> scenario_sd_diff(const val& q) {
  const auto model = pairpower::score_model_from_string(q["model"].isString() ? q["model"].as<std::string>() : "");
  if (!model) throw std::invalid_argument("model: not a model of the registry");
  pairpower::Scenario s{*model, {number(q, "mean"), number(q, "sd")}, number(q, "delta"), number(q, "rho"), {}};
  s.params.tau = number(q, "tau");
  s.params.df = number(q, "df");
  s.params.zero_share = number(q, "zero_share");
  s.params.levels = static_cast<unsigned>(std::min<std::uint64_t>(count(q, "levels"), 1u << 20));
  if (!q["pilot"].isUndefined()) s.params.pilot = std::make_shared<const std::vector<double>>(numbers(q, "pilot"));
  pairpower::validate(s);
  return pairpower::model_analytic(*model) == pairpower::ModelAnalytic::none ? std::nullopt : pairpower::model_sd_diff(s);
}

// {scenarios: [model scenario, …], powered: [bool, …], ns: [N, …], alpha, alternative?, question?, margin?}
// → {sdDiff: [σ_d | null, …], powers: Float64Array}: a grid's analytic power in one call, each
// scenario's row from power_row (analytic_answers.hpp) at powers[(i · ns + j) · tests + k] for
// scenario i, ns[j] and test k of the registry, NaN where not powered, without σ_d or closed
// form. One call for the grid: per cell, the time would go to building and converting JSON.
val analytic_grid(const val& q) {
  return guarded([&] {
    const double alpha = number(q, "alpha");
    auto asked = pairpower::AnalyticScenario::from_sd_diff(1.0, alpha);
    ask(asked, q);
    std::vector<std::size_t> ns;
    for (const double n : numbers(q, "ns")) ns.push_back(to_size(n, "ns"));
    const val scenarios = q["scenarios"], powered = q["powered"];
    if (!scenarios.isArray() || !powered.isArray()) throw std::invalid_argument("scenarios: must be a list, with powered beside it");
    const auto count_of = scenarios["length"].as<unsigned>();
    const std::size_t width = ns.size() * pairpower::paired_tests().size();
    std::vector<double> powers(count_of * width, std::numeric_limits<double>::quiet_NaN());
    val sds = val::array();
    // The clipped normal and the Beta copula share σ_d: a (δ, σ_d) row is computed once.
    std::map<std::pair<double, double>, std::vector<double>> rows;
    for (unsigned i = 0; i < count_of; ++i) {
      const val scenario = scenarios[i];
      const auto sd = scenario_sd_diff(scenario);
      sds.call<void>("push", sd ? val(*sd) : val::null());
      if (!sd || !powered[i].as<bool>()) continue;
      const double delta = number(scenario, "delta");
      auto [row, fresh] = rows.try_emplace({delta, *sd});
      if (fresh) {
        auto s = pairpower::AnalyticScenario::from_sd_diff(*sd, alpha);
        s.alternative = asked.alternative;
        s.question = asked.question;
        row->second = pairpower::power_row(ns, delta, s);
      }
      std::copy(row->second.begin(), row->second.end(), powers.begin() + static_cast<std::ptrdiff_t>(i * width));
    }
    val out = val::object();
    out.set("sdDiff", sds);
    out.set("powers", val::global("Float64Array").new_(emscripten::typed_memory_view(powers.size(), powers.data())));
    return out;
  });
}

// The registry (registry.hpp): what the page's controls, types and checks are built from.
val registry() { return guarded([] { return from_json(pairpower::registry_json()); }); }

// (field id, text, page?) → {value}: a Plan field read by the core's grammar and bounds (field_text.hpp).
val read_plan_field(const std::string& id, const std::string& text, bool page) {
  return guarded([&] {
    val out = val::object();
    out.set("value", from_json(pairpower::read_plan_field(id, text, page ? pairpower::FieldReader::page : pairpower::FieldReader::cli)));
    return out;
  });
}

// (kind: "p" | "sig" | "signed" | "se", values) → the core's strings, so a test can hold
// the page's formatter (web/src/ui/format.ts) to the core's rules value by value.
val format_numbers(const std::string& kind, const val& values) {
  return guarded([&] {
    val out = val::array();
    for (unsigned i = 0; i < values["length"].as<unsigned>(); ++i) {
      const double x = values[i].as<double>();
      if (kind == "p") out.call<void>("push", pairpower::format_p(x));
      else if (kind == "sig") out.call<void>("push", pairpower::format_sig(x));
      else if (kind == "signed") out.call<void>("push", pairpower::format_signed(x));
      else if (kind == "se") out.call<void>("push", pairpower::format_se(x));
      else throw std::invalid_argument("kind: p, sig, signed or se");
    }
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_plan) {
  emscripten::function("formatNumbers", &format_numbers);
  emscripten::function("analyticPower", &analytic_power);
  emscripten::function("analyticGrid", &analytic_grid);
  emscripten::function("minSampleSize", &min_sample_size);
  emscripten::function("minDetectableEffect", &min_detectable_effect);
  emscripten::function("sensitivity", &sensitivity);
  emscripten::function("binaryPower", &binary_power);
  emscripten::function("binarySampleSize", &binary_sample_size);
  emscripten::function("registry", &registry);
  emscripten::function("readPlanField", &read_plan_field);
}
