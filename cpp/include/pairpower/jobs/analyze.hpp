#pragma once
// Analyze as one job: the inputs as read (one table of several systems, or two inputs) →
// every comparison, and the settings its report states. The CLI's compare and the page's
// analyzeScores both call it, so the rules between reading and the statistics — "all"
// measures, a handed-over family's defaults, the missing-id policy's default — are written once.
//
// Example:
//   pairpower::AnalyzeRequest r;
//   r.measures = {"map"};
//   auto out = pairpower::analyze(file_a, &file_b, r);
//   std::puts(pairpower::report_json(out.result, out.settings).dump(2).c_str());
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower {

/// A pair handed over from a leaderboard: its family-wise p and the family, whose
/// pairs and procedure may be left to their defaults.
struct FamilyRequest {
  double p = 1;
  std::uint64_t systems = 0;
  std::optional<std::uint64_t> pairs;    ///< default: every pair of the systems, K(K − 1)/2
  std::optional<std::string> procedure;  ///< default: the registry's first family procedure
};

struct AnalyzeRequest {
  CompareOptions options;
  /// Measure names; "all" (or "*") among them: every measure both inputs hold, counts left out.
  /// None: the input's only measure (build_comparisons says which to choose when it holds several).
  std::vector<std::string> measures;
  std::optional<std::string> missing;  ///< a missing-id policy of the registry; default its first
  std::string baseline;                ///< the system the others are compared with; default the first
  std::optional<FamilyRequest> family;
  bool pilots = false;  ///< also give each comparison's per-query differences (AnalyzeResult::pilots)
  /// The confidence was not set: the intervals' is 1 − α (while α < 1), the level of a two-sided test, so
  /// that the test and the interval a verdict asks for are at one level.
  bool confidence_from_alpha = false;
};

struct AnalyzeResult {
  ComparisonPlan plan;      ///< the paired samples and how their ids matched
  CompareResult result;     ///< every comparison, the verdicts and the summary
  ReportSettings settings;  ///< what the report states about the run (report_json)
  /// When asked: per comparison, its per-query differences B − A in the pairing's query order,
  /// a pilot for the Plan's pilot model; empty otherwise.
  std::vector<std::vector<double>> pilots;
};

/// The family a handed-over pair belongs to, with the defaults filled in.
FamilyContext family_context(const FamilyRequest& f);

/// The measures a request names, "all" expanded.
std::vector<std::string> requested_measures(const std::vector<std::string>& names, const ScoreFile& a, const ScoreFile* b);

/// The job: pairs the inputs by query id (by position for bare columns), compares, and states the settings.
AnalyzeResult analyze(const ScoreFile& a, const ScoreFile* b, const AnalyzeRequest& request);

}  // namespace pairpower
