#pragma once
// The first occurrence of a byte in a text, for the readers' scans over whole files.
#include <cstddef>
#include <cstring>
#include <string_view>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace pairpower {

/// The first `c` at or after i, or t.size() (also for an i past the end). Natively the C library's
/// memchr; the wasm build's memchr (musl's) steps four bytes at a time, so there this steps sixteen,
/// as glibc's does natively: a log's lines and skipped strings are most of its bytes.
inline std::size_t find_byte(std::string_view t, std::size_t i, char c) noexcept {
  if (i >= t.size()) return t.size();
#if defined(__wasm_simd128__)
  const char* p = t.data();
  const v128_t want = wasm_i8x16_splat(c);
  for (; i + 16 <= t.size(); i += 16)
    if (const auto bits = static_cast<unsigned>(wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(p + i), want)))) return i + static_cast<std::size_t>(__builtin_ctz(bits));
  while (i < t.size() && p[i] != c) ++i;
  return i;
#else
  const void* q = std::memchr(t.data() + i, c, t.size() - i);
  return q ? static_cast<std::size_t>(static_cast<const char*>(q) - t.data()) : t.size();
#endif
}

}  // namespace pairpower
