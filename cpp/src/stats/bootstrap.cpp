#include "pairpower/stats/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/normal.hpp>

#include "detail/percentile.hpp"
#include "pairpower/base/random.hpp"

namespace pairpower {

BootstrapResult paired_bootstrap(std::span<const double> d, const BootstrapOptions& opt) {
  const std::size_t n = d.size();
  if (n < 2) throw std::invalid_argument("bootstrap needs at least 2 pairs");
  if (opt.resamples < 2) throw std::invalid_argument("bootstrap resamples: must be at least 2");
  if (!(opt.confidence > 0 && opt.confidence < 1)) throw std::invalid_argument("confidence must lie in (0, 1)");
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(d[i])) throw std::invalid_argument("difference " + std::to_string(i + 1) + " is not a finite number");
  // A canonical order: the interval depends on the multiset of differences only.
  std::vector<double> sorted(d.begin(), d.end());
  std::sort(sorted.begin(), sorted.end());
  const double nn = static_cast<double>(n);
  const double sum = std::accumulate(sorted.begin(), sorted.end(), 0.0);
  const double theta = sum / nn;
  const double max_abs = std::max(std::fabs(sorted.front()), std::fabs(sorted.back()));
  // Worst-case rounding of a sum of n terms of magnitude ≤ max|d| (Higham 2002, §4.2).
  const double tie_tolerance = nn * nn * std::numeric_limits<double>::epsilon() * max_abs;

  std::vector<double> means(static_cast<std::size_t>(opt.resamples));
  std::size_t ties = 0, below = 0;
  Xoshiro128x8 rng(hash_words({opt.seed, 0x626f6f74ULL /* "boot" */, n}));
  std::vector<std::uint32_t> idx((n + 7) / 8 * 8);
  for (std::uint64_t k = 0; k < opt.resamples; ++k) {
    rng.fill(idx.data(), idx.size());
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += sorted[(static_cast<std::uint64_t>(idx[i]) * n) >> 32];  // Lemire's range map
    if (std::fabs(s - sum) <= tie_tolerance) {
      ++ties;
      s = sum;  // a tie is Δ itself: its rounding noise must not reach the percentiles either
    } else if (s < sum) {
      ++below;
    }
    means[static_cast<std::size_t>(k)] = s / nn;
  }
  std::sort(means.begin(), means.end());

  BootstrapResult r;
  r.resamples = opt.resamples;
  const double tail = (1 - opt.confidence) / 2;
  if (means.front() == means.back()) {
    // Every resample has the same mean (all differences equal): the interval is that point.
    r.percentile = r.bca = {theta, theta};
  } else {
    r.percentile = {detail::percentile(means, tail), detail::percentile(means, 1 - tail)};
    // BCa: bias correction z0 from the share of resamples below θ̂ (ties, as
    // defined above, count half), acceleration from the jackknife (Efron &
    // Tibshirani 1993, eq. 14.15).
    const double B = static_cast<double>(opt.resamples);
    const double share = std::clamp((static_cast<double>(below) + 0.5 * static_cast<double>(ties)) / B, 0.5 / B, 1 - 0.5 / B);
    const boost::math::normal_distribution<double> z;
    const double z0 = boost::math::quantile(z, share);
    double num = 0, den = 0;
    const double jack_mean = theta;  // mean of the leave-one-out means equals θ̂ for the mean
    for (double x : sorted) {
      const double u = (nn - 1) * (jack_mean - (sum - x) / (nn - 1));
      num += u * u * u;
      den += u * u;
    }
    const double a = den > 0 ? (num / (nn * nn * nn)) / (6 * std::pow(den / (nn * nn), 1.5)) : 0.0;
    auto adjusted = [&](double q) {
      const double zq = boost::math::quantile(z, q);
      const double arg = z0 + (z0 + zq) / (1 - a * (z0 + zq));
      return std::isfinite(arg) ? boost::math::cdf(z, arg) : std::numeric_limits<double>::quiet_NaN();
    };
    const double q_low = adjusted(tail), q_high = adjusted(1 - tail);
    // A degenerate adjustment (1 − a(z0 + z) = 0) has no BCa interval: use the percentile one.
    r.bca = std::isfinite(q_low) && std::isfinite(q_high) ? Interval{detail::percentile(means, q_low), detail::percentile(means, q_high)} : r.percentile;
  }
  if (opt.keep_distribution) r.distribution = std::move(means);
  return r;
}

}  // namespace pairpower
