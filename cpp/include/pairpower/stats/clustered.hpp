#pragma once
// Means of clustered items (several questions about one passage, one
// repository, one conversation): items of a cluster are not independent, so the
// standard error of a mean sums deviations within each cluster before squaring
// (the cluster-robust "sandwich" for a mean, with the small-sample factor
// C/(C − 1)) and the t reference has C − 1 degrees of freedom. This equals
// statsmodels' OLS on a constant with cov_type="cluster", use_t=True, R's
// sandwich::vcovCL(type = "HC1") and inspect_ai's stderr(cluster=…). The
// design effect is the clustered variance over the independent one, and n
// over it is the effective number of independent items (Miller 2024, "Adding
// Error Bars to Evals", §2.2).
//
// The cluster bootstrap resamples whole clusters; the cluster randomization
// test flips the sign of whole clusters' sums (for paired differences, exchangeable within a
// cluster under H0 when systems are assigned per item).
//
// Example:
//   auto groups = pairpower::cluster_ids({"p1", "p1", "p2", "p3", "p3"});
//   auto m = pairpower::clustered_mean(d, groups, 0.95);   // m.se, m.ci_low, m.design_effect
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/bootstrap.hpp"
#include "pairpower/stats/randomization_test.hpp"

namespace pairpower {

/// Items' clusters as dense indices 0 … C − 1, in order of first appearance.
struct ClusterIds {
  std::vector<std::uint32_t> of_item;
  std::uint32_t clusters = 0;
};
ClusterIds cluster_ids(std::span<const std::string> names);

struct ClusteredMean {
  std::uint64_t n = 0, clusters = 0;
  double mean = 0;
  double se = 0;            ///< cluster-robust, with C/(C − 1)
  double df = 0;            ///< C − 1
  double t = 0, p = 1;      ///< of mean − null against t with C − 1 df
  double ci_low = 0, ci_high = 0;
  double design_effect = 1; ///< se² over s²/n (1 when every value is equal)
  double effective_n = 0;   ///< n / design_effect
};

/// Throws std::invalid_argument when the spans differ in length, a cluster index is out of range,
/// a value is not finite or there are fewer than 2 clusters.
ClusteredMean clustered_mean(std::span<const double> x, const ClusterIds& ids, double confidence, Alternative alt = Alternative::two_sided,
                             double null = 0);

/// Percentile interval of the mean from resampling whole clusters with replacement (the mean of a
/// resample is its values' sum over its items' count).
Interval cluster_bootstrap(std::span<const double> x, const ClusterIds& ids, const BootstrapOptions& options);

/// The sign-flip test of mean(x) = 0 with whole clusters' sums flipped together (exact up to
/// options.max_exact_n clusters); `statistic` is then the mean of the cluster sums.
RandomizationResult cluster_randomization_test(std::span<const double> x, const ClusterIds& ids, const RandomizationOptions& options);

}  // namespace pairpower
