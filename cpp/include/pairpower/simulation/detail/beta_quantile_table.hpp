#pragma once
// z ↦ F⁻¹(Φ(z)) tabulated, for the simulation's transforms of Gaussian draws:
// Beta marginals for the Gaussian copula, and the heavy-tailed model's scale
// c/√V with V ~ χ²_ν/ν.
//
// Calling a quantile function per simulated value would cost microseconds; the
// table costs nanoseconds: 1024 nodes on [−6, 6] holding exact values and exact
// slopes dx/dz, joined by cubic Hermite interpolation (max error ≈1e-12
// relative for the paper's Beta shapes and ≈1e-9 for the scale, checked in
// tests). Outside the table the exact value is computed (probability ≈ 2e-9 per value).
//
// Example:
//   pairpower::GaussianToBeta q({9.62, 5.18});
//   double x = q(0.3);   // Beta quantile at Φ(0.3)
#include <functional>
#include <memory>
#include <vector>

#include "pairpower/simulation/score_model.hpp"

namespace pairpower {

/// A smooth monotone map z ↦ x(z) = F⁻¹(Φ(z)), tabulated from its exact values and slopes.
class GaussianQuantileTable {
 public:
  /// exact(z): x(z); slope(z, x): dx/dz at z, given x = x(z) (0 where it is flat or infinite).
  GaussianQuantileTable(std::function<double(double)> exact, const std::function<double(double, double)>& slope);

  /// x(z), from the table (exactly off it).
  double operator()(double z) const {
    double x;
    transform(&z, &x, 1);
    return x;
  }

  /// out[i] = (*this)(z[i]) for i < n: the one evaluation path, a loop the compiler can vectorise.
  void transform(const double* z, double* out, std::size_t n) const;

  /// x(z) computed directly with Boost.Math (slow; used off the table).
  double exact(double z) const { return exact_(z); }

  /// The table's content (4 coefficients per interval): what another process
  /// holding the same map needs to rebuild it without computing it again.
  const std::vector<double>& coefficients() const noexcept { return coef_; }

 protected:
  /// A table of the same map built elsewhere, from its coefficients(); throws
  /// std::invalid_argument when they are not a table's count of finite numbers.
  GaussianQuantileTable(std::function<double(double)> exact, std::vector<double> coefficients);

 private:
  std::function<double(double)> exact_;
  static constexpr std::size_t nodes_ = 1024;
  static constexpr double lo_ = -6.0;
  static constexpr double hi_ = 6.0;
  double inv_h_;
  // Per interval, the cubic Hermite polynomial through the node values with
  // the node slopes, in powers of the local coordinate.
  std::vector<double> coef_;
};

/// The Beta quantile at Φ(z) (the Beta copula's marginals).
class GaussianToBeta : public GaussianQuantileTable {
 public:
  explicit GaussianToBeta(BetaShape shape);
  /// The table of `shape` built elsewhere (its coefficients()), checked for their count and finiteness.
  GaussianToBeta(BetaShape shape, std::vector<double> coefficients);
  BetaShape shape() const noexcept { return shape_; }

 private:
  BetaShape shape_;
};

/// The process's table of a Beta shape, built on first use and kept (thread-safe).
///
/// Example (the page's Plan engine builds a run's tables once and hands them to
/// its simulating workers, which then do not build them):
///   auto t = pairpower::tabulated_beta({9.62, 5.18});
///   pairpower::adopt_tabulated_beta(pairpower::GaussianToBeta(t->shape(), t->coefficients()));
std::shared_ptr<const GaussianToBeta> tabulated_beta(BetaShape shape);

/// Keeps a table built elsewhere as the process's table of its shape, unless
/// the process already holds one (tables of one shape are equal: same code, same inputs).
void adopt_tabulated_beta(GaussianToBeta table);

/// 1/√V at the quantile Φ(z) of V ~ χ²_ν/ν (decreasing in z): the heavy-tailed model's
/// per-query scale (score_model.hpp), so that Z/√V with an independent normal Z is t_ν.
class GaussianToInverseRootChi2 : public GaussianQuantileTable {
 public:
  explicit GaussianToInverseRootChi2(double nu);
};

}  // namespace pairpower
