#include "pairpower/stats/paired_t.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/students_t.hpp>

namespace pairpower {

MeanSd mean_sd(const double* d, std::size_t n) noexcept {
  // Four running sums in a fixed order: fast, and identical on every platform.
  double s[4] = {0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s[0] += d[i];
    s[1] += d[i + 1];
    s[2] += d[i + 2];
    s[3] += d[i + 3];
  }
  for (; i < n; ++i) s[0] += d[i];
  const double mean = ((s[0] + s[1]) + (s[2] + s[3])) / static_cast<double>(n);
  double q[4] = {0, 0, 0, 0};
  i = 0;
  for (; i + 4 <= n; i += 4) {
    const double e0 = d[i] - mean, e1 = d[i + 1] - mean, e2 = d[i + 2] - mean, e3 = d[i + 3] - mean;
    q[0] += e0 * e0;
    q[1] += e1 * e1;
    q[2] += e2 * e2;
    q[3] += e3 * e3;
  }
  for (; i < n; ++i) {
    const double e = d[i] - mean;
    q[0] += e * e;
  }
  const double var = ((q[0] + q[1]) + (q[2] + q[3])) / static_cast<double>(n - 1);
  return {mean, std::sqrt(var)};
}

double t_statistic(const double* d, std::size_t n) noexcept {
  const MeanSd m = mean_sd(d, n);
  return m.mean / (m.sd / std::sqrt(static_cast<double>(n)));
}

double t_two_sided_p(double t, double df) {
  if (std::isnan(t)) return 1.0;
  if (std::isinf(t)) return 0.0;
  const boost::math::students_t_distribution<double> dist(df);
  return 2.0 * boost::math::cdf(dist, -std::fabs(t));
}

double t_p(double t, double df, Alternative alt) {
  if (alt == Alternative::two_sided) return t_two_sided_p(t, df);
  if (std::isnan(t)) return 1.0;
  const double x = alt == Alternative::greater ? t : -t;  // the upper tail at x
  if (std::isinf(x)) return x > 0 ? 0.0 : 1.0;
  return boost::math::cdf(boost::math::complement(boost::math::students_t_distribution<double>(df), x));
}

PairedTResult paired_t_test(std::span<const double> d, double confidence, Alternative alt) {
  if (d.size() < 2) throw std::invalid_argument("paired t-test needs at least 2 pairs, got " + std::to_string(d.size()));
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("confidence must lie in (0, 1)");
  for (std::size_t i = 0; i < d.size(); ++i)
    if (!std::isfinite(d[i])) throw std::invalid_argument("difference " + std::to_string(i + 1) + " is not a finite number");
  const std::size_t n = d.size();
  const MeanSd m = mean_sd(d.data(), n);
  PairedTResult r{};
  r.n = n;
  r.mean_diff = m.mean;
  r.sd_diff = m.sd;
  r.se = m.sd / std::sqrt(static_cast<double>(n));
  r.t = m.mean / r.se;
  r.df = static_cast<double>(n - 1);
  r.p_value = t_p(r.t, r.df, alt);
  r.confidence = confidence;
  const boost::math::students_t_distribution<double> dist(r.df);
  const double q = boost::math::quantile(dist, 0.5 + confidence / 2.0);
  r.ci_low = m.mean - q * r.se;
  r.ci_high = m.mean + q * r.se;
  r.dz = m.sd > 0 ? m.mean / m.sd : (m.mean == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), m.mean));
  return r;
}

double t_quantile_upper(double tail, double df) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>(df), tail));
}

}  // namespace pairpower
