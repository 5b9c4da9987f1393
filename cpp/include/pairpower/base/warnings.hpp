#pragma once
// When an answer cannot be trusted: the core decides, in the user's terms, and
// every front end shows the same words (the CLI on stderr and in JSON
// `warnings`, the page beside the answer each qualifies). Each warning has a
// stable code for scripts and a message for people.
//
// Codes:
//   p_floor              exact tests cannot reach α at this n (smallest p 2/2^n)
//   few_queries          bootstrap intervals from fewer than 20 queries (or items)
//   out_of_range         a value outside its measure's known range
//   scale_mismatch       a bare score within [0, 1] for one system, beyond 1 and 10 × the mean for another
//   many_zeros           half or more of the differences are exactly 0
//   resample_floor       too few sign flips for any comparison tested together to be significant after Holm
//   interval_level       intervals whose confidence is not 1 − α: a verdict needs both, and they can disagree
//   pilot_extrapolated   a planned n more than 5 × the pilot's n (Analyze's pilot, the Plan's pilot model)
//   beyond_bounds        a Plan's bounded model whose scores do not carry δ (clipping, the Beta model's mean clamp)
//   rho_ignored          a Plan's grid over several ρ with a model that does not read ρ (the pilot model)
//   planning_below_floor a planned n below the smallest n at which the tests can reach α
//   few_clusters         cluster-robust statistics from fewer than 20 clusters
//   clustered_board      a board of clustered items: its cluster-robust tests decide, its resampling treats items as independent
//   binary_tests_disagree a board of binary items where the tiers and McNemar's exact tests (Holm) part ways on a pair
//   small_pilot          power, samplesize or mde planned from a pilot of fewer than 30 items (pilot_estimates.hpp)
//   pilot_icc_clamped    a pilot's design effect outside what its clusters' size allows: the ICC taken from it is clamped
//   across_partial       systems some datasets lack: left out of the ranking across datasets (or no such ranking)
//   topics_not_in_run    qrels topics a run does not rank, without -c (evaluate.cpp)
//   left_out_of_folder   a file in a folder given as input that could not be read (folder_inputs.hpp)
//   cut_short            a trec_eval -q file that ends inside a query: copied or downloaded in part (cut_short.hpp)
//
// Example:
//   auto w = pairpower::comparison_warnings(sample, comparison, options);
//   w[0].code;     // "p_floor"
//   w[0].message;  // "With 4 queries the smallest p …"
#include <cstddef>
#include <cstdint>
#include <span>
#include <optional>
#include <string>
#include <vector>

#include "pairpower/base/described.hpp"
#include "pairpower/base/units.hpp"
#include "pairpower/stats/alternative.hpp"

namespace pairpower {

struct Warning {
  std::string code;
  std::string message;
};

template <> struct described::Description<Warning> {
  static constexpr std::string_view name = "Warning", doc = "Why an answer may not be trusted (base/warnings.hpp).";
  static constexpr auto fields = std::tuple{Field{"code", &Warning::code}, Field{"message", &Warning::message}};
};

struct PairedSample;
struct Comparison;
struct CompareOptions;
struct ScoreSeries;
struct LeaderboardResult;
struct LeaderboardOptions;
struct PlanSpec;
struct CellResult;

/// Below this many queries a bootstrap interval under-covers.
inline constexpr std::size_t bootstrap_min_queries = 20;
/// A planned n more than this many times the pilot's is an extrapolation.
inline constexpr double pilot_extrapolation_factor = 5;
/// Below this many clusters a cluster-robust standard error tends to be too small.
inline constexpr std::size_t cluster_min_clusters = 20;
/// From this share of zero differences the rank and sign tests lose most pairs.
inline constexpr double many_zeros_share = 0.5;

/// The smallest p the randomization (sign-flip), sign and exact Wilcoxon tests
/// can give with `nonzero` non-zero differences: 2/2^n two-sided, 1/2^n one-sided.
double smallest_attainable_p(std::size_t nonzero, Alternative alt) noexcept;
/// The smallest number of non-zero differences at which that p can fall below α.
std::size_t smallest_n_reaching(double alpha, Alternative alt) noexcept;

/// Values outside the measure's known range ([0, 1] for nDCG, AP, P@k, recall,
/// RR, success…; non-negative integers for counts), named by system and query
/// (or item: `unit`). An unknown measure's values are not checked. `system` names the values.
void range_warnings(const std::string& measure, const std::string& system, std::span<const std::string> qids,
                    std::span<const double> values, std::vector<Warning>& out, const Unit& unit = query_unit);

/// Everything that qualifies one comparison's answers.
std::vector<Warning> comparison_warnings(const PairedSample& s, const Comparison& c, const CompareOptions& o);

/// Whether a comparison's verdict rests on a Monte Carlo randomization p (a difference, neither binary nor
/// clustered, with too many differences for the exact test).
bool rests_on_sign_flips(const Comparison& c) noexcept;

/// Of comparisons tested together (their p-values Holm-adjusted), when those whose verdicts rest on a Monte
/// Carlo randomization p have too few sign flips for any of them to be significant after Holm: said once, for the set.
std::optional<Warning> resample_floor_warning(const std::vector<Comparison>& comparisons, const CompareOptions& o);

/// When the intervals' confidence is not 1 − α: a verdict asks both for p below α and for its interval to
/// clear 0 (or the minimum effect), so at other levels the two can disagree. Said once, for the set.
std::optional<Warning> interval_level_warning(const CompareOptions& o);

/// A system some datasets lack, with those datasets ("" names the scores without a dataset).
struct LeftOut {
  std::string system;
  std::vector<std::string> lacking;
};

/// Everything that qualifies a leaderboard: values out of range (of the ranked
/// measure), boards too small for exact tests to separate or for bootstrap rank
/// intervals, and the systems `left_out` of the ranking across datasets.
std::vector<Warning> leaderboard_warnings(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardResult& r,
                                          const LeaderboardOptions& o, const std::vector<LeftOut>& left_out = {});

/// Everything that qualifies a Plan's answers (plan_warnings.cpp, apart so that the
/// small Plan build links no Analyze code). A model bounded to [0, 1] (bounded_to_unit)
/// whose scores do not carry some δ of the grid. With the pilot model: its smallest N
/// for the target power — the paired t's closed form at each δ, and, from `cells`
/// of a finished run, the smallest N of the grid (beyond its largest N when none
/// reaches the target) — more than pilot_extrapolation_factor times the pilot's
/// size. `cells` may be empty (before a run, or a cancelled one).
std::vector<Warning> plan_warnings(const PlanSpec& spec, const std::vector<CellResult>& cells);

}  // namespace pairpower
