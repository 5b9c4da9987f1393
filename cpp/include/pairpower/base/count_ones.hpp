#pragma once
// How many bits are set in a run of 32-bit words, for the sign-flip test of binary items.
#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace pairpower {

/// The set bits of w[0 … n). Natively the compiler vectorises the scalar loop (AVX-512 has a popcount of
/// its own); the wasm compiler does not, so there sixteen bytes are counted per step with i8x16.popcnt.
inline std::uint64_t count_ones(const std::uint32_t* w, std::size_t n) noexcept {
  std::uint64_t total = 0;
  std::size_t i = 0;
#if defined(__wasm_simd128__)
  while (i + 4 <= n) {
    // Byte counters take 31 steps of at most 8 each before they are widened into the total.
    static_assert(31 * 8 < 256, "a byte counter must not wrap between widenings");
    const std::size_t steps = (n - i) / 4 < 31 ? (n - i) / 4 : 31;
    v128_t bytes = wasm_i8x16_splat(0);
    for (std::size_t s = 0; s < steps; ++s, i += 4) bytes = wasm_i8x16_add(bytes, wasm_i8x16_popcnt(wasm_v128_load(w + i)));
    const v128_t lanes = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(bytes));
    total += static_cast<std::uint64_t>(wasm_u32x4_extract_lane(lanes, 0)) + wasm_u32x4_extract_lane(lanes, 1) + wasm_u32x4_extract_lane(lanes, 2) +
             wasm_u32x4_extract_lane(lanes, 3);
  }
#endif
  for (; i < n; ++i) total += static_cast<std::uint64_t>(std::popcount(w[i]));
  return total;
}

}  // namespace pairpower
