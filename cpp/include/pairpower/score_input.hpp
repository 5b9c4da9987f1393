#pragma once
// Per-query scores as evaluation tools write them, read into one shape.
//
// Formats: CSV/TSV with a header, wide (qid,A,B[,C…], optional dataset
// column) or long ([dataset,]qid,system,score[,measure]); two bare numeric
// columns; `trec_eval -q` (measure, qid, value; the `all` and `runid` rows are
// skipped); `ir_measures -q` (qid, measure, value); ranx JSON {metric: {qid:
// value}}; pytrec_eval JSON {qid: {measure: value}}. A UTF-8 BOM and CRLF line
// ends are accepted. Errors name the line and field.
//
// Example:
//   auto file = pairpower::parse_scores(text);          // format detected
//   file.describe();   // "trec_eval -q, measure ndcg_cut_10, 412 queries"
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

enum class InputFormat { auto_detect, csv_wide, csv_long, csv_bare, trec_eval, ir_measures, ranx_json, pytrec_eval_json };
std::string_view to_string(InputFormat f) noexcept;  ///< "csv-wide", "trec_eval", …
std::string_view describe(InputFormat f) noexcept;   ///< "CSV (wide)", "trec_eval -q", …
std::optional<InputFormat> input_format_from_string(std::string_view s) noexcept;

/// Bad input: the message names the line (1-based) and the field.
struct InputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// One system's scores on one (dataset, measure), in the order read.
struct ScoreSeries {
  std::string dataset;
  std::string measure;
  std::string system;
  std::vector<std::string> qids;
  std::vector<double> values;
};

struct ScoreFile {
  InputFormat format = InputFormat::auto_detect;
  std::vector<ScoreSeries> series;
  std::size_t records = 0;  ///< values read

  std::vector<std::string> measures() const;  ///< distinct, in order of appearance ("" when the format has none)
  std::vector<std::string> systems() const;
  std::vector<std::string> datasets() const;
  std::size_t queries() const;                ///< distinct query ids
  /// "trec_eval -q, measure ndcg_cut_10, 412 queries" and the like.
  std::string describe() const;
};

/// Limits a browser tab can hold; larger input is refused with a message.
constexpr std::size_t max_input_bytes = 200u << 20;
/// Scores beyond ±1e12 are refused (no metric lives there; sums of squares would overflow).
constexpr double max_abs_score = 1e12;

/// Guesses the format from the text (throws InputError when nothing fits).
InputFormat detect_format(std::string_view text);

/// Parses text in a format (auto_detect: detect_format). Single-system formats
/// (trec_eval, ir_measures, JSON, …) name their system `system_name`.
ScoreFile parse_scores(std::string_view text, InputFormat format = InputFormat::auto_detect,
                       std::string_view system_name = "A");

}  // namespace pairpower
