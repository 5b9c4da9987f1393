#pragma once
// The item structure of an LLM or embedding eval, for planning: items in
// clusters (several questions about one passage, one repository, one
// conversation) and several samples per item (epochs, generations).
//
// With σ_d² the variance of one sample's per-item difference, a share w of it
// sampling noise within the item (Miller 2024's within-item variance: Analyze
// reports it as repeats.within_share) and the rest the item's own difference,
// and ρ_c the correlation of two items' one-sample differences in one cluster
// (the ICC; at most 1 − w, since the noise is independent), the mean of n items
// in clusters of m, each item averaged over K samples, has variance
//   σ_d² · f / n,   f = (1 − w + w/K) + (m − 1)·ρ_c.
// Clustered, the analysis is the cluster-robust t with C − 1 degrees of freedom
// (C = n/m clusters), which for equal clusters is the one-sample t on the C
// cluster means: its power is the paired t's at C units of SD σ_d·√(f/m), exact
// under normal item and cluster effects. Without clusters every paired test
// runs on the n item means, of SD σ_d·√(1 − w + w/K).
//
// Example:
//   auto d = pairpower::EvalDesign::make(5, 0.2, 1, 0);   // 5 questions per passage, ICC 0.2
//   auto u = pairpower::design_units(1000, 0.3, d);       // 200 clusters, SD 0.3·√(1.8/5)
#include <cstddef>

namespace pairpower {

struct EvalDesign {
  double cluster_size = 1;   ///< m: items per cluster (their mean when clusters differ)
  double icc = 0;            ///< ρ_c: correlation of two one-sample differences in one cluster
  double repeats = 1;        ///< K: samples per item, averaged
  double within_share = 0;   ///< w: share of a one-sample difference's variance that is sampling noise

  /// Throws Error naming "cluster_size" (≥ 1, at most 1e6), "icc" (in [0, 1 − w], and 0 without
  /// clusters), "repeats" (a whole number from 1 to 1e6) or "within_share" (in [0, 1), and 0 with one sample).
  static EvalDesign make(double cluster_size, double icc, double repeats, double within_share);
  bool clustered() const noexcept { return cluster_size > 1; }
  bool plain() const noexcept { return !clustered() && repeats == 1; }
  /// 1 − w + w/K: an item mean's variance over σ_d².
  double item_factor() const noexcept { return 1 - within_share + within_share / repeats; }
  /// f: the variance of the mean over σ_d²/n.
  double variance_factor() const noexcept { return item_factor() + (cluster_size - 1) * icc; }
  /// The clustering's design effect on the item means: f over item_factor().
  double design_effect() const noexcept { return variance_factor() / item_factor(); }
};

/// What the tests see: `units` independent values (clusters, or items) of SD `sd_unit`.
struct DesignUnits {
  std::size_t units;
  double sd_unit;
};
/// n items → ⌊n/m⌋ clusters of cluster means, or n item means.
DesignUnits design_units(std::size_t items, double sd_diff, const EvalDesign& d);
/// The items that give `units` clusters: ⌈units·m⌉ (units itself without clusters).
std::size_t design_items(std::size_t units, const EvalDesign& d);

}  // namespace pairpower
