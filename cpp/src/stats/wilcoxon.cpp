#include "pairpower/stats/wilcoxon.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <string>

#include <boost/math/special_functions/erf.hpp>

namespace pairpower {

const std::vector<double>& wilcoxon_null_pmf(std::size_t c) {
  static std::array<std::vector<double>, 51> cache;
  static std::array<std::once_flag, 51> once;
  if (c > 50) throw std::invalid_argument("exact Wilcoxon distribution is tabulated for n ≤ 50");
  std::call_once(once[c], [c] {
    // Counts of rank subsets with each sum (exact integers below 2^53 for c ≤ 50),
    // built by adding one rank at a time.
    std::vector<double> counts(c * (c + 1) / 2 + 1, 0.0);
    counts[0] = 1;
    std::size_t top = 0;
    for (std::size_t k = 1; k <= c; ++k) {
      top += k;
      for (std::size_t s = top; s >= k; --s) counts[s] += counts[s - k];
    }
    const double scale = std::ldexp(1.0, -static_cast<int>(c));
    for (double& x : counts) x *= scale;
    cache[c] = std::move(counts);
  });
  return cache[c];
}

double wilcoxon_exact_p(std::size_t c, double r_plus) {
  const std::vector<double>& pmf = wilcoxon_null_pmf(c);
  const auto r = static_cast<std::size_t>(r_plus);  // scipy truncates to int
  const std::size_t last = pmf.size() - 1;
  if (r == last / 2) return 1.0;  // scipy's "centre of the distribution" rule
  double lower = 0, upper = 0;
  for (std::size_t i = 0; i <= r; ++i) lower += pmf[i];
  for (std::size_t i = r; i <= last; ++i) upper += pmf[i];
  return std::min(1.0, 2.0 * std::min(lower, upper));
}

double wilcoxon_z(const SignedRankSums& s) noexcept {
  const double c = s.n_nonzero;
  const double mean = c * (c + 1.0) * 0.25;
  const double var = (c * (c + 1.0) * (2.0 * c + 1.0) - 0.5 * s.tie_term) / 24.0;
  const double r_minus = c * (c + 1.0) * 0.5 - s.r_plus;
  const double t = std::min(s.r_plus, r_minus);
  return (t - mean) / std::sqrt(var);
}

double wilcoxon_exact_p(std::size_t c, double r_plus, Alternative alt) {
  if (alt == Alternative::two_sided) return wilcoxon_exact_p(c, r_plus);
  const std::vector<double>& pmf = wilcoxon_null_pmf(c);
  const auto r = static_cast<std::size_t>(r_plus);
  double p = 0;
  if (alt == Alternative::greater)
    for (std::size_t i = r; i < pmf.size(); ++i) p += pmf[i];
  else
    for (std::size_t i = 0; i <= r && i < pmf.size(); ++i) p += pmf[i];
  return std::min(1.0, p);
}

std::size_t wilcoxon_exact_upper_critical(std::size_t c, double alpha, Alternative alt) {
  const std::size_t top = c * (c + 1) / 2;
  std::size_t lo = top / 2 + 1, hi = top + 1;  // invariant: the answer is in [lo, hi]; hi = top + 1 means none
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (wilcoxon_exact_p(c, static_cast<double>(mid), alt) < alpha) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

double wilcoxon_signed_z(const SignedRankSums& s) noexcept {
  const double c = s.n_nonzero;
  const double mean = c * (c + 1.0) * 0.25;
  const double var = (c * (c + 1.0) * (2.0 * c + 1.0) - 0.5 * s.tie_term) / 24.0;
  return (s.r_plus - mean) / std::sqrt(var);
}

double wilcoxon_normal_p(double z, Alternative alt) {
  switch (alt) {
    case Alternative::two_sided: return boost::math::erfc(std::fabs(z) / std::sqrt(2.0));
    case Alternative::greater: return 0.5 * boost::math::erfc(z / std::sqrt(2.0));
    case Alternative::less: return 0.5 * boost::math::erfc(-z / std::sqrt(2.0));
  }
  return 1.0;
}

WilcoxonResult wilcoxon_signed_rank(std::span<const double> d, Alternative alt) {
  if (d.empty()) throw std::invalid_argument("Wilcoxon test needs at least one pair");
  for (std::size_t i = 0; i < d.size(); ++i)
    if (!std::isfinite(d[i])) throw std::invalid_argument("difference " + std::to_string(i + 1) + " is not a finite number");
  SignedRanker ranker;
  const SignedRankSums s = ranker.rank(d.data(), d.size());
  if (s.n_nonzero == 0) throw std::invalid_argument("Wilcoxon test is undefined when every difference is zero");
  WilcoxonResult r{};
  r.n = d.size();
  r.n_nonzero = s.n_nonzero;
  r.r_plus = s.r_plus;
  r.r_minus = static_cast<double>(s.n_nonzero) * (s.n_nonzero + 1.0) * 0.5 - s.r_plus;
  r.statistic = std::min(r.r_plus, r.r_minus);
  if (wilcoxon_uses_exact(r.n, s.n_zero)) {
    r.method = WilcoxonMethod::exact;
    r.z = 0;
    r.p_value = wilcoxon_exact_p(s.n_nonzero, s.r_plus, alt);
  } else {
    r.method = WilcoxonMethod::normal_approximation;
    r.z = alt == Alternative::two_sided ? wilcoxon_z(s) : wilcoxon_signed_z(s);
    r.p_value = wilcoxon_normal_p(r.z, alt);
  }
  return r;
}

}  // namespace pairpower
