#pragma once
// Paired t-test on per-query differences d_i = b_i − a_i (Student 1908).
// Numerically it matches scipy.stats.ttest_rel(b, a) (tests: 1e-9 relative).
//
// Example:
//   std::vector<double> d = {0.01, -0.02, 0.03, 0.015};
//   auto r = pairpower::paired_t_test(d);       // r.p_value, r.ci_low, …
#include <cstddef>
#include <span>

#include "pairpower/stats/alternative.hpp"

namespace pairpower {

struct PairedTResult {
  std::size_t n;
  double mean_diff;  ///< mean of d
  double sd_diff;    ///< SD of d (n − 1 denominator)
  double se;         ///< sd_diff / √n
  double t;          ///< mean_diff / se; ±inf if sd_diff = 0 ≠ mean, NaN if both 0
  double df;         ///< n − 1
  double p_value;    ///< against the alternative asked for (two-sided by default); 1 when t is NaN
  double confidence; ///< level of the interval below
  double ci_low;     ///< mean_diff − t_{df,(1+conf)/2} · se
  double ci_high;
  double dz;         ///< standardised effect d_z = mean_diff / sd_diff (Cohen 1988)
};

/// Throws std::invalid_argument if fewer than 2 differences or a value is not finite.
PairedTResult paired_t_test(std::span<const double> d, double confidence = 0.95, Alternative alt = Alternative::two_sided);

/// Mean and SD of d in a fixed summation order; shared by the data test and
/// the simulation so that both compute bit-identical t statistics.
struct MeanSd {
  double mean;
  double sd;
};
MeanSd mean_sd(const double* d, std::size_t n) noexcept;

/// t = mean / (sd / √n) from mean_sd, as scipy computes it.
double t_statistic(const double* d, std::size_t n) noexcept;

/// Two-sided p-value 2·P(T_df ≤ −|t|); 1 for NaN t.
double t_two_sided_p(double t, double df);

/// p for an alternative: two-sided as above, "greater" P(T_df ≥ t), "less" P(T_df ≤ t)
/// (scipy.stats.ttest_rel(b, a, alternative=…)); 1 for NaN t.
double t_p(double t, double df, Alternative alt);

/// The upper-tail quantile t with P(T_df ≥ t) = tail (0 < tail < 1).
double t_quantile_upper(double tail, double df);

}  // namespace pairpower
