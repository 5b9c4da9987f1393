#pragma once
// ⌊t⌋ of a non-negative double as a table or bucket index without a float-to-int
// conversion, which WebAssembly guards against overflow at a cost the Beta lookup and
// the rank step's buckets feel: ⌊t⌋ + 2⁵² holds ⌊t⌋ in its low bits.
//
// std::floor rather than a rounding form (t + 2⁵² rounded to nearest): Chromium, which
// runs the page, and the native build are faster with it.
//
// Example:  double f; std::uint32_t k = pairpower::floor_index(7.25, f);  // k == 7, f == 7.0
#include <cmath>
#include <cstdint>

#include "pairpower/base/bit_cast.hpp"

namespace pairpower {

/// For 0 ≤ t < 2³¹: returns ⌊t⌋ and stores it, as a double, in `floor_out`.
inline std::uint32_t floor_index(double t, double& floor_out) noexcept {
  floor_out = std::floor(t);
  return static_cast<std::uint32_t>(pairpower::bit_cast<std::uint64_t>(floor_out + 0x1p52));
}

}  // namespace pairpower
