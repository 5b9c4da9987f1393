#pragma once
// The p-value floor of the exact tests of paired differences: the sign-flip
// randomization, sign and exact Wilcoxon tests put at least 2 of the 2ⁿ sign
// patterns (1 one-sided) at the most extreme, so below some n no data reach α.
#include <cstddef>

#include "pairpower/stats/alternative.hpp"

namespace pairpower {

/// The smallest p the randomization (sign-flip), sign and exact Wilcoxon tests
/// can give with `nonzero` non-zero differences: 2/2^n two-sided, 1/2^n one-sided.
double smallest_attainable_p(std::size_t nonzero, Alternative alt) noexcept;
/// The smallest number of non-zero differences at which that p can fall below α.
std::size_t smallest_n_reaching(double alpha, Alternative alt) noexcept;

}  // namespace pairpower
