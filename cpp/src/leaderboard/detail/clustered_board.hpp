#pragma once
// A board of clustered items (several questions about one passage): items of a
// cluster are not independent, so each pair's test and each system's interval
// are cluster-robust, and the pairs' Holm-adjusted cluster-robust p's decide
// which differ (the randomized Tukey test shuffles items as if independent).
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "pairpower/stats/board_matrix.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/stats/clustered.hpp"

namespace pairpower::detail {

/// Each of `out`'s pairs (`pairs` gives them as system rows of `b`) gets its cluster-robust test of Δ and the p Holm-adjusted over the pairs.
void add_clustered_tests(std::vector<BoardPair>& out, const BoardMatrix& b, const ClusterIds& ids,
                         const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double confidence);

/// The cluster-robust t interval of system `i`'s mean, [low, high].
std::array<double, 2> cluster_interval(const BoardMatrix& b, std::size_t i, const ClusterIds& ids, double confidence);

}  // namespace pairpower::detail
