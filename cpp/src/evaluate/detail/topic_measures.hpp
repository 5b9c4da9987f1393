#pragma once
// The kernels of evaluate/measures.hpp: one measure's values on one topic.
#include <cstdint>
#include <vector>

#include "pairpower/evaluate/measures.hpp"

namespace pairpower::detail {

/// Writes the measure's values (one, or one per cutoff) to `out`; `L` is the relevance level.
void compute(const TopicRanking& t, const MeasureRequest& m, std::int64_t L, double* out);

enum class Gain { ndcg, ndcg_rel, rndcg, g, rbp };
/// One of the graded-gain measures with trec_eval's default gains (rbp with p = 0.9).
double gain_measure(const TopicRanking& t, Gain which);

/// ndcg_cut: each cutoff's DCG of the raw levels, divided by the ideal DCG at that cutoff.
void at_cutoffs_dcg(const TopicRanking& t, const std::vector<double>& cutoffs, double* out);

}  // namespace pairpower::detail
