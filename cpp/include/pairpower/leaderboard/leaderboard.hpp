#pragma once
// A leaderboard: many systems on shared queries. Per dataset — each system's
// mean with its t-interval, rank, simultaneous rank set (from the same
// family-wise tests as the tiers) and marginal bootstrap rank interval, tiers (a compact
// letter display of the randomized Tukey HSD), every pair's Δ with its
// bootstrap interval, paired randomization p (Holm over all pairs), randomized
// and parametric Tukey HSD p, the two-way ANOVA and the Friedman test, and the
// queries each adjacent pair needs to be separated. Across datasets — the
// Friedman test on per-dataset means, mean ranks, Nemenyi's critical
// difference and Wilcoxon signed-rank tests (Holm) for each pair.
//
// Example:
//   auto file = pairpower::parse_scores(text);
//   auto r = pairpower::leaderboard(file.series, "ndcg_cut_10", {});
//   r.boards[0].systems[0].tier;   // "a"
//
// Equal sums tie everywhere (shared rank, Δ = 0, every p = 1, same tier and rank
// set): on lattice scores the board sums whole multiples of the step (stats/board_matrix.hpp).
//
// References: Carterette (2012), TOIS 30(1):4 (randomized Tukey HSD, blocked
// ANOVA); Demšar (2006), JMLR 7:1–30 (Friedman, Nemenyi); Piepho (2004) (letters);
// Mogstad, Romano, Shaikh & Wilhelm (2024), Rev. Econ. Stud. 91(1):476–518 (rank sets).
#include <cstdint>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/stats/anova.hpp"
#include "pairpower/stats/friedman.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/stats/binary_paired.hpp"
#include "pairpower/base/warnings.hpp"

namespace pairpower {

struct LeaderboardOptions {
  double alpha = 0.05;
  double confidence = 0.95;
  std::uint64_t resamples = 10000;  ///< randomization and randomized Tukey HSD
  std::uint64_t bootstrap = 10000;  ///< rank intervals and Δ intervals
  std::uint64_t seed = 1;
  bool higher_is_better = true;
  MissingPolicy missing = MissingPolicy::error;
  double power = 0.8;               ///< for the queries needed to separate adjacent systems
  unsigned threads = 1;
};

/// The leaderboard's settings as the CLI's flags and the page's form give them; an absent one
/// keeps LeaderboardOptions' default.
struct LeaderboardSettings {
  std::optional<double> alpha, confidence, resamples, bootstrap, seed;
  std::optional<bool> higher_is_better;
  std::optional<MissingPolicy> missing;
  unsigned threads = 1;
};
/// The options, each number checked against the registry's Analyze setting of the same name
/// (Error naming alpha, confidence, resamples, bootstrap_resamples or seed).
LeaderboardOptions leaderboard_options(const LeaderboardSettings& s);

struct BoardSystem {
  std::string system;
  double mean, ci_low, ci_high;
  std::size_t rank;                          ///< 1 + the number of systems with a better mean (equal sums share a rank)
  std::size_t rank_set_low, rank_set_high;   ///< simultaneous rank set from the tiers' family-wise tests (Mogstad et al. 2024)
  std::size_t rank_marginal_low, rank_marginal_high;  ///< this system's bootstrap rank interval alone (not simultaneous)
  std::string tier;
  bool tied_with_best;
  std::optional<std::size_t> n_to_separate_next;  ///< none for the last system, or when the next has the same mean
  /// Binary items (every score on the board 0 or 1): Wilson's interval of the accuracy, [low, high].
  std::optional<std::array<double, 2>> wilson{};
};

/// A pair's cluster-robust test of Δ on a board of clustered items (clustered.hpp).
struct BoardClusterTest {
  std::uint64_t clusters = 0;
  double se = 0, ci_low = 0, ci_high = 0, p = 1, design_effect = 1;
};

struct BoardPair {
  std::string system_a, system_b;
  double delta, ci_low, ci_high;  ///< mean(B − A) and its percentile interval from the board's shared query bootstrap
  double p, p_se, p_holm;         ///< paired randomization test; Holm over all pairs
  double p_tukey;                 ///< randomized Tukey HSD (family-wise)
  double p_tukey_hsd;             ///< Tukey's HSD from the two-way ANOVA
  bool significant;               ///< p_family < α
  double p_family;                ///< the family-wise p that decides: p_tukey, or cluster_p_holm on a board of clustered items
  /// Binary items: the exact McNemar test of the pair, and its p Holm-adjusted over all pairs.
  std::optional<McNemarResult> mcnemar{};
  std::optional<double> mcnemar_p_holm{};
  /// Clustered items: the cluster-robust test, and its p Holm-adjusted over all pairs, which then decides `significant`.
  std::optional<BoardClusterTest> cluster{};
  std::optional<double> cluster_p_holm{};
};

struct Board {
  std::string dataset, measure;
  std::size_t n, k;
  std::vector<BoardSystem> systems;  ///< in rank order
  std::vector<BoardPair> pairs;      ///< every pair once, A before B in input order
  TwoWayAnova anova;
  FriedmanResult friedman;
  double separable_share;            ///< of adjacent pairs, those separable at this n
  bool by_position = false;          ///< bare columns without query ids: row i of each system is one query (pairing.hpp's by_position_note)
  std::size_t clusters = 0;          ///< the items' clusters when the inputs name them (then the cluster-robust tests decide); 0: none
  Unit unit{};                       ///< what n counts: queries, or an evaluation log's items
};

/// How a board's family-wise p (`p_tukey`), its tiers and its rank sets are
/// computed: an id of the registry's family_procedures() (registry.hpp).
inline constexpr std::string_view board_family_procedure = "randomized-tukey";
/// … and on a board of clustered items: each pair's cluster-robust t, Holm over the pairs.
inline constexpr std::string_view clustered_board_family_procedure = "cluster-holm";

struct AcrossPair {
  std::string system_a, system_b;
  std::size_t b_better;                ///< datasets where B's mean is better
  std::optional<std::size_t> b_significantly_better;  ///< … and significantly (per-query boards only)
  double p, p_holm;                    ///< Wilcoxon signed-rank over datasets; Holm over pairs
};

struct AcrossDatasets {
  std::size_t datasets;
  FriedmanResult friedman;
  std::vector<std::pair<std::string, double>> mean_ranks;  ///< 1 = best
  double critical_difference;
  std::vector<AcrossPair> pairs;
};

struct LeaderboardResult {
  std::vector<Board> boards;              ///< empty when the input holds per-dataset scores only
  std::optional<AcrossDatasets> across;   ///< two or more datasets
  std::vector<Warning> warnings;          ///< why an answer may not be trusted (warnings.hpp)
};

/// Warnings about the inputs (a file left out of a folder, topics a run lacks) go before the
/// board's own in every report, the CLI's and the page's.
void add_input_warnings(LeaderboardResult& r, const std::vector<Warning>& about_inputs);

/// The series of one measure (all of them when `measure` is empty and there is
/// one). Throws Error naming "measure", "missing" (unmatched ids) or "scores".
LeaderboardResult leaderboard(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardOptions& o);

/// The resampling of a leaderboard cut in parts that other workers can compute
/// (the page has no threads in its analysis engine): part p of P holds Tukey and
/// bootstrap resamples [R·p/P, R·(p+1)/P) and every P-th pair's randomization
/// test and HSD p. Merged, the parts give exactly leaderboard()'s result, since
/// resample r and pair x draw the same numbers wherever they run.
///   auto a = leaderboard_part(s, m, o, 0, 2), b = leaderboard_part(s, m, o, 1, 2);
///   leaderboard_merge(s, m, o, {a, b});   // == leaderboard(s, m, o)
struct PairResampling {
  double p, p_se, p_tukey_hsd;
  double ci_low, ci_high;  ///< the Δ interval; NaN where the part shared the bootstrap out (the merge computes it)
};
struct BoardPart {
  std::vector<double> tukey_ranges;  ///< its resamples' ranges of the permuted means
  /// Its slice of the bootstrap resamples' means, k per resample; or, where each part draws the whole
  /// bootstrap (whole_bootstrap_per_part), all of them in part 0 and none in the others.
  std::vector<double> boot_means;
  std::vector<PairResampling> pairs; ///< pairs part, part + parts, … in leaderboard order
};
struct LeaderboardPart {
  std::vector<BoardPart> boards;     ///< one per dataset with per-query scores
};
/// A leaderboard's inputs read once: the series of its one measure (inputs that name no
/// measure joined to the one the others name), without kept texts. Parts and the merge
/// given `series` and `measure` answer as they do for the inputs, so the page's workers
/// receive this instead of reading every text again. Throws Error as leaderboard() does
/// for the measure and for an input without scores.
struct LeaderboardInput {
  std::string measure;
  std::vector<ScoreSeries> series;
  std::vector<std::string> measures;  ///< every measure the inputs hold, in order: what else the board could rank by
};
LeaderboardInput leaderboard_input(const std::vector<ScoreSeries>& series, const std::string& measure);
LeaderboardPart leaderboard_part(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardOptions& o, unsigned part,
                                 unsigned parts);
/// Throws Error naming "parts" when they do not make up the whole.
LeaderboardResult leaderboard_merge(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardOptions& o,
                                    const std::vector<LeaderboardPart>& parts);

/// Two systems' per-query scores on one dataset, paired as the leaderboard pairs
/// them (the missing-id policy applied): what Analyze opens for a pair.
struct PairScores {
  std::vector<std::string> qids;
  std::vector<double> a, b;
  /// The scores as the input wrote them ("0.3490"), where parse_scores kept them
  /// (keep_text_of) and they read back as the very value; "" elsewhere, empty when none was kept.
  std::vector<std::string> a_text{}, b_text{};
  /// Each query's cluster, when the board's inputs name them (the pair keeps them for Analyze); else empty.
  std::vector<std::string> clusters{};
  Unit unit{};  ///< what the ids name: the pair's table heads them "qid" or "item"
  /// The board's dataset and measure: the pair's table names them, so Analyze's sentence does.
  std::string dataset{}, measure{};
};
/// Throws Error naming "measure", "missing", "dataset" or "system" as leaderboard() does.
PairScores pair_scores(const std::vector<ScoreSeries>& series, const std::string& measure, const std::string& dataset,
                       const std::string& system_a, const std::string& system_b, MissingPolicy missing);
/// One system's scores on (dataset, measure) as the input wrote them, for the given
/// query ids and values (leaderboard_pair.cpp): "" where the text was not kept
/// (parse_scores' keep_text_of), is missing, or does not read back as that value.
std::vector<std::string> scores_as_written(const std::vector<ScoreSeries>& series, const std::string& dataset, const std::string& measure,
                                           const std::string& system, const std::vector<std::string>& qids, const std::vector<double>& values);
/// `qid,<A>,<B>`: each score as the input wrote it when kept, else written to round-trip exactly.
std::string pair_scores_csv(const PairScores& p, const std::string& system_a, const std::string& system_b);

}  // namespace pairpower
