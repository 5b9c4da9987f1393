#include "pairpower/stats/bivariate_normal.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/owens_t.hpp>

namespace pairpower {
namespace {

double std_normal_cdf(double x) {
  return boost::math::cdf(boost::math::normal_distribution<double>(), x);
}

// Owen's T(h, a), extended to a = ±∞ by its limit ±½·Φ(−|h|).
double owens_t_ext(double h, double a) {
  if (std::isinf(a)) return std::copysign(0.5 * std_normal_cdf(-std::fabs(h)), a);
  return boost::math::owens_t(h, a);
}

}  // namespace

double bivariate_normal_cdf(double h, double k, double r) {
  if (!(r > -1 && r < 1)) throw std::invalid_argument("bivariate_normal_cdf: correlation must lie in (-1, 1)");
  if (h == 0 && k == 0) return 0.25 + std::asin(r) / (2 * std::numbers::pi);
  // Owen (1956): Φ₂(h,k;r) = ½Φ(h) + ½Φ(k) − T(h, a_h) − T(k, a_k) − β.
  const double s = std::sqrt(1 - r * r);
  const double ah = (k - r * h) / (h * s);  // ±∞ when h = 0
  const double ak = (h - r * k) / (k * s);
  const double beta = (h * k < 0 || (h * k == 0 && h + k < 0)) ? 0.5 : 0.0;
  return 0.5 * std_normal_cdf(h) + 0.5 * std_normal_cdf(k) - owens_t_ext(h, ah) - owens_t_ext(k, ak) - beta;
}

}  // namespace pairpower
