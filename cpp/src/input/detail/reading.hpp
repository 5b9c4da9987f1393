#pragma once
// Internal to the score readers (cpp/src/score_input/): lines, numbers, the
// collector every format fills, and each format's reader. Not a public header.
#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "pairpower/input/score_input.hpp"

namespace pairpower::reading {

struct Line {
  std::size_t number;
  std::string_view text;
};

std::string_view strip_bom(std::string_view t);
std::string_view trim(std::string_view s);
/// Non-blank lines with their 1-based numbers, the first `most` of them; CR before LF is dropped.
std::vector<Line> lines_of(std::string_view text, std::size_t most = static_cast<std::size_t>(-1));
/// 'text' for messages: at most 40 characters, control characters as '?'.
std::string shown(std::string_view s);
[[noreturn]] void fail_at(std::size_t line, const std::string& what);
bool looks_numeric(std::string_view s);
bool whole_number(std::string_view s);
/// "0,4101", "-1,5", ",5": a number written with a decimal comma.
bool comma_decimal(std::string_view s);
/// "1,234", "12,500,000": a number a comma could group in thousands.
bool thousands_like(std::string_view s);
/// How a file writes its numbers: decimal commas are read only where the whole
/// file leaves no doubt (tables.cpp); elsewhere a comma number fails with `hint`.
struct NumberStyle {
  bool decimal_comma = false;
  std::string hint = "if your file uses decimal commas, separate columns with ';' or tabs";
};
/// A finite decimal number; anything else is an error naming line and field.
double number_at(std::string_view field, std::size_t line, const std::string& field_name, const NumberStyle& style = {});
std::vector<std::string> split_ws(std::string_view s);
std::string lower(std::string_view s);
/// Adds the names in `set` to `names` in the order of `order`.
void sort_into(std::vector<std::string>& names, const std::set<std::string>& set, const std::vector<std::string>& order);
/// The structure fits more than one format (field "input_format").
[[noreturn]] void ambiguous(const std::string& detail);

template <class Keys, class Pred>
bool all_keys(const Keys& keys, Pred pred) {
  return !keys.empty() && std::all_of(keys.begin(), keys.end(), pred);
}

// An item scored several times (epochs, a sample's several events): the mean is its value.
inline double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

// The repeats behind each item's value of `s`, `values_of(qid)` its samples: how many and
// their sample variance (Miller's within-item variance); left empty when each item has one.
template <class ValuesOf>
void keep_repeats(ScoreSeries& s, ValuesOf values_of) {
  if (std::none_of(s.qids.begin(), s.qids.end(), [&](const std::string& q) { return values_of(q).size() > 1; })) return;
  for (const auto& q : s.qids) {
    const std::vector<double> v = values_of(q);
    const double mean = mean_of(v);
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    s.repeats.push_back(static_cast<std::uint32_t>(v.size()));
    s.repeat_variances.push_back(v.size() > 1 ? ss / static_cast<double>(v.size() - 1) : 0.0);
  }
}

// Collects values into series keyed by (dataset, measure, system), refusing a
// second value for the same query (or item: the format's unit names them, in its messages and its series).
class Collector {
 public:
  /// `keep_text_of`: systems whose values are also kept as written (`text` of add).
  explicit Collector(InputFormat format, const std::vector<std::string>& keep_text_of = {}) : keep_(keep_text_of), unit_(unit_of(format)) {}
  /// A table whose id column is headed "item" holds an evaluation's items.
  void name_ids(const Unit& unit) { unit_ = unit; }
  /// `cluster`: the query's cluster, when the input has a cluster column (then every row gives one).
  void add(const std::string& dataset, const std::string& measure, const std::string& system, const std::string& qid, double v,
           std::size_t line, std::string_view text = {}, const std::string* cluster = nullptr) {
    if (qid.empty()) fail_at(line, "the " + unit_.one + " id is empty");
    if (cluster && cluster->empty()) fail_at(line, "the cluster of " + unit_.one + " " + shown(qid) + " is empty");
    const std::string key = key_of(dataset, measure, system);
    auto [it, fresh] = index_.try_emplace(key, series_.size());
    if (fresh) series_.push_back({dataset, measure, system, {}, {}, false});
    auto& seen = first_line_[key];
    auto [pos, inserted] = seen.try_emplace(qid, line);
    if (!inserted) {
      std::string where = system.empty() ? std::string() : " for system " + shown(system);
      if (!measure.empty()) where += ", measure " + shown(measure);
      fail_at(line, unit_.one + " " + shown(qid) + " appears twice" + where + " (first on line " + std::to_string(pos->second) + ")");
    }
    series_[it->second].qids.push_back(qid);
    series_[it->second].values.push_back(v);
    if (cluster) series_[it->second].clusters.push_back(*cluster);
    if (!keep_.empty() && std::find(keep_.begin(), keep_.end(), system) != keep_.end()) series_[it->second].texts.emplace_back(trim(text));
    ++records_;
  }
  /// A score cell left blank: no value (the pairing policy decides), but a refusal for unmatched ids names its line.
  void blank(const std::string& dataset, const std::string& measure, const std::string& system, const std::string& qid, std::size_t line) {
    blanks_[key_of(dataset, measure, system)].emplace_back(qid, line);
  }
  bool empty() const { return records_ == 0; }
  ScoreFile finish(InputFormat f, bool by_position = false) {
    if (records_ == 0) throw InputError("no scores found in the input");
    for (auto& s : series_) s.by_position = by_position, s.unit = unit_;
    for (auto& [key, list] : blanks_)
      if (auto it = index_.find(key); it != index_.end()) series_[it->second].blanks = std::move(list);
    ScoreFile out;
    out.format = f;
    out.series = std::move(series_);
    out.records = records_;
    return out;
  }

 private:
  static std::string key_of(const std::string& dataset, const std::string& measure, const std::string& system) {
    return dataset + '\x1f' + measure + '\x1f' + system;
  }
  std::vector<std::string> keep_;
  std::vector<ScoreSeries> series_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_map<std::string, std::unordered_map<std::string, std::size_t>> first_line_;
  std::unordered_map<std::string, std::vector<std::pair<std::string, std::size_t>>> blanks_;
  std::size_t records_ = 0;
  Unit unit_;
};

// Values of one measure: a measure whose every value is text (relstring) is
// skipped; text among numbers is an error at its line.
struct MeasureValues {
  bool numeric = false;
  std::optional<std::string> first_problem;
};

// CSV/TSV tables (tables.cpp).
char delimiter_of(std::string_view header);
std::vector<std::string> fields_of(std::string_view line, char delim, std::size_t number);
/// A first row that names columns (qid, system, score, dataset, …).
bool header_like(const std::vector<std::string>& cells);
bool is_system(const std::string& lowered_name);
/// Tables without a header: one column of numbers, `qid,score`, or two numeric
/// columns (nullopt when the first line is none of these).
std::optional<InputFormat> detect_headerless(const std::vector<Line>& lines);
/// `system`: the name of a table's only system when the table names none.
ScoreFile parse_delimited(const std::vector<Line>& lines, InputFormat format, const std::string& system, const std::vector<std::string>& keep_text_of = {});

// trec_eval -q and ir_measures -q (three_columns.cpp).
/// `unended`: the text's last line has no line end (a file cut short may have cut its value too).
ScoreFile parse_three_columns(const std::vector<Line>& lines, InputFormat format, const std::string& fallback, const std::vector<std::string>& keep_text_of = {},
                              bool unended = false);
/// `unended`: as parse_three_columns's (a short last line without a line end is said to look cut short).
InputFormat detect_three_columns(const std::vector<Line>& lines, bool unended = false);
/// Whether no line end follows the last of `lines` in `text` (the text they were split from).
bool last_line_unended(std::string_view text, const std::vector<Line>& lines);

// JSON: ranx, pytrec_eval, flat {qid: score} (json.cpp).
ScoreFile parse_json_scores(std::string_view text, InputFormat format, const std::string& system);
InputFormat detect_json(std::string_view text);
/// The text as one JSON value; malformed JSON is an InputError naming the line.
nlohmann::json parse_json_text(std::string_view text);
/// An archive given as text (archive_text_key): its files, and its name when they are a folder's.
struct ArchiveText {
  std::string folder;  ///< empty for an archive file
  std::vector<ArchiveEntry> entries;
};
ArchiveText archive_text(std::string_view text);

// lm-evaluation-harness --log_samples (lm_eval.cpp).
/// The first record's keys are lm-eval's (doc_id, filter, metrics).
bool is_lm_eval_record(const std::vector<std::string_view>& keys);
/// `source_path`: the file's path, which names the task (samples_<task>_<timestamp>.jsonl)
/// and the model (the folder lm-eval names after it); `fallback` names the system without a folder.
/// `cluster_field`: a dotted path in each record ("doc.group") naming the item's cluster; empty: none.
ScoreFile parse_lm_eval_samples(std::string_view text, const std::string& fallback, std::string_view source_path, std::string_view cluster_field = {});

// HELM per_instance_stats.json (helm.cpp).
/// A row's top-level keys are HELM's (instance_id, stats).
bool is_helm_row(const std::vector<std::string_view>& keys);
/// `source_path`: the file's path; its folder, HELM's run name, gives the model (system) and the scenario (dataset).
ScoreFile parse_helm(const nlohmann::json& rows, const std::string& fallback, std::string_view source_path);

// openai/evals logs (openai_evals.cpp).
/// The first line's keys are an openai/evals log's: its spec alone, or an event (run_id, event_id, sample_id, type).
bool is_openai_evals_record(const std::vector<std::string_view>& keys);
/// The spec's completion_fns name the system (`fallback` without a spec), its base_eval the dataset.
ScoreFile parse_openai_evals(std::string_view text, const std::string& fallback);

// inspect_ai logs (inspect_ai.cpp).
/// A JSON object's top-level keys are an inspect_ai EvalLog's (eval, version, samples or status).
bool is_inspect_log(const std::vector<std::string_view>& keys);
ScoreFile parse_inspect_json(std::string_view text, const ReadOptions& o);
/// A .eval archive's entries (header.json, samples/*.json).
ScoreFile parse_inspect_eval(const std::vector<ArchiveEntry>& entries, const ReadOptions& o);

}  // namespace pairpower::reading
