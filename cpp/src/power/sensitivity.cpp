#include "pairpower/power/sensitivity.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/power/solvers.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

std::string four(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

// The δ range the curve spans: around the t-test's answer at this N (`mde`, none when out of
// reach), on the side the question concerns.
std::pair<double, double> delta_range(std::optional<double> mde, const AnalyticScenario& s) {
  const double m = s.question.margin;
  switch (s.question.kind) {
    case Question::equivalence: return {-1.5 * m, 1.5 * m};
    case Question::non_inferiority: return {-2 * m, std::max(m, mde ? *mde + m : m)};
    case Question::difference: break;
  }
  const double reach = mde ? 2.5 * std::fabs(*mde) : s.sd_diff;
  if (s.alternative == Alternative::less) return {-reach, 0.0};
  return {0.0, reach};
}

std::vector<double> spaced(double lo, double hi, int points) {
  std::vector<double> v;
  for (int i = 0; i < points; ++i) {
    const double x = lo + (hi - lo) * i / (points - 1);
    v.push_back(std::fabs(x) < 1e-15 * std::max(std::fabs(lo), std::fabs(hi)) ? 0.0 : x);
  }
  return v;
}

std::string sentence(std::size_t n, double power, const AnalyticScenario& s, std::optional<double> e) {
  const std::string at = "At N = " + std::to_string(n) + (s.rho ? " and ρ = " + four(*s.rho) : std::string());
  const std::string how_often = times_in(power);
  const std::string m = four(s.question.margin);
  switch (s.question.kind) {
    case Question::equivalence:
      return e ? at + " you would show " + claim_words(Question::equivalence, m) + " " + how_often + " when |δ| ≤ " + four(*e) + "."
               : at + " not even identical systems would be shown equivalent within ±" + m + " " + how_often + ".";
    case Question::non_inferiority:
      return e ? at + " you would show " + claim_words(Question::non_inferiority, m) + " " + how_often + " when δ ≥ " + four(*e) + "."
               : at + " no effect would be shown non-inferior " + how_often + ".";
    case Question::difference: break;
  }
  if (!e) return at + " no effect would be detected " + how_often + ".";
  const char* sign = s.alternative == Alternative::less ? "δ ≤ " : s.alternative == Alternative::greater ? "δ ≥ " : "|δ| ≥ ";
  return at + " you would detect " + sign + four(*e) + " " + how_often + ".";
}

}  // namespace

std::string times_in(double p) {
  struct Phrase {
    double p;
    const char* text;
  };
  static constexpr Phrase phrases[] = {{0.5, "half the time"},       {0.75, "three times in four"}, {0.8, "four times in five"},
                                       {0.9, "nine times in ten"},   {0.95, "19 times in 20"},      {0.99, "99 times in 100"},
                                       {2.0 / 3, "two times in three"}};
  for (const auto& x : phrases)
    if (std::fabs(p - x.p) < 1e-9) return x.text;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.3g%% of the time", 100 * p);
  return buf;
}

json sensitivity_answers(std::size_t n, double power, const AnalyticScenario& s) {
  // The MDE answers check n, power and the question, and give the t's effect at this N.
  json out;
  const json checked = effect_answers(n, power, s);
  const auto t_effect = [&](std::size_t k) -> std::optional<double> {
    if (k == n) return checked["t"]["delta"].is_null() ? std::nullopt : std::optional(checked["t"]["delta"].get<double>());
    const auto e = scenario_effect(PowerMethod::paired_t, k, power, s);
    return e ? std::optional(e->delta) : std::nullopt;
  };
  const auto [lo, hi] = delta_range(t_effect(n), s);
  // The curve: every test with a closed form for this question (null elsewhere).
  const std::vector<double> deltas = spaced(lo, hi, 61);
  json curve;
  curve["delta"] = deltas;
  for (const auto& t : paired_tests()) {
    json ys = json::array();
    for (double d : deltas) {
      const auto p = scenario_power(t.method, n, d, s);
      ys.push_back(p ? json(*p) : json(nullptr));
    }
    curve[t.id] = std::move(ys);
  }
  out["curve"] = std::move(curve);
  // The contour grid for the paired t: N geometric from N/8 to 8N, δ across the curve's range.
  std::vector<std::size_t> ns;
  // In clusters the smallest N gives 2 of them.
  const double fewest = 2 * std::ceil(s.design.cluster_size);
  const double n_lo = std::max(fewest, static_cast<double>(n) / 8), n_hi = std::min<double>(8.0 * static_cast<double>(n), solver_n_max);
  for (int i = 0; i < 9; ++i) ns.push_back(static_cast<std::size_t>(std::lround(n_lo * std::pow(n_hi / n_lo, i / 8.0))));
  ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
  const std::vector<double> grid_deltas = spaced(lo, hi, 9);
  json rows = json::array();
  for (std::size_t k : ns) {
    json row = json::array();
    for (double d : grid_deltas) row.push_back(*scenario_power(PowerMethod::paired_t, k, d, s));
    rows.push_back(std::move(row));
  }
  out["grid"] = {{"n", ns}, {"delta", grid_deltas}, {"test", to_string(PairedTest::t)}, {"power", std::move(rows)}};
  // In words: what N/4 … 4N would detect (paired t) with the target power.
  json detectable = json::array();
  for (double f : {0.25, 0.5, 1.0, 2.0, 4.0}) {
    const auto k = static_cast<std::size_t>(std::lround(f * static_cast<double>(n)));
    if (static_cast<double>(k) < fewest || k > solver_n_max || (!detectable.empty() && detectable.back()["n"] == k)) continue;
    const auto e = t_effect(k);
    detectable.push_back({{"n", k}, {"delta", e ? json(*e) : json(nullptr)}, {"sentence", sentence(k, power, s, e)}});
  }
  out["detectable"] = std::move(detectable);
  out["inputs"] = checked["inputs"];
  return out;
}

}  // namespace pairpower
