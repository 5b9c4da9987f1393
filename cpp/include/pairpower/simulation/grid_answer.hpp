#pragma once
// The Monte Carlo answer of a simulated grid, read off its cells: for every
// model, test, δ and ρ, the smallest N of the grid whose Monte Carlo power
// reaches the target. It answers for every model simulated, including those
// without a closed form (the analytic solvers answer for one model).
//
// Example:
//   auto answers = pairpower::grid_answers(cells, 0.8, true);
//   answers[0].n;   // 500, or nullopt when no N of the grid reaches 0.8
#include <cstddef>
#include <optional>
#include <vector>

#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower {

struct GridAnswer {
  ScoreModel model;
  PairedTest test;
  double delta, rho;
  /// The smallest N of the grid whose Monte Carlo power is at least the target; none when no N reaches it.
  std::optional<std::size_t> n;
  /// The Monte Carlo power and its SE at that N (at the grid's largest N when none reaches the target).
  PowerEstimate estimate;
};

/// One answer per (model, test, δ, ρ) of the cells, in their order of first appearance.
/// `difference`: the question is "is there a difference", whose power at δ = 0 is the
/// type I error, not an answer: those δ are left out. Throws Error ("power") for a target outside (0, 1).
std::vector<GridAnswer> grid_answers(const std::vector<CellResult>& cells, double target, bool difference);

/// The ρ at which a model's answers are given (the closed forms' and the Monte Carlo run's): every ρ of
/// the grid, or the first alone for a model that ignores ρ (model_reads_rho), whose answers at every ρ are one.
std::vector<double> rhos_answered(const GridSpec& g, ScoreModel m);

}  // namespace pairpower
