// lm-evaluation-harness per-item logs (`--log_samples`): samples_<task>_<timestamp>.jsonl,
// one record per (document, filter) with the document's score under each name
// listed in its `metrics`.
#include <algorithm>
#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "json_members.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

// One score as the record writes it; nullopt when it is not a finite number
// (a corpus metric's (reference, prediction) pair, text, null, NaN, ±Infinity).
std::optional<double> scalar_of(std::string_view raw) {
  if (raw == "true") return 1.0;
  if (raw == "false") return 0.0;
  // A correct or wrong answer as lm-eval writes it, read without a parser: most of a log's scores.
  if (raw == "1.0" || raw == "1") return 1.0;
  if (raw == "0.0" || raw == "0") return 0.0;
  if (raw.empty() || !(raw.front() == '-' || (raw.front() >= '0' && raw.front() <= '9'))) return std::nullopt;
  const auto j = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
  if (!j.is_number()) return std::nullopt;
  const double x = j.get<double>();
  if (!std::isfinite(x)) return std::nullopt;
  return x;
}

// A JSON string of printable ASCII without escapes, or a whole number of up to 18 digits written
// as JSON writes it: the text the parser would give, without parsing (doc_id and filter of each
// record). nullopt for anything else, which the parser reads.
std::optional<std::string_view> plain_text(std::string_view raw) {
  if (raw.size() >= 2 && raw.front() == '"' && raw.back() == '"') {
    const auto inner = raw.substr(1, raw.size() - 2);
    for (const char c : inner)
      if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return std::nullopt;
    return inner;
  }
  const auto digits = raw.substr(raw.starts_with('-') ? 1 : 0);
  if (digits.empty() || digits.size() > 18 || (digits.front() == '0' && raw.size() > 1)) return std::nullopt;  // "-0" is 0 to the parser; "01" is not JSON
  for (const char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  return raw;
}

std::string text_of(std::string_view raw, std::size_t line, const char* key) {
  if (const auto plain = plain_text(raw)) return std::string(*plain);
  const auto j = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_integer()) return j.dump();
  fail_at(line, std::string("\"") + key + "\" must be text or a whole number");
}

std::string_view base_name(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// "2026-01-16T20-19-39.102073": the timestamp lm-eval puts in its file names.
bool timestamp_like(std::string_view s) {
  if (s.size() < 19) return false;
  static constexpr std::string_view shape = "dddd-dd-ddTdd-dd-dd";
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != shape[i]) return false;
  return true;
}

}  // namespace

bool is_lm_eval_record(const std::vector<std::string_view>& keys) {
  const auto has = [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  return has("doc_id") && has("metrics") && has("filter");
}

std::string lm_eval_task_of(std::string_view path) {
  std::string_view name = base_name(path);
  for (std::string_view ext : {".gz", ".jsonl", ".json"})
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) name.remove_suffix(ext.size());
  if (name.substr(0, 8) != "samples_") return "";
  name.remove_prefix(8);
  const auto cut = name.find_last_of('_');
  if (cut == std::string_view::npos || cut == 0 || !timestamp_like(name.substr(cut + 1))) return "";
  return std::string(name.substr(0, cut));
}

std::string lm_eval_model_of(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  if (slash == std::string_view::npos) return "";
  return std::string(base_name(path.substr(0, slash)));
}

}  // namespace pairpower::reading

namespace pairpower {

bool is_lm_eval_results(std::string_view path) {
  std::string_view name = reading::base_name(path);
  if (name.size() < 13 || name.substr(0, 8) != "results_" || name.substr(name.size() - 5) != ".json") return false;
  return reading::timestamp_like(name.substr(8, name.size() - 13));
}

std::string lm_eval_results_path(std::string_view samples_path) {
  std::string_view name = reading::base_name(samples_path);
  if (reading::lm_eval_task_of(samples_path).empty()) return "";
  for (std::string_view ext : {".gz", ".jsonl"})
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) name.remove_suffix(ext.size());
  const std::string_view folder = samples_path.substr(0, samples_path.size() - reading::base_name(samples_path).size());
  return std::string(folder) + "results_" + std::string(name.substr(name.find_last_of('_') + 1)) + ".json";
}

std::optional<std::string> lm_eval_model_name(std::string_view results_json) {
  const auto j = nlohmann::json::parse(results_json.begin(), results_json.end(), nullptr, false);
  if (!j.is_object() || !j.contains("model_name") || !j["model_name"].is_string() || j["model_name"].get<std::string>().empty()) return std::nullopt;
  return j["model_name"].get<std::string>();
}

}  // namespace pairpower

namespace pairpower::reading {

ScoreFile parse_lm_eval_samples(std::string_view text, const std::string& fallback, std::string_view source_path, std::string_view cluster_field) {
  struct Score {
    std::size_t measure;
    std::size_t line;
    double value;
    std::string qid;
    std::string cluster;
  };
  std::vector<std::string> names;  // measure names in order of appearance
  std::vector<bool> scalar;        // false: some record does not hold a finite number
  std::vector<Score> scores;
  const auto index_of = [&](const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
    names.push_back(name);
    scalar.push_back(true);
    return names.size() - 1;
  };
  std::string_view last_metrics_raw;
  std::vector<std::string> last_metrics;
  for (const Line& l : lines_of(text)) {
    const auto members = object_members(l.text, l.number);
    const auto doc_id = member(members, "doc_id"), filter_raw = member(members, "filter"), metrics_raw = member(members, "metrics");
    if (doc_id.empty() || filter_raw.empty() || metrics_raw.empty())
      fail_at(l.number, "expected a record with doc_id, filter and metrics, as lm-evaluation-harness writes its per-sample log");
    const std::string qid = text_of(doc_id, l.number, "doc_id");
    const std::string filter = text_of(filter_raw, l.number, "filter");
    std::string cluster;
    if (!cluster_field.empty()) {
      auto c = field_text(members, cluster_field);
      if (!c || c->empty())
        throw Error("cluster", ErrorKind::not_in_input,
                    "line " + std::to_string(l.number) + ": the record of doc_id " + qid + " has no " + std::string(cluster_field) +
                        " (text or a number) to name its cluster",
                    std::string(cluster_field));
      cluster = std::move(*c);
    }
    // Records list the same metrics, as a rule: the list is parsed when its text changes.
    if (metrics_raw != last_metrics_raw) {
      const auto metrics = nlohmann::json::parse(metrics_raw.begin(), metrics_raw.end(), nullptr, false);
      if (!metrics.is_array()) fail_at(l.number, "\"metrics\" must be a list of metric names");
      last_metrics.clear();
      for (const auto& m : metrics) {
        if (!m.is_string()) fail_at(l.number, "\"metrics\" must be a list of metric names");
        last_metrics.push_back(m.get<std::string>());
      }
      last_metrics_raw = metrics_raw;
    }
    for (const std::string& metric : last_metrics) {
      const auto raw = member(members, metric);
      if (raw.empty()) fail_at(l.number, "the metric " + shown(metric) + " is listed in \"metrics\" but the record has no value for it");
      // One document under two filters is one item scored two ways: the filter names the measure, as in lm-eval's "acc,none".
      const std::size_t k = index_of(filter == "none" ? metric : metric + "," + filter);
      const auto v = scalar_of(raw);
      if (!v) {
        scalar[k] = false;
        continue;
      }
      if (std::fabs(*v) > max_abs_score) fail_at(l.number, "the score " + shown(metric) + " is too large to be a score (the limit is ±1e12)");
      scores.push_back({k, l.number, *v, qid, cluster});
    }
  }
  const std::string model = lm_eval_model_of(source_path);
  const std::string system = model.empty() ? fallback : model;
  const std::string dataset = lm_eval_task_of(source_path);
  Collector col(InputFormat::lm_eval_samples);
  for (const auto& s : scores)
    if (scalar[s.measure]) col.add(dataset, names[s.measure], system, s.qid, s.value, s.line, {}, cluster_field.empty() ? nullptr : &s.cluster);
  std::vector<std::string> unscored;
  for (std::size_t k = 0; k < names.size(); ++k)
    if (!scalar[k]) unscored.push_back(names[k]);
  if (col.empty()) {
    if (!unscored.empty())
      throw InputError("no per-item scores in this lm-eval log: " + unscored.front() +
                       " is not a number in each record (lm-eval keeps the reference and prediction for metrics it computes over the whole set, such as f1 or bleu); "
                       "pairpower compares scores per item, such as acc or exact_match");
    throw InputError("the lm-eval log has no records");
  }
  ScoreFile out = col.finish(InputFormat::lm_eval_samples);
  out.nonscalar_measures = std::move(unscored);
  return out;
}

}  // namespace pairpower::reading
