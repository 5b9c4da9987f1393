#include "pairpower/simulation/plan_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/paper.hpp"
#include "pairpower/simulation/plan_work.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/simulation/plan_warnings.hpp"

namespace pairpower {
namespace {

std::size_t index_in(const auto& list, const auto& x) {
  return static_cast<std::size_t>(std::find(list.begin(), list.end(), x) - list.begin());
}

// Cells in the order the spec lists models, N, δ, ρ and tests, whatever order they finished in.
std::vector<CellResult> in_spec_order(const GridSpec& g, std::vector<CellResult> cells) {
  const auto key = [&](const CellResult& c) {
    return std::tuple{index_in(g.models, c.model), index_in(g.n, c.n), index_in(g.delta, c.delta), index_in(g.rho, c.rho), index_in(g.tests, c.test)};
  };
  std::stable_sort(cells.begin(), cells.end(), [&](const CellResult& a, const CellResult& b) { return key(a) < key(b); });
  return cells;
}

// A number as JSON (and JavaScript) writes it: the shortest text that reads back the same.
std::string number(double x) { return nlohmann::json(x).dump(); }

std::string three(double x) {
  if (!std::isfinite(x)) return "—";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", x);
  return buf;
}

std::optional<double> printed(const GridSpec& g, const CellResult& c) {
  if (!paper_applies(g)) return std::nullopt;
  const PaperValue* v = find_printed(c.model, c.test, c.n, c.delta, c.rho);
  return v ? std::optional<double>(v->power) : std::nullopt;
}

}  // namespace

nlohmann::ordered_json simulation_json(const PlanSpec& spec, std::vector<CellResult> cells, const RunInfo& run, const std::vector<Warning>& input_warnings) {
  const GridSpec& g = spec.grid;
  cells = in_spec_order(g, std::move(cells));
  nlohmann::ordered_json j;
  j["settings"] = to_json(spec);
  j["seed"] = g.seed;
  j["alpha"] = g.alpha;
  j["reps"] = g.reps;
  j["mean"] = g.marginal.mean;
  j["sd"] = g.marginal.sd;
  j["engine"] = run.engine;
  j["threads"] = run.threads;
  j["elapsed_s"] = run.elapsed_s;
  j["pairs"] = simulated_pairs(g, cells);
  j["cancelled"] = run.cancelled;
  auto& results = j["results"] = nlohmann::ordered_json::array();
  for (const CellResult& c : cells) {
    const double a = analytic_for_cell(g, c);
    results.push_back({{"model", to_string(c.model)},
                       {"n", c.n},
                       {"delta", c.delta},
                       {"rho", c.rho},
                       {"test", to_string(c.test)},
                       {"reps", c.estimate.reps},
                       {"rejections", c.rejections},
                       {"power", c.estimate.power},
                       {"mc_se", c.estimate.mc_se},
                       {"power_bound", std::isnan(c.estimate.bound) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.estimate.bound)},
                       {"analytic_power", std::isfinite(a) ? nlohmann::ordered_json(a) : nlohmann::ordered_json(nullptr)}});
  }
  // A cancelled run lacks cells: its smallest N of the grid could be wrong, so only the closed form is judged.
  auto& warnings = j["warnings"] = described::json_of(input_warnings);
  for (const auto& w : plan_warnings(spec, run.cancelled ? std::vector<CellResult>{} : cells)) warnings.push_back({{"code", w.code}, {"message", w.message}});
  return j;
}

std::string simulation_csv(const PlanSpec& spec, std::vector<CellResult> cells) {
  std::string out = "model,n,delta,rho,test,reps,rejections,power,mc_se,power_bound,analytic_power,paper\n";
  for (const CellResult& c : in_spec_order(spec.grid, std::move(cells))) {
    const double a = analytic_for_cell(spec.grid, c);
    const auto p = printed(spec.grid, c);
    out += std::string(to_string(c.model)) + ',' + std::to_string(c.n) + ',' + number(c.delta) + ',' + number(c.rho) + ',' +
           std::string(to_string(c.test)) + ',' + std::to_string(c.estimate.reps) + ',' + std::to_string(c.rejections) + ',' +
           number(c.estimate.power) + ',' + number(c.estimate.mc_se) + ',' + (std::isnan(c.estimate.bound) ? "" : number(c.estimate.bound)) + ',' +
           (std::isfinite(a) ? number(a) : "") + ',' + (p ? number(*p) : "") + '\n';
  }
  return out;
}

std::string marginal_words(const GridSpec& g) {
  bool mean = false, sd = false;
  for (const ScoreModel m : g.models) {
    mean = mean || model_reads_mean(m);
    sd = sd || model_reads_sd(m);
  }
  const bool only_binary = mean && !sd;
  return (mean ? (only_binary ? ", A's success rate " : ", mean ") + number(g.marginal.mean) : "") + (sd ? ", SD " + number(g.marginal.sd) : "") +
         (g.params.pilot && std::find(g.models.begin(), g.models.end(), ScoreModel::pilot) != g.models.end()
              ? ", a pilot of " + std::to_string(g.params.pilot->size()) + " differences"
              : "");
}

std::string mc_bound_note(const std::vector<CellResult>& cells) {
  const auto bounded = std::find_if(cells.begin(), cells.end(), [](const CellResult& c) { return !std::isnan(c.estimate.bound); });
  if (bounded == cells.end()) return "";
  return "≥ / ≤ mark a bound: every one of the " + std::to_string(bounded->estimate.reps) +
         " replicates rejected (or none did), so the SE is 0; the power is at least (at most) the bound shown, with " +
         format_csv(100 * mc_bound_confidence) + "% confidence (one-sided Clopper–Pearson).";
}

std::string mc_bound_label(const PowerEstimate& e) {
  if (std::isnan(e.bound)) return "";
  return format_mc_bound(e.power, e.bound) + " (" + format_csv(100 * mc_bound_confidence) + "%)";
}

std::string simulation_markdown(const PlanSpec& spec, std::vector<CellResult> cells) {
  const GridSpec& g = spec.grid;
  // What qualifies the table travels with it when pasted.
  const auto warnings = plan_warnings(spec, cells);
  std::string out = "Power by Monte Carlo (pairpower): " + std::to_string(g.reps) + " replicates per cell, seed " + std::to_string(g.seed) +
                    ", α = " + number(g.alpha) + marginal_words(g) + ".\n\n" +
                    "| model | N | δ | ρ | test | power | MC SE | analytic | paper |\n|---|---:|---:|---:|---|---:|---:|---:|---:|\n";
  cells = in_spec_order(g, std::move(cells));
  for (const CellResult& c : cells) {
    const auto p = printed(g, c);
    out += "| " + std::string(to_string(c.model)) + " | " + std::to_string(c.n) + " | " + number(c.delta) + " | " + number(c.rho) + " | " +
           std::string(to_string(c.test)) + " | " + three(c.estimate.power) + " | " +
           (std::isnan(c.estimate.bound) ? three(c.estimate.mc_se) : format_mc_bound(c.estimate.power, c.estimate.bound)) + " | " +
           three(analytic_for_cell(g, c)) + " | " + (p ? three(*p) : "") + " |\n";
  }
  if (const std::string note = mc_bound_note(cells); !note.empty()) out += "\n" + note + "\n";
  if (!warnings.empty()) out += "\n**Caveats**\n\n";
  for (const auto& w : warnings) out += "- ⚠ " + w.message + "\n";
  return out;
}

}  // namespace pairpower
