// Planning from a pilot: the MDE, the n that detects the observed Δ, and a
// power curve by resampling the pilot's own differences.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "parts.hpp"
#include "pairpower/decision_rules.hpp"
#include "pairpower/paired_t.hpp"
#include "pairpower/random.hpp"
#include "pairpower/solvers.hpp"

namespace pairpower::comparison {
namespace {

// Power vs n by resampling the pilot differences, shifted to mean Δ, tested with
// the paired t at α against the run's alternative. The n grid runs from n0/4 past the n the planning
// recommends (to 1.25 × n_required), capped at `cap`; replicates shrink with
// the total work so the curve stays quick.
std::vector<CurvePoint> pilot_power_curve(const std::vector<double>& d, double delta, double alpha, Alternative alt, std::uint64_t seed,
                                          std::optional<std::size_t> n_required, std::size_t cap, std::uint64_t& reps_out) {
  const std::size_t n0 = d.size();
  const double top = std::min<double>(static_cast<double>(cap),
                                      std::max(8.0 * static_cast<double>(n0), n_required ? 1.25 * static_cast<double>(*n_required) : 0.0));
  const double bottom = std::max(5.0, 0.25 * static_cast<double>(n0));
  std::vector<std::size_t> ns;
  constexpr int steps = 10;  // geometric grid: even spacing on the plot's log axis
  for (int k = 0; k <= steps && top > bottom; ++k) ns.push_back(static_cast<std::size_t>(std::round(bottom * std::pow(top / bottom, k / double(steps)))));
  ns.push_back(n0);
  if (n_required && *n_required <= cap && *n_required >= 2) ns.push_back(*n_required);
  std::sort(ns.begin(), ns.end());
  ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
  ns.erase(std::remove_if(ns.begin(), ns.end(), [](std::size_t n) { return n < 5; }), ns.end());
  const double total = std::accumulate(ns.begin(), ns.end(), 0.0);
  const auto reps = static_cast<std::uint64_t>(std::clamp(2e7 / std::max(total, 1.0), 200.0, 2000.0));
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
    const double p = static_cast<double>(hits) / static_cast<double>(reps);
    curve.push_back({n, p, std::sqrt(p * (1 - p) / static_cast<double>(reps))});
  }
  return curve;
}

}  // namespace

PilotPlanning plan_from_pilot(const std::vector<double>& d, double delta, double sd_diff, const CompareOptions& o) {
  PilotPlanning p;
  // (Below 1e-12 the differences are constant up to rounding: nothing to plan.)
  if (!(sd_diff >= 1e-12)) return p;
  const std::size_t n = d.size();
  // Planning is advice on top of the tests: a special function failing on
  // extreme data leaves these answers out rather than losing the report.
  try {
    if (const auto mde = min_detectable_effect(PowerMethod::paired_t, n, sd_diff, o.alpha, o.planning_power, o.alternative)) p.mde = mde->delta;
    if (delta != 0) {
      const auto need = min_sample_size(PowerMethod::paired_t, delta, sd_diff, o.alpha, o.planning_power, solver_n_max, o.alternative);
      if (need) p.n_required = need->n;
    }
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const std::exception&) {
    p.mde.reset();
    p.n_required.reset();
  }
  p.curve_cap = 100000;  // beyond, a pilot of this size says little, and the simulation would take seconds
  if (o.power_curve) p.curve = pilot_power_curve(d, delta, o.alpha, o.alternative, o.seed, p.n_required, p.curve_cap, p.curve_reps);
  return p;
}

}  // namespace pairpower::comparison
