#include "pairpower/beta_quantile_table.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/beta.hpp>

namespace pairpower {
namespace {

// Quantile at Φ(z) taken from the tail nearer to z, so that Φ(z) close to 1 is
// not rounded away: Φ(6) = 1 − 1e-9 keeps only 7 digits of its complement.
double beta_of_gaussian(const BetaShape& s, double z) {
  const boost::math::normal_distribution<double> std_normal;
  if (z <= 0) return boost::math::ibeta_inv(s.a, s.b, boost::math::cdf(std_normal, z));
  return boost::math::ibetac_inv(s.a, s.b, boost::math::cdf(std_normal, -z));
}

}  // namespace

GaussianToBeta::GaussianToBeta(BetaShape shape)
    : shape_(shape), inv_h_(static_cast<double>(nodes_ - 1) / (hi_ - lo_)), coef_(4 * (nodes_ - 1)) {
  const boost::math::normal_distribution<double> std_normal;
  const boost::math::beta_distribution<double> beta(shape.a, shape.b);
  const double h = (hi_ - lo_) / static_cast<double>(nodes_ - 1);
  std::vector<double> x(nodes_), hs(nodes_);
  for (std::size_t i = 0; i < nodes_; ++i) {
    const double z = lo_ + h * static_cast<double>(i);
    x[i] = beta_of_gaussian(shape, z);
    // dx/dz = φ(z) / f(x): the quantile's derivative by the chain rule.
    // At the bounds (small shapes) the density is infinite and the quantile flat.
    double f = 0;
    if (x[i] > 0 && x[i] < 1) {
      try {
        f = boost::math::pdf(beta, x[i]);
      } catch (const std::overflow_error&) {
        f = 0;
      }
    }
    hs[i] = f > 0 && std::isfinite(f) ? h * boost::math::pdf(std_normal, z) / f : 0.0;
  }
  for (std::size_t i = 0; i + 1 < nodes_; ++i) {
    // p(u) = x0 + m0 u + (3Δ − 2m0 − m1) u² + (m0 + m1 − 2Δ) u³, Δ = x1 − x0.
    const double delta = x[i + 1] - x[i];
    coef_[4 * i + 0] = x[i];
    coef_[4 * i + 1] = hs[i];
    coef_[4 * i + 2] = 3 * delta - 2 * hs[i] - hs[i + 1];
    coef_[4 * i + 3] = hs[i] + hs[i + 1] - 2 * delta;
  }
}

void GaussianToBeta::transform(const double* z, double* out, std::size_t n) const {
  // Same arithmetic as operator(), with the table index clamped so the loop has
  // no branch; the rare values off the table are redone exactly afterwards.
  const double lo = lo_, inv_h = inv_h_;
  const std::int32_t top = static_cast<std::int32_t>(nodes_) - 2;
  const double* coef = coef_.data();
  const auto in_table = [&](double t) { return t >= 0.0 && t < static_cast<double>(nodes_ - 1); };
  for (std::size_t i = 0; i < n; ++i) {
    const double t = (z[i] - lo) * inv_h;
    // |z| < 10 in the simulation keeps t well inside int32 range.
    std::int32_t k = static_cast<std::int32_t>(t);
    k = k < 0 ? 0 : (k > top ? top : k);
    const double u = t - static_cast<double>(k);
    const double* c = coef + 4 * k;
    out[i] = ((c[3] * u + c[2]) * u + c[1]) * u + c[0];
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!in_table((z[i] - lo) * inv_h)) out[i] = exact(z[i]);
}

double GaussianToBeta::exact(double z) const { return beta_of_gaussian(shape_, z); }

}  // namespace pairpower
