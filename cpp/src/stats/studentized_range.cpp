#include "pairpower/stats/studentized_range.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/math/tools/roots.hpp>

#include "pairpower/base/errors.hpp"

// Hand-written because neither Boost.Math nor any maintained C++ library has the
// studentized range; the integrals themselves are Boost's adaptive Gauss–Kronrod.
namespace pairpower {
namespace {

using boost::math::quadrature::gauss;
using boost::math::quadrature::gauss_kronrod;
constexpr double tol = 1e-12;
constexpr double inv_sqrt2 = 0.70710678118654752440;
constexpr double inv_sqrt2pi = 0.39894228040143267794;

// x^m for a whole m ≥ 1 by squaring: a handful of products where pow's log and
// exp cost more than the rest of the integrand (a board's HSD asks this ~10^8 times).
double power_of(double x, unsigned m) noexcept {
  double out = 1;
  for (;;) {
    if (m & 1u) out *= x;
    m >>= 1;
    if (!m) return out;
    x *= x;
  }
}

// The inner integral's fixed nodes on [−9, 9] (nine Gauss–Legendre panels of
// 20), with what does not depend on w computed once: the weight times φ(z), and
// both tails of Φ at z. φ(z) < 1e-19 beyond |z| = 9; measured against adaptive
// Gauss–Kronrod at 1e-15, this rule holds W to ~1e-14 up to k = 100.
struct InnerNode {
  double z, weight_phi, lower, upper;  // lower = Φ(z), upper = 1 − Φ(z)
};

const std::vector<InnerNode>& inner_nodes() {
  static const std::vector<InnerNode> nodes = [] {
    std::vector<InnerNode> out;
    using rule = gauss<double, 20>;
    for (double a = -9; a < 9; a += 2) {
      const double mid = a + 1;  // panels of width 2: half-width 1
      for (std::size_t i = 0; i < rule::abscissa().size(); ++i) {
        for (int sign : {-1, 1}) {
          const double x = rule::abscissa()[i];
          if (x == 0 && sign < 0) continue;
          const double z = mid + sign * x;
          out.push_back({z, rule::weights()[i] * std::exp(-0.5 * z * z) * inv_sqrt2pi, 0.5 * boost::math::erfc(-z * inv_sqrt2),
                         0.5 * boost::math::erfc(z * inv_sqrt2)});
        }
      }
    }
    std::sort(out.begin(), out.end(), [](const InnerNode& a, const InnerNode& b) { return a.z < b.z; });
    return out;
  }();
  return nodes;
}

// How many of the nodes (by z, ascending) can hold the smallest of k normals: above them a node's
// term, at most k · weight_phi · (1 − Φ(z))^(k−1) whatever w, stays below 1e-20 (171 of them below
// 2e-18, far under the 1e-10 the cdf promises). For large k that is half the rule.
std::size_t nodes_for(unsigned k) {
  thread_local unsigned known_k = 0;
  thread_local std::size_t known = 0;
  if (k == known_k) return known;
  const auto& nodes = inner_nodes();
  std::size_t count = nodes.size();
  while (count > 0 && k * nodes[count - 1].weight_phi * power_of(nodes[count - 1].upper, k - 1) < 1e-20) --count;
  known_k = k;
  known = count;
  return count;
}

// P(range of k standard normals ≤ w) = k ∫ φ(z) [Φ(z + w) − Φ(z)]^(k−1) dz, z the
// smallest of the k; Φ(z + w) − Φ(z) from tails, so neither end cancels. The C
// library's erfc: as accurate as Boost's here (≤ 1e-15 relative), at a fraction of its time.
double range_cdf(double w, unsigned k) {
  if (w <= 0) return 0;
  double v = 0;
  const auto& nodes = inner_nodes();
  const std::size_t used = nodes_for(k);
  for (std::size_t i = 0; i < used; ++i) {
    const InnerNode& n = nodes[i];
    const double top = n.z + w;
    double mass;
    if (n.z >= 0) mass = n.upper - 0.5 * std::erfc(top * inv_sqrt2);
    else if (top <= 0) mass = 0.5 * std::erfc(-top * inv_sqrt2) - n.lower;
    else mass = 1 - n.lower - 0.5 * std::erfc(top * inv_sqrt2);
    v += n.weight_phi * power_of(mass, k - 1);
  }
  return std::fmin(1.0, k * v);
}

}  // namespace

studentized_range::studentized_range(unsigned k, double df) : k_(k), df_(df) {
  if (k < 2) throw Error("k", ErrorKind::invalid_value, "the studentized range needs at least 2 means");
  if (!(df > 0)) throw Error("df", ErrorKind::invalid_value, "the degrees of freedom must be above 0 (infinity allowed)");
}

double cdf(const studentized_range& d, double q) {
  if (std::isnan(q)) throw Error("q", ErrorKind::invalid_value, "not a number");
  if (q <= 0) return 0;
  if (std::isinf(q)) return 1;
  const unsigned k = d.means();
  const double nu = d.degrees_of_freedom();
  if (std::isinf(nu) || nu > 1e7) return range_cdf(q, k);
  // E[W(q·s)] over s = √(χ²_ν/ν): its density is the χ²_ν density at νs² times
  // 2νs. Boost's χ² density keeps its digits at large ν, where writing it out
  // (ν^(ν/2) … / Γ(ν/2)) cancels exponents of 1e5 and leaves the rule noise.
  const boost::math::chi_squared chi(nu);
  auto f = [&](double s) {
    if (s <= 0) return 0.0;
    return boost::math::pdf(chi, nu * s * s) * 2 * nu * s * range_cdf(q * s, k);
  };
  // The density peaks at √((ν−1)/ν) with spread ≈ 1/√(2ν); nothing below 9
  // spreads under it or 15 above it counts (< 1e-30 for ν ≥ 1). One adaptive
  // rule over that window: at large q and k, W(q·s) climbs steeply in s.
  const double mode = nu > 1 ? std::sqrt((nu - 1) / nu) : 0.0;
  const double spread = 1 / std::sqrt(2 * nu);
  const double a = std::fmax(0.0, mode - 9 * spread), b = mode + 15 * spread;
  double total = gauss_kronrod<double, 61>::integrate(f, a, b, 10, 1e-9);
  // Fewer than 2 degrees of freedom leave a heavier tail: integrate it too.
  if (nu < 2) total += gauss_kronrod<double, 31>::integrate(f, b, std::numeric_limits<double>::infinity(), 10, tol);
  return std::fmin(1.0, std::fmax(0.0, total));
}

double cdf(const boost::math::complemented2_type<studentized_range, double>& c) { return 1 - cdf(c.dist, c.param); }

double quantile(const studentized_range& d, double p) {
  if (!(p > 0 && p < 1)) throw Error("p", ErrorKind::invalid_value, "must lie strictly between 0 and 1");
  auto gap = [&](double q) { return cdf(d, q) - p; };
  double hi = 4;
  while (gap(hi) < 0) hi *= 2;
  std::uintmax_t iterations = 200;
  const auto r = boost::math::tools::toms748_solve(gap, 0.0, hi, -p, gap(hi), boost::math::tools::eps_tolerance<double>(40), iterations);
  return 0.5 * (r.first + r.second);
}

}  // namespace pairpower
