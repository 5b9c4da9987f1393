#pragma once
// Paired binary items (each item correct or not under each system): the 2 × 2
// table of agreements, McNemar's exact test with its mid-p, Wilson's interval
// for each system's accuracy and Newcombe's interval for the paired difference
// of accuracies (Newcombe 1998, Statistics in Medicine 17:2635–2650, method 10:
// Wilson score limits of both margins combined with the table's φ).
//
// Example:
//   auto t = pairpower::binary_table(a, b);          // nullopt unless every score is 0 or 1
//   auto m = pairpower::mcnemar(*t);                 // m.p, m.p_mid
//   auto d = pairpower::newcombe_interval(*t, 0.95); // interval for accuracy(B) − accuracy(A)
#include <cstdint>
#include <optional>
#include <span>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/bootstrap.hpp"

namespace pairpower {

/// Counts of items by outcome under A and B (64-bit: the products below exceed 32 bits at n ≈ 65,536).
struct BinaryTable {
  std::uint64_t both = 0;     ///< correct under A and under B
  std::uint64_t a_only = 0;   ///< correct under A, wrong under B
  std::uint64_t b_only = 0;   ///< wrong under A, correct under B
  std::uint64_t neither = 0;  ///< wrong under both
  std::uint64_t n() const noexcept { return both + a_only + b_only + neither; }
  std::uint64_t correct_a() const noexcept { return both + a_only; }
  std::uint64_t correct_b() const noexcept { return both + b_only; }
};

/// The table of two equally long score vectors, or nullopt when a score is
/// anything but 0 or 1 (then the items are not binary) or the vectors are empty.
std::optional<BinaryTable> binary_table(std::span<const double> a, std::span<const double> b);

struct McNemarResult {
  std::uint64_t discordant_a;  ///< items only A gets right
  std::uint64_t discordant_b;  ///< items only B gets right
  double p;      ///< exact: B's share of the discordant items against Binomial(m, ½) (statsmodels' mcnemar(exact=True) when two-sided)
  double p_mid;  ///< the mid-p: the exact p less half the probability of the observed split (Fagerland, Lydersen & Laake 2013)
};

/// McNemar's exact test on D = B − A for an alternative (greater: B is right more often).
McNemarResult mcnemar(const BinaryTable& t, Alternative alt = Alternative::two_sided);

/// Wilson's score interval for `successes` of `n` at a two-sided confidence
/// (statsmodels' proportion_confint(method="wilson")). Throws std::invalid_argument
/// when n = 0, successes > n or the confidence is outside (0, 1).
Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double confidence);

/// Newcombe's method 10 for accuracy(B) − accuracy(A), inside [−1, 1].
Interval newcombe_interval(const BinaryTable& t, double confidence);

/// The rule of three: with no failure in n items, 3/n bounds the failure rate at 95% (one-sided;
/// −ln 0.05 ≈ 2.996). Throws std::invalid_argument when n = 0.
double rule_of_three(std::uint64_t n);

}  // namespace pairpower
