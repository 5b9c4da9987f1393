// Embind boundary of a Plan run besides its simulation: the run's plan of work,
// its groups and cells, the Beta tables its workers adopt, the paper's checks,
// the Monte Carlo answers, the warnings that qualify them and the exports.
// Linked, with plan_bindings.cpp, into the full engine and the small Plan build.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pairpower/base/formatting.hpp"
#include "pairpower/simulation/detail/beta_quantile_table.hpp"
#include "pairpower/jobs/finish_run.hpp"
#include "pairpower/jobs/plan_answer.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/simulation/plan_export.hpp"
#include "pairpower/simulation/plan_work.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/score_model.hpp"
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
  if (!s["rhos"].isUndefined()) g.rhos = numbers(s, "rhos");
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

nlohmann::ordered_json group_json(const pairpower::GroupSpec& g) {
  nlohmann::ordered_json j{{"model", pairpower::to_string(g.model)}, {"n", g.n}, {"rho", g.rho}, {"mean", g.marginal.mean}, {"sd", g.marginal.sd},
                           {"deltas", g.deltas}, {"alpha", g.alpha}, {"seed", g.seed},
                           {"tau", g.params.tau}, {"df", g.params.df}, {"zero_share", g.params.zero_share}, {"levels", g.params.levels}, {"alternative", pairpower::to_string(g.alternative)}};
  if (g.params.pilot) j["pilot"] = *g.params.pilot;
  if (!g.rhos.empty()) j["rhos"] = g.rhos;
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
    std::uint64_t cells = 0;  // 64-bit: size_t is 32 bits in wasm32
    for (const auto& g : groups) cells += static_cast<std::uint64_t>(pairpower::cell_rhos(g).size()) * g.deltas.size();
    j["cells"] = cells;
    return from_json(j);
  });
}

// Where every replicate rejected or none did: the bound that replaces an SE of 0, and its words.
void set_bound(val& x, const pairpower::PowerEstimate& e) {
  if (std::isnan(e.bound)) return;
  x.set("bound", e.bound);
  x.set("boundText", pairpower::mc_bound_label(e));
}

// A cell as the page reads it (CellResult in cpp/schema/plan.json). Built as JS
// values, not through JSON text: these bindings run while the simulation does, and
// JSON's serializer and parser, run often there, would draw V8's optimising tier
// onto the cores the simulation uses.
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
  set_bound(out, c.estimate);
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

// A cell from the page (CellResult in cpp/schema/plan.json), checked field by field.
pairpower::CellResult cell_from(const val& c) {
  const auto model = pairpower::score_model_from_string(c["model"].isString() ? c["model"].as<std::string>() : "");
  const auto test = pairpower::paired_test_from_string(c["test"].isString() ? c["test"].as<std::string>() : "");
  if (!model || !test) throw std::invalid_argument("cells: unknown model or test");
  const std::uint64_t rejections = count(c, "rejections"), reps = count(c, "reps");
  return {*model, size(c, "n"), number(c, "delta"), number(c, "rho"), *test, rejections, pairpower::make_estimate(rejections, reps)};
}

// spec (JSON text), cells & {analytic?}, complete? → {checks: per cell {printed, section, offOurs, offAnalytic}
// or null, answers: [{model, test, delta, rho, n (null: none of the grid), power, mcSe}], warnings: [{code, message}]}:
// what the run concludes (jobs/finish_run.hpp; answers at the grid's first ρ only for a model that ignores ρ).
// Cells none and complete false: the spec's own warnings.
val finish_run(const std::string& spec_text, const val& cells_in, bool complete) {
  return guarded([&] {
    const auto spec = pairpower::plan_spec_from_json(to_core(spec_text));
    if (!cells_in.isArray()) throw std::invalid_argument("cells: must be a list");
    std::vector<pairpower::CellResult> cells;
    std::vector<std::optional<double>> analytic;
    for (unsigned i = 0; i < cells_in["length"].as<unsigned>(); ++i) {
      const val item = cells_in[i];
      cells.push_back(cell_from(item));
      analytic.push_back(item["analytic"].isNumber() ? std::optional<double>(item["analytic"].as<double>()) : std::nullopt);
    }
    const auto done = pairpower::finish_run(spec, cells, analytic, complete);
    val checks = val::array();
    for (const auto& c : done.checks) {
      if (!c) {
        checks.call<void>("push", val::null());
        continue;
      }
      val flag = val::object();
      flag.set("printed", c->printed);
      flag.set("section", c->section);
      flag.set("offOurs", c->check.off_ours);
      flag.set("offAnalytic", c->check.off_analytic);
      checks.call<void>("push", flag);
    }
    val answers = val::array();
    for (const auto& a : done.answers) {
      val x = val::object();
      x.set("model", std::string(pairpower::to_string(a.model)));
      x.set("test", std::string(pairpower::to_string(a.test)));
      x.set("delta", a.delta);
      x.set("rho", a.rho);
      x.set("n", a.n ? val(static_cast<double>(*a.n)) : val::null());
      x.set("power", a.estimate.power);
      x.set("mcSe", a.estimate.mc_se);
      set_bound(x, a.estimate);
      answers.call<void>("push", x);
    }
    val out = val::object();
    out.set("checks", checks);
    out.set("answers", answers);
    out.set("warnings", warnings_js(done.warnings));
    out.set("pairs", static_cast<double>(done.pairs));
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

// spec (JSON text) → the Plan's answer (plan_answer.hpp): {model, offered: [test id], exact, anyRho,
// minRows: [{delta, rho, sdDiff, byTest: {<solvable test id>: n | null}}], mdeRows: [{n, rho, sdDiff, byTest: {…: δ | null}}]};
// a solvable test the answer does not cover is null in byTest, as one out of reach is.
val plan_answer(const std::string& spec_text) {
  return guarded([&] {
    const auto a = pairpower::plan_answer(pairpower::plan_spec_from_json(to_core(spec_text)));
    const auto by_test = [&](const auto& values) {
      val o = val::object();
      for (const auto& t : pairpower::paired_tests()) {
        if (!t.solvable) continue;
        o.set(t.id, val::null());
        for (std::size_t i = 0; i < a.tests.size(); ++i)
          if (a.tests[i] == t.test && values[i]) o.set(t.id, static_cast<double>(*values[i]));
      }
      return o;
    };
    val out = val::object();
    out.set("model", std::string(pairpower::to_string(a.model)));
    val offered = val::array();
    for (const auto t : a.tests) offered.call<void>("push", std::string(pairpower::to_string(t)));
    out.set("offered", offered);
    out.set("exact", a.exact);
    out.set("anyRho", a.any_rho);
    val min_rows = val::array(), mde_rows = val::array();
    for (const auto& r : a.min_n) {
      val row = val::object();
      row.set("delta", r.delta);
      row.set("rho", r.rho);
      row.set("sdDiff", r.sd_diff);
      row.set("byTest", by_test(r.n));
      min_rows.call<void>("push", row);
    }
    for (const auto& r : a.mde) {
      val row = val::object();
      row.set("n", static_cast<double>(r.n));
      row.set("rho", r.rho);
      row.set("sdDiff", r.sd_diff);
      row.set("byTest", by_test(r.delta));
      mde_rows.call<void>("push", row);
    }
    out.set("minRows", min_rows);
    out.set("mdeRows", mde_rows);
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_plan_run) {
  emscripten::function("planWork", &plan_work);
  emscripten::function("groupCells", &group_cells);
  emscripten::function("betaTables", &beta_tables);
  emscripten::function("finishRun", &finish_run);
  emscripten::function("planAnswer", &plan_answer);
  emscripten::function("simulationExport", &simulation_export);
}
