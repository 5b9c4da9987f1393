#pragma once
// pairpower::bit_cast is missing from the libc++ that Emscripten 3.1.6 ships; both
// GCC ≥ 11 and clang ≥ 9 provide the builtin it is made of.
//
// Example:  std::uint64_t bits = pairpower::bit_cast<std::uint64_t>(1.0);
#include <type_traits>

namespace pairpower {

template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>);
  return __builtin_bit_cast(To, from);
}

}  // namespace pairpower
