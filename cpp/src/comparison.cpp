// compare_all: validates the options, then for each sample its statistics,
// the p-values adjusted across samples, the verdict and the prose; the parts
// live in cpp/src/comparison/.
#include "pairpower/comparison.hpp"

#include <cmath>

#include "comparison/parts.hpp"
#include "pairpower/analytic_power.hpp"
#include "pairpower/errors.hpp"
#include "pairpower/formatting.hpp"
#include "pairpower/multiple_testing.hpp"

namespace pairpower {

std::string_view to_string(Verdict v) noexcept {
  switch (v) {
    case Verdict::ship: return "SHIP";
    case Verdict::hold: return "HOLD";
    case Verdict::reject: return "REJECT";
  }
  return "?";
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
  CompareResult r;
  for (const auto& s : samples) r.comparisons.push_back(comparison::statistics(s, o));
  std::vector<double> p;
  for (const auto& c : r.comparisons) p.push_back(c.randomization.p_value);
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
    c.sentence = comparison::sentence(c, o);
  }
  r.overall = overall_verdict(r.comparisons);
  r.baseline = r.comparisons.front().system_a;
  r.by_system = comparison::tally_by_system(r.comparisons, o);
  r.summary = comparison::summary(r, o, several);
  return r;
}

}  // namespace pairpower
