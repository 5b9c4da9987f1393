// compare_all: validates the options, then for each sample its statistics,
// the p-values adjusted across samples, the verdict and the prose; the parts
// live in cpp/src/comparison/.
#include "pairpower/compare/comparison.hpp"

#include <algorithm>
#include <cmath>

#include "detail/parts.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/multiple_testing.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/compare/comparison_warnings.hpp"

namespace pairpower {

std::string_view to_string(Verdict v) noexcept {
  switch (v) {
    case Verdict::ship: return "SHIP";
    case Verdict::hold: return "HOLD";
    case Verdict::reject: return "REJECT";
  }
  return "?";
}

namespace {

// A family context describes one pair, not several at once.
void validate_family(const FamilyContext& f, std::size_t samples) {
  // Each rule names its own part of the family (the CLI's --family-p, --family-systems, …).
  const auto bad = [](const char* field, const std::string& rule, const std::string& value) { throw Error(field, ErrorKind::invalid_value, rule, value); };
  if (!family_procedure_label(f.procedure)) bad("family_procedure", "must be one of the registry's family_procedures", f.procedure);
  if (!(f.p >= 0 && f.p <= 1)) bad("family_p", "the family-wise p must lie between 0 and 1", format_csv(f.p));
  if (f.systems < 2 || f.systems > 1'000'000) bad("family_systems", "a family holds between 2 and 1,000,000 systems", std::to_string(f.systems));
  const std::uint64_t k = f.systems, all_pairs = k * (k - 1) / 2;
  if (f.pairs < 1 || f.pairs > all_pairs)
    bad("family_pairs", "the pairs must number between 1 and " + std::to_string(all_pairs) + " (every pair of " + std::to_string(f.systems) + " systems)", std::to_string(f.pairs));
  if (samples != 1) bad("family_p", "a family-wise p describes one pair: compare that pair alone", std::to_string(samples) + " comparisons");
}

}  // namespace

// Clusters first: McNemar and the item-level tests assume independent items.
double own_p(const Comparison& c) noexcept { return c.cluster ? c.cluster->p : c.binary ? c.binary->mcnemar.p : c.randomization.p_value; }
std::string_view own_test_name(const Comparison& c) noexcept { return c.cluster ? "cluster-robust t" : c.binary ? "exact McNemar" : "randomization"; }
Interval verdict_interval(const Comparison& c) noexcept {
  return c.cluster ? Interval{c.cluster->ci_low, c.cluster->ci_high} : c.binary ? c.binary->newcombe : c.bootstrap.bca;
}
std::string_view verdict_interval_name(const Comparison& c) noexcept { return c.cluster ? "cluster-robust t" : c.binary ? "Newcombe" : "BCa"; }

double deciding_p(const Comparison& c, const CompareOptions& o, bool several) noexcept {
  // The family's p controls the error over the board's pairs; the pair's own p is its own test's. A claim
  // needs both, so the larger decides.
  if (o.family) return std::max(o.family->p, own_p(c));
  return several ? c.p_holm : own_p(c);
}

double question_alpha(const CompareOptions& o) noexcept {
  // Bonferroni over the family's m pairs: whichever pairs someone claims equivalent (or not worse), the chance
  // of any false claim among them stays ≤ α (Bonferroni's inequality; no dependence assumed).
  return o.family ? o.alpha / static_cast<double>(o.family->pairs) : o.alpha;
}

CompareResult compare_all(const std::vector<PairedSample>& samples, const CompareOptions& o) {
  validate_alpha(o.alpha);
  const auto bad = [](const char* field, const std::string& rule, double v) { throw Error(field, ErrorKind::invalid_value, rule, format_csv(v)); };
  if (!(o.confidence > 0 && o.confidence < 1)) bad("confidence", "must lie strictly between 0 and 1", o.confidence);
  if (!(o.min_effect >= 0) || !std::isfinite(o.min_effect)) bad("min_effect", "must be a finite number ≥ 0", o.min_effect);
  if (o.resamples < 1) bad("resamples", "must be at least 1", static_cast<double>(o.resamples));
  if (o.bootstrap_resamples < 2) bad("bootstrap_resamples", "must be at least 2", static_cast<double>(o.bootstrap_resamples));
  if (!(o.planning_power > 0 && o.planning_power < 1)) bad("power", "must lie strictly between 0 and 1", o.planning_power);
  for (auto [field, v] : {std::pair{"equivalence", o.equivalence_margin}, std::pair{"non_inferiority", o.non_inferiority_margin}})
    if (!(v >= 0) || !std::isfinite(v)) bad(field, "must be a finite margin ≥ 0 (0: not asked)", v);
  if (o.equivalence_margin > 0 && o.non_inferiority_margin > 0)
    throw Error("non_inferiority", ErrorKind::invalid_value, "ask either equivalence or non-inferiority, not both", format_csv(o.non_inferiority_margin));
  if (samples.empty()) throw InputError("nothing to compare", ErrorKind::not_enough_data);
  if (o.family) validate_family(*o.family, samples.size());
  CompareResult r;
  for (const auto& s : samples) r.comparisons.push_back(comparison::statistics(s, o));
  std::vector<double> p;
  for (const auto& c : r.comparisons) p.push_back(own_p(c));
  const auto holm = adjust_p(p, Adjustment::holm), bonf = adjust_p(p, Adjustment::bonferroni), bh = adjust_p(p, Adjustment::benjamini_hochberg);
  const bool several = r.comparisons.size() > 1;
  // The question's two p-values, Holm-adjusted across comparisons like the difference's.
  std::vector<double> q, q_out;
  for (const auto& c : r.comparisons) {
    if (c.equivalence) q.push_back(c.equivalence->p), q_out.push_back(c.equivalence->p_outside);
    if (c.non_inferiority) q.push_back(c.non_inferiority->p), q_out.push_back(c.non_inferiority->p_outside);
  }
  if (!q.empty()) q = adjust_p(q, Adjustment::holm), q_out = adjust_p(q_out, Adjustment::holm);
  for (std::size_t i = 0; i < r.comparisons.size(); ++i) {
    auto& c = r.comparisons[i];
    if (!q.empty()) c.question_p_holm = q[i], c.question_outside_p_holm = q_out[i];
    c.p_holm = holm[i];
    c.p_bonferroni = bonf[i];
    c.p_bh = bh[i];
    c.verdict = comparison::verdict_of(c, o, several);
    c.reason = comparison::reason(c, o, several);
    c.sentence = comparison::sentence(c, o, r.comparisons.size());
    c.warnings = comparison_warnings(samples[i], c, o);
  }
  // Said once, for the set: too few sign flips for Holm over it; intervals at another level than the test's.
  if (auto w = resample_floor_warning(r.comparisons, o)) r.warnings.push_back(std::move(*w));
  if (auto w = interval_level_warning(o)) r.warnings.push_back(std::move(*w));
  r.overall = overall_verdict(r.comparisons);
  r.baseline = r.comparisons.front().system_a;
  r.by_system = comparison::tally_by_system(r.comparisons, o);
  r.summary = comparison::summary(r, o, several);
  return r;
}

}  // namespace pairpower
