#include "pairpower/stats/board_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pairpower {
namespace {

// Whether every x·m is a whole number up to the rounding of reading a decimal
// and multiplying (a few units in its last place), small enough that n of them
// sum exactly (|Σ| < 2⁵³). A tiny nonzero score is never taken for 0.
bool on_lattice(const std::vector<double>& x, double m, std::size_t n) {
  const double limit = 9007199254740992.0 / static_cast<double>(n > 0 ? n : 1);
  const double eps = std::numeric_limits<double>::epsilon();
  for (double v : x) {
    const double s = v * m, r = std::nearbyint(s);
    if (!(std::fabs(s - r) <= 8 * eps * std::max(1.0, std::fabs(s))) || std::fabs(r) >= limit || (r == 0 && v != 0)) return false;
  }
  return true;
}

}  // namespace

double BoardMatrix::lattice() const noexcept {
  if (x_.empty()) return 0;
  // Small denominators first (binary, P@10, thirds of a three-sample accuracy), then decimals.
  for (int m = 1; m <= 100; ++m)
    if (on_lattice(x_, m, n_)) return m;
  for (double m = 1e3; m <= 1e6; m *= 10)
    if (on_lattice(x_, m, n_)) return m;
  return 0;
}

std::vector<double> BoardMatrix::exact_values() const {
  const double m = lattice();
  if (m == 0) return x_;
  std::vector<double> out(x_.size());
  for (std::size_t i = 0; i < x_.size(); ++i) out[i] = std::nearbyint(x_[i] * m);
  return out;
}

BoardMatrix::Sums BoardMatrix::exact_sums() const {
  const double m = lattice();
  const std::vector<double> v = exact_values();
  Sums s{m > 0 ? m : 1, n_, std::vector<double>(k_, 0.0)};
  for (std::size_t i = 0; i < k_; ++i)
    for (std::size_t j = 0; j < n_; ++j) s.sums[i] += v[i * n_ + j];
  return s;
}

double BoardMatrix::system_mean(std::size_t system) const { return n_ ? exact_sums().mean(system) : 0.0; }

std::vector<double> BoardMatrix::system_means() const {
  std::vector<double> m(k_, 0.0);
  if (n_ == 0) return m;
  const Sums s = exact_sums();
  for (std::size_t i = 0; i < k_; ++i) m[i] = s.mean(i);
  return m;
}

}  // namespace pairpower
