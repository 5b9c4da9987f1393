#include "pairpower/simulation/detail/variates.hpp"

#include <cmath>

#include "pairpower/simulation/detail/fast_normal.hpp"

namespace pairpower {

// Hand-written because glibc's and Emscripten's log differ in the last bit, and
// the CLI and the page must accept the same gamma proposals.
double portable_log(double x) noexcept {
  int e = 0;
  double m = std::frexp(x, &e);  // x = m·2^e, m in [0.5, 1)
  if (m < 0.70710678118654752) {
    m *= 2.0;
    --e;
  }
  const double s = (m - 1.0) / (m + 1.0), s2 = s * s;  // |s| ≤ 0.1716
  double sum = 1.0 / 23.0;
  for (int k = 21; k >= 1; k -= 2) sum = 1.0 / k + s2 * sum;
  return 2.0 * s * sum + e * 0.69314718055994531;
}

double WordStream::normal() noexcept {
  const std::uint32_t ub = next(), vb = next();
  float z1 = 0, z2 = 0;
  box_muller(&ub, &vb, &z1, &z2, 1);
  return z1;
}

GammaShape::GammaShape(double shape) : k(shape), d(shape - 1.0 / 3.0), c(1.0 / std::sqrt(9.0 * (shape - 1.0 / 3.0))) {}

double chi2_over_df(const GammaShape& g, double x, double u, WordStream& more) noexcept {
  const double k = g.k, d = g.d, c = g.c;
  for (;;) {
    const double t = 1.0 + c * x;
    if (t > 0) {
      const double v = t * t * t;
      const double x2 = x * x;
      if (u < 1.0 - 0.0331 * x2 * x2) return d * v / k;
      if (portable_log(u) < 0.5 * x2 + d * (1.0 - v + portable_log(v))) return d * v / k;
    }
    x = more.normal();
    u = uniform01(more.next());
  }
}

}  // namespace pairpower
