#pragma once
// A comparison's results as JSON, Markdown, LaTeX and CSV: one implementation
// for the CLI and the browser, so both print the same fields and numbers.
//
// Example:
//   auto j = pairpower::report_json(result, {options, "error", {"trec_eval -q, …"}});
//   std::string md = pairpower::report_markdown(result, options);
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/comparison.hpp"

namespace pairpower {

struct ReportSettings {
  CompareOptions options;
  std::string missing = "error";
  std::vector<std::string> detected;  ///< "trec_eval -q, measure …, 412 queries" per input
  std::string baseline;               ///< the system the others are compared with
};

/// {"settings": {…}, "comparisons": [ … ], "by_system": [{system, comparisons, better, worse, verdict}],
///  "overall": "SHIP|HOLD|REJECT", "summary": "…"}.
/// With samples, each comparison also carries "data": {qids, a, b} (for plots).
nlohmann::ordered_json report_json(const CompareResult& r, const ReportSettings& s,
                                   const std::vector<PairedSample>* samples = nullptr);

std::string report_markdown(const CompareResult& r, const CompareOptions& o);
std::string report_latex(const CompareResult& r, const CompareOptions& o);
std::string report_csv(const CompareResult& r);

/// Every statistic of one comparison's JSON (as report_json writes it) as
/// {path: text}, in the one format people read (format_stat): what the page shows.
nlohmann::ordered_json display_stats(const nlohmann::ordered_json& comparison);

/// "B vs A, dataset, measure".
std::string comparison_name(const Comparison& c);

}  // namespace pairpower
