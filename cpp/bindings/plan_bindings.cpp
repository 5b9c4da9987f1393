// Embind boundary of everything the Plan asks besides simulation: analytic
// power, the solvers, the run's plan of work, its cells, the paper's checks and
// its exports. Linked into the full engine and, alone, into the small Plan
// build (pairpower-plan.wasm, ~1/3 of the full one): a shared link's first
// answers need only this, and a smaller module starts sooner.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pairpower/analytic_answers.hpp"
#include "pairpower/analytic_power.hpp"
#include "pairpower/beta_quantile_table.hpp"
#include "pairpower/errors.hpp"
#include "pairpower/field_text.hpp"
#include "pairpower/formatting.hpp"
#include "pairpower/grid_answer.hpp"
#include "pairpower/monte_carlo.hpp"
#include "pairpower/paper.hpp"
#include "pairpower/plan_export.hpp"
#include "pairpower/plan_work.hpp"
#include "pairpower/registry.hpp"
#include "pairpower/score_model.hpp"
#include "pairpower/sensitivity.hpp"
#include "bindings_support.hpp"
#include "plan_bindings.hpp"

using emscripten::val;

namespace pairpower::bindings {

pairpower::GroupSpec group_from(const val& s) {
  pairpower::GroupSpec g;
  const auto model = pairpower::score_model_from_string(s["model"].isString() ? s["model"].as<std::string>() : "");
  if (!model) throw std::invalid_argument("model: not a model of the registry");
  g.model = *model;
  g.n = size(s, "n");
  g.rho = number(s, "rho");
  g.marginal = {number(s, "mean"), number(s, "sd")};
  g.deltas = numbers(s, "deltas");
  g.alpha = number(s, "alpha");
  g.seed = count(s, "seed");
  // The models' own parameters (group_json writes them all; the model reads its own).
  if (!s["tau"].isUndefined()) g.params.tau = number(s, "tau");
  if (!s["df"].isUndefined()) g.params.df = number(s, "df");
  if (!s["zero_share"].isUndefined()) g.params.zero_share = number(s, "zero_share");
  if (!s["levels"].isUndefined()) g.params.levels = static_cast<unsigned>(std::min<std::uint64_t>(count(s, "levels"), 1u << 20));
  if (!s["alternative"].isUndefined()) {
    const auto alt = pairpower::alternative_from_string(s["alternative"].isString() ? s["alternative"].as<std::string>() : "");
    if (!alt) throw std::invalid_argument("alternative: must be two-sided, greater or less");
    g.alternative = *alt;
  }
  if (!s["pilot"].isUndefined()) g.params.pilot = std::make_shared<const std::vector<double>>(numbers(s, "pilot"));
  // {question, margin}: written by group_json only for equivalence and non-inferiority.
  if (s["question"].isString()) {
    const auto q = pairpower::question_from_string(s["question"].as<std::string>());
    if (!q) throw std::invalid_argument("question: not a question of the registry");
    if (*q != pairpower::Question::difference) g.question = {*q, number(s, "margin")};
  }
  g.tests.clear();
  const val tests = s["tests"];
  if (!tests.isArray()) throw std::invalid_argument("tests: must be a list");
  for (unsigned i = 0; i < tests["length"].as<unsigned>(); ++i) {
    const auto t = pairpower::paired_test_from_string(tests[i].isString() ? tests[i].as<std::string>() : "");
    if (!t) throw std::invalid_argument("tests: each must be a test of the registry");
    g.tests.push_back(*t);
  }
  return g;
}

}  // namespace pairpower::bindings

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

// The scenario from the query: {sdDiff} as measured, or {sd, rho}; and alpha.
pairpower::AnalyticScenario scenario_of(const val& q) {
  const double alpha = number(q, "alpha");
  auto s = !q["sdDiff"].isUndefined() ? pairpower::AnalyticScenario::from_sd_diff(number(q, "sdDiff"), alpha)
                                       : pairpower::AnalyticScenario::from_scores(number(q, "sd"), number(q, "rho"), alpha);
  ask(s, q);
  return s;
}

// {comparisons, correction} optional: a family of K independent comparisons (family_power.hpp).
std::optional<pairpower::Family> family_of(const val& q) {
  if (q["comparisons"].isUndefined()) return std::nullopt;
  pairpower::Family f;
  f.comparisons = size(q, "comparisons");
  if (f.comparisons < 1 || f.comparisons > 1000) throw pairpower::Error("comparisons", pairpower::ErrorKind::invalid_value, "must be a whole number from 1 to 1000");
  const std::string c = q["correction"].isString() ? q["correction"].as<std::string>() : "";
  const auto correction = pairpower::correction_from_string(c);
  if (!correction) throw pairpower::Error("correction", pairpower::ErrorKind::invalid_value, "must be none, bonferroni, holm or bh", c);
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
      const bool any = q["familyTarget"].isString() && q["familyTarget"].as<std::string>() == "any";
      return from_json(pairpower::family_sample_size_answers(number(q, "delta"), number(q, "power"), scenario_of(q), *f,
                                                             any ? pairpower::FamilyTarget::any : pairpower::FamilyTarget::all));
    }
    return from_json(pairpower::sample_size_answers(number(q, "delta"), number(q, "power"), scenario_of(q)));
  });
}
// {n, sdDiff | sd + rho, alpha, power} → {<solvable test id>: {delta, power} …, inputs}
val min_detectable_effect(const val& q) {
  return guarded([&] { return from_json(pairpower::effect_answers(size(q, "n"), number(q, "power"), scenario_of(q))); });
}

// {n, power, sdDiff | sd + rho, alpha, alternative?, question?, margin?} → sensitivity_answers (sensitivity.hpp).
val sensitivity(const val& q) {
  return guarded([&] { return from_json(pairpower::sensitivity_answers(size(q, "n"), number(q, "power"), scenario_of(q))); });
}

nlohmann::json to_core(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument("spec: not JSON");
  }
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
// form. Per cell, analyticPower spent most of its time building and converting JSON (profiled).
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

nlohmann::ordered_json group_json(const pairpower::GroupSpec& g) {
  nlohmann::ordered_json j{{"model", pairpower::to_string(g.model)}, {"n", g.n}, {"rho", g.rho}, {"mean", g.marginal.mean}, {"sd", g.marginal.sd},
                           {"deltas", g.deltas}, {"alpha", g.alpha}, {"seed", g.seed},
                           {"tau", g.params.tau}, {"df", g.params.df}, {"zero_share", g.params.zero_share}, {"levels", g.params.levels}, {"alternative", pairpower::to_string(g.alternative)}};
  if (g.params.pilot) j["pilot"] = *g.params.pilot;
  if (g.question.kind != pairpower::Question::difference) j["question"] = pairpower::to_string(g.question.kind), j["margin"] = g.question.margin;
  auto& tests = j["tests"] = nlohmann::ordered_json::array();
  for (auto t : g.tests) tests.push_back(pairpower::to_string(t));
  return j;
}

// spec (JSON text, as the registry's presets) → {groups, tabulated, units, pairs}: the work of a run.
val plan_work(const std::string& spec_text, double pairs_per_unit) {
  return guarded([&] {
    const auto spec = pairpower::plan_spec_from_json(to_core(spec_text));
    const auto groups = pairpower::grid_groups(spec.grid);
    nlohmann::ordered_json j;
    auto& gs = j["groups"] = nlohmann::ordered_json::array();
    for (const auto& g : groups) gs.push_back(group_json(g));
    // Per group, whether its simulation uses Beta tables (betaTables builds them once for every worker).
    auto& tabulated = j["tabulated"] = nlohmann::ordered_json::array();
    for (const auto& g : groups) tabulated.push_back(!pairpower::group_beta_shapes(g).empty());
    auto& us = j["units"] = nlohmann::ordered_json::array();
    for (const auto& u : pairpower::plan_units(groups, spec.grid.reps, static_cast<std::uint64_t>(pairs_per_unit)))
      us.push_back({{"group", u.group}, {"repBegin", u.rep_begin}, {"repEnd", u.rep_end}, {"pairs", u.pairs}});
    j["pairs"] = pairpower::grid_pairs(spec.grid);
    return from_json(j);
  });
}

// A cell as the page reads it (CellResult in pairpower-module.d.ts). Built as JS
// values, not through JSON text: these two bindings run while the simulation
// does, and JSON's serializer, parser and strtod, run often enough there, were
// compiled by V8's optimising tier on the same 2 cores (~70 ms, traced).
val cell_val(const pairpower::CellResult& c) {
  val out = val::object();
  out.set("model", std::string(pairpower::to_string(c.model)));
  out.set("n", static_cast<double>(c.n));
  out.set("delta", c.delta);
  out.set("rho", c.rho);
  out.set("test", std::string(pairpower::to_string(c.test)));
  out.set("reps", static_cast<double>(c.estimate.reps));
  out.set("rejections", static_cast<double>(c.rejections));
  out.set("power", c.estimate.power);
  out.set("mcSe", c.estimate.mc_se);
  return out;
}

// group, summed counts, reps → the group's cells with power and Monte Carlo SE.
val group_cells(const val& group, const val& counts, double reps) {
  return guarded([&] {
    const auto g = group_from(group);
    std::vector<std::uint64_t> c;
    if (!counts.isArray()) throw std::invalid_argument("counts: must be a list of numbers");
    for (unsigned i = 0; i < counts["length"].as<unsigned>(); ++i) c.push_back(static_cast<std::uint64_t>(counts[i].as<double>()));
    val out = val::array();
    for (const auto& cell : pairpower::group_cells(g, c, static_cast<std::uint64_t>(reps))) out.call<void>("push", cell_val(cell));
    return out;
  });
}

// groups → [{a, b, coefficients: Float64Array}]: the Beta quantile tables that
// a run's Beta-copula groups simulate with, built here once (and kept) so that
// each simulating worker adopts them (adoptBetaTables) instead of building them:
// ~7 ms of Boost's inverse incomplete beta a table and worker in wasm (Node).
val beta_tables(const val& groups) {
  return guarded([&] {
    if (!groups.isArray()) throw std::invalid_argument("groups: must be a list of groups");
    std::vector<pairpower::BetaShape> shapes;
    for (unsigned i = 0; i < groups["length"].as<unsigned>(); ++i) {
      for (const auto& s : pairpower::group_beta_shapes(group_from(groups[i])))
        if (std::none_of(shapes.begin(), shapes.end(), [&](const auto& t) { return t.a == s.a && t.b == s.b; })) shapes.push_back(s);
    }
    val out = val::array();
    for (const auto& s : shapes) {
      const auto table = pairpower::tabulated_beta(s);
      const auto& c = table->coefficients();
      val t = val::object();
      t.set("a", s.a);
      t.set("b", s.b);
      t.set("coefficients", val::global("Float64Array").new_(emscripten::typed_memory_view(c.size(), c.data())));
      out.call<void>("push", t);
    }
    return out;
  });
}

// A cell from the page (CellResult in pairpower-module.d.ts), checked field by field.
pairpower::CellResult cell_from(const val& c) {
  const auto model = pairpower::score_model_from_string(c["model"].isString() ? c["model"].as<std::string>() : "");
  const auto test = pairpower::paired_test_from_string(c["test"].isString() ? c["test"].as<std::string>() : "");
  if (!model || !test) throw std::invalid_argument("cells: unknown model or test");
  const std::uint64_t rejections = count(c, "rejections"), reps = count(c, "reps");
  return {*model, size(c, "n"), number(c, "delta"), number(c, "rho"), *test, rejections, pairpower::make_estimate(rejections, reps)};
}

// [cell & {analytic?}, …] → per cell {printed, section, offOurs, offAnalytic} or null.
val paper_checks(const val& cells) {
  return guarded([&] {
    if (!cells.isArray()) throw std::invalid_argument("cells: must be a list");
    val out = val::array();
    for (unsigned i = 0; i < cells["length"].as<unsigned>(); ++i) {
      const val item = cells[i];
      const auto c = cell_from(item);
      const auto* v = pairpower::find_printed(c.model, c.test, c.n, c.delta, c.rho);
      if (!v) {
        out.call<void>("push", val::null());
        continue;
      }
      std::optional<double> analytic;
      if (item["analytic"].isNumber()) analytic = item["analytic"].as<double>();
      const auto check = pairpower::check_printed(v->power, c.rejections, c.estimate.reps, analytic);
      val flag = val::object();
      flag.set("printed", v->power);
      flag.set("section", std::string(v->section));
      flag.set("offOurs", check.off_ours);
      flag.set("offAnalytic", check.off_analytic);
      out.call<void>("push", flag);
    }
    return out;
  });
}

// cells, target power, difference? → per (model, test, δ, ρ) {model, test, delta, rho, n (null: none of the grid),
// power, mcSe}: the Monte Carlo answer of the run for every model it simulated (grid_answer.hpp).
val grid_answers(const val& cells, double target, bool difference) {
  return guarded([&] {
    if (!cells.isArray()) throw std::invalid_argument("cells: must be a list");
    std::vector<pairpower::CellResult> in;
    for (unsigned i = 0; i < cells["length"].as<unsigned>(); ++i) in.push_back(cell_from(cells[i]));
    val out = val::array();
    for (const auto& a : pairpower::grid_answers(in, target, difference)) {
      val x = val::object();
      x.set("model", std::string(pairpower::to_string(a.model)));
      x.set("test", std::string(pairpower::to_string(a.test)));
      x.set("delta", a.delta);
      x.set("rho", a.rho);
      x.set("n", a.n ? val(static_cast<double>(*a.n)) : val::null());
      x.set("power", a.estimate.power);
      x.set("mcSe", a.estimate.mc_se);
      out.call<void>("push", x);
    }
    return out;
  });
}

// spec, cells, {engine, threads, elapsedS, cancelled}, format → the run's export in
// the CLI's shapes (plan_export.hpp): "json", "csv" or "md".
val simulation_export(const std::string& spec_text, const val& cells_in, const std::string& run_text, const std::string& format) {
  return guarded([&] {
    const auto spec = pairpower::plan_spec_from_json(to_core(spec_text));
    if (!cells_in.isArray()) throw std::invalid_argument("cells: must be a list");
    std::vector<pairpower::CellResult> cells;
    for (unsigned i = 0; i < cells_in["length"].as<unsigned>(); ++i) cells.push_back(cell_from(cells_in[i]));
    const auto run = to_core(run_text);
    const pairpower::RunInfo info{run.value("engine", std::string()), run.value("threads", 1u), run.value("elapsedS", 0.0), run.value("cancelled", false)};
    val out = val::object();
    if (format == "json") out.set("text", pairpower::simulation_json(spec, cells, info).dump(1) + "\n");
    else if (format == "csv") out.set("text", pairpower::simulation_csv(spec, cells));
    else if (format == "md") out.set("text", pairpower::simulation_markdown(spec, cells));
    else throw std::invalid_argument("format: json, csv or md");
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
  emscripten::function("registry", &registry);
  emscripten::function("readPlanField", &read_plan_field);
  emscripten::function("planWork", &plan_work);
  emscripten::function("groupCells", &group_cells);
  emscripten::function("betaTables", &beta_tables);
  emscripten::function("paperChecks", &paper_checks);
  emscripten::function("gridAnswers", &grid_answers);
  emscripten::function("simulationExport", &simulation_export);
}
