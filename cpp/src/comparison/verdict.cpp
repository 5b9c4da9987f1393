// The verdict: SHIP when the interval of the improvement clears the minimum
// effect and the (Holm-adjusted, with several comparisons) randomization p is
// below α; REJECT when B is significantly worse; HOLD otherwise.
#include <algorithm>

#include "parts.hpp"

namespace pairpower::comparison {

Verdict verdict_of(const Comparison& c, const CompareOptions& o, bool several) {
  if (c.identical) return Verdict::hold;
  const double p = several ? c.p_holm : c.randomization.p_value;
  // Improvement in the good direction: the CI bound nearest to "no better".
  const double worst_case = o.higher_is_better ? c.bootstrap.bca.low : -c.bootstrap.bca.high;
  const double best_case = o.higher_is_better ? c.bootstrap.bca.high : -c.bootstrap.bca.low;
  if (worst_case > o.min_effect && p < o.alpha) return Verdict::ship;
  if (best_case < 0 && p < o.alpha) return Verdict::reject;
  return Verdict::hold;
}

std::vector<SystemTally> tally_by_system(const std::vector<Comparison>& cs, const CompareOptions& o) {
  const bool several = cs.size() > 1;
  std::vector<SystemTally> out;
  for (const auto& c : cs) {
    auto it = std::find_if(out.begin(), out.end(), [&](const SystemTally& t) { return t.system == c.system_b; });
    if (it == out.end()) it = out.insert(out.end(), SystemTally{c.system_b});
    const bool significant = (several ? c.p_holm : c.randomization.p_value) < o.alpha;
    const bool up = o.higher_is_better ? c.delta > 0 : c.delta < 0;
    ++it->comparisons;
    it->better += significant && up;
    it->worse += significant && !up && c.delta != 0;
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

Verdict overall_verdict(const std::vector<Comparison>& cs) {
  if (std::any_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::reject; })) return Verdict::reject;
  if (!cs.empty() && std::all_of(cs.begin(), cs.end(), [](const Comparison& c) { return c.verdict == Verdict::ship; })) return Verdict::ship;
  return Verdict::hold;
}

}  // namespace pairpower
