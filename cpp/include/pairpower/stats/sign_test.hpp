#pragma once
// Sign test: the number of positive differences among the nonzero ones is
// Binomial(m, ½) under H0. Two-sided p as scipy.stats.binomtest(k, m) gives it
// for p = ½: min(1, 2·P(X ≤ min(k, m − k))), and 1 when k = m/2.
//
// Example:
//   auto s = pairpower::sign_test(d);   // s.p_value
#include <cstddef>
#include <cstdint>
#include <span>

#include "pairpower/stats/alternative.hpp"

namespace pairpower {

struct SignTestResult {
  std::size_t n_positive;
  std::size_t n_negative;
  std::size_t n_zero;
  double p_value;  ///< 1 when every difference is zero
};

/// Throws std::invalid_argument when d is empty or holds a non-finite value.
SignTestResult sign_test(std::span<const double> d, Alternative alt = Alternative::two_sided);

/// Two-sided p for k positives among m nonzero differences (1 when m = 0).
double sign_test_p(std::uint64_t k, std::uint64_t m);

/// p for an alternative: two-sided as above, "greater" P(X ≥ k), "less" P(X ≤ k),
/// X ~ Binomial(m, ½) (scipy.stats.binomtest(k, m, alternative=…)); 1 when m = 0.
double sign_test_p(std::uint64_t k, std::uint64_t m, Alternative alt);

/// One-sided: the largest k with P(X ≤ k) < α (−1 if none); "less" rejects k ≤ it,
/// "greater" rejects k ≥ m − it (the distribution is symmetric).
long long sign_test_one_sided_critical_k(std::uint64_t m, double alpha);

/// The largest min(k, m − k) whose p is below α (−1 if none): p grows with
/// k ≤ m/2, so the rejecting k form a prefix, found by bisection.
long long sign_test_critical_k(std::uint64_t m, double alpha);

}  // namespace pairpower
