#include "pairpower/stats/hodges_lehmann.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <boost/math/distributions/normal.hpp>

#include "pairpower/base/bit_cast.hpp"
#include "pairpower/stats/wilcoxon.hpp"

namespace pairpower {
namespace {

double walsh(const std::vector<double>& d, std::size_t i, std::size_t j) { return (d[i] + d[j]) / 2; }

// Number of Walsh averages ≤ x. For sorted d the largest j with w(i, j) ≤ x only
// falls as i grows, so one sweep suffices.
std::uint64_t count_at_most(const std::vector<double>& d, double x) {
  const std::size_t n = d.size();
  std::uint64_t count = 0;
  std::size_t j = n;
  for (std::size_t i = 0; i < n; ++i) {
    while (j > i && walsh(d, i, j - 1) > x) --j;
    if (j <= i) break;
    count += j - i;
  }
  return count;
}

// Doubles mapped to integers that sort the same way, to bisect over values exactly.
std::int64_t order_key(double x) {
  const auto bits = bit_cast<std::int64_t>(x);
  return bits < 0 ? std::numeric_limits<std::int64_t>::min() - bits : bits;
}
double from_order_key(std::int64_t k) {
  return bit_cast<double>(k < 0 ? std::numeric_limits<std::int64_t>::min() - k : k);
}

// The k-th smallest Walsh average (1-based): the least x with count(x) ≥ k,
// which is itself a Walsh average.
double kth_walsh(const std::vector<double>& d, std::uint64_t k) {
  std::int64_t lo = order_key(d.front()), hi = order_key(d.back());
  while (lo < hi) {
    // Halve the gap in unsigned arithmetic: hi − lo can exceed INT64_MAX.
    const auto gap = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    const auto mid = static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + gap / 2);
    if (count_at_most(d, from_order_key(mid)) >= k) hi = mid;
    else lo = mid + 1;
  }
  return from_order_key(lo);
}

}  // namespace

HodgesLehmann hodges_lehmann(std::span<const double> values, double confidence) {
  if (values.empty()) throw std::invalid_argument("Hodges-Lehmann estimate needs at least one difference");
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("confidence must lie in (0, 1)");
  std::vector<double> d(values.begin(), values.end());
  for (double x : d)
    if (!std::isfinite(x)) throw std::invalid_argument("differences must be finite numbers");
  std::sort(d.begin(), d.end());
  // Avoid -0.0 keys: they would sort apart from +0.0 in the bisection.
  for (double& x : d)
    if (x == 0) x = 0.0;
  const std::uint64_t n = d.size();
  const std::uint64_t m = n * (n + 1) / 2;
  HodgesLehmann r{};
  r.confidence = confidence;
  r.estimate = m % 2 ? kth_walsh(d, (m + 1) / 2) : (kth_walsh(d, m / 2) + kth_walsh(d, m / 2 + 1)) / 2;
  // k: the lower (1 − confidence)/2 quantile of the signed-rank null distribution,
  // as R's qsignrank for n ≤ 50; a continuity-corrected normal quantile above.
  const double tail = (1 - confidence) / 2;
  std::uint64_t k = 0;
  double below = 0;  // P(T+ ≤ k − 1)
  if (n <= 50) {
    const auto& pmf = wilcoxon_null_pmf(d.size());
    double cdf = 0;
    std::size_t i = 0;
    while (i < pmf.size() && cdf + pmf[i] < tail) cdf += pmf[i++];
    k = i;
    below = cdf;
  } else {
    const boost::math::normal_distribution<double> z;
    const double mean = static_cast<double>(m) / 2;
    const double nd = static_cast<double>(n);
    const double sd = std::sqrt(nd * (nd + 1) * (2 * nd + 1) / 24);
    const double q = mean + boost::math::quantile(z, tail) * sd;
    k = static_cast<std::uint64_t>(std::max(0.0, std::ceil(q - 0.5)));
    below = boost::math::cdf(z, (static_cast<double>(k) - 0.5 - mean) / sd);
  }
  if (k == 0) k = 1;  // the widest interval available: [min, max] of the Walsh averages
  r.ci_low = kth_walsh(d, k);
  r.ci_high = kth_walsh(d, m + 1 - k);
  r.achieved = std::max(0.0, 1 - 2 * below);
  return r;
}

}  // namespace pairpower
