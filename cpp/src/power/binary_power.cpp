#include "pairpower/power/binary_power.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/stats/sign_test.hpp"

namespace pairpower {
namespace {

// How far below the target the downward walk looks for an earlier n that reaches it.
constexpr double saw_tooth_band = 0.02;

void check(BinaryDesign d, double alpha) {
  validate_alpha(alpha);
  (void)BinaryDesign::from_discordant(d.only_a, d.only_b);
}

double normal_upper(double tail) { return boost::math::quantile(boost::math::complement(boost::math::normal_distribution<double>(), tail)); }

// The exact test's critical counts by number of discordant items, computed once per m: a power
// evaluation visits hundreds of m, and the sample-size search many n.
class Region {
 public:
  Region(double alpha, Alternative alt) : alpha_(alpha), alt_(alt) {}
  long long critical(std::uint64_t m) {
    const auto i = static_cast<std::size_t>(m);  // m ≤ n ≤ 1,000,000 (binary_answers' bound): exact on wasm32 too
    if (i >= k_.size()) k_.resize(i + 1, unknown);
    if (k_[i] == unknown)
      k_[i] = static_cast<std::int32_t>(alt_ == Alternative::two_sided ? sign_test_critical_k(i, alpha_) : sign_test_one_sided_critical_k(i, alpha_));
    return k_[i];
  }
  // P(reject | m discordant items, each B's with probability q).
  double power(std::uint64_t m, double q) {
    if (m == 0) return 0.0;
    const long long k = critical(m);
    if (k < 0) return 0.0;
    const boost::math::binomial_distribution<double> b_only(static_cast<double>(m), q);
    const auto mm = static_cast<double>(m), kk = static_cast<double>(k);
    // Two-sided: B's count ≤ k* or ≥ m − k*; "greater" only the upper tail, "less" only the lower.
    const double low = boost::math::cdf(b_only, kk), high = boost::math::cdf(boost::math::complement(b_only, mm - kk - 1));
    return alt_ == Alternative::two_sided ? low + high : alt_ == Alternative::greater ? high : low;
  }

 private:
  static constexpr std::int32_t unknown = -2;
  double alpha_;
  Alternative alt_;
  std::vector<std::int32_t> k_;  // k* ≤ m/2 fits; 4 bytes a count keeps a million-item search at 4 MB
};

double power_in(Region& region, std::uint64_t n, BinaryDesign d) {
  if (n == 0) return 0.0;
  const double psi = std::min(1.0, d.discordance()), q = d.only_b / d.discordance();
  if (psi >= 1) return region.power(n, q);
  // The discordant count concentrates around nψ: terms beyond 12 SDs add less than 1e-30.
  const double mean = static_cast<double>(n) * psi, sd = std::sqrt(static_cast<double>(n) * psi * (1 - psi));
  const auto lo = static_cast<std::uint64_t>(std::max(0.0, std::floor(mean - 12 * sd - 1)));
  const auto hi = static_cast<std::uint64_t>(std::min(static_cast<double>(n), std::ceil(mean + 12 * sd + 1)));
  const boost::math::binomial_distribution<double> discordant(static_cast<double>(n), psi);
  double power = 0;
  for (std::uint64_t m = lo; m <= hi; ++m) power += boost::math::pdf(discordant, static_cast<double>(m)) * region.power(m, q);
  return std::min(1.0, power);
}

}  // namespace

BinaryDesign BinaryDesign::from_discordant(double only_a, double only_b) {
  for (const auto& [field, v] : {std::pair{"only_a", only_a}, std::pair{"only_b", only_b}})
    if (!(v >= 0 && v <= 1)) throw Error(field, ErrorKind::invalid_value, "a share of items must lie between 0 and 1", format_csv(v));
  if (only_a + only_b > 1 + 1e-12)
    throw Error("only_b", ErrorKind::invalid_value, "the shares of items only A and only B gets right add up to more than 1", format_csv(only_b));
  if (only_a + only_b <= 0) throw Error("only_b", ErrorKind::invalid_value, "no item is discordant: McNemar's test has nothing to test", format_csv(only_b));
  return {only_a, only_b};
}

BinaryDesign BinaryDesign::from_accuracies(double accuracy_a, double accuracy_b, double agreement) {
  for (const auto& [field, v] : {std::pair{"accuracy_a", accuracy_a}, std::pair{"accuracy_b", accuracy_b}, std::pair{"agreement", agreement}})
    if (!(v >= 0 && v <= 1)) throw Error(field, ErrorKind::invalid_value, "must be a share between 0 and 1", format_csv(v));
  const double psi = 1 - agreement, delta = accuracy_b - accuracy_a;
  // The discordant items must hold the difference (ψ ≥ |Δ|), and at most the items each system gets right or wrong.
  if (psi + 1e-12 < std::fabs(delta))
    throw Error("agreement", ErrorKind::invalid_value,
                "leaves " + format_csv(psi) + " of the items discordant, fewer than the accuracies' difference " + format_csv(std::fabs(delta)) +
                    " needs: the agreement can be at most " + format_csv(1 - std::fabs(delta)),
                format_csv(agreement));
  if (psi <= 0) throw Error("agreement", ErrorKind::invalid_value, "must be below 1: full agreement leaves no item discordant, and McNemar's test has nothing to test", format_csv(agreement));
  const double only_a = std::max(0.0, (psi - delta) / 2), only_b = std::max(0.0, (psi + delta) / 2);
  if (only_a > accuracy_a + 1e-12 || only_b > accuracy_b + 1e-12 || only_a > 1 - accuracy_b + 1e-12 || only_b > 1 - accuracy_a + 1e-12)
    throw Error("agreement", ErrorKind::invalid_value,
                "is below what these accuracies allow: the items one system gets wrong bound those the other alone gets right", format_csv(agreement));
  return from_discordant(only_a, only_b);
}

double mcnemar_power(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt) {
  check(d, alpha);
  Region region(alpha, alt);
  return power_in(region, n, d);
}

double mcnemar_power_approx(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt) {
  check(d, alpha);
  const double psi = d.discordance(), delta = d.delta(), nn = static_cast<double>(n);
  const double spread = std::sqrt(std::max(0.0, psi - delta * delta));
  const boost::math::normal_distribution<double> z01;
  const auto phi = [&](double x) { return boost::math::cdf(z01, x); };
  if (spread == 0) return delta != 0 && (alt == Alternative::two_sided || (delta > 0) == (alt == Alternative::greater)) ? 1.0 : 0.0;
  if (alt == Alternative::two_sided) {
    const double z = normal_upper(alpha / 2);
    // Both tails, as Connor's formula counts the near one; the far one is negligible except at Δ ≈ 0.
    return phi((std::fabs(delta) * std::sqrt(nn) - z * std::sqrt(psi)) / spread);
  }
  const double toward = alt == Alternative::greater ? delta : -delta;
  return phi((toward * std::sqrt(nn) - normal_upper(alpha) * std::sqrt(psi)) / spread);
}

std::uint64_t mcnemar_sample_size(BinaryDesign d, double alpha, double power, Alternative alt, bool exact, std::uint64_t n_max) {
  check(d, alpha);
  if (!(power > alpha && power < 1)) throw Error("power", ErrorKind::invalid_value, "must lie between α and 1", format_csv(power));
  const double toward = alt == Alternative::less ? -d.delta() : d.delta();
  if (d.delta() == 0 || (alt != Alternative::two_sided && toward <= 0)) return 0;
  // Connor's closed form: the answer when approximate, the exact search's first guess otherwise.
  const double psi = d.discordance(), delta = std::fabs(d.delta());
  const double z_a = normal_upper(alt == Alternative::two_sided ? alpha / 2 : alpha), z_b = normal_upper(1 - power);
  const double approx = std::pow(z_a * std::sqrt(psi) + z_b * std::sqrt(std::max(0.0, psi - delta * delta)), 2) / (delta * delta);
  if (!exact) {
    const double n = std::ceil(approx - 1e-9);
    return n <= static_cast<double>(n_max) ? static_cast<std::uint64_t>(std::max(1.0, n)) : 0;
  }
  // Exact: bisection as if power rose with n, then a walk down through the saw-tooth, whose teeth are
  // shallow here (the discordant count is itself random), to the first n that reaches.
  Region region(alpha, alt);
  std::uint64_t hi = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(approx));
  while (power_in(region, hi, d) < power) {
    if (hi >= n_max) return 0;
    hi = std::min(n_max, hi * 2);
  }
  std::uint64_t lo = 0;  // power(lo) < target (power(0) = 0)
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (power_in(region, mid, d) >= power ? hi : lo) = mid;
  }
  std::uint64_t first = hi;
  for (std::uint64_t n = hi; n-- > 1;) {
    const double p = power_in(region, n, d);
    if (p >= power) first = n;
    else if (p < power - saw_tooth_band) break;
  }
  return first;
}

}  // namespace pairpower
