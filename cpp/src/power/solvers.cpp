#include "pairpower/power/solvers.hpp"

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <boost/math/tools/roots.hpp>

namespace pairpower {
namespace {

void check_target(double alpha, double target) {
  validate_alpha(alpha);
  if (!(target > alpha && target < 1))
    throw Error("power", ErrorKind::invalid_value, "the target must lie strictly between alpha and 1");
}

}  // namespace

double sd_of_differences(double sd, double rho) { return PairedEffect::from_scores(0.0, sd, rho).sd_diff; }

std::optional<SampleSizeSolution> min_sample_size(PowerMethod m, double delta, double sd_diff, double alpha,
                                                  double target, std::size_t n_max, Alternative alt, PlanQuestion q) {
  check_target(alpha, target);
  const PairedEffect e = PairedEffect::from_sd_diff(delta, sd_diff);
  validate(q);
  switch (q.kind) {
    case Question::difference:
      if (delta == 0) return std::nullopt;
      if ((alt == Alternative::greater && delta < 0) || (alt == Alternative::less && delta > 0)) return std::nullopt;
      break;
    case Question::non_inferiority:
      if (!(delta + q.margin > 0)) return std::nullopt;
      break;
    case Question::equivalence:
      if (!(std::fabs(delta) < q.margin) || !has_closed_form(m, q)) return std::nullopt;
      break;
  }
  auto power = [&](std::size_t n) { return *question_power(m, n, e, alpha, alt, q); };
  // Grow an upper bound, then bisect on integers: power rises with n.
  std::size_t lo = 1, hi = 2;
  while (power(hi) < target) {
    if (hi >= n_max) return std::nullopt;
    lo = hi;
    hi = std::min(n_max, hi * 2);
  }
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (power(mid) >= target) hi = mid;
    else lo = mid;
  }
  return SampleSizeSolution{hi, power(hi)};
}

std::optional<SolverScale> solver_scale(double delta, double sd_diff) {
  if (!(std::isfinite(delta) && std::isfinite(sd_diff))) return std::nullopt;
  const double largest = std::max(std::fabs(delta), sd_diff);
  const double factor = largest > 1e6 ? largest : 1.0;
  if (!(sd_diff > 1e-12 * std::max(1.0, std::fabs(delta))) || !(sd_diff / factor >= 1e-12)) return std::nullopt;
  return SolverScale{delta / factor, sd_diff / factor, factor};
}

std::optional<std::string> pilot_spread_problem(double delta, double sd_diff) {
  if (!(sd_diff > 1e-12 * std::max(1.0, std::fabs(delta))))
    return "its differences B − A are all the same (" + format_sig(delta) + ") up to rounding: their SD is 0, so there is no spread to plan with";
  if (sd_diff > 1e6)
    return "the SD of its differences B − A is " + format_sig(sd_diff) +
           ", above the 1e6 the planner takes; give the scores in a larger unit (seconds rather than microseconds), and the effect in that unit too";
  return std::nullopt;
}

std::optional<EffectSolution> min_detectable_effect(PowerMethod m, std::size_t n, double sd_diff, double alpha,
                                                    double target, Alternative alt, PlanQuestion q) {
  check_target(alpha, target);
  if (n < 2) throw Error("n", ErrorKind::invalid_value, "must be at least 2");
  (void)PairedEffect::from_sd_diff(0.0, sd_diff);
  validate(q);
  if (q.kind == Question::non_inferiority) {
    // Shown above −M with the target power: the "greater" MDE, moved down by M.
    auto s = min_detectable_effect(m, n, sd_diff, alpha, target, Alternative::greater);
    if (s) s->delta -= q.margin;
    return s;
  }
  if (q.kind == Question::equivalence) {
    if (!has_closed_form(m, q)) return std::nullopt;
    // Power falls from its peak at δ = 0 to at most α at |δ| = M: solve on [0, M].
    auto gap = [&](double delta) { return power_paired_t_equivalence(n, PairedEffect{delta, sd_diff}, q.margin, alpha) - target; };
    if (gap(0) < 0) return std::nullopt;
    std::uintmax_t iterations = 200;
    try {
      const auto bracket = boost::math::tools::toms748_solve(gap, 0.0, q.margin, boost::math::tools::eps_tolerance<double>(42), iterations);
      const double delta = gap(bracket.first) >= 0 ? bracket.first : 0.0;
      return EffectSolution{delta, gap(delta) + target};
    } catch (const boost::math::evaluation_error&) {
      return std::nullopt;
    }
  }
  if (alt == Alternative::less) {
    // The mirror: B worse by δ is "greater" for A over B.
    auto s = min_detectable_effect(m, n, sd_diff, alpha, target, Alternative::greater);
    if (s) s->delta = -s->delta;
    return s;
  }
  auto gap = [&](double delta) { return analytic_power(m, n, PairedEffect{delta, sd_diff}, alpha, alt) - target; };
  double hi = sd_diff / std::sqrt(static_cast<double>(n));
  double lo = 0;
  if (gap(lo) >= 0) return std::nullopt;  // a target not above the test's size (to rounding)
  while (gap(hi) < 0) {
    lo = hi;
    hi *= 2;
    if (hi > 1e6 * sd_diff) return std::nullopt;
  }
  std::uintmax_t iterations = 200;
  std::pair<double, double> bracket;
  try {
    bracket = boost::math::tools::toms748_solve(gap, lo, hi, boost::math::tools::eps_tolerance<double>(42), iterations);
  } catch (const boost::math::evaluation_error&) {
    return std::nullopt;  // power not monotone enough here to solve for (degenerate inputs)
  }
  // The upper end of the bracket reaches the target; report it.
  const double delta = gap(bracket.second) >= 0 ? bracket.second : hi;
  return EffectSolution{delta, gap(delta) + target};
}

}  // namespace pairpower
