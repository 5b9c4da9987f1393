#pragma once
// What the core knows about evaluation measures' names: the grammar each tool
// writes them in (format detection decides from these shapes, never from
// counting values), which measures are counts rather than effectiveness, which
// exist only as per-run summaries, and which one to offer first.
//
// Example:
//   pairpower::is_trec_eval_measure("ndcg_cut_10");          // true
//   pairpower::is_ir_measures_measure("P(rel=2)@10");         // true
//   pairpower::preferred_measure({"num_ret", "map", "P_10"}); // "map"
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

/// trec_eval's (and so pytrec_eval's) names: a known base ("map", "P",
/// "ndcg_cut", "iprec_at_recall", …) optionally followed by "_<cutoff>".
bool is_trec_eval_measure(std::string_view name) noexcept;

/// ir_measures' names: Name, Name@k, Name(param=value,…)@k, with Name one of
/// ir_measures' measures or any name carrying "@" or "(…)".
bool is_ir_measures_measure(std::string_view name) noexcept;

/// ranx's metric names: "ndcg@10", "precision@10", "mrr", "map@100", "rbp.95", …
bool is_ranx_metric(std::string_view name) noexcept;

/// Any of the three grammars.
bool is_measure_name(std::string_view name) noexcept;

/// Counts, not effectiveness: num_ret, num_rel, num_rel_ret, num_q (and
/// ir_measures' NumRet, NumRel, NumRelRet, NumQ).
bool is_count_measure(std::string_view name) noexcept;

/// What a trec_eval-family measure is per query: a score; text (runid,
/// relstring — pytrec_eval writes them as 0.0); or a per-run summary whose
/// per-query values mean nothing as scores (num_q = 1; gm_map, gm_bpref are
/// logarithms in pytrec_eval's per-query output).
enum class MeasureKind { per_query, text, summary };
MeasureKind measure_kind(std::string_view name) noexcept;

/// For a measure that exists only in trec_eval's summary ("all") rows, the
/// per-query measure closest to it ("gm_map" → "map"), if any.
std::optional<std::string> closest_per_query_measure(std::string_view summary_measure);

/// The measure to offer first: the common effectiveness measures in order
/// (nDCG@10, MAP, P@10, RR in each tool's spelling), else the first that is
/// not a count; "" for an empty list.
std::string preferred_measure(const std::vector<std::string>& available);

/// The values a measure can take per query, from its name in any of the three
/// grammars or a bare column header ("ndcg_cut_10", "nDCG@10", "P(rel=2)@10",
/// "precision@10", "map", "num_ret"): effectiveness in [0, 1] (nDCG, AP/MAP,
/// P@k, recall, RR/MRR, success, bpref, ERR, RBP, F), counts (num_ret, num_rel,
/// ranx's hits: non-negative integers), or unknown (DCG, utility, gm_*, a name
/// the core does not know: not checked).
enum class MeasureRange { unknown, unit_interval, count };
MeasureRange measure_range(std::string_view name) noexcept;

}  // namespace pairpower
