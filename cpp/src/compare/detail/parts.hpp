#pragma once
// The parts of compare_all, one file each: statistics (the numbers of one
// comparison), planning (what the pilot says about sample size), verdict
// (ship / hold / reject) and prose (the reason, the sentence, the summary).
#include <vector>

#include "pairpower/compare/comparison.hpp"

namespace pairpower::comparison {

/// Every statistic of one paired sample (no verdict, no prose).
Comparison statistics(const PairedSample& s, const CompareOptions& o);

/// MDE, n to detect Δ and the power curve, resampling the pilot differences d.
PilotPlanning plan_from_pilot(const std::vector<double>& d, double delta, double sd_diff, const CompareOptions& o, const Unit& unit);
/// Planning from a pilot of clustered items: the MDE and n (in items) of the cluster-robust t, with the pilot's
/// cluster means' SD (its SE·√C) and clusters of its mean size; no power curve, which would resample items as if independent.
PilotPlanning plan_from_clustered_pilot(std::size_t n, double delta, const ClusterSummary& k, const CompareOptions& o, const Unit& unit);

/// The verdict of one comparison: `several` uses the Holm-adjusted p.
Verdict verdict_of(const Comparison& c, const CompareOptions& o, bool several);

/// Each system's record against the baseline.
std::vector<SystemTally> tally_by_system(const std::vector<Comparison>& cs, const CompareOptions& o);

/// Why the verdict, in a sentence or two.
std::string reason(const Comparison& c, const CompareOptions& o, bool several);
/// The result in one sentence a paper or a PR can quote.
std::string sentence(const Comparison& c, const CompareOptions& o, std::size_t comparisons);
/// The whole result in one paragraph.
std::string summary(const CompareResult& r, const CompareOptions& o, bool several);

}  // namespace pairpower::comparison
