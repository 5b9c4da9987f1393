#pragma once
// Pairs two systems' scores by query id. Unmatched ids are never dropped
// silently: they are counted and listed, then handled as the user chose.
//
// Example:
//   auto plan = pairpower::build_comparisons(file_a, &file_b, {"ndcg_cut_10"}, pairpower::MissingPolicy::error);
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/input/paired_sample.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower {

enum class MissingPolicy {
  error,      ///< refuse, listing the unmatched ids
  intersect,  ///< keep the queries both systems have
  zero,       ///< a missing score counts as 0 (as trec_eval -c)
};
std::optional<MissingPolicy> missing_policy_from_string(std::string_view s) noexcept;

/// Shown wherever scores without query ids were paired row by row.
inline constexpr std::string_view by_position_note = "paired by position: no query ids given";

struct PairingReport {
  std::string dataset, measure, system_a, system_b;
  bool by_position = false;  ///< neither input had query ids: row i with row i
  std::size_t matched = 0;
  std::size_t only_a = 0, only_b = 0;
  std::vector<std::string> examples_only_a, examples_only_b;  ///< up to 5 each
};

/// What became of the ids one side lacks, for the end of a quotable sentence (" 2 queries only A has
/// were scored 0 for B (as trec_eval -c)."), so that a reader of the sentence can reproduce its n; "" when
/// every id matched.
std::string unmatched_clause(const PairingReport& p, MissingPolicy policy, const Unit& unit);

struct ComparisonPlan {
  std::vector<PairedSample> samples;
  std::vector<PairingReport> pairing;
};

/// One file with two or more systems: every other system against the baseline
/// (`baseline`, or the first system). Two files: the first file's system as A,
/// the second's as B (swapped when `baseline` names B's). Systems keep their
/// names (runid or file name); equal names get " (A)" and " (B)". Comparisons
/// are made per dataset and per measure; `measures` chooses them (empty: all,
/// but an input holding several measures must be narrowed down). Inputs
/// without query ids (a bare column) are paired by position: both must be
/// such columns, of equal length (InputError naming both lengths otherwise).
/// A file that names no measure (qid,score) beside one that names one (qid,ndcg)
/// holds that measure.
/// Throws Error (field "measure", "baseline" or "missing") naming what is
/// wrong: a measure not in the input (listing those that are), one that holds
/// text or exists only in summary rows (naming the closest per-query measure),
/// unmatched ids under MissingPolicy::error; InputError when nothing can be compared.
ComparisonPlan build_comparisons(const ScoreFile& a, const ScoreFile* b, const std::vector<std::string>& measures,
                                 MissingPolicy missing, const std::string& baseline = {});

/// The measures both inputs hold (one input: all of its measures).
std::vector<std::string> common_measures(const ScoreFile& a, const ScoreFile* b);
/// What "all measures" means: the common measures that are not counts
/// (num_ret, num_rel, … are identical or uninformative between systems).
std::vector<std::string> comparable_measures(const ScoreFile& a, const ScoreFile* b);

/// Refuses a measure asked of scores that name none (qid,score tables, columns of numbers): throws
/// Error naming "measure" when `available` holds the unnamed measure alone.
void refuse_if_measures_unnamed(const std::string& wanted, const std::vector<std::string>& available);

/// Splits a list of measure names on commas outside parentheses, so that
/// "P(rel=2,judged_only=True)@10,nDCG@10" is two names. Empty items are dropped.
std::vector<std::string> split_measure_list(std::string_view text);

}  // namespace pairpower
