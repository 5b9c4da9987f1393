#include "pairpower/stats/decision_rules.hpp"

#include <cmath>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/erf.hpp>

#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/stats/wilcoxon.hpp"

namespace pairpower {
namespace {
// Wider than any last-bit wobble of the special functions, narrow enough that
// a simulated statistic falls inside it about once in 10⁹ replicates.
constexpr double guard = 1e-9;

}  // namespace

// One-sided rules see the statistic on the side of their alternative ("less": its negative),
// so one upper critical value serves both; two-sided rules see |statistic|.
static double oriented(double x, Alternative alt) { return alt == Alternative::two_sided ? std::fabs(x) : alt == Alternative::less ? -x : x; }
static double tail_share(double alpha, Alternative alt) { return alt == Alternative::two_sided ? alpha / 2.0 : alpha; }

PairedTRule::PairedTRule(std::size_t n, double alpha, Alternative alt) : df_(static_cast<double>(n) - 1.0), alpha_(alpha), alt_(alt) {
  const boost::math::students_t_distribution<double> dist(df_);
  crit_ = boost::math::quantile(boost::math::complement(dist, tail_share(alpha, alt)));
  lo_ = crit_ * (1.0 - guard);
  hi_ = crit_ * (1.0 + guard);
}

bool PairedTRule::rejects(double t) const {
  const double a = oriented(t, alt_);
  if (a > hi_) return true;  // includes +inf
  if (!(a >= lo_)) return false;  // includes NaN
  return t_p(t, df_, alt_) < alpha_;
}

WilcoxonRule::WilcoxonRule(std::size_t n, double alpha, Alternative alt) : n_(n), alpha_(alpha), alt_(alt) {
  const boost::math::normal_distribution<double> std_normal;
  zcrit_ = boost::math::quantile(boost::math::complement(std_normal, tail_share(alpha, alt)));
  lo_ = zcrit_ * (1.0 - guard);
  hi_ = zcrit_ * (1.0 + guard);
  if (n <= 50) {
    const std::size_t top = n * (n + 1) / 2;
    exact_rejects_.resize(top + 1);
    for (std::size_t r = 0; r <= top; ++r)
      exact_rejects_[r] = wilcoxon_exact_p(n, static_cast<double>(r), alt) < alpha ? 1 : 0;
  }
}

bool WilcoxonRule::rejects(const SignedRankSums& s) const {
  if (s.n_nonzero == 0) return false;  // scipy raises; the seed script counts p = 1
  if (wilcoxon_uses_exact(n_, s.n_zero)) return exact_rejects_[static_cast<std::size_t>(s.r_plus)] != 0;
  // Two-sided: scipy's z from the smaller rank sum; one-sided: from r_plus.
  const double z = alt_ == Alternative::two_sided ? wilcoxon_z(s) : wilcoxon_signed_z(s);
  const double a = oriented(z, alt_);
  if (a > hi_) return true;
  if (!(a >= lo_)) return false;
  return wilcoxon_normal_p(z, alt_) < alpha_;
}

SignRule::SignRule(std::size_t n_max, double alpha, Alternative alt) : alt_(alt), max_rejecting_(n_max + 1, -1) {
  for (std::size_t m = 1; m <= n_max; ++m)
    max_rejecting_[m] = alt == Alternative::two_sided ? sign_test_critical_k(m, alpha) : sign_test_one_sided_critical_k(m, alpha);
}

}  // namespace pairpower
