#include "pairpower/simulation/detail/beta_quantile_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "pairpower/base/floor_index.hpp"
#include "pairpower/base/random.hpp"
#include "pairpower/base/shared_cache.hpp"

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/beta.hpp>

namespace pairpower {
namespace {

const boost::math::normal_distribution<double> std_normal;

// Quantile at Φ(z) taken from the tail nearer to z, so that Φ(z) close to 1 is
// not rounded away: Φ(6) = 1 − 1e-9 keeps only 7 digits of its complement.
double beta_of_gaussian(const BetaShape& s, double z) {
  if (z <= 0) return boost::math::ibeta_inv(s.a, s.b, boost::math::cdf(std_normal, z));
  return boost::math::ibetac_inv(s.a, s.b, boost::math::cdf(std_normal, -z));
}

}  // namespace

GaussianQuantileTable::GaussianQuantileTable(std::function<double(double)> exact, const std::function<double(double, double)>& slope)
    : exact_(std::move(exact)), inv_h_(static_cast<double>(nodes_ - 1) / (hi_ - lo_)), coef_(4 * (nodes_ - 1)) {
  const double h = (hi_ - lo_) / static_cast<double>(nodes_ - 1);
  std::vector<double> x(nodes_), hs(nodes_);
  for (std::size_t i = 0; i < nodes_; ++i) {
    const double z = lo_ + h * static_cast<double>(i);
    x[i] = exact_(z);
    hs[i] = h * slope(z, x[i]);
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

GaussianQuantileTable::GaussianQuantileTable(std::function<double(double)> exact, std::vector<double> coefficients)
    : exact_(std::move(exact)), inv_h_(static_cast<double>(nodes_ - 1) / (hi_ - lo_)), coef_(std::move(coefficients)) {
  if (coef_.size() != 4 * (nodes_ - 1)) throw std::invalid_argument("table: " + std::to_string(coef_.size()) + " coefficients, not " + std::to_string(4 * (nodes_ - 1)));
  if (!std::all_of(coef_.begin(), coef_.end(), [](double c) { return std::isfinite(c); })) throw std::invalid_argument("table: a coefficient is not a finite number");
}

void GaussianQuantileTable::transform(const double* z, double* out, std::size_t n) const {
  // One read-only pass finds whether any z lies off the table (about 2e-9 of them);
  // then one branch-free pass the compiler can vectorise. `out` may be `z` itself.
  const double lo = lo_, inv_h = inv_h_;
  const double t_max = static_cast<double>(nodes_ - 1);
  const auto in_table = [&](double zi) {
    const double t = (zi - lo) * inv_h;
    return t >= 0.0 && t < t_max;
  };
  bool all_in = true;
  for (std::size_t i = 0; i < n; ++i) all_in &= in_table(z[i]);
  const double* coef = coef_.data();
  const auto poly = [&](double zi) {
    const double t = (zi - lo) * inv_h;
    // The interval by floor_index (0 ≤ t < 2^31), without a float-to-int conversion.
    double f;
    const std::uint32_t k = floor_index(t, f);
    const double u = t - f;
    const double* c = coef + 4 * k;
    return ((c[3] * u + c[2]) * u + c[1]) * u + c[0];
  };
  if (all_in) {
    for (std::size_t i = 0; i < n; ++i) out[i] = poly(z[i]);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const double zi = z[i];
    out[i] = in_table(zi) ? poly(zi) : exact(zi);
  }
}

GaussianToBeta::GaussianToBeta(BetaShape shape)
    : GaussianQuantileTable([shape](double z) { return beta_of_gaussian(shape, z); },
                            [shape](double z, double x) {
                              // dx/dz = φ(z) / f(x): the quantile's derivative by the chain rule.
                              // At the bounds (small shapes) the density is infinite and the quantile flat.
                              double f = 0;
                              if (x > 0 && x < 1) {
                                try {
                                  f = boost::math::pdf(boost::math::beta_distribution<double>(shape.a, shape.b), x);
                                } catch (const std::overflow_error&) {
                                  f = 0;
                                }
                              }
                              return f > 0 && std::isfinite(f) ? boost::math::pdf(std_normal, z) / f : 0.0;
                            }),
      shape_(shape) {}

GaussianToBeta::GaussianToBeta(BetaShape shape, std::vector<double> coefficients)
    : GaussianQuantileTable([shape](double z) { return beta_of_gaussian(shape, z); }, std::move(coefficients)), shape_(shape) {}

namespace {

// By the shape's bits: the tables of one process, built or adopted.
SharedCache<std::pair<std::uint64_t, std::uint64_t>, GaussianToBeta>& beta_tables() {
  static SharedCache<std::pair<std::uint64_t, std::uint64_t>, GaussianToBeta> tables;
  return tables;
}

}  // namespace

std::shared_ptr<const GaussianToBeta> tabulated_beta(BetaShape shape) {
  return beta_tables().get({bits_of(shape.a), bits_of(shape.b)}, [shape] { return GaussianToBeta(shape); });
}

void adopt_tabulated_beta(GaussianToBeta table) {
  const BetaShape s = table.shape();
  beta_tables().offer({bits_of(s.a), bits_of(s.b)}, std::move(table));
}

GaussianToInverseRootChi2::GaussianToInverseRootChi2(double nu)
    : GaussianQuantileTable(
          [nu](double z) {
            // V = χ²_ν/ν at Φ(z), from the nearer tail (as for the Beta quantile).
            const boost::math::chi_squared_distribution<double> chi2(nu);
            const double q = z <= 0 ? boost::math::quantile(chi2, boost::math::cdf(std_normal, z))
                                    : boost::math::quantile(boost::math::complement(chi2, boost::math::cdf(std_normal, -z)));
            return 1.0 / std::sqrt(q / nu);
          },
          [nu](double z, double x) {
            // x = (q/ν)^(−1/2): dx/dz = −½ x³/ν · dq/dz, dq/dz = φ(z) / f_χ²(q).
            const double q = nu / (x * x);
            const double f = boost::math::pdf(boost::math::chi_squared_distribution<double>(nu), q);
            return f > 0 && std::isfinite(f) ? -0.5 * x * x * x / nu * boost::math::pdf(std_normal, z) / f : 0.0;
          }) {}

}  // namespace pairpower
