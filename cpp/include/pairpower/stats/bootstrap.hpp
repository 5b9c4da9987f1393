#pragma once
// Paired bootstrap confidence intervals for the mean difference: resample the
// queries (pairs) with replacement; percentile interval and BCa (Efron &
// Tibshirani 1993, §14.3, jackknife acceleration) as scipy.stats.bootstrap
// computes them, except for ties. Degenerate data (all differences equal) give
// the point interval [Δ, Δ] rather than NaN (the case scipy issue #14351 reports).
//
// Ties (lattice measures: P@10, success@k, RR, anything with few values). The
// bias correction z0 = Φ⁻¹(share of resample means below Δ) meets many
// resample means *equal* to Δ on such data. Here a resample is a tie when its
// sum lies within the worst-case rounding error of a sum of n terms,
// n²·ε·max|d|, of n·Δ; ties count half (mid-rank share). scipy counts only
// means strictly below Δ by a plain float comparison, so on lattice data its
// z0 depends on the order of summation. The differences are also sorted before
// resampling, so the same data in another order give the same interval, bit for bit.
//
// Example:
//   auto b = pairpower::paired_bootstrap(d, {.resamples = 10000, .seed = 1});
#include <cstdint>
#include <span>
#include <vector>

namespace pairpower {

struct BootstrapOptions {
  std::uint64_t resamples = 10000;
  std::uint64_t seed = 1;
  double confidence = 0.95;
  bool keep_distribution = false;  ///< return the resampled means (for plots)
};

struct Interval {
  double low;
  double high;
};

struct BootstrapResult {
  Interval percentile;
  Interval bca;
  std::uint64_t resamples;
  std::vector<double> distribution;  ///< sorted resampled means, if asked for
};

/// Throws std::invalid_argument for fewer than 2 differences, non-finite values,
/// resamples < 2 or a level outside (0, 1).
BootstrapResult paired_bootstrap(std::span<const double> d, const BootstrapOptions& options = {});

}  // namespace pairpower
