#pragma once
// Wilcoxon (1945) signed-rank test with scipy 1.10–1.13 default semantics:
// scipy.stats.wilcoxon(d) with zero_method="wilcox", correction=False,
// method="auto", two-sided.
//  - exact null distribution iff len(d) ≤ 50 and no d is zero; r_plus is
//    truncated to an integer; p = min(1, 2·min(P(R ≤ r), P(R ≥ r))), 1 at the centre;
//  - otherwise zeros are dropped and the normal approximation with the tie
//    correction is used: z = (T − c(c+1)/4) / √((c(c+1)(2c+1) − ½Σ(t³−t))/24),
//    T = min(r_plus, r_minus), p = 2·Φ(−|z|).
//
// Example:
//   auto w = pairpower::wilcoxon_signed_rank(d);   // w.p_value, w.method
#include <cstddef>
#include <span>
#include <vector>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/signed_ranks.hpp"

namespace pairpower {

enum class WilcoxonMethod { exact, normal_approximation };

struct WilcoxonResult {
  double statistic;  ///< min(r_plus, r_minus), as scipy reports it
  double r_plus;
  double r_minus;
  std::size_t n;          ///< all differences, zeros included
  std::size_t n_nonzero;
  WilcoxonMethod method;
  double z;        ///< normal approximation only; 0 for the exact method
  double p_value;  ///< against the alternative asked for (two-sided by default)
};

/// Throws std::invalid_argument when d is empty, holds a non-finite value, or
/// every difference is zero (scipy raises there too).
/// `alt` chooses the p-value's alternative (scipy's `alternative=`); the statistic is the same.
WilcoxonResult wilcoxon_signed_rank(std::span<const double> d, Alternative alt = Alternative::two_sided);

/// The decision scipy makes between its two methods.
constexpr bool wilcoxon_uses_exact(std::size_t n, std::size_t n_zero) noexcept {
  return n <= 50 && n_zero == 0;
}

/// Exact two-sided p for c nonzero differences and rank sum r_plus (c ≤ 50).
double wilcoxon_exact_p(std::size_t c, double r_plus);

/// z of the normal approximation (see the header comment).
double wilcoxon_z(const SignedRankSums& s) noexcept;

/// One-sided tests as scipy 1.10–1.13 run them (`alternative="greater"|"less"`):
/// exact: P(R ≥ r) or P(R ≤ r) with r = ⌊r_plus⌋; approximation: z = (r_plus − c(c+1)/4)/se
/// (T = r_plus, not the smaller sum), p = 1 − Φ(z) or Φ(z). Two-sided: the functions above.
double wilcoxon_exact_p(std::size_t c, double r_plus, Alternative alt);
/// Upper edge of the exact test's rejection region: the smallest rank sum r
/// above the centre, ⌊c(c+1)/4⌋ + 1 … c(c+1)/2, with wilcoxon_exact_p(c, r, alt) < α
/// (alt two-sided or greater); c(c+1)/2 + 1 when none reaches α (c ≤ 50). Found
/// by bisection over the decreasing p — a dozen tail sums, not hundreds: analytic
/// power and its solvers ask it for every N ≤ 50.
///   std::size_t hi = pairpower::wilcoxon_exact_upper_critical(20, 0.05, Alternative::two_sided);  // 158
std::size_t wilcoxon_exact_upper_critical(std::size_t c, double alpha, Alternative alt);
double wilcoxon_signed_z(const SignedRankSums& s) noexcept;
/// p of the approximation for an alternative, from the signed z (two-sided: 2Φ(−|z|)).
double wilcoxon_normal_p(double signed_z, Alternative alt);

/// Null distribution of r_plus for c ranks: pmf over 0 … c(c+1)/2 (c ≤ 50,
/// where counts are exact integers in double). Cached; thread-safe.
const std::vector<double>& wilcoxon_null_pmf(std::size_t c);

}  // namespace pairpower
