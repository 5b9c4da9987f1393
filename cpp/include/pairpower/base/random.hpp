#pragma once
// Counter-based seeding and a vectorisable generator for the Monte Carlo engine.
//
// Every replicate of every grid cell gets its own generator state, derived by
// hashing (seed, cell parameters, replicate index) with SplitMix64 (Steele,
// Lea & Flood 2014). A cell's numbers therefore never depend on the thread
// count, the scheduling order, or which other cells are in the grid.
//
// Example:
//   pairpower::Xoshiro128x8 rng(pairpower::hash_words({seed, 42}));
//   std::array<std::uint32_t, 8> u; rng.next(u.data());
#include <array>
#include "pairpower/base/bit_cast.hpp"
#include <cstdint>
#include <cstring>
#include <initializer_list>

namespace pairpower {

/// One SplitMix64 step: a bijective 64-bit mixer with good avalanche.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Folds a sequence of 64-bit words into one well-mixed key.
constexpr std::uint64_t hash_words(std::initializer_list<std::uint64_t> words) noexcept {
  std::uint64_t state = 0x6A09E667F3BCC909ULL;
  std::uint64_t h = 0;
  for (std::uint64_t w : words) {
    state ^= w;
    h = splitmix64(state);
    state ^= h;
  }
  return h;
}

/// Bits of a double, so parameters can enter a hash exactly.
constexpr std::uint64_t bits_of(double x) noexcept { return pairpower::bit_cast<std::uint64_t>(x); }

/// Eight independent xoshiro128++ generators (Blackman & Vigna 2018) stepped in
/// lock-step. Written by hand because the eight lanes map onto one SIMD
/// register natively and in wasm; no maintained library offers that layout.
class Xoshiro128x8 {
 public:
  static constexpr int lanes = 8;

  explicit Xoshiro128x8(std::uint64_t key) noexcept {
    std::uint64_t sm = key;
    for (int lane = 0; lane < lanes; ++lane) {
      const std::uint64_t w0 = splitmix64(sm);
      const std::uint64_t w1 = splitmix64(sm);
      s0_[lane] = static_cast<std::uint32_t>(w0);
      s1_[lane] = static_cast<std::uint32_t>(w0 >> 32);
      s2_[lane] = static_cast<std::uint32_t>(w1);
      s3_[lane] = static_cast<std::uint32_t>(w1 >> 32);
      // xoshiro's only forbidden state is all zeros.
      if ((s0_[lane] | s1_[lane] | s2_[lane] | s3_[lane]) == 0) s0_[lane] = 1;
    }
  }

  /// Writes one 32-bit output per lane to out[0..7].
  void next(std::uint32_t* out) noexcept { fill(out, lanes); }

  /// Fills out[0..count) (count rounded up to a multiple of 8 is written).
  void fill(std::uint32_t* out, std::size_t count) noexcept {
    // GCC/Clang vector extensions: one 8-lane register per state word, which
    // compilers lower to AVX2 natively and to two SIMD128 halves in wasm.
    typedef std::uint32_t u32x8 __attribute__((vector_size(32)));
    u32x8 a, b, c, d;
    std::memcpy(&a, s0_.data(), sizeof a);
    std::memcpy(&b, s1_.data(), sizeof b);
    std::memcpy(&c, s2_.data(), sizeof c);
    std::memcpy(&d, s3_.data(), sizeof d);
    for (std::size_t i = 0; i < count; i += lanes) {
      const u32x8 sum = a + d;
      const u32x8 r = ((sum << 7) | (sum >> 25)) + a;
      std::memcpy(out + i, &r, sizeof r);
      const u32x8 t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >> 21);
    }
    std::memcpy(s0_.data(), &a, sizeof a);
    std::memcpy(s1_.data(), &b, sizeof b);
    std::memcpy(s2_.data(), &c, sizeof c);
    std::memcpy(s3_.data(), &d, sizeof d);
  }

 private:
  alignas(32) std::array<std::uint32_t, lanes> s0_{};
  alignas(32) std::array<std::uint32_t, lanes> s1_{};
  alignas(32) std::array<std::uint32_t, lanes> s2_{};
  alignas(32) std::array<std::uint32_t, lanes> s3_{};
};

}  // namespace pairpower
