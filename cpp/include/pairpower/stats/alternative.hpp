#pragma once
// The alternative hypothesis of a paired test on D = s_B − s_A, as scipy names
// it (`alternative="two-sided" | "greater" | "less"`): "greater" rejects for
// large statistics (B better), "less" for small ones.
//
// Example:
//   auto alt = pairpower::alternative_from_string("greater");   // Alternative::greater
//   double p = pairpower::t_p(2.1, 49, *alt);                      // P(T₄₉ ≥ 2.1)
#include <optional>
#include <string_view>

namespace pairpower {

enum class Alternative {
#define PAIRPOWER_ALTERNATIVE(e, id, label) e,
#include "pairpower/registry/alternatives.def"
#undef PAIRPOWER_ALTERNATIVE
};

std::string_view to_string(Alternative a) noexcept;
std::optional<Alternative> alternative_from_string(std::string_view s) noexcept;

/// The mirror of a one-sided alternative ("greater" ↔ "less"); two-sided stays.
constexpr Alternative mirrored(Alternative a) noexcept {
  return a == Alternative::greater ? Alternative::less : a == Alternative::less ? Alternative::greater : a;
}

}  // namespace pairpower
