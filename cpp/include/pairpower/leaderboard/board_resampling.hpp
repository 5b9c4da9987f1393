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
//   auto s = pairpower::rank_sets(board.system_means(), [&](auto i, auto j) { return t.p(i, j) < 0.05; }, true);
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "pairpower/stats/board_matrix.hpp"

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
/// The resampled ranges of the system means for resamples [begin, end), in that
/// order: a part of the work that another thread or worker can do (resample r is
/// the same wherever it runs), joined by concatenation.
std::vector<double> tukey_ranges(const BoardMatrix& b, const ResamplingOptions& o, std::uint64_t begin, std::uint64_t end);
/// The test from all `resamples` ranges (in any order) and the board's exact sums.
RandomizedTukey tukey_from_ranges(const BoardMatrix::Sums& sums, std::vector<double> ranges);

struct RankInterval {
  std::size_t rank;   ///< 1 + the number of systems with a strictly better mean
  std::size_t low, high;
  std::vector<double> distribution;  ///< P(rank = r + 1) over the bootstrap, r = 0 … k − 1
};

/// Every system's mean on each bootstrap resample of the queries (one resample
/// serves all systems, so that rank intervals and every pair's Δ interval come
/// from the same B × k means rather than B × n work per pair).
struct BootstrapBoard {
  std::size_t systems;
  std::uint64_t resamples;
  std::vector<double> means;  ///< resample r, system i at r · systems + i
};
BootstrapBoard bootstrap_board(const BoardMatrix& b, const ResamplingOptions& o);
/// Refuses (field "bootstrap", naming the most it may ask) a bootstrap of more than 2^26 means, k per resample.
void check_bootstrap_size(std::size_t systems, std::uint64_t resamples);
/// Resamples [begin, end) only (resamples = end − begin): parts join by concatenating `means`.
BootstrapBoard bootstrap_board(const BoardMatrix& b, const ResamplingOptions& o, std::uint64_t begin, std::uint64_t end);

/// Percentile intervals of each system's bootstrap rank at `confidence`.
std::vector<RankInterval> rank_intervals(const BootstrapBoard& boot, const std::vector<double>& means, double confidence, bool higher_is_better);
std::vector<RankInterval> rank_intervals(const BoardMatrix& b, const ResamplingOptions& o, double confidence, bool higher_is_better);

/// The percentile interval (numpy's linear rule) of mean(B) − mean(A) over the resamples.
std::pair<double, double> pair_interval(const BootstrapBoard& boot, std::size_t a, std::size_t b, double confidence);
/// The means system by system (system i, resample r at i · resamples + r): each pair then reads two runs of memory.
std::vector<double> bootstrap_by_system(const BootstrapBoard& boot);
/// The same interval from the two systems' rows of bootstrap_by_system.
std::pair<double, double> pair_interval(std::span<const double> a, std::span<const double> b, double confidence);
/// The intervals of the pairs (a, b) that `wanted` marks (the others: NaN).
std::vector<std::pair<double, double>> pair_intervals(const BootstrapBoard& boot, const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                      const std::vector<bool>& wanted, double confidence);
/// Whether a board cut in parts is better off with every part drawing the whole bootstrap and
/// computing its own pairs' Δ intervals than with the parts sharing the bootstrap out and one
/// merge computing every interval: a resample costs k·n additions, its k(k − 1)/2 intervals ~20
/// operations each (measured in the wasm).
bool whole_bootstrap_per_part(std::size_t systems, std::size_t queries) noexcept;

/// 1 + the number of systems with a strictly better mean (the means finite).
std::vector<std::size_t> ranks_by_mean(const std::vector<double>& means, bool higher_is_better);

/// Simultaneous rank confidence sets (Mogstad, Romano, Shaikh & Wilhelm 2024,
/// "Inference for ranks", Review of Economic Studies 91(1):476–518): from
/// family-wise pairwise decisions, system j's rank lies in
/// [1 + #{k significantly better than j}, K − #{k significantly worse than j}].
/// With the family-wise error at α, every system's set holds its true rank (for
/// tied true means, every rank they share) with probability ≥ 1 − α; and two
/// systems whose p is monotone in |Δ| and who are not separated have
/// overlapping sets (so systems sharing a tier letter do).
struct RankSet {
  std::size_t low, high;
};
std::vector<RankSet> rank_sets(const std::vector<double>& means, const std::function<bool(std::size_t, std::size_t)>& differ, bool higher_is_better);

}  // namespace pairpower
