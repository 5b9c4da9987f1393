#pragma once
// A comparison's results as JSON, Markdown, LaTeX and CSV: one implementation
// for the CLI and the browser, so both print the same fields and numbers.
//
// Example:
//   auto j = pairpower::report_json(result, {options, "error", {"trec_eval -q, …"}});
//   std::string md = pairpower::report_markdown(result, options);
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/report_types.hpp"
#include "pairpower/input/pairing.hpp"

namespace pairpower {

struct ReportSettings {
  CompareOptions options;
  std::string missing;  ///< the missing-id policy used (registry.hpp missing_policies)
  std::vector<std::string> detected;  ///< "trec_eval -q, measure …, 412 queries" per input
  std::string baseline;               ///< the system the others are compared with
  std::vector<PairingReport> pairing; ///< how each comparison's query ids matched (build_comparisons)
  std::vector<Warning> input_warnings{}; ///< about the inputs, not one comparison (the CLI's: a file left out of a folder, topics a run lacks)
};

/// The report's JSON as a value (report_types.hpp): settings, comparisons, by_system, overall,
/// summary, pairing, wilcoxon_note and warnings. With samples, each comparison also carries its
/// per-query "data" and, when kept, its bootstrap "distribution" (for the page's plots).
report::CompareReport report_of(const CompareResult& r, const ReportSettings& s, const std::vector<PairedSample>* samples = nullptr);
/// report_of as JSON, in its described order.
nlohmann::ordered_json report_json(const CompareResult& r, const ReportSettings& s,
                                   const std::vector<PairedSample>* samples = nullptr);

/// report_json as the CLI writes it (`compare --format json`): the page's JSON export is this text.
std::string report_json_text(const CompareResult& r, const ReportSettings& s);
std::string report_markdown(const CompareResult& r, const CompareOptions& o);
std::string report_latex(const CompareResult& r, const CompareOptions& o);
std::string report_csv(const CompareResult& r);

/// Every statistic of one comparison's JSON (as report_json writes it) as
/// {path: text}, in the one format people read (format_stat): what the page shows.
nlohmann::ordered_json display_stats(const nlohmann::ordered_json& comparison);

/// What a statistic is, in words, by its JSON path ("t.p" → "paired t p"): the row heads of the page's table.
struct StatLabel {
  const char* path;
  const char* label;
};
std::span<const StatLabel> stat_labels() noexcept;

/// "B vs A, dataset, measure".
std::string comparison_name(const Comparison& c);

}  // namespace pairpower
