#include "pairpower/simulation/detail/fast_normal.hpp"

#include "pairpower/base/bit_cast.hpp"
#include <cmath>

namespace pairpower {
namespace {

// Inline copies so the compiler can vectorise the Box–Muller loop below.
inline float log_unit(float x) noexcept {
  // Split x = 2^k · m with m in [√½, √2) (the range reduction of musl's logf).
  const std::uint32_t ix = pairpower::bit_cast<std::uint32_t>(x);
  const std::uint32_t tmp = ix - 0x3f3504f3u;
  const std::int32_t k = static_cast<std::int32_t>(tmp) >> 23;
  const float m = pairpower::bit_cast<float>(ix - (tmp & 0xff800000u));
  // ln m = 2·atanh(s), s = (m−1)/(m+1), |s| ≤ 0.1716: odd series to s^9.
  const float f = m - 1.0f;
  const float s = f / (2.0f + f);
  const float z = s * s;
  const float series = 1.0f + z * (1.0f / 3 + z * (1.0f / 5 + z * (1.0f / 7 + z * (1.0f / 9))));
  return static_cast<float>(k) * 0.693147180559945f + 2.0f * s * series;
}

inline void sincos_turns(float u, float& s_out, float& c_out) noexcept {
  // θ = 2πu = (π/2)(q + r), q the nearest quadrant, r in [−½, ½].
  const float w = 4.0f * u;
  // q without a float-to-int conversion, which WebAssembly guards against overflow
  // (slower there): floor(w + ½) + 2^23 holds q in its low bits (0 ≤ w < 4).
  const float qf = std::floor(w + 0.5f);
  const std::uint32_t q = pairpower::bit_cast<std::uint32_t>(qf + 0x1p23f);
  const float a = (w - qf) * 1.57079632679489662f;
  const float a2 = a * a;
  const float sa = a * (1.0f + a2 * (-1.0f / 6 + a2 * (1.0f / 120 + a2 * (-1.0f / 5040 + a2 * (1.0f / 362880)))));
  const float ca = 1.0f + a2 * (-0.5f + a2 * (1.0f / 24 + a2 * (-1.0f / 720 + a2 * (1.0f / 40320))));
  const bool swap = (q & 1) != 0;
  const float sv = swap ? ca : sa;
  const float cv = swap ? sa : ca;
  s_out = (q & 2) ? -sv : sv;
  c_out = ((q + 1) & 2) ? -cv : cv;
}

}  // namespace

float fast_logf(float x) noexcept { return log_unit(x); }

void fast_sincos_turns(float u, float& s, float& c) noexcept { sincos_turns(u, s, c); }

void box_muller(const std::uint32_t* u_bits, const std::uint32_t* v_bits,
                float* z1, float* z2, std::size_t n) noexcept {
  constexpr float two_pow_m24 = 1.0f / 16777216.0f;
  for (std::size_t i = 0; i < n; ++i) {
    // Through int32 (the values have 24 bits): WebAssembly SIMD converts signed integers directly, unsigned ones in several steps.
    const float u = static_cast<float>(static_cast<std::int32_t>((u_bits[i] >> 8) + 1u)) * two_pow_m24;  // (0, 1]
    const float v = static_cast<float>(static_cast<std::int32_t>(v_bits[i] >> 8)) * two_pow_m24;         // [0, 1)
    const float radius = std::sqrt(-2.0f * log_unit(u));
    float s, c;
    sincos_turns(v, s, c);
    z1[i] = radius * c;
    z2[i] = radius * s;
  }
}

}  // namespace pairpower
