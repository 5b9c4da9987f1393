#pragma once
// Repeated samples per item (epochs, several generations): how much of the
// variance of the per-item differences comes from the repeats themselves, and
// how the standard error of Δ would move with more of them (Miller 2024,
// "Adding Error Bars to Evals", §"Reducing variance": Var(d̄ᵢ) = σ²_between +
// E[σ²_within]/K, where σ²_within is the variance of one repeat around the
// item's own mean).
//
// Example:
//   auto r = pairpower::repeated_items(d, within, 5);  // d̄ᵢ, s²_within,i / K, K
//   r.within_share;   // the share of Var(d̄ᵢ) that more repeats would remove
#include <cstdint>
#include <vector>

namespace pairpower {

struct RepeatedItems {
  double k = 1;               ///< repeats per item (their mean when items differ)
  double total_var = 0;       ///< sample variance of the per-item mean differences d̄ᵢ
  double within_var = 0;      ///< mean over items of the variance of d̄ᵢ around the item's own mean: Σ s²/K of both systems
  double within_share = 0;    ///< within_var / total_var, at most 1
  double se = 0;              ///< of Δ from d̄ᵢ: sqrt(total_var / n), as the paired t
  double se_double = 0;       ///< the SE expected with twice the repeats per item
  double se_floor = 0;        ///< the SE with unlimited repeats: sqrt(max(0, total_var − within_var) / n)
  double within_share_one = 0;  ///< the within-item share for one sample per item: K·within_var / (between + K·within_var), what planning's within share asks
};

/// `d`: each item's mean difference d̄ᵢ (B − A over its repeats); `within`: each
/// item's variance of d̄ᵢ from its repeats (s²_B,i/K_B,i + s²_A,i/K_A,i: the two
/// systems' repeats are independent); `k`: repeats per item. Needs n ≥ 2.
RepeatedItems repeated_items(const std::vector<double>& d, const std::vector<double>& within, double k);

}  // namespace pairpower
