#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

namespace pairpower::detail {

/// numpy.percentile's default ("linear"): position q·(B − 1) in the sorted sample.
inline double percentile(const std::vector<double>& sorted, double q) {
  const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace pairpower::detail
