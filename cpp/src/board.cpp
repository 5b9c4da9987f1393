#include "pairpower/board.hpp"

namespace pairpower {

double BoardMatrix::system_mean(std::size_t system) const noexcept {
  const double* r = row(system);
  double s = 0;
  for (std::size_t j = 0; j < n_; ++j) s += r[j];
  return n_ ? s / static_cast<double>(n_) : 0.0;
}

std::vector<double> BoardMatrix::system_means() const {
  std::vector<double> m(k_);
  for (std::size_t i = 0; i < k_; ++i) m[i] = system_mean(i);
  return m;
}

}  // namespace pairpower
