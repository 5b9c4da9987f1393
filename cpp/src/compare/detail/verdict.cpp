// The verdict. For "is there a difference": SHIP when the interval of the
// improvement clears the minimum effect and the deciding p (deciding_p: for a
// pair from a family the larger of its family-wise and own p, the Holm-adjusted
// p with several comparisons, else the pair's own p: cluster-robust t with clusters, exact
// McNemar on binary items, else randomization) is below α — the interval is the cluster-robust
// t's with clusters, Newcombe's on binary items, else BCa; REJECT when
// B is significantly worse; HOLD otherwise. A one-sided alternative can only show its own side.
// For equivalence / non-inferiority: SHIP when shown within the margin, REJECT
// when shown outside it, HOLD otherwise, at question_alpha (α/m for a pair of a family).
#include <algorithm>

#include "parts.hpp"

namespace pairpower::comparison {

Verdict verdict_of(const Comparison& c, const CompareOptions& o, bool several) {
  if (question_of(o) != Question::difference) {
    const double level = question_alpha(o);
    if (c.question_p_holm < level) return Verdict::ship;
    if (c.question_outside_p_holm < level) return Verdict::reject;
    return Verdict::hold;
  }
  if (c.identical) return Verdict::hold;
  const double p = deciding_p(c, o, several);
  const Alternative better = o.higher_is_better ? Alternative::greater : Alternative::less;
  // `better` is one-sided, so a two-sided alternative differs from both.
  const bool can_ship = o.alternative != mirrored(better);
  const bool can_reject = o.alternative != better;
  // Improvement in the good direction: the CI bound nearest to "no better".
  const Interval ci = verdict_interval(c);
  const double worst_case = o.higher_is_better ? ci.low : -ci.high;
  const double best_case = o.higher_is_better ? ci.high : -ci.low;
  if (can_ship && worst_case > o.min_effect && p < o.alpha) return Verdict::ship;
  if (can_reject && best_case < 0 && p < o.alpha) return Verdict::reject;
  return Verdict::hold;
}

std::vector<SystemTally> tally_by_system(const std::vector<Comparison>& cs, const CompareOptions& o) {
  const bool several = cs.size() > 1;
  std::vector<SystemTally> out;
  for (const auto& c : cs) {
    auto it = std::find_if(out.begin(), out.end(), [&](const SystemTally& t) { return t.system == c.system_b; });
    if (it == out.end()) it = out.insert(out.end(), SystemTally{c.system_b});
    const bool significant = deciding_p(c, o, several) < o.alpha;
    const bool up = o.higher_is_better ? c.delta > 0 : c.delta < 0;
    ++it->comparisons;
    it->better += significant && up;
    it->worse += significant && !up && c.delta != 0;
    if (question_of(o) != Question::difference) {
      it->within += c.question_p_holm < question_alpha(o);
      it->outside += c.question_outside_p_holm < question_alpha(o);
    }
  }
  for (auto& t : out) {
    std::vector<Comparison> own;
    for (const auto& c : cs)
      if (c.system_b == t.system) own.push_back(c);
    t.verdict = overall_verdict(own);
  }
  return out;
}

}  // namespace pairpower::comparison

namespace pairpower {

Question question_of(const CompareOptions& o) noexcept {
  if (o.equivalence_margin > 0) return Question::equivalence;
  if (o.non_inferiority_margin > 0) return Question::non_inferiority;
  return Question::difference;
}

Verdict overall_verdict(const std::vector<Comparison>& cs) {
  if (std::any_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::reject; })) return Verdict::reject;
  if (!cs.empty() && std::all_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::ship; })) return Verdict::ship;
  return Verdict::hold;
}

}  // namespace pairpower
