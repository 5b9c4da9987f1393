#pragma once
// Rank-based comparison of k systems over blocks (queries, or datasets): the
// Friedman test with the tie correction, each system's mean rank, and
// Nemenyi's critical difference between mean ranks (Demšar 2006, JMLR 7:1–30).
//
// Example:
//   auto f = pairpower::friedman_test(board);        // scipy.stats.friedmanchisquare(*rows)
//   auto r = pairpower::mean_ranks(board, true);      // 1 = best, ties share the average rank
//   pairpower::nemenyi_critical_difference(k, datasets, 0.05);
#include <cstddef>
#include <vector>

#include "pairpower/stats/board_matrix.hpp"

namespace pairpower {

struct FriedmanResult {
  double statistic;  ///< χ²_F, divided by the tie correction
  double df;         ///< k − 1
  double p;          ///< P(χ²(k − 1) > statistic)
};

/// Blocks are the board's columns (queries or datasets). Throws Error("scores")
/// unless k ≥ 2 and there is a block; a board whose every block is all ties has no test.
FriedmanResult friedman_test(const BoardMatrix& b);

/// Each system's rank within each block, averaged over blocks: 1 is the best
/// (the highest score when higher_is_better), tied systems share the average rank.
std::vector<double> mean_ranks(const BoardMatrix& b, bool higher_is_better);

/// q_α(k, ∞) / √2 · √(k(k + 1) / (6D)): mean ranks further apart than this differ at level α.
double nemenyi_critical_difference(std::size_t systems, std::size_t blocks, double alpha);

}  // namespace pairpower
