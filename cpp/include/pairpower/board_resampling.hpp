#pragma once
// Resampling a leaderboard: the randomized Tukey HSD test (each query's scores
// permuted across systems; the null distribution is that of the range of the
// system means, which makes every pair's p family-wise; Carterette 2012, TOIS
// 30(1):4) and bootstrap rank intervals (queries resampled with replacement,
// systems ranked by mean each time).
//
// Resample r draws from a generator keyed by (seed, r), so results never depend
// on the number of threads.
//
// Example:
//   auto t = pairpower::randomized_tukey(board, {.resamples = 10000, .seed = 1});
//   t.p(0, 3);                                     // family-wise p of systems 0 and 3
//   auto r = pairpower::rank_intervals(board, {.resamples = 10000}, 0.95, true);
//   r[0].low; r[0].high;                           // ranks, 1 = best
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pairpower/board.hpp"

namespace pairpower {

struct ResamplingOptions {
  std::uint64_t resamples = 10000;
  std::uint64_t seed = 1;
  unsigned threads = 1;
};

struct RandomizedTukey {
  std::size_t systems;
  std::uint64_t resamples;
  std::vector<double> p_values;  ///< k × k, symmetric, 1 on the diagonal
  /// (count of resampled ranges ≥ |Δ| + 1) / (resamples + 1)
  double p(std::size_t i, std::size_t j) const noexcept { return p_values[i * systems + j]; }
  /// Monte Carlo SE of p: √(p(1 − p)/resamples)
  double p_se(std::size_t i, std::size_t j) const noexcept;
};

RandomizedTukey randomized_tukey(const BoardMatrix& b, const ResamplingOptions& o);

struct RankInterval {
  std::size_t rank;   ///< 1 + the number of systems with a strictly better mean
  std::size_t low, high;
  std::vector<double> distribution;  ///< P(rank = r + 1) over the bootstrap, r = 0 … k − 1
};

/// Percentile intervals of each system's bootstrap rank at `confidence`.
std::vector<RankInterval> rank_intervals(const BoardMatrix& b, const ResamplingOptions& o, double confidence, bool higher_is_better);

/// 1 + the number of systems with a strictly better mean.
std::vector<std::size_t> ranks_by_mean(const std::vector<double>& means, bool higher_is_better);

}  // namespace pairpower
