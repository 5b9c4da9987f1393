#pragma once
// Adjusted p-values across several comparisons (datasets, metrics), as
// statsmodels.stats.multitest.multipletests computes them.
//
// Example:
//   auto holm = pairpower::adjust_p(p, pairpower::Adjustment::holm);
#include <span>
#include <vector>

namespace pairpower {

enum class Adjustment {
  bonferroni,          ///< min(1, m·p)
  holm,                ///< Holm (1979) step-down
  benjamini_hochberg,  ///< Benjamini & Hochberg (1995) step-up (FDR)
};

/// Adjusted p-values in the input order; throws std::invalid_argument for p outside [0, 1].
std::vector<double> adjust_p(std::span<const double> p, Adjustment method);

}  // namespace pairpower
