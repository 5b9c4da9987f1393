#pragma once
// Correlation between two systems' per-query scores.
//
// Example:
//   double r = pairpower::pearson(a, b);   // NaN-free: 0 when a or b is constant
#include <span>

namespace pairpower {

/// Pearson's r; 0 when either series is constant (no linear association to speak of).
double pearson(std::span<const double> a, std::span<const double> b);

/// Spearman's ρ: Pearson's r of average ranks (as scipy.stats.spearmanr); 0 when constant.
double spearman(std::span<const double> a, std::span<const double> b);

}  // namespace pairpower
