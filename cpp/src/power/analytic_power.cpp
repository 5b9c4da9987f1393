#include "pairpower/power/analytic_power.hpp"

#include "pairpower/base/errors.hpp"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "pairpower/stats/bivariate_normal.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/stats/wilcoxon.hpp"

namespace pairpower {
namespace {

const boost::math::normal_distribution<double> std_normal;

double phi_cdf(double x) { return boost::math::cdf(std_normal, x); }
double z_upper(double p) { return boost::math::quantile(boost::math::complement(std_normal, p)); }

void check(std::size_t n, const PairedEffect& e, double alpha) {
  if (n < 2) throw Error("n", ErrorKind::invalid_value, "must be at least 2, got " + std::to_string(n));
  validate_alpha(alpha);
  (void)PairedEffect::from_sd_diff(e.delta, e.sd_diff);
}

}  // namespace

void validate_alpha(double alpha) {
  // Below 1e-10 the t quantile for one degree of freedom leaves double range.
  if (!(alpha >= 1e-10 && alpha < 1)) throw Error("alpha", ErrorKind::invalid_value, "must lie between 1e-10 and 1");
}

PairedEffect PairedEffect::from_scores(double delta, double sd, double rho) {
  if (!(std::isfinite(sd) && sd > 0)) throw Error("sd", ErrorKind::invalid_value, "must be a finite number > 0");
  if (!(rho > -1 && rho < 1)) throw Error("rho", ErrorKind::invalid_value, "must lie strictly between -1 and 1");
  return from_sd_diff(delta, sd * std::sqrt(2.0 * (1.0 - rho)));
}

PairedEffect PairedEffect::from_sd_diff(double delta, double sd_diff) {
  // Far outside any score scale the special functions lose their footing.
  if (!(std::isfinite(delta) && std::fabs(delta) <= 1e6)) throw Error("delta", ErrorKind::invalid_value, "must be a number between -1e6 and 1e6");
  if (!(sd_diff >= 1e-12 && sd_diff <= 1e6)) throw Error("sd_diff", ErrorKind::invalid_value, "must lie between 1e-12 and 1e6");
  return {delta, sd_diff};
}

// One-sided: the effect as seen by "greater" (mirror "less").
static double toward(const PairedEffect& e, Alternative alt) { return alt == Alternative::less ? -e.delta : e.delta; }

static double power_paired_t_one_sided(std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  const double df = static_cast<double>(n - 1);
  const double tc = boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>(df), alpha));
  const double lambda = toward(e, alt) * std::sqrt(static_cast<double>(n)) / e.sd_diff;
  if (lambda == 0) return alpha;
  if (lambda - tc > 40) return 1.0;
  if (lambda - tc < -40) return 0.0;
  // As for two sides: the normal approximation where Boost's series cannot go.
  auto approximate = [&] { return phi_cdf((lambda - tc * (1 - 1 / (4 * df))) / std::sqrt(1 + tc * tc / (2 * df))); };
  if (std::fabs(lambda) > 1e4) return approximate();
  try {
    return boost::math::cdf(boost::math::complement(boost::math::non_central_t_distribution<double>(df, lambda), tc));
  } catch (const std::exception&) {
    return approximate();
  }
}

double power_paired_t(std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  check(n, e, alpha);
  if (alt != Alternative::two_sided) return power_paired_t_one_sided(n, e, alpha, alt);
  const double df = static_cast<double>(n - 1);
  const double tc = boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>(df), alpha / 2));
  const double lambda = std::fabs(e.delta) * std::sqrt(static_cast<double>(n)) / e.sd_diff;
  if (lambda == 0) return alpha;
  // Far beyond the critical value the power is 1 to double precision, and Boost's
  // series would overflow (λ can be astronomically large for a near-zero σ_d).
  if (lambda - tc > 40) return 1.0;
  // The normal approximation of the noncentral t (Johnson, Kotz & Balakrishnan,
  // Continuous Univariate Distributions 2, §31.5), for λ beyond Boost's reach.
  auto approximate = [&] {
    auto tail = [&](double t) { return phi_cdf((lambda - t * (1 - 1 / (4 * df))) / std::sqrt(1 + t * t / (2 * df))); };
    return std::min(1.0, tail(tc) + (1 - tail(-tc)));
  };
  // Boost's series index λ²/2 with an int: past λ ≈ 6.5e4 it overflows (measured by
  // fuzzing). Such λ with λ − t_c ≤ 40 needs α near 1e-10 and very few degrees of freedom.
  if (lambda > 1e4) return approximate();
  try {
    const boost::math::non_central_t_distribution<double> nct(df, lambda);
    return boost::math::cdf(boost::math::complement(nct, tc)) + boost::math::cdf(nct, -tc);
  } catch (const std::exception&) {
    return approximate();  // Boost's evaluation gave up
  }
}

double power_wilcoxon_noether(std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  check(n, e, alpha);
  if (alt != Alternative::two_sided) {
    const double p_prime = phi_cdf(std::numbers::sqrt2 * toward(e, alt) / e.sd_diff);
    return phi_cdf(std::sqrt(3.0 * static_cast<double>(n)) * (p_prime - 0.5) - z_upper(alpha));
  }
  const double p_prime = phi_cdf(std::numbers::sqrt2 * e.delta / e.sd_diff);
  return phi_cdf(std::sqrt(3.0 * static_cast<double>(n)) * std::fabs(p_prime - 0.5) - z_upper(alpha / 2));
}

double power_wilcoxon_moments(std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  check(n, e, alpha);
  const double nn = static_cast<double>(n);
  const bool two = alt == Alternative::two_sided;
  // Two-sided power is symmetric in δ; one-sided sees δ on its own side (it may be negative).
  const double h = two ? std::fabs(e.delta) / e.sd_diff : toward(e, alt) / e.sd_diff;
  const double p1 = phi_cdf(h);
  const double p2 = phi_cdf(std::numbers::sqrt2 * h);
  const double p3 = bivariate_normal_cdf(h, std::numbers::sqrt2 * h, 1.0 / std::numbers::sqrt2);
  const double p4 = bivariate_normal_cdf(std::numbers::sqrt2 * h, std::numbers::sqrt2 * h, 0.5);
  const double pairs = nn * (nn - 1) / 2;
  const double mean1 = nn * p1 + pairs * p2;
  const double var1 = nn * p1 * (1 - p1) + pairs * p2 * (1 - p2) + 2 * nn * (nn - 1) * (p3 - p1 * p2) +
                      nn * (nn - 1) * (nn - 2) * (p4 - p2 * p2);
  // The rejection region scipy uses: exact null distribution for n ≤ 50 (no
  // zeros in continuous data), the normal approximation above. W₊ is an
  // integer, so the region is {W₊ ≤ lo} ∪ {W₊ ≥ hi} with lo = n(n+1)/2 − hi.
  // 64-bit: n(n+1)/2 passes 2^32 at n = 92,682, and size_t is 32 bits in wasm32.
  const std::uint64_t top = static_cast<std::uint64_t>(n) * (n + 1) / 2;
  std::uint64_t hi = top + 1;  // no rejection at all when nothing reaches α
  if (wilcoxon_uses_exact(n, 0)) {
    hi = wilcoxon_exact_upper_critical(n, alpha, two ? Alternative::two_sided : Alternative::greater);
  } else {
    const double mean0 = nn * (nn + 1) / 4;
    const double sd0 = std::sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
    hi = static_cast<std::uint64_t>(std::floor(mean0 + z_upper(two ? alpha / 2 : alpha) * sd0)) + 1;
  }
  if (hi > top) return 0.0;
  if (!two) {
    // One-sided ("greater" after mirroring): the upper region {W₊ ≥ hi} alone.
    if (!(var1 > 0)) return mean1 >= static_cast<double>(hi) ? 1.0 : 0.0;
    return phi_cdf((mean1 - (static_cast<double>(hi) - 0.5)) / std::sqrt(var1));
  }
  const double lo = static_cast<double>(top - hi);
  if (!(var1 > 0)) return (mean1 >= static_cast<double>(hi) || mean1 <= lo) ? 1.0 : 0.0;
  const double sd1 = std::sqrt(var1);
  // Normal approximation of the non-null W₊ with a continuity correction.
  return phi_cdf((lo + 0.5 - mean1) / sd1) + phi_cdf((mean1 - (static_cast<double>(hi) - 0.5)) / sd1);
}

double power_sign_test(std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  check(n, e, alpha);
  if (alt != Alternative::two_sided) {
    // Reject when the negatives (after mirroring) are at most k*: positives ≥ n − k*.
    const long long k = sign_test_one_sided_critical_k(n, alpha);
    if (k < 0) return 0.0;
    const boost::math::binomial_distribution<double> positives(static_cast<double>(n), phi_cdf(toward(e, alt) / e.sd_diff));
    return boost::math::cdf(boost::math::complement(positives, static_cast<double>(n) - static_cast<double>(k) - 1));
  }
  const long long k = sign_test_critical_k(n, alpha);
  if (k < 0) return 0.0;
  const double p = phi_cdf(e.delta / e.sd_diff);
  const boost::math::binomial_distribution<double> positives(static_cast<double>(n), p);
  const auto kk = static_cast<double>(k);
  // P(K ≤ k*) + P(K ≥ n − k*); the two tails are disjoint since k* < n/2.
  return boost::math::cdf(positives, kk) + boost::math::cdf(boost::math::complement(positives, static_cast<double>(n) - kk - 1));
}

std::string_view to_string(PowerMethod m) noexcept {
  switch (m) {
    case PowerMethod::paired_t: return "noncentral t";
    case PowerMethod::wilcoxon_moments: return "Wilcoxon, non-null moments (Lehmann)";
    case PowerMethod::wilcoxon_noether: return "Wilcoxon, Noether (1987)";
    case PowerMethod::sign_exact: return "sign test, exact binomial";
  }
  return "?";
}

double analytic_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt) {
  switch (m) {
    case PowerMethod::paired_t: return power_paired_t(n, e, alpha, alt);
    case PowerMethod::wilcoxon_moments: return power_wilcoxon_moments(n, e, alpha, alt);
    case PowerMethod::wilcoxon_noether: return power_wilcoxon_noether(n, e, alpha, alt);
    case PowerMethod::sign_exact: return power_sign_test(n, e, alpha, alt);
  }
  return 0;
}

double power_paired_t_equivalence(std::size_t n, PairedEffect e, double margin, double alpha) {
  check(n, e, alpha);
  validate(PlanQuestion{Question::equivalence, margin});
  const double df = static_cast<double>(n - 1), root_n = std::sqrt(static_cast<double>(n));
  const double tc = boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>(df), alpha));
  const double hi_z = (margin - e.delta) * root_n / e.sd_diff, lo_z = (-margin - e.delta) * root_n / e.sd_diff;
  // w = S/σ_d; the interval rejects both nulls only while w < w_max (then the band is empty).
  const double w_max = margin * root_n / (e.sd_diff * tc);
  const boost::math::chi_squared_distribution<double> chi2(df);
  const double w_lo = std::sqrt(boost::math::quantile(chi2, 1e-15) / df);
  const double w_hi = std::min(w_max, std::sqrt(boost::math::quantile(boost::math::complement(chi2, 1e-15)) / df));
  if (!(w_hi > w_lo)) return 0.0;
  // Density of w: f_χ²(df·w²)·2·df·w = exp(c₀ + (df − 1) ln w − df·w²/2), bounded at w → 0 even for
  // df = 1; written out (and Φ by erfc) because the solvers evaluate this integral hundreds of times.
  const double half = df / 2;
  const double c0 = std::log(2 * df) + (half - 1) * std::log(df) - half * std::log(2.0) - std::lgamma(half);
  const auto phi = [](double x) { return 0.5 * std::erfc(-x * std::numbers::sqrt2 / 2); };
  const auto integrand = [&](double w) {
    if (w <= 0) return 0.0;
    const double band = phi(hi_z - tc * w) - phi(lo_z + tc * w);
    return band <= 0 ? 0.0 : band * std::exp(c0 + (df - 1) * std::log(w) - df * w * w / 2);
  };
  const double p = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(integrand, w_lo, w_hi, 12, 1e-10);
  return std::clamp(p, 0.0, 1.0);
}

std::optional<double> question_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt, PlanQuestion q) {
  switch (q.kind) {
    case Question::difference: return analytic_power(m, n, e, alpha, alt);
    case Question::non_inferiority:
      validate(q);
      return analytic_power(m, n, PairedEffect::from_sd_diff(e.delta + q.margin, e.sd_diff), alpha, Alternative::greater);
    case Question::equivalence:
      if (!has_closed_form(m, q)) return std::nullopt;
      return power_paired_t_equivalence(n, e, q.margin, alpha);
  }
  return std::nullopt;
}

}  // namespace pairpower
