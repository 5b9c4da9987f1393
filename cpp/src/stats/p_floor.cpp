#include "pairpower/stats/p_floor.hpp"

#include <algorithm>
#include <cmath>

namespace pairpower {

double smallest_attainable_p(std::size_t nonzero, Alternative alt) noexcept {
  const int e = static_cast<int>(std::min<std::size_t>(nonzero, 1100));
  return alt == Alternative::two_sided ? std::min(1.0, std::ldexp(1.0, 1 - e)) : std::ldexp(1.0, -e);
}

std::size_t smallest_n_reaching(double alpha, Alternative alt) noexcept {
  std::size_t n = 1;
  while (n < 1100 && !(smallest_attainable_p(n, alt) <= alpha)) ++n;
  return n;
}

}  // namespace pairpower
