#include "pairpower/decision_rules.hpp"

#include <cmath>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/erf.hpp>

#include "pairpower/paired_t.hpp"
#include "pairpower/sign_test.hpp"
#include "pairpower/wilcoxon.hpp"

namespace pairpower {
namespace {
// Wider than any last-bit wobble of the special functions, narrow enough that
// a simulated statistic falls inside it about once in 10⁹ replicates.
constexpr double guard = 1e-9;

double normal_two_sided_p(double z) { return boost::math::erfc(std::fabs(z) / std::sqrt(2.0)); }
}  // namespace

PairedTRule::PairedTRule(std::size_t n, double alpha) : df_(static_cast<double>(n) - 1.0), alpha_(alpha) {
  const boost::math::students_t_distribution<double> dist(df_);
  crit_ = boost::math::quantile(boost::math::complement(dist, alpha / 2.0));
  lo_ = crit_ * (1.0 - guard);
  hi_ = crit_ * (1.0 + guard);
}

bool PairedTRule::rejects(double t) const {
  const double a = std::fabs(t);
  if (a > hi_) return true;  // includes +inf
  if (!(a >= lo_)) return false;  // includes NaN
  return t_two_sided_p(t, df_) < alpha_;
}

WilcoxonRule::WilcoxonRule(std::size_t n, double alpha) : n_(n), alpha_(alpha) {
  const boost::math::normal_distribution<double> std_normal;
  zcrit_ = boost::math::quantile(boost::math::complement(std_normal, alpha / 2.0));
  lo_ = zcrit_ * (1.0 - guard);
  hi_ = zcrit_ * (1.0 + guard);
  if (n <= 50) {
    const std::size_t top = n * (n + 1) / 2;
    exact_rejects_.resize(top + 1);
    for (std::size_t r = 0; r <= top; ++r)
      exact_rejects_[r] = wilcoxon_exact_p(n, static_cast<double>(r)) < alpha ? 1 : 0;
  }
}

bool WilcoxonRule::rejects(const SignedRankSums& s) const {
  if (s.n_nonzero == 0) return false;  // scipy raises; the seed script counts p = 1
  if (wilcoxon_uses_exact(n_, s.n_zero)) return exact_rejects_[static_cast<std::size_t>(s.r_plus)] != 0;
  const double z = wilcoxon_z(s);
  const double a = std::fabs(z);
  if (a > hi_) return true;
  if (!(a >= lo_)) return false;
  return normal_two_sided_p(z) < alpha_;
}

SignRule::SignRule(std::size_t n_max, double alpha) : max_rejecting_(n_max + 1, -1) {
  for (std::size_t m = 1; m <= n_max; ++m) max_rejecting_[m] = sign_test_critical_k(m, alpha);
}

}  // namespace pairpower
