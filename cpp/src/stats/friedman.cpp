#include "pairpower/stats/friedman.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <boost/math/distributions/chi_squared.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/stats/studentized_range.hpp"

namespace pairpower {
namespace {

// Ranks of one block's k values (1 = smallest, or 1 = largest when descending),
// ties sharing their average rank; adds Σ(t³ − t) over tie groups to `ties`.
void rank_block(const BoardMatrix& b, std::size_t block, bool descending, std::vector<double>& rank, double& ties) {
  const std::size_t k = b.systems();
  std::vector<std::size_t> order(k);
  std::iota(order.begin(), order.end(), 0);
  const auto value = [&](std::size_t i) { return descending ? -b.at(i, block) : b.at(i, block); };
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return value(x) < value(y); });
  for (std::size_t s = 0; s < k;) {
    std::size_t e = s + 1;
    while (e < k && value(order[e]) == value(order[s])) ++e;
    const double avg = 0.5 * static_cast<double>(s + 1 + e);  // ranks s+1 … e
    for (std::size_t t = s; t < e; ++t) rank[order[t]] = avg;
    const double t = static_cast<double>(e - s);
    ties += t * t * t - t;
    s = e;
  }
}

}  // namespace

FriedmanResult friedman_test(const BoardMatrix& b) {
  const std::size_t k = b.systems(), n = b.queries();
  if (k < 2 || n < 1) throw Error("scores", ErrorKind::not_enough_data, "the Friedman test needs at least 2 systems and 1 block");
  std::vector<double> rank(k), sum(k, 0.0);
  double ties = 0;
  for (std::size_t j = 0; j < n; ++j) {
    rank_block(b, j, false, rank, ties);
    for (std::size_t i = 0; i < k; ++i) sum[i] += rank[i];
  }
  const double kk = static_cast<double>(k), nn = static_cast<double>(n);
  double ss = 0;
  for (double r : sum) ss += r * r;
  const double chi = 12.0 / (nn * kk * (kk + 1)) * ss - 3.0 * nn * (kk + 1);
  const double correction = 1 - ties / (nn * kk * (kk * kk - 1));
  if (!(correction > 0)) throw Error("scores", ErrorKind::not_enough_data, "every block ties all systems: the Friedman test has nothing to rank");
  FriedmanResult r{chi / correction, kk - 1, 0};
  r.p = boost::math::cdf(boost::math::complement(boost::math::chi_squared(r.df), std::fmax(0.0, r.statistic)));
  return r;
}

std::vector<double> mean_ranks(const BoardMatrix& b, bool higher_is_better) {
  const std::size_t k = b.systems(), n = b.queries();
  std::vector<double> rank(k), mean(k, 0.0);
  double ties = 0;
  for (std::size_t j = 0; j < n; ++j) {
    rank_block(b, j, higher_is_better, rank, ties);
    for (std::size_t i = 0; i < k; ++i) mean[i] += rank[i] / static_cast<double>(n);
  }
  return mean;
}

double nemenyi_critical_difference(std::size_t systems, std::size_t blocks, double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw Error("alpha", ErrorKind::invalid_value, "must lie strictly between 0 and 1");
  if (blocks < 1) throw Error("scores", ErrorKind::not_enough_data, "no datasets");
  const double k = static_cast<double>(systems);
  const double q = quantile(studentized_range(static_cast<unsigned>(systems), std::numeric_limits<double>::infinity()), 1 - alpha);
  return q / std::sqrt(2.0) * std::sqrt(k * (k + 1) / (6.0 * static_cast<double>(blocks)));
}

}  // namespace pairpower
