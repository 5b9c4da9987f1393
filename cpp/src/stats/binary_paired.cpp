#include "pairpower/stats/binary_paired.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

#include "pairpower/stats/sign_test.hpp"

namespace pairpower {
namespace {

double z_two_sided(double confidence) {
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("the confidence must lie strictly between 0 and 1");
  return boost::math::quantile(boost::math::complement(boost::math::normal_distribution<double>(), (1 - confidence) / 2));
}

// Wilson's limits as distances below and above the observed proportion.
struct Reach {
  double p, below, above;
};

Reach wilson_reach(std::uint64_t x, std::uint64_t n, double z) {
  const double nn = static_cast<double>(n), p = static_cast<double>(x) / nn, z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // At x = 0 or n one limit is the proportion itself; clamp the rounding that would put it past.
  const double low = x == 0 ? 0.0 : std::max(0.0, centre - half), high = x == n ? 1.0 : std::min(1.0, centre + half);
  return {p, p - low, high - p};
}

}  // namespace

std::optional<BinaryTable> binary_table(std::span<const double> a, std::span<const double> b) {
  if (a.empty() || a.size() != b.size()) return std::nullopt;
  // Counted without branches: on real answers which cell an item falls in is a coin toss to a branch predictor.
  std::uint64_t both = 0, a_only = 0, b_only = 0;
  bool other = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x = a[i], y = b[i];
    const bool x1 = x == 1, y1 = y == 1;
    other |= (!x1 & (x != 0)) | (!y1 & (y != 0));
    both += x1 & y1;
    a_only += x1 & !y1;
    b_only += !x1 & y1;
  }
  if (other) return std::nullopt;
  return BinaryTable{both, a_only, b_only, a.size() - both - a_only - b_only};
}

McNemarResult mcnemar(const BinaryTable& t, Alternative alt) {
  McNemarResult r{t.a_only, t.b_only, 1.0, 1.0};
  const std::uint64_t m = t.a_only + t.b_only, k = t.b_only;
  if (m == 0) return r;
  // The exact McNemar test is the sign test on the discordant items: one p for both.
  r.p = sign_test_p(k, m, alt);
  const boost::math::binomial_distribution<double> dist(static_cast<double>(m), 0.5);
  const double tail_k = static_cast<double>(alt == Alternative::two_sided ? std::min(k, m - k) : k);
  const double at = boost::math::pdf(dist, tail_k);
  if (alt == Alternative::two_sided) r.p_mid = std::min(1.0, r.p - at);  // both tails lose half a point each
  else r.p_mid = std::max(0.0, r.p - at / 2);
  if (alt == Alternative::two_sided && 2 * k == m) r.p_mid = 1.0;         // the observed split is the centre
  return r;
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double confidence) {
  if (n == 0) throw std::invalid_argument("a proportion of no items has no interval");
  if (successes > n) throw std::invalid_argument("more successes than items");
  const Reach r = wilson_reach(successes, n, z_two_sided(confidence));
  return {r.p - r.below, r.p + r.above};
}

Interval newcombe_interval(const BinaryTable& t, double confidence) {
  const std::uint64_t n = t.n();
  if (n == 0) throw std::invalid_argument("a table of no items has no interval");
  const double z = z_two_sided(confidence);
  const Reach b = wilson_reach(t.correct_b(), n, z), a = wilson_reach(t.correct_a(), n, z);
  // φ of the 2 × 2 table; 0 when a margin is empty (Newcombe's convention).
  const double cells = static_cast<double>(t.both) * static_cast<double>(t.neither) - static_cast<double>(t.a_only) * static_cast<double>(t.b_only);
  const double margins = static_cast<double>(t.correct_a()) * static_cast<double>(n - t.correct_a()) * static_cast<double>(t.correct_b()) *
                         static_cast<double>(n - t.correct_b());
  const double phi = margins > 0 ? cells / std::sqrt(margins) : 0.0;
  const double diff = b.p - a.p;
  const double down = std::sqrt(std::max(0.0, b.below * b.below - 2 * phi * b.below * a.above + a.above * a.above));
  const double up = std::sqrt(std::max(0.0, b.above * b.above - 2 * phi * b.above * a.below + a.below * a.below));
  return {std::max(-1.0, diff - down), std::min(1.0, diff + up)};
}

double rule_of_three(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("the rule of three needs at least one item");
  return 3.0 / static_cast<double>(n);
}

}  // namespace pairpower
