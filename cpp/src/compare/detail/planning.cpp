// Planning from a pilot: the MDE, the n that detects the observed Δ, and a
// power curve by resampling the pilot's own differences.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "parts.hpp"
#include "pairpower/stats/decision_rules.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/base/random.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/power/eval_design.hpp"
#include "pairpower/power/solvers.hpp"

namespace pairpower::comparison {
namespace {

// The grid's worst sum (< 3.42 · cap, plus n0 and n_required) still gets 200 replicates within the budget.
static_assert(200 * (542 * pilot_curve_cap / 100 + 11) <= pilot_curve_draws_max);

// Power vs n by resampling the pilot differences, shifted to mean Δ, tested with
// the paired t at α against the run's alternative. The n grid runs geometrically from n0/4 past
// the n the planning recommends (to 1.25 × n_required); no point above `cap` is simulated, the
// pilot's own n0 included. Replicates shrink with the total work so Σn × reps stays within
// pilot_curve_draws_max whatever n0 is.
std::vector<CurvePoint> pilot_power_curve(const std::vector<double>& d, double delta, double alpha, Alternative alt, std::uint64_t seed,
                                          std::optional<std::size_t> n_required, std::size_t cap, std::uint64_t& reps_out) {
  const std::size_t n0 = d.size();
  const double top = std::min<double>(static_cast<double>(cap),
                                      std::max(8.0 * static_cast<double>(n0), n_required ? 1.25 * static_cast<double>(*n_required) : 0.0));
  const double bottom = std::max(5.0, 0.25 * static_cast<double>(n0));
  std::vector<std::size_t> ns;
  if (top > bottom) {
    // Even spacing on the plot's log axis, at a ratio of at least √2 between points (at most 10
    // steps), so the grid's sum stays below cap · √2/(√2 − 1) < 3.42 · cap.
    const int steps = std::clamp(static_cast<int>(std::floor(std::log(top / bottom) / std::log(std::sqrt(2.0)) + 1e-9)), 1, 10);
    for (int k = 0; k <= steps; ++k) ns.push_back(static_cast<std::size_t>(std::round(bottom * std::pow(top / bottom, k / double(steps)))));
  }
  if (n0 <= cap) ns.push_back(n0);
  if (n_required && *n_required <= cap && *n_required >= 2) ns.push_back(*n_required);
  std::sort(ns.begin(), ns.end());
  ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
  ns.erase(std::remove_if(ns.begin(), ns.end(), [](std::size_t n) { return n < 5; }), ns.end());
  reps_out = 0;
  if (ns.size() < 2) return {};  // one point is no curve
  const std::uint64_t total = std::accumulate(ns.begin(), ns.end(), std::uint64_t{0});
  const std::uint64_t reps = std::min<std::uint64_t>(pilot_curve_reps_max, pilot_curve_draws_max / total);
  reps_out = reps;
  const double mean = std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(n0);
  std::vector<double> shifted(d);
  for (double& x : shifted) x += delta - mean;
  std::vector<CurvePoint> curve;
  std::vector<double> sample;
  std::vector<std::uint32_t> idx;
  for (std::size_t n : ns) {
    const PairedTRule rule(n, alpha, alt);
    Xoshiro128x8 rng(hash_words({seed, 0x6375727665ULL /* "curve" */, n}));
    sample.resize(n);
    idx.resize((n + 7) / 8 * 8);
    std::uint64_t hits = 0;
    for (std::uint64_t r = 0; r < reps; ++r) {
      rng.fill(idx.data(), idx.size());
      for (std::size_t i = 0; i < n; ++i) sample[i] = shifted[(static_cast<std::uint64_t>(idx[i]) * n0) >> 32];
      hits += rule.rejects(t_statistic(sample.data(), n));
    }
    const PowerEstimate e = make_estimate(hits, reps);
    curve.push_back({n, e.power, e.mc_se, std::isnan(e.bound) ? std::nullopt : std::optional(e.bound)});
  }
  return curve;
}

// Where the curve stops short of the range it aims at (n0/4 to past n_required), said in words.
std::string curve_note(std::size_t n0, std::optional<std::size_t> n_required, const std::vector<CurvePoint>& curve, std::size_t cap, const Unit& unit) {
  const std::string why = "above that the paired t's normal-theory power (the MDE and n to detect Δ) is as exact as resampling";
  if (curve.empty())
    return "No power curve: it is simulated up to n = " + unit.count(cap) + " and this pilot has " + thousands(n0) + "; " + why + ".";
  const bool short_of_aim = 8 * static_cast<std::uint64_t>(n0) > cap || (n_required && 5 * static_cast<std::uint64_t>(*n_required) > 4 * static_cast<std::uint64_t>(cap));
  if (!short_of_aim) return {};
  std::string note = "The power curve stops at n = " + unit.count(cap) + "; " + why;
  if (n0 > cap) note += "; this pilot's own n (" + thousands(n0) + ") lies beyond the curve";
  if (n_required && *n_required > cap) note += "; so does the n to detect Δ (" + thousands(*n_required) + ")";
  return note + ".";
}

}  // namespace

PilotPlanning plan_from_pilot(const std::vector<double>& d, double delta, double sd_diff, const CompareOptions& o, const Unit& unit) {
  PilotPlanning p;
  // Differences constant up to rounding leave nothing to plan; scores of any scale (latencies in µs) are planned in units the solvers take.
  const auto scaled = solver_scale(delta, sd_diff);
  if (!scaled) return p;
  const std::size_t n = d.size();
  // Planning is advice on top of the tests: a special function failing on
  // extreme data leaves these answers out rather than losing the report.
  try {
    if (const auto mde = min_detectable_effect(PowerMethod::paired_t, n, scaled->sd_diff, o.alpha, o.planning_power, o.alternative)) p.mde = mde->delta * scaled->factor;
    if (delta != 0) {
      const auto need = min_sample_size(PowerMethod::paired_t, scaled->delta, scaled->sd_diff, o.alpha, o.planning_power, solver_n_max, o.alternative);
      if (need) p.n_required = need->n;
    }
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception&) {
    p.mde.reset();
    p.n_required.reset();
  }
  // Above the cap (15,000) the t statistic of resampled differences is normal to within its Edgeworth
  // term skewness · (2x² + 1)φ(x)/(6√n) ≤ 0.0011 · skewness, below the curve's Monte Carlo SE at
  // power ½ (0.011 to 0.035), so the analytic answers say all a simulation could there.
  p.curve_cap = pilot_curve_cap;
  if (o.power_curve) {
    p.curve = pilot_power_curve(d, delta, o.alpha, o.alternative, o.seed, p.n_required, p.curve_cap, p.curve_reps);
    p.curve_note = curve_note(n, p.n_required, p.curve, p.curve_cap, unit);
  }
  return p;
}

PilotPlanning plan_from_clustered_pilot(std::size_t n, double delta, const ClusterSummary& k, const CompareOptions& o, const Unit& unit) {
  PilotPlanning p;
  p.curve_cap = pilot_curve_cap;
  const auto scaled = solver_scale(delta, k.se * std::sqrt(static_cast<double>(k.clusters)));
  if (k.clusters < 2 || !scaled) return p;
  // The cluster-robust t is, for equal clusters, the t on the C cluster means, whose SD the pilot measures as SE·√C;
  // the next eval's clusters are taken of the pilot's mean size m (eval_design.hpp: n items make ⌊n/m⌋ clusters).
  const double m = static_cast<double>(n) / static_cast<double>(k.clusters);
  try {
    if (const auto mde = min_detectable_effect(PowerMethod::paired_t, static_cast<std::size_t>(k.clusters) /* ≤ the items in memory */, scaled->sd_diff, o.alpha, o.planning_power, o.alternative))
      p.mde = mde->delta * scaled->factor;
    if (delta != 0)
      if (const auto need = min_sample_size(PowerMethod::paired_t, scaled->delta, scaled->sd_diff, o.alpha, o.planning_power, solver_n_max, o.alternative))
        p.n_required = design_items(need->n, EvalDesign{m, 0, 1, 0});
  } catch (const std::exception&) {
    p.mde.reset();
    p.n_required.reset();
  }
  p.curve_note = "No power curve: the " + unit.many + " are in " + thousands(k.clusters) + " clusters and the curve would resample them as if independent. The MDE and n "
                 "to detect Δ plan for the cluster-robust t on clusters of this pilot's mean size (" + format_sig(m) + " " + unit.many + ") and its design effect (" +
                 format_sig(k.design_effect) + "); n counts " + unit.many + ".";
  return p;
}

}  // namespace pairpower::comparison
