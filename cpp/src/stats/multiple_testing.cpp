#include "pairpower/stats/multiple_testing.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace pairpower {

std::vector<double> adjust_p(std::span<const double> p, Adjustment method) {
  const std::size_t m = p.size();
  for (double x : p)
    if (!(x >= 0 && x <= 1)) throw std::invalid_argument("p-values must lie in [0, 1]");
  std::vector<double> out(m);
  if (m == 0) return out;
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return p[i] < p[j]; });
  const double mm = static_cast<double>(m);
  switch (method) {
    case Adjustment::bonferroni:
      for (std::size_t i = 0; i < m; ++i) out[i] = std::min(1.0, p[i] * mm);
      break;
    case Adjustment::holm: {
      double running = 0;  // step-down: running maximum of (m − rank)·p
      for (std::size_t r = 0; r < m; ++r) {
        running = std::max(running, (mm - static_cast<double>(r)) * p[order[r]]);
        out[order[r]] = std::min(1.0, running);
      }
      break;
    }
    case Adjustment::benjamini_hochberg: {
      double running = 1;  // step-up: running minimum of m·p / rank, from the largest p
      for (std::size_t r = m; r-- > 0;) {
        running = std::min(running, p[order[r]] * mm / static_cast<double>(r + 1));
        out[order[r]] = std::min(1.0, running);
      }
      break;
    }
  }
  return out;
}

}  // namespace pairpower
