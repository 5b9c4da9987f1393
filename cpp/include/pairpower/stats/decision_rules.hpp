#pragma once
// Reject/accept decisions for the simulation without computing p-values.
//
// Each rule is built from the p-value function it replaces and decides exactly
// as "p < α" does (tests check this on data and at the boundaries):
//  - t and Wilcoxon-approximation: a critical value with a guard band of a few
//    parts in 10¹²; inside the band the p-value itself is computed, so the rule
//    agrees with the p-value even where the special function is not perfectly
//    monotone in the last bit;
//  - exact Wilcoxon and sign test: tables of rejecting statistics, filled by
//    calling the p-value function for every possible value.
//
// Example:
//   pairpower::PairedTRule rule(200, 0.05);
//   bool reject = rule.rejects(pairpower::t_statistic(d, 200));
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/signed_ranks.hpp"

namespace pairpower {

/// Paired t at level α for n pairs, against an alternative (two-sided by default).
class PairedTRule {
 public:
  PairedTRule(std::size_t n, double alpha, Alternative alt = Alternative::two_sided);
  bool rejects(double t) const;
  double critical_value() const noexcept { return crit_; }

 private:
  double df_, alpha_, crit_, lo_, hi_;
  Alternative alt_;
};

/// Wilcoxon signed-rank (scipy semantics) at level α for n pairs, against an alternative.
class WilcoxonRule {
 public:
  WilcoxonRule(std::size_t n, double alpha, Alternative alt = Alternative::two_sided);
  bool rejects(const SignedRankSums& s) const;

 private:
  std::size_t n_;
  double alpha_, zcrit_, lo_, hi_;
  Alternative alt_;
  std::vector<std::uint8_t> exact_rejects_;  // by integer r_plus, when n ≤ 50
};

/// Sign test at level α for up to n_max nonzero differences, against an alternative.
class SignRule {
 public:
  SignRule(std::size_t n_max, double alpha, Alternative alt = Alternative::two_sided);
  bool rejects(std::uint32_t n_positive, std::uint32_t n_nonzero) const noexcept {
    const std::int64_t crit = max_rejecting_[n_nonzero];
    switch (alt_) {
      case Alternative::greater: return crit >= 0 && static_cast<std::int64_t>(n_nonzero - n_positive) <= crit;
      case Alternative::less: return static_cast<std::int64_t>(n_positive) <= crit;
      case Alternative::two_sided: break;
    }
    const std::uint32_t k = n_positive < n_nonzero - n_positive ? n_positive : n_nonzero - n_positive;
    return static_cast<std::int64_t>(k) <= crit;
  }

 private:
  Alternative alt_;
  // Two-sided: the largest min(k, m−k) with p < α; one-sided: the largest k with
  // P(X ≤ k) < α (k counts positives for "less", negatives for "greater"); −1 if none.
  std::vector<std::int64_t> max_rejecting_;
};

}  // namespace pairpower
