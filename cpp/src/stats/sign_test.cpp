#include "pairpower/stats/sign_test.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/binomial.hpp>

namespace pairpower {

double sign_test_p(std::uint64_t k, std::uint64_t m) {
  if (m == 0 || 2 * k == m) return 1.0;
  const std::uint64_t tail = std::min(k, m - k);
  const boost::math::binomial_distribution<double> dist(static_cast<double>(m), 0.5);
  return std::min(1.0, 2.0 * boost::math::cdf(dist, static_cast<double>(tail)));
}

long long sign_test_critical_k(std::uint64_t m, double alpha) {
  if (m == 0 || !(sign_test_p(0, m) < alpha)) return -1;
  std::uint64_t lo = 0, hi = m / 2;  // p(lo) < α; find the largest such k
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo + 1) / 2;
    if (sign_test_p(mid, m) < alpha) lo = mid;
    else hi = mid - 1;
  }
  return static_cast<long long>(lo);
}

double sign_test_p(std::uint64_t k, std::uint64_t m, Alternative alt) {
  if (alt == Alternative::two_sided) return sign_test_p(k, m);
  if (m == 0) return 1.0;
  const boost::math::binomial_distribution<double> dist(static_cast<double>(m), 0.5);
  // P(X ≥ k) = P(X ≤ m − k) by symmetry.
  const std::uint64_t tail = alt == Alternative::less ? k : m - std::min(k, m);
  return std::min(1.0, boost::math::cdf(dist, static_cast<double>(tail)));
}

long long sign_test_one_sided_critical_k(std::uint64_t m, double alpha) {
  if (m == 0 || !(sign_test_p(0, m, Alternative::less) < alpha)) return -1;
  std::uint64_t lo = 0, hi = m;  // P(X ≤ lo) < α; find the largest such k
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo + 1) / 2;
    if (sign_test_p(mid, m, Alternative::less) < alpha) lo = mid;
    else hi = mid - 1;
  }
  return static_cast<long long>(lo);
}

SignTestResult sign_test(std::span<const double> d, Alternative alt) {
  if (d.empty()) throw std::invalid_argument("sign test needs at least one pair");
  SignTestResult r{0, 0, 0, 1.0};
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (!std::isfinite(d[i])) throw std::invalid_argument("difference " + std::to_string(i + 1) + " is not a finite number");
    if (d[i] > 0) ++r.n_positive;
    else if (d[i] < 0) ++r.n_negative;
    else ++r.n_zero;
  }
  r.p_value = sign_test_p(r.n_positive, r.n_positive + r.n_negative, alt);
  return r;
}

}  // namespace pairpower
