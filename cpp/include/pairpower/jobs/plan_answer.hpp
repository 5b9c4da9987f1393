#pragma once
// The Plan's answer from the closed forms, the one the CLI's grid table and the page print:
// for the grid's first model, the smallest N for each (δ, ρ) and the effect each (N, ρ)
// detects, for the tests its closed form covers.
//
// Example:
//   auto a = pairpower::plan_answer(pairpower::preset("quick").spec);
//   for (const auto& r : a.min_n) … r.n[0] (the first of a.tests) …
#include <cstddef>
#include <optional>
#include <vector>

#include "pairpower/registry/registry.hpp"

namespace pairpower {

struct PlanAnswer {
  ScoreModel model = ScoreModel::normal;  ///< the grid's first model
  ModelAnalytic offered = ModelAnalytic::none;  ///< its closed form; none: read the Monte Carlo rows
  bool exact = false;                      ///< exact (the unclipped normal), else normal theory of the model's σ_d
  std::vector<PairedTest> tests;           ///< the tests answered, in the registry's order
  /// The model does not read ρ (model_reads_rho): its answer holds for any ρ, so the rows are
  /// those of the grid's first ρ only.
  bool any_rho = false;
  struct MinN {
    double delta, rho, sd_diff;
    std::vector<std::optional<std::size_t>> n;  ///< n[i] for tests[i]; none: beyond solver_n_max or unreachable
  };
  struct Mde {
    std::size_t n;
    double rho, sd_diff;                     ///< σ_d at δ = 0
    std::vector<std::optional<double>> delta;  ///< delta[i] for tests[i]
  };
  std::vector<MinN> min_n;
  std::vector<Mde> mde;
};

/// The tests a model's closed form answers for a question: the solvable tests its
/// ModelAnalytic covers, and for equivalence (TOST) the paired t only.
std::vector<PairedTest> answered_tests(ScoreModel m, Question q);

/// The rows above: δ = 0 skipped where the question asks no N there (asks_no_n), cells whose
/// model has no σ_d skipped, the MDE at each ρ's σ_d of δ = 0, one ρ for a model that ignores it.
PlanAnswer plan_answer(const PlanSpec& spec);

}  // namespace pairpower
