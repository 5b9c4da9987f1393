#pragma once
// Power of McNemar's test for a paired binary design (two systems, each item
// right or wrong under each). Only discordant items carry information: with
// p₁₀ = P(only A right), p₀₁ = P(only B right), ψ = p₁₀ + p₀₁ and Δ = p₀₁ − p₁₀
// (B's accuracy minus A's), the M discordant items of n are Binomial(n, ψ) and,
// given M = m, the items only B gets right are Binomial(m, p₀₁/ψ).
//
// Exact power sums, over m, P(M = m) times the chance that the exact test on m
// discordant items rejects (its own discrete rejection region). Like any exact
// binomial test's, it is not monotone in n (a saw-tooth), so the smallest n
// reaching a power is the first such n; a larger n may fall below it again.
// The approximate power is Connor's (1987, Biometrics 43:207–211):
// Φ((|Δ|√n − z·√ψ) / √(ψ − Δ²)), z the two-sided (or one-sided) normal quantile.
//
// Example:
//   auto d = pairpower::BinaryDesign::from_accuracies(0.70, 0.75, 0.85); // 85% of items agree
//   double p = pairpower::mcnemar_power(500, d, 0.05);                  // exact
#include <cstdint>

#include "pairpower/stats/alternative.hpp"

namespace pairpower {

struct BinaryDesign {
  double only_a;  ///< p₁₀: the share of items only A gets right
  double only_b;  ///< p₀₁: the share of items only B gets right
  double discordance() const noexcept { return only_a + only_b; }
  double delta() const noexcept { return only_b - only_a; }
  /// Throws Error ("only_a", "only_b") unless both shares lie in [0, 1] and sum to at most 1 and more than 0.
  static BinaryDesign from_discordant(double only_a, double only_b);
  /// From the accuracies and the share of items on which A and B agree (both right or both wrong):
  /// p₁₀ = (1 − agreement − Δ)/2, p₀₁ = (1 − agreement + Δ)/2. Throws Error ("accuracy_a", "accuracy_b",
  /// "agreement") naming what is impossible (a share outside [0, 1], an agreement the accuracies do not allow).
  static BinaryDesign from_accuracies(double accuracy_a, double accuracy_b, double agreement);
};

/// Exact power of the exact McNemar test at α (alternative on B − A).
double mcnemar_power(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt = Alternative::two_sided);

/// Connor's normal approximation.
double mcnemar_power_approx(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt = Alternative::two_sided);

/// The smallest n whose power reaches `power`, at most `n_max`; 0 when none does (Δ = 0, Δ against a
/// one-sided alternative, or n_max too small). Exact: bisection, then a walk down to the first n that
/// reaches, through every n whose power is within 0.02 of the target.
std::uint64_t mcnemar_sample_size(BinaryDesign d, double alpha, double power, Alternative alt, bool exact, std::uint64_t n_max = 1'000'000);

}  // namespace pairpower
