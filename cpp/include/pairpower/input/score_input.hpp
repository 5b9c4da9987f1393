#pragma once
// Per-query scores as evaluation tools write them, read into one shape.
//
// Formats: CSV/TSV with a header, wide (qid,A,B[,C…], optional dataset
// column) or long ([dataset,]qid,system,score[,measure]), either with an optional
// `cluster` column (each query's cluster: a passage, a conversation); two bare numeric
// columns (two systems, when the first column cannot be query ids: a value with
// a point or a sign, or one repeated; distinct whole numbers first are
// ambiguous_format); one system's `qid,score` (a header naming only the query
// id and one score column, or no header: the system is `system_name`, the
// file's or box's name; a column header naming a known measure, `qid,ndcg`, is
// the measure); one bare column of numbers (one system, paired with another input by
// position); `trec_eval -q` (measure, qid, value: any measure selection, with or
// without the `all` summary rows, several runs concatenated and split by their
// `runid` rows); `ir_measures -q` (qid, measure, value; or `-o jsonl`); ranx JSON {metric:
// {qid: value}}; pytrec_eval JSON {qid: {measure: value}}; a flat JSON {qid:
// value}. UTF-8 (with or without BOM) and UTF-16 with a BOM (as PowerShell
// writes) are read; CRLF line ends too. Decimal commas (0,4101) are read where
// the file leaves no doubt: columns not separated by commas, no score written
// with a point, none that could be a thousands separator; elsewhere a comma
// number is an error that says so. Measures whose values are text
// (`relstring`, `runid`) are skipped and listed; so are measures that exist
// only in summary rows (`gm_map`, `num_q`). Errors name the line and field.
//
// Detection decides from structure that holds at any size — the JSON nesting,
// which column holds measure names (by the grammar of each tool's names, see
// measures.hpp), trec_eval's `all` and `runid` rows — never from a prefix of
// the file or from counting distinct values.
//
// Evaluation logs: lm-evaluation-harness `--log_samples` files (one JSON record
// per document and filter; measures are the scalar metrics each record lists,
// the filter joining the name when it is not "none", as in lm-eval's "acc,none");
// inspect_ai logs, .json or .eval (items are sample ids, epochs are repeats
// averaged per item, each scorer a measure; C/I/P/N read as 1/0/0.5/0). When the structure fits two
// formats, it says so (ErrorKind::ambiguous_format, field "input_format").
//
// Example:
//   auto file = pairpower::parse_scores(text);          // format detected
//   file.describe();   // "trec_eval -q, measure ndcg_cut_10, 412 queries"
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/units.hpp"
#include "pairpower/input/cut_short.hpp"
#include "pairpower/input/folder_inputs.hpp"

namespace pairpower {

enum class InputFormat {
#define PAIRPOWER_INPUT_FORMAT(e, id, description, unit) e,
#include "pairpower/registry/input_formats.def"
#undef PAIRPOWER_INPUT_FORMAT
};
std::string_view to_string(InputFormat f) noexcept;  ///< "csv-wide", "trec_eval", …
std::string_view describe(InputFormat f) noexcept;   ///< "CSV (wide)", "trec_eval -q", …
std::optional<InputFormat> input_format_from_string(std::string_view s) noexcept;
/// What the format's ids name: queries, or items for an evaluation log (the registry row's unit).
const Unit& unit_of(InputFormat f) noexcept;

/// One system's scores on one (dataset, measure), in the order read.
struct ScoreSeries {
  std::string dataset;
  std::string measure;
  std::string system;
  std::vector<std::string> qids;
  std::vector<double> values;
  /// No query ids in the input: qids are row numbers, and pairing goes by position.
  bool by_position = false;
  /// The values as the input writes them ("0.3490"), one per value; only for the
  /// systems parse_scores was asked to keep (a pair handed to Analyze), else empty.
  std::vector<std::string> texts{};
  /// Each query's cluster, from a `cluster` column (CSV/TSV, wide or long); empty when the input has none.
  std::vector<std::string> clusters{};
  /// Repeated samples (inspect_ai's epochs) averaged into each value: how many per item and their
  /// sample variance (0 for one); empty when every item was scored once.
  std::vector<std::uint32_t> repeats{};
  std::vector<double> repeat_variances{};
  /// What the ids name, for sentences: queries, or an evaluation log's items.
  Unit unit{};
  /// The file the scores were read from, as the user named it (ReadOptions::source_path: in the CLI the
  /// path given, in the page the file's path in its folder or its box's name; an archive's entry, after the
  /// archive's path in the CLI); empty when no name was given. Messages about two series name them with it.
  std::string file{};
  /// Ids whose score cell the input leaves blank, with their lines: no value (the pairing policy decides),
  /// named by a refusal for unmatched ids so that the blank cell, not a missing id, is what the user looks for.
  std::vector<std::pair<std::string, std::size_t>> blanks{};
};

struct ScoreFile {
  InputFormat format = InputFormat::auto_detect;
  std::vector<ScoreSeries> series;
  std::size_t records = 0;  ///< values read
  std::vector<std::string> text_measures;     ///< measures whose values are text (trec_eval's relstring): skipped
  std::vector<std::string> summary_measures;  ///< measures only in summary rows (gm_map, num_q): not per-query
  /// Measures a log records per item but not as a finite number in every record
  /// (lm-eval's corpus metrics such as f1 keep the reference and prediction; NaN, ±Infinity): skipped.
  std::vector<std::string> nonscalar_measures;
  std::string origin;  ///< where the scores come from when no file held them ("runs scored against qrels.txt as trec_eval 10.0 scores them")
  /// The files of a folder read as one input (the page's, handed over as archive text) left out because
  /// they could not be read, each with its folder; the Analyze job and the CLI warn of each.
  std::vector<LeftOutFile> left_out;
  /// Runs of a trec_eval -q file that end inside a query (cut_short.hpp): read, and warned of by every front end.
  std::vector<CutShortRun> cut_short;

  std::vector<std::string> measures() const;  ///< distinct, in order of appearance ("" when the format has none)
  std::vector<std::string> systems() const;
  std::vector<std::string> datasets() const;
  std::size_t queries() const;                ///< distinct query ids
  /// "trec_eval -q, measure ndcg_cut_10, 412 queries" and the like.
  std::string describe() const;
};

/// Refuses a second series of one system for the same dataset and measure (a log twice in a folder, two runs
/// with one run tag): which to use is not the input's to say. Throws Error naming the system, dataset, measure
/// and the files that hold the two series (where known).
[[noreturn]] void refuse_repeated_series(const ScoreSeries& first, const ScoreSeries& second);

/// The most the core reads (the CLI's cap; the page caps pasted text lower,
/// at the registry's page_input_chars); larger input is refused with a message.
constexpr std::size_t max_input_bytes = 200u << 20;
/// Scores beyond ±1e12 are refused (no metric lives there; sums of squares would overflow).
constexpr double max_abs_score = 1e12;

/// Guesses the format from the text (throws InputError when nothing fits).
InputFormat detect_format(std::string_view text);

/// How to read one input beyond its format.
struct ReadOptions {
  /// Names the system of single-system formats when the file has no `runid` (the CLI passes the file's name).
  std::string system_name = "A";
  /// Systems whose values are also kept as written (ScoreSeries::texts; CSV/TSV and
  /// trec_eval/ir_measures text; JSON numbers are not kept).
  std::vector<std::string> keep_text_of{};
  /// The file's path (or name), for logs whose records do not name their task and
  /// model: lm-eval's samples_<task>_<timestamp>.jsonl in a folder named after the model.
  std::string source_path{};
  /// The input's place among the inputs ("A", "B"), when it has one: names the model of an lm-eval
  /// samples file without a folder, whose file name ("samples_mmlu_2026-…") says its task and time,
  /// not its model. Empty: such a file's system is `system_name`.
  std::string place_name{};
  /// A field of each log record naming the item's cluster, dotted for nested
  /// objects ("doc.group"); empty: none. Tables name theirs with a `cluster` column.
  std::string cluster_field{};
};

/// Parses text in a format (auto_detect: detect_format).
ScoreFile parse_scores(std::string_view text, InputFormat format, const ReadOptions& options);
/// The same with only the system's name and the systems whose texts are kept.
ScoreFile parse_scores(std::string_view text, InputFormat format = InputFormat::auto_detect,
                       std::string_view system_name = "A", const std::vector<std::string>& keep_text_of = {});

/// A file's label: its name without folders or its last extension ("runs/bm25.txt" → "bm25"); `fallback` when that is empty.
std::string file_label(std::string_view path, std::string_view fallback);

/// The systems of these series with the files holding them, as a message names an input: "a, b in t.csv;
/// m in x.jsonl, y.jsonl" (systems with the same files together), or the systems alone when no series
/// names its file; after 10 groups, how many systems more.
std::string systems_in_files(const std::vector<const ScoreSeries*>& series);

/// Where `s` leaves the score of `qid` blank, as "file, line N" ("line N" without a file name);
/// empty when `s` has no blank cell for it.
std::string blank_place(const ScoreSeries& s, std::string_view qid);

/// lm-eval writes results_<timestamp>.json beside the samples_<task>_<timestamp>.jsonl of one run;
/// its model_name ("google/gemma-2b") names the model. Whether a path names such a results file
/// (read for that name: it holds no per-item scores).
bool is_lm_eval_results(std::string_view path);
/// The path of the results file beside a samples file, "" when `samples_path` does not name one.
std::string lm_eval_results_path(std::string_view samples_path);
/// The model_name a results file's text gives; none when it gives none.
std::optional<std::string> lm_eval_model_name(std::string_view results_json);
/// Which files of a chosen list (by path) hold scores: not lm-eval's results files (read only for the
/// models' names), and, when the list holds HELM's per_instance_stats.json files, none of HELM's other
/// output beside them (run specs, scenario states, summaries), which holds no per-item scores.
std::vector<bool> holds_scores(const std::vector<std::string>& paths);
/// The files part `part` of `parts` readers reads when they share a list of files (given by path):
/// every parts-th file that holds scores, and in every part the lm-eval results files, which name the
/// models of the samples files beside them whichever reader reads those. Throws Error naming "parts" when part ≥ parts.
std::vector<std::size_t> input_share(const std::vector<std::string>& paths, unsigned part, unsigned parts);

/// One file of an archive, decompressed by the caller (the CLI, or the page in the browser).
struct ArchiveEntry {
  std::string name;  ///< its path inside the archive ("samples/3_epoch_1.json", "dummy-a/samples_mmlu_….jsonl")
  std::string text;
  std::string unreadable{};  ///< why the front end could not open it (a broken gzip in a folder); then no text
};

/// An archive's files: an inspect_ai .eval log (header.json, samples/*.json), or
/// a zip of score files, each read as its own input (its path names it: a
/// folder of lm-eval output keeps its models and tasks). Given the `folder` the entries
/// were found in (a front end's folder handed over as an archive), an entry that cannot
/// be read is left out (ScoreFile::left_out), as the CLI leaves out a folder's file, and
/// a folder none of whose files reads is refused, naming the first one's fault.
ScoreFile parse_archive(const std::vector<ArchiveEntry>& entries, const ReadOptions& options, std::string_view folder = {});

/// Adds `more`'s series and counts to `into`, as one input holding both (an archive's files, a folder's):
/// the format is the first one's, the skipped measures' lists are joined without repeats.
void append_scores(ScoreFile& into, ScoreFile&& more);

/// An archive as one text, for front ends that decompress an archive themselves
/// and hand the core text (the page): JSON lines, the first {"pairpower_archive": 1,
/// "name": the archive's file name, "folder": true when the files are a folder's}, then one
/// {"name", "text"} per file ({"name", "unreadable": why} for one that could not be opened).
/// parse_scores reads it as parse_archive reads the entries (a folder's as a folder).
constexpr std::string_view archive_text_key = "pairpower_archive";

/// Whether `raw` starts with a UTF-16 byte-order mark (LE or BE).
bool is_utf16(std::string_view raw) noexcept;

/// UTF-16 text with a byte-order mark (LE or BE) as UTF-8; other text unchanged
/// (a UTF-8 BOM is dropped). Throws InputError for unpaired surrogates.
std::string decode_text(std::string_view raw);

}  // namespace pairpower
