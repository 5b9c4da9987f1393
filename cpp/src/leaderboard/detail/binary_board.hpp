#pragma once
// A board of binary items (every score 0 or 1: correct / incorrect): the exact
// tests that fit them, beside the board's resampling tests.
#include <array>
#include <cstddef>
#include <utility>
#include <vector>

#include "pairpower/stats/board_matrix.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"

namespace pairpower::detail {

/// When every pair of systems is binary: each pair's exact McNemar p and its Holm-adjusted p over
/// the pairs (`pairs` gives each of `out`'s pairs as system rows of `b`). Returns whether the board is binary.
bool add_binary_tests(std::vector<BoardPair>& out, const BoardMatrix& b, const std::vector<std::pair<std::size_t, std::size_t>>& pairs);

/// Wilson's interval of system `i`'s accuracy, [low, high].
std::array<double, 2> wilson_of(const BoardMatrix& b, std::size_t i, double confidence);

}  // namespace pairpower::detail
