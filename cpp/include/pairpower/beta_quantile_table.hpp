#pragma once
// z ↦ F⁻¹(Φ(z)) for a Beta distribution F, tabulated for the Gaussian copula.
//
// Calling the Beta quantile per simulated value would cost microseconds; the
// table costs nanoseconds: 1024 nodes on [−6, 6] holding exact values and exact
// slopes φ(z)/f(x), joined by cubic Hermite interpolation (max error ≈1e-12
// for the paper's shapes, checked in tests). Outside the table the exact
// quantile is computed (probability ≈ 2e-9 per value).
//
// Example:
//   pairpower::GaussianToBeta q({9.62, 5.18});
//   double x = q(0.3);   // Beta quantile at Φ(0.3)
#include <vector>

#include "pairpower/score_model.hpp"

namespace pairpower {

class GaussianToBeta {
 public:
  explicit GaussianToBeta(BetaShape shape);

  /// The Beta quantile at Φ(z), from the table (exactly off it).
  double operator()(double z) const {
    double x;
    transform(&z, &x, 1);
    return x;
  }

  /// out[i] = (*this)(z[i]) for i < n: the one evaluation path, a loop the compiler can vectorise.
  void transform(const double* z, double* out, std::size_t n) const;

  /// The quantile computed directly with Boost.Math (slow; used off the table).
  double exact(double z) const;

  BetaShape shape() const noexcept { return shape_; }

 private:
  BetaShape shape_;
  static constexpr std::size_t nodes_ = 1024;
  static constexpr double lo_ = -6.0;
  static constexpr double hi_ = 6.0;
  double inv_h_;
  // Per interval, the cubic Hermite polynomial through the node values
  // F⁻¹(Φ(z_i)) with node slopes φ(z)/f(x), in powers of the local coordinate.
  std::vector<double> coef_;
};

}  // namespace pairpower
