// The statistics of one paired comparison: means, correlations, the paired t,
// Wilcoxon with Hodges–Lehmann, the randomization test, the bootstrap and the
// sign test, McNemar, Newcombe and Wilson when the items are binary, then the
// planning answers. No verdict, no prose.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "parts.hpp"
#include "pairpower/stats/correlation.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/hodges_lehmann.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/stats/wilcoxon.hpp"

namespace pairpower::comparison {
namespace {

// One-sided p of the paired t for H₁: mean(d) − null ≷ 0; sd = 0 decides by the sign (t = ±∞), and 1 at t = 0/0.
double one_sided_t_p(double mean, double null, double se, double df, Alternative alt) {
  const double num = mean - null;
  if (se > 0) return t_p(num / se, df, alt);
  if (num == 0) return 1;
  return (num > 0) == (alt == Alternative::greater) ? 0.0 : 1.0;
}

// Miller's decomposition of Var(d̄ᵢ) when items were scored several times; a system scored once per item adds nothing within.
RepeatedItems repeated(const PairedSample& s, const std::vector<double>& d) {
  std::vector<double> within(d.size(), 0.0);
  double count = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    double k_i = 0;
    int sides = 0;
    for (const auto& [reps, vars] : {std::pair{&s.repeats_a, &s.repeat_var_a}, std::pair{&s.repeats_b, &s.repeat_var_b}})
      if (!reps->empty() && (*reps)[i] > 0) {
        within[i] += (*vars)[i] / (*reps)[i];
        k_i += (*reps)[i];
        ++sides;
      }
    count += sides ? k_i / sides : 1;
  }
  return repeated_items(d, within, count / static_cast<double>(d.size()));
}

// Cluster-robust statistics of Δ and of each mean; the bootstrap and sign flips move whole clusters.
ClusterSummary clustered(const PairedSample& s, const std::vector<double>& d, const CompareOptions& o) {
  const ClusterIds ids = cluster_ids(s.clusters);
  if (ids.clusters < 2) {
    std::string what = s.system_b + " vs " + s.system_a;
    if (!s.dataset.empty()) what += ", " + s.dataset;
    throw InputError(what + ": every " + s.unit.one + " is in one cluster; clustered statistics need at least 2 clusters", ErrorKind::not_enough_data);
  }
  const ClusteredMean m = clustered_mean(d, ids, o.confidence, o.alternative);
  ClusterSummary k;
  k.clusters = ids.clusters;
  k.se = m.se, k.ci_low = m.ci_low, k.ci_high = m.ci_high, k.t = m.t, k.p = m.p;
  k.design_effect = m.design_effect, k.effective_n = m.effective_n;
  k.se_a = clustered_mean(s.a, ids, o.confidence).se;
  k.se_b = clustered_mean(s.b, ids, o.confidence).se;
  k.bootstrap = cluster_bootstrap(d, ids, {o.bootstrap_resamples, o.seed, o.confidence, false});
  k.randomization = cluster_randomization_test(d, ids, {o.resamples, o.seed, 20, o.alternative});
  return k;
}

void ask_question(Comparison& c, std::size_t n, double sd, const CompareOptions& o) {
  const double df = static_cast<double>(n - 1), se = sd / std::sqrt(static_cast<double>(n));
  if (o.equivalence_margin > 0) {
    const double m = o.equivalence_margin;
    EquivalenceSummary e{};
    e.margin = m;
    e.p_lower = one_sided_t_p(c.delta, -m, se, df, Alternative::greater);
    e.p_upper = one_sided_t_p(c.delta, m, se, df, Alternative::less);
    e.p = std::max(e.p_lower, e.p_upper);
    // Beyond the margin on either side: the smaller one-sided p, doubled (Bonferroni over the two sides), so that
    // "shown outside" keeps level α even when M is small against the standard error.
    e.p_outside = std::min(1.0, 2 * std::min(one_sided_t_p(c.delta, m, se, df, Alternative::greater), one_sided_t_p(c.delta, -m, se, df, Alternative::less)));
    // The 1 − 2α' interval (α' = question_alpha) lies inside ±M exactly when TOST rejects at α'.
    const double level = question_alpha(o);
    e.ci_level = 1 - 2 * level;
    const double half = e.ci_level > 0 ? t_quantile_upper(level, df) * se : 0.0;
    e.ci_low = c.delta - half;
    e.ci_high = c.delta + half;
    c.equivalence = e;
  } else if (o.non_inferiority_margin > 0) {
    const double m = o.non_inferiority_margin;
    // "Not worse": above −M when higher is better, below +M when lower is better.
    const double bound = o.higher_is_better ? -m : m;
    const Alternative better = o.higher_is_better ? Alternative::greater : Alternative::less;
    NonInferioritySummary ni{};
    ni.margin = m;
    ni.t = se > 0 ? (c.delta - bound) / se : (c.delta == bound ? 0.0 : std::copysign(1e308, c.delta - bound));
    ni.p = one_sided_t_p(c.delta, bound, se, df, better);
    ni.p_outside = one_sided_t_p(c.delta, bound, se, df, mirrored(better));
    c.non_inferiority = ni;
  }
}

}  // namespace

Comparison statistics(const PairedSample& s, const CompareOptions& o) {
  const std::size_t n = s.a.size();
  if (s.b.size() != n) throw std::logic_error(s.dataset + ": systems A and B have different numbers of values");
  if (n < 2) {
    std::string what = s.system_b + " vs " + s.system_a;
    if (!s.dataset.empty()) what += ", " + s.dataset;
    if (!s.measure.empty()) what += ", " + s.measure;
    throw InputError(what + ": at least 2 paired " + s.unit.many + " are needed, found " + std::to_string(n), ErrorKind::not_enough_data);
  }
  Comparison c;
  c.dataset = s.dataset;
  c.measure = s.measure;
  c.system_a = s.system_a;
  c.system_b = s.system_b;
  c.n = n;
  c.unit = s.unit;
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
  if (const auto table = binary_table(s.a, s.b))
    c.binary = BinarySummary{*table, mcnemar(*table, o.alternative), newcombe_interval(*table, o.confidence),
                             wilson_interval(table->correct_a(), table->n(), o.confidence), wilson_interval(table->correct_b(), table->n(), o.confidence)};
  if (c.identical) {
    // Nothing to test: report the certain facts, never NaN.
    c.t = {.t = 0, .p = 1, .ci_low = 0, .ci_high = 0, .dz = 0};
    c.wilcoxon = {.statistic = 0, .p = 1, .hl = 0, .hl_ci_low = 0, .hl_ci_high = 0, .exact = false};
    c.randomization = {1, true, 0, 0, 0};
    c.bootstrap.percentile = c.bootstrap.bca = {0, 0};
    c.bootstrap.resamples = 0;
    c.sign_p = 1;
    ask_question(c, n, 0.0, o);
    return c;
  }
  // Values within rounding noise of 0 (relative to the data's magnitude) are 0.
  double scale = 0;
  for (double x : d) scale = std::max(scale, std::fabs(x));
  const auto snap = [scale](double x) { return snap_noise(x, scale); };
  c.delta = snap(c.delta);
  const PairedTResult t = paired_t_test(d, o.confidence, o.alternative);
  c.t = {.t = c.delta == 0 ? 0.0 : t.t, .p = t.p_value, .ci_low = snap(t.ci_low), .ci_high = snap(t.ci_high), .dz = c.delta == 0 ? 0.0 : t.dz};
  if (!std::isfinite(c.t.t)) c.t.t = std::copysign(1e308, c.delta);  // sd = 0 ≠ mean: JSON has no infinity
  if (!std::isfinite(c.t.dz)) c.t.dz = std::copysign(1e308, c.delta);
  const WilcoxonResult w = wilcoxon_signed_rank(d, o.alternative);
  const HodgesLehmann hl = hodges_lehmann(d, o.confidence);
  c.wilcoxon = {.statistic = w.statistic, .p = w.p_value, .hl = snap(hl.estimate), .hl_ci_low = snap(hl.ci_low), .hl_ci_high = snap(hl.ci_high),
                .exact = w.method == WilcoxonMethod::exact};
  c.randomization = randomization_test(d, {o.resamples, o.seed, 20, o.alternative});
  c.bootstrap = paired_bootstrap(d, {o.bootstrap_resamples, o.seed, o.confidence, o.keep_bootstrap});
  for (Interval* i : {&c.bootstrap.bca, &c.bootstrap.percentile}) *i = {snap(i->low), snap(i->high)};
  c.sign_p = sign_test(d, o.alternative).p_value;
  ask_question(c, n, ms.sd, o);
  if (!s.clusters.empty()) c.cluster = clustered(s, d, o);
  // Clustered items plan in clusters; the item-resampling curve would be drawn only to be dropped.
  c.planning = c.cluster ? plan_from_clustered_pilot(n, c.delta, *c.cluster, o, s.unit) : plan_from_pilot(d, c.delta, c.sd_diff, o, s.unit);
  if (!s.repeats_a.empty() || !s.repeats_b.empty()) c.repeats = repeated(s, d);
  try {
    c.planning.estimates = estimate_pilot(s.a, s.b, s.clusters, most_repeats(s));
  } catch (const Error&) {
    // Differences all equal up to rounding (nothing to plan with, as the MDE says), or an SD above the 1e6 the calculator takes.
  }
  return c;
}

}  // namespace pairpower::comparison
