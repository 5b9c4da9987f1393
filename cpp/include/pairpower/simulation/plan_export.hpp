#pragma once
// A finished Plan run as the files people keep: JSON (settings, run facts, one
// row per cell), CSV and a Markdown table — each written here once, for the
// CLI's `simulate --format json|csv|md` and the page's export buttons alike.
// Every row carries the cell's analytic power and, where the paper prints one,
// its printed value (paper.hpp).
//
// Example:
//   auto r = pairpower::run_grid(spec.grid, {});
//   std::puts(pairpower::simulation_csv(spec, r.cells).c_str());
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/base/warnings.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {

/// How a run went, for its JSON.
struct RunInfo {
  std::string engine;  ///< "native, 8 threads", "WebAssembly SIMD, …"
  unsigned threads = 1;
  double elapsed_s = 0;
  bool cancelled = false;
};

/// The finished run as JSON: settings (the spec), run facts, and one row per
/// cell with its analytic power. Cells are ordered as the spec lists models,
/// N, δ, ρ and tests (as in the CSV and Markdown). `input_warnings` (the CLI's, about a pilot's files)
/// come first in its `warnings`, before the plan's own.
nlohmann::ordered_json simulation_json(const PlanSpec& spec, std::vector<CellResult> cells, const RunInfo& run,
                                       const std::vector<Warning>& input_warnings = {});

/// model,n,delta,rho,test,reps,rejections,power,mc_se,power_bound,analytic_power,paper — numbers as JSON writes them.
std::string simulation_csv(const PlanSpec& spec, std::vector<CellResult> cells);

/// The score settings a grid's models read, for a headline: ", mean 0.65, SD 0.12" where a model draws
/// normal or Beta scores; the binary model reads the mean alone (A's success rate), the pilot model
/// neither (it resamples the pilot's differences), so a grid of only those names what it uses.
std::string marginal_words(const GridSpec& g);

/// Under a table whose cells show a bound (format_mc_bound) in place of an SE of 0: what the bound means, one
/// sentence for the CLI's tables and the Markdown export alike; empty when no cell has one.
std::string mc_bound_note(const std::vector<CellResult>& cells);

/// A cell's bound with its confidence, for a table without that note (the page's): "≥0.9985 (95%)"; empty without one.
std::string mc_bound_label(const PowerEstimate& e);

/// A headline with the settings and a table with power, MC SE, analytic and paper to three decimals.
std::string simulation_markdown(const PlanSpec& spec, std::vector<CellResult> cells);

}  // namespace pairpower
