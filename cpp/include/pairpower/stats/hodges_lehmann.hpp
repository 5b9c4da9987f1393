#pragma once
// Hodges–Lehmann estimate of the location of paired differences: the median of
// the n(n+1)/2 Walsh averages (d_i + d_j)/2, i ≤ j, with Tukey's distribution-free
// confidence interval [W_(k), W_(M+1−k)] (Hollander & Wolfe, Nonparametric
// Statistical Methods, §3.2), k from the signed-rank null distribution: the exact
// one for n ≤ 50 (as R's wilcox.test), the normal approximation above.
// Order statistics are selected without listing the Walsh averages (O(n log n)
// per selection), so n = 100 000 is fine.
//
// Example:
//   auto hl = pairpower::hodges_lehmann(d, 0.95);   // hl.estimate, hl.ci_low, hl.ci_high
#include <span>

namespace pairpower {

struct HodgesLehmann {
  double estimate;
  double ci_low;
  double ci_high;
  double confidence;  ///< the level asked for
  double achieved;    ///< the interval's actual coverage (discrete for small n)
};

/// Throws std::invalid_argument when d is empty or not finite, or the level is outside (0, 1).
HodgesLehmann hodges_lehmann(std::span<const double> d, double confidence = 0.95);

}  // namespace pairpower
