#include "pairpower/comparison.hpp"

#include "pairpower/analytic_power.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "pairpower/correlation.hpp"
#include "pairpower/errors.hpp"
#include "pairpower/formatting.hpp"
#include "pairpower/decision_rules.hpp"
#include "pairpower/hodges_lehmann.hpp"
#include "pairpower/multiple_testing.hpp"
#include "pairpower/paired_t.hpp"
#include "pairpower/random.hpp"
#include "pairpower/sign_test.hpp"
#include "pairpower/solvers.hpp"
#include "pairpower/wilcoxon.hpp"

namespace pairpower {

const char* const pilot_curve_test = "paired t-test at α on n queries resampled from the pilot differences, shifted to mean Δ";

const char* const wilcoxon_note =
    "The Wilcoxon signed-rank test and its Hodges-Lehmann estimate concern the median of the Walsh averages, "
    "not the mean difference Δ that the t-test, the randomization test and the bootstrap address; for IR "
    "evaluation Smucker, Allan & Carterette (2007) recommend the randomization test.";

std::string_view to_string(Verdict v) noexcept {
  switch (v) {
    case Verdict::ship: return "SHIP";
    case Verdict::hold: return "HOLD";
    case Verdict::reject: return "REJECT";
  }
  return "?";
}

namespace {

std::string signed_fixed(double x, int digits) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  if (x >= 0) s << '+';
  s << x;
  return s.str();
}

// Power vs n by resampling the pilot differences, shifted to mean Δ, tested with
// the paired t at α. The n grid runs from n0/4 past the n the planning
// recommends (to 1.25 × n_required), capped at `cap`; replicates shrink with
// the total work so the curve stays quick.
std::vector<CurvePoint> pilot_power_curve(const std::vector<double>& d, double delta, double alpha, std::uint64_t seed,
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
    const PairedTRule rule(n, alpha);
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

Comparison analyze(const PairedSample& s, const CompareOptions& o) {
  const std::size_t n = s.a.size();
  if (s.b.size() != n) throw std::logic_error(s.dataset + ": systems A and B have different numbers of queries");
  if (n < 2) {
    std::string what = s.system_b + " vs " + s.system_a;
    if (!s.dataset.empty()) what += ", " + s.dataset;
    if (!s.measure.empty()) what += ", " + s.measure;
    throw InputError(what + ": at least 2 paired queries are needed, found " + std::to_string(n), ErrorKind::not_enough_data);
  }
  Comparison c;
  c.dataset = s.dataset;
  c.measure = s.measure;
  c.system_a = s.system_a;
  c.system_b = s.system_b;
  c.n = n;
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = s.b[i] - s.a[i];
  c.mean_a = std::accumulate(s.a.begin(), s.a.end(), 0.0) / static_cast<double>(n);
  c.mean_b = std::accumulate(s.b.begin(), s.b.end(), 0.0) / static_cast<double>(n);
  const MeanSd ms = mean_sd(d.data(), n);
  c.delta = ms.mean;
  c.sd_diff = ms.sd;
  c.pearson = pearson(s.a, s.b);
  c.spearman = spearman(s.a, s.b);
  c.min_attainable_p = std::ldexp(1.0, 1 - static_cast<int>(std::min<std::size_t>(n, 1100)));
  c.identical = std::all_of(d.begin(), d.end(), [](double x) { return x == 0; });
  if (c.identical) {
    // Nothing to test: report the certain facts, never NaN.
    c.t = {0, 1, 0, 0, 0};
    c.wilcoxon = {0, 1, 0, 0, 0, false};
    c.randomization = {1, true, 0, 0, 0};
    c.bootstrap.percentile = c.bootstrap.bca = {0, 0};
    c.bootstrap.resamples = 0;
    c.sign_p = 1;
    c.planning.mde = 0;
    return c;
  }
  // Values within rounding noise of 0 (relative to the data's magnitude) are 0.
  double scale = 0;
  for (double x : d) scale = std::max(scale, std::fabs(x));
  const auto snap = [scale](double x) { return snap_noise(x, scale); };
  c.delta = snap(c.delta);
  const PairedTResult t = paired_t_test(d, o.confidence);
  c.t = {c.delta == 0 ? 0.0 : t.t, t.p_value, snap(t.ci_low), snap(t.ci_high), c.delta == 0 ? 0.0 : t.dz};
  if (!std::isfinite(c.t.t)) c.t.t = std::copysign(1e308, c.delta);  // sd = 0 ≠ mean: JSON has no infinity
  if (!std::isfinite(c.t.dz)) c.t.dz = std::copysign(1e308, c.delta);
  const WilcoxonResult w = wilcoxon_signed_rank(d);
  const HodgesLehmann hl = hodges_lehmann(d, o.confidence);
  c.wilcoxon = {w.statistic, w.p_value, snap(hl.estimate), snap(hl.ci_low), snap(hl.ci_high), w.method == WilcoxonMethod::exact};
  c.randomization = randomization_test(d, {o.resamples, o.seed, 20});
  c.bootstrap = paired_bootstrap(d, {o.bootstrap_resamples, o.seed, o.confidence, o.keep_bootstrap});
  for (Interval* i : {&c.bootstrap.bca, &c.bootstrap.percentile}) *i = {snap(i->low), snap(i->high)};
  c.sign_p = sign_test(d).p_value;
  // (Below 1e-12 the differences are constant up to rounding: nothing to plan.)
  if (c.sd_diff >= 1e-12) {
    // Planning is advice on top of the tests: a special function failing on
    // extreme data leaves these answers out rather than losing the report.
    try {
      const auto mde = min_detectable_effect(PowerMethod::paired_t, n, c.sd_diff, o.alpha, o.planning_power);
      c.planning.mde = mde ? mde->delta : 0;
      if (c.delta != 0) {
        const auto need = min_sample_size(PowerMethod::paired_t, c.delta, c.sd_diff, o.alpha, o.planning_power);
        if (need) c.planning.n_required = need->n;
      }
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::exception&) {
      c.planning.mde = 0;
      c.planning.n_required.reset();
    }
    c.planning.curve_cap = 100000;  // beyond, a pilot of this size says little, and the simulation would take seconds
    if (o.power_curve)
      c.planning.curve = pilot_power_curve(d, c.delta, o.alpha, o.seed, c.planning.n_required, c.planning.curve_cap, c.planning.curve_reps);
  }
  return c;
}

void decide(Comparison& c, const CompareOptions& o, bool several) {
  const double p = several ? c.p_holm : c.randomization.p_value;
  const std::string p_name = several ? "Holm-adjusted randomization p" : "randomization p";
  const double sign = o.higher_is_better ? 1.0 : -1.0;
  // Improvement in the good direction: the CI bound nearest to "no better".
  const double worst_case = o.higher_is_better ? c.bootstrap.bca.low : -c.bootstrap.bca.high;
  const double best_case = o.higher_is_better ? c.bootstrap.bca.high : -c.bootstrap.bca.low;
  std::ostringstream why;
  const int pct = static_cast<int>(std::lround(o.confidence * 100));
  // "is 0.034, below α = 0.05" / "is below 0.001"
  const auto p_is = [&](double x) { return x < 0.001 ? std::string("is below 0.001") : "is " + format_p(x) + (x < o.alpha ? ", below" : ", not below") + " α = " + format_csv(o.alpha); };
  if (c.identical) {
    c.verdict = Verdict::hold;
    why << c.system_a << " and " << c.system_b << " score identically on every query; there is no difference to test.";
  } else if (worst_case > o.min_effect && p < o.alpha) {
    c.verdict = Verdict::ship;
    why << c.system_b << " is better: the " << pct << "% BCa interval of the improvement lies above " << format_csv(o.min_effect) << " and the " << p_name
        << " " << p_is(p) << ".";
  } else if (best_case < 0 && p < o.alpha) {
    c.verdict = Verdict::reject;
    why << c.system_b << " is significantly worse: the " << pct << "% BCa interval lies entirely on the wrong side of 0 and the " << p_name
        << " " << p_is(p) << ".";
  } else {
    c.verdict = Verdict::hold;
    if (p >= o.alpha)
      why << "Inconclusive: the " << p_name << " " << p_is(p) << ".";
    else
      why << "Significant, but the " << pct << "% interval does not clear the minimum effect " << format_csv(o.min_effect) << ".";
    if (c.planning.n_required && sign * c.delta > 0)
      why << " About " << thousands(*c.planning.n_required) << " queries would detect an effect of this size with "
          << static_cast<int>(std::lround(o.planning_power * 100)) << "% power.";
  }
  c.reason = why.str();
  const std::string what = c.measure.empty() ? (c.dataset.empty() ? std::string("the scores") : c.dataset)
                                             : (c.dataset.empty() ? c.measure : c.measure + " (" + c.dataset + ")");
  std::ostringstream sent;
  if (c.identical) {
    sent << c.system_b << " and " << c.system_a << " score identically on " << what << " for all " << thousands(c.n) << " queries.";
    c.sentence = sent.str();
    return;
  }
  sent << c.system_b << " vs " << c.system_a << " on " << what << ": Δ = " << signed_fixed(c.delta, 3) << ", " << pct
       << "% CI [" << signed_fixed(c.bootstrap.bca.low, 3) << ", " << signed_fixed(c.bootstrap.bca.high, 3) << "], "
       << p_equals(c.randomization.p_value) << " (paired randomization, "
       << (c.randomization.exact ? "exact over all " + thousands(c.randomization.resamples) + " sign flips"
                                 : thousands(c.randomization.resamples) + " sign flips, seed " + std::to_string(o.seed))
       << "), n = " << thousands(c.n) << ", ρ = " << std::fixed;
  sent.precision(2);
  sent << c.pearson << ".";
  c.sentence = sent.str();
}

}  // namespace

Verdict overall_verdict(const std::vector<Comparison>& cs) {
  if (std::any_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::reject; })) return Verdict::reject;
  if (!cs.empty() && std::all_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::ship; })) return Verdict::ship;
  return Verdict::hold;
}

CompareResult compare_all(const std::vector<PairedSample>& samples, const CompareOptions& o) {
  validate_alpha(o.alpha);
  const auto bad = [](const char* field, const std::string& rule, double v) { throw Error(field, ErrorKind::invalid_value, rule, format_csv(v)); };
  if (!(o.confidence > 0 && o.confidence < 1)) bad("confidence", "must lie strictly between 0 and 1", o.confidence);
  if (!(o.min_effect >= 0) || !std::isfinite(o.min_effect)) bad("min_effect", "must be a finite number ≥ 0", o.min_effect);
  if (o.resamples < 1) bad("resamples", "must be at least 1", static_cast<double>(o.resamples));
  if (o.bootstrap_resamples < 2) bad("bootstrap_resamples", "must be at least 2", static_cast<double>(o.bootstrap_resamples));
  if (!(o.planning_power > 0 && o.planning_power < 1)) bad("power", "must lie strictly between 0 and 1", o.planning_power);
  if (samples.empty()) throw InputError("nothing to compare", ErrorKind::not_enough_data);
  CompareResult r;
  for (const auto& s : samples) r.comparisons.push_back(analyze(s, o));
  std::vector<double> p;
  for (const auto& c : r.comparisons) p.push_back(c.randomization.p_value);
  const auto holm = adjust_p(p, Adjustment::holm), bonf = adjust_p(p, Adjustment::bonferroni), bh = adjust_p(p, Adjustment::benjamini_hochberg);
  const bool several = r.comparisons.size() > 1;
  for (std::size_t i = 0; i < r.comparisons.size(); ++i) {
    auto& c = r.comparisons[i];
    c.p_holm = holm[i];
    c.p_bonferroni = bonf[i];
    c.p_bh = bh[i];
    decide(c, o, several);
  }
  r.overall = overall_verdict(r.comparisons);
  r.baseline = r.comparisons.front().system_a;
  // Each system's own record against the baseline.
  for (const auto& c : r.comparisons) {
    auto it = std::find_if(r.by_system.begin(), r.by_system.end(), [&](const SystemTally& t) { return t.system == c.system_b; });
    if (it == r.by_system.end()) it = r.by_system.insert(r.by_system.end(), SystemTally{c.system_b});
    const bool significant = (several ? c.p_holm : c.randomization.p_value) < o.alpha;
    const bool up = o.higher_is_better ? c.delta > 0 : c.delta < 0;
    ++it->comparisons;
    it->better += significant && up;
    it->worse += significant && !up && c.delta != 0;
  }
  for (auto& t : r.by_system) {
    std::vector<Comparison> own;
    for (const auto& c : r.comparisons)
      if (c.system_b == t.system) own.push_back(c);
    t.verdict = overall_verdict(own);
  }
  std::ostringstream s;
  const auto tally = [](const SystemTally& t) {
    return std::to_string(t.better) + " of " + std::to_string(t.comparisons) + (t.comparisons == 1 ? " comparison" : " comparisons");
  };
  if (r.by_system.size() == 1) {
    const auto& t = r.by_system.front();
    s << t.system << " is significantly better than " << r.baseline << " on " << tally(t) << (several ? " after Holm" : "")
      << "; significantly worse on " << t.worse << ".";
  } else {
    s << "Against " << r.baseline << (several ? ", after Holm" : "") << ":";
    for (std::size_t i = 0; i < r.by_system.size(); ++i) {
      const auto& t = r.by_system[i];
      s << (i ? ";" : "") << " " << t.system << " is significantly better on " << tally(t) << " and worse on " << t.worse << " ("
        << to_string(t.verdict) << ")";
    }
    s << ".";
  }
  r.summary = s.str();
  return r;
}

}  // namespace pairpower
