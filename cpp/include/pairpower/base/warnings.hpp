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
// Each domain says its own: comparison_warnings (compare/comparison_warnings.hpp),
// leaderboard_warnings (leaderboard/leaderboard_warnings.hpp), plan_warnings
// (simulation/plan_warnings.hpp), range_warnings (input/value_warnings.hpp).
//
// Example:
//   auto w = pairpower::comparison_warnings(sample, comparison, options);
//   w[0].code;     // "p_floor"
//   w[0].message;  // "With 4 queries the smallest p …"
#include <cstddef>
#include <string>

#include "pairpower/base/described.hpp"

namespace pairpower {

struct Warning {
  std::string code;
  std::string message;
};

template <> struct described::Description<Warning> {
  static constexpr std::string_view name = "Warning", doc = "Why an answer may not be trusted (base/warnings.hpp).";
  static constexpr auto fields = std::tuple{Field{"code", &Warning::code}, Field{"message", &Warning::message}};
};

/// Below this many queries a bootstrap interval under-covers.
inline constexpr std::size_t bootstrap_min_queries = 20;
/// A planned n more than this many times the pilot's is an extrapolation.
inline constexpr double pilot_extrapolation_factor = 5;
/// Below this many clusters a cluster-robust standard error tends to be too small.
inline constexpr std::size_t cluster_min_clusters = 20;
/// From this share of zero differences the rank and sign tests lose most pairs.
inline constexpr double many_zeros_share = 0.5;

}  // namespace pairpower
