#pragma once
// What a Plan run concludes once its simulation stops: the paper's printed value
// beside each cell it prints (when the paper answers the spec's question), the
// Monte Carlo answer — the smallest N of the grid reaching the target power —
// for every model, test, δ and ρ of a complete run (one ρ, the grid's first, for a
// model that ignores ρ), and what qualifies the
// answers. One call, so that the page asks the core once and these rules are
// not restated beside it.
//
// Example:
//   auto done = pairpower::finish_run(spec, cells, {}, true);
//   for (const auto& a : done.answers) … a.n …
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pairpower/base/warnings.hpp"
#include "pairpower/registry/paper.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/grid_answer.hpp"
#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower {

/// A printed value of the paper beside one of the run's cells, with check_printed's flags.
struct PrintedBeside {
  double printed;
  std::string section;
  PaperCheck check;
};

struct FinishedRun {
  std::vector<std::optional<PrintedBeside>> checks;  ///< per cell given; none where the paper prints nothing or does not apply
  std::vector<GridAnswer> answers;                   ///< empty for an incomplete run, whose smallest N could be wrong
  std::vector<Warning> warnings;                     ///< plan_warnings (of the cells of a complete run; of the spec alone otherwise)
  std::uint64_t pairs = 0;                           ///< simulated for the cells given (simulated_pairs)
};

/// `analytic`: the closed form's power at each cell (none: not offered), beside the printed value;
/// empty, or one per cell. Throws std::invalid_argument when its length is neither.
FinishedRun finish_run(const PlanSpec& spec, const std::vector<CellResult>& cells, const std::vector<std::optional<double>>& analytic, bool complete);

}  // namespace pairpower
