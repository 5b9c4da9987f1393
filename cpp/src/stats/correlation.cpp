#include "pairpower/stats/correlation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace pairpower {
namespace {

std::vector<double> average_ranks(std::span<const double> x) {
  std::vector<std::size_t> order(x.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return x[i] < x[j]; });
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j < order.size() && x[order[j]] == x[order[i]]) ++j;
    const double avg = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    for (std::size_t k = i; k < j; ++k) r[order[k]] = avg;
    i = j;
  }
  return r;
}

}  // namespace

double pearson(std::span<const double> a, std::span<const double> b) {
  if (a.size() != b.size() || a.size() < 2) throw std::invalid_argument("correlation needs two equally long series of at least 2 values");
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(a.begin(), a.end(), 0.0) / n;
  const double mb = std::accumulate(b.begin(), b.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x = a[i] - ma, y = b[i] - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  if (saa == 0 || sbb == 0) return 0.0;
  if (std::isnormal(saa * sbb) && std::isnormal(saa) && std::isnormal(sbb)) return std::clamp(sab / std::sqrt(saa * sbb), -1.0, 1.0);
  // Deviations so small (or large) that their squares leave double's normal range: r is scale-free, so
  // each series is divided by its largest deviation first.
  double xa = 0, xb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) xa = std::max(xa, std::fabs(a[i] - ma)), xb = std::max(xb, std::fabs(b[i] - mb));
  sab = saa = sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x = (a[i] - ma) / xa, y = (b[i] - mb) / xb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return std::clamp(sab / std::sqrt(saa * sbb), -1.0, 1.0);
}

double spearman(std::span<const double> a, std::span<const double> b) {
  const auto ra = average_ranks(a), rb = average_ranks(b);
  return pearson(ra, rb);
}

}  // namespace pairpower
