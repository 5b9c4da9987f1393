#include "pairpower/stats/repeats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pairpower {

RepeatedItems repeated_items(const std::vector<double>& d, const std::vector<double>& within, double k) {
  const std::size_t n = d.size();
  if (n < 2 || within.size() != n) throw std::invalid_argument("repeated_items: at least 2 items, one within-item variance each");
  if (!(k >= 1)) throw std::invalid_argument("repeated_items: at least 1 repeat per item");
  double mean = 0;
  for (double x : d) mean += x / static_cast<double>(n);
  double ss = 0, w = 0;
  for (double x : d) ss += (x - mean) * (x - mean);
  for (double x : within) w += x / static_cast<double>(n);
  RepeatedItems r;
  r.k = k;
  r.total_var = ss / static_cast<double>(n - 1);
  r.within_var = w;
  r.within_share = r.total_var > 0 ? std::min(1.0, w / r.total_var) : 0.0;
  const double nn = static_cast<double>(n);
  r.se = std::sqrt(r.total_var / nn);
  // Twice the repeats halve the within-item part; the between-item part stays.
  const double between = std::max(0.0, r.total_var - w);
  r.se_double = std::sqrt((between + w / 2) / nn);
  r.se_floor = std::sqrt(between / nn);
  r.within_share_one = between + k * w > 0 ? k * w / (between + k * w) : 0.0;
  return r;
}

}  // namespace pairpower
