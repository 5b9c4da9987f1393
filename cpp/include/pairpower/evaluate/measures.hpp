#pragma once
// trec_eval's measures (version 10.0) over one topic's ranking, and the names
// users give them: trec_eval's own (`ndcg_cut.10`, `P.5,10`, `all_trec`,
// `official`, printed names such as `P_10` or `iprec_at_recall_0.10`) and
// ir_measures' for the common ones (`nDCG@10`, `AP`, `P@10`, `R@100`, …), with
// its relevance threshold (`P(rel=2)@10`) and its own `RR@10` and `Judged@10`.
//
// Example:
//   auto set = pairpower::parse_measures({"P.5,10", "nDCG@10"});
//   set.names();  // {"P_5", "P_10", "ndcg_cut_10"}
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

/// How one topic's ranking meets its judgments (trec_eval's "res_rels"): each
/// retrieved document's level in rank order (−1 not in the pool, −2 in the pool
/// but unjudged), and the topic's counts.
struct TopicRanking {
  static constexpr std::int64_t not_in_pool = -1, unjudged = -2;
  std::vector<std::int64_t> rels;
  std::vector<std::int64_t> rel_levels;  ///< judged documents per level 0 … max
  std::int64_t num_rel = 0, num_ret = 0, num_rel_ret = 0, num_nonpool = 0, num_unjudged_in_pool = 0;
};

/// How a measure's per-topic values become its value over all topics.
enum class Summary { mean, geometric_mean, sum, count, none };

/// One requested measure: a root of trec_eval's table and its cutoffs (when it takes them).
struct MeasureRequest {
  std::string_view root;
  std::vector<double> cutoffs;
  /// ir_measures' `(rel=N)`: relevant from level N on, whatever the evaluation's level; none: that level.
  std::optional<std::int64_t> rel = std::nullopt;
};

/// The measures to compute, in trec_eval's order, each value with its printed name.
struct MeasureSet {
  std::vector<MeasureRequest> measures;
  /// Printed names, one per value ("P_5", "map", …); runid and relstring are not values and are not listed.
  std::vector<std::string> names() const;
  std::vector<Summary> summaries() const;
  bool has(std::string_view root) const;
  /// How many values the measures before `root` hold (where trec_eval prints relstring among them).
  std::size_t values_before(std::string_view root) const;
};

/// `-m` values (each may hold several, comma-separated after a dot: `P.5,10`); empty: trec_eval's
/// default (`official`). Throws Error(field "measure") naming an unknown measure or a bad cutoff.
MeasureSet parse_measures(const std::vector<std::string>& specs);

/// The measure runs are analysed by when none is named: nDCG@10, the field's headline.
inline constexpr std::string_view default_run_measure = "nDCG@10";

/// A measure the page offers for analysing runs: `id` is a name parse_measures reads.
struct MeasureChoice {
  std::string id;
  std::string label;
  bool common;  ///< among the measures most papers report (offered first)
};
/// The common measures first (by ir_measures' names), then every per-topic value of `all_trec`
/// averaged over topics, by its printed name (geometric means have no per-topic value to pair, and
/// counts such as num_ret describe a run rather than rank it).
std::vector<MeasureChoice> run_measure_choices();

/// One topic's values, in `set.names()` order; `relevance_level` is trec_eval's -l.
void topic_values(const TopicRanking& t, const MeasureSet& set, std::int64_t relevance_level, std::span<double> out);

/// trec_eval's relstring: the first `n` ranks' levels as characters ('0'–'9', '>' above 9, '-' not in the pool, '.' unjudged).
std::string relstring(const TopicRanking& t, std::size_t n = 10);

}  // namespace pairpower
