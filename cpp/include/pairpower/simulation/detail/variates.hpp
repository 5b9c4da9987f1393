#pragma once
// Random variates beyond the bulk normals (fast_normal.hpp) that the Monte
// Carlo engines share: uniforms from 24 bits, a stream of generator words for
// rejection redraws, and χ²_ν/ν by Marsaglia & Tsang (2000). Plain IEEE
// arithmetic throughout (a portable log), so the CLI and the page draw the same.
//
// Example:
//   pairpower::Xoshiro128x8 rng(key);  pairpower::WordStream words(rng);
//   const pairpower::GammaShape shape(0.5 * nu);
//   double v = pairpower::chi2_over_df(shape, words);   // E v = 1
#include <cstdint>

#include "pairpower/base/random.hpp"

namespace pairpower {

/// Natural log within a few ulp, in plain IEEE arithmetic (frexp and the atanh series).
double portable_log(double x) noexcept;

/// Uniform in (0, 1] from the top 24 bits.
inline double uniform01(std::uint32_t bits) noexcept { return static_cast<double>((bits >> 8) + 1) * (1.0 / 16777216.0); }

/// A generator's words one at a time (filled eight at a time).
class WordStream {
 public:
  explicit WordStream(Xoshiro128x8& rng) : rng_(rng) {}
  std::uint32_t next() noexcept {
    if (used_ == 8) {
      rng_.fill(buf_, 8);
      used_ = 0;
    }
    return buf_[used_++];
  }
  /// A standard normal (one Box–Muller pair, its second half dropped).
  double normal() noexcept;

 private:
  Xoshiro128x8& rng_;
  std::uint32_t buf_[8]{};
  int used_ = 8;
};

/// Gamma(k)/k for shape k ≥ 1, i.e. χ²_ν/ν with k = ν/2.
struct GammaShape {
  double k, d, c;  ///< shape, and Marsaglia–Tsang's d = k − ⅓, c = 1/√(9d)
  explicit GammaShape(double shape);
};

/// One draw, the first try from a given normal x and uniform u (callers that
/// pre-draw in bulk), redraws from the stream.
double chi2_over_df(const GammaShape& g, double x, double u, WordStream& more) noexcept;
/// One draw from the stream alone.
inline double chi2_over_df(const GammaShape& g, WordStream& words) noexcept {
  const double x = words.normal();
  return chi2_over_df(g, x, uniform01(words.next()), words);
}

}  // namespace pairpower
