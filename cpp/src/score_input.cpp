#include "pairpower/score_input.hpp"

#include "pairpower/measures.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace pairpower {

std::string_view to_string(InputFormat f) noexcept {
  switch (f) {
    case InputFormat::auto_detect: return "auto";
    case InputFormat::csv_wide: return "csv-wide";
    case InputFormat::csv_long: return "csv-long";
    case InputFormat::csv_bare: return "csv-bare";
    case InputFormat::trec_eval: return "trec_eval";
    case InputFormat::ir_measures: return "ir_measures";
    case InputFormat::ranx_json: return "ranx";
    case InputFormat::pytrec_eval_json: return "pytrec_eval";
    case InputFormat::json_scores: return "json";
  }
  return "?";
}

std::string_view describe(InputFormat f) noexcept {
  switch (f) {
    case InputFormat::auto_detect: return "auto-detected";
    case InputFormat::csv_wide: return "CSV/TSV (wide: qid, one column per system)";
    case InputFormat::csv_long: return "CSV/TSV (long: qid, system, score)";
    case InputFormat::csv_bare: return "two numeric columns";
    case InputFormat::trec_eval: return "trec_eval -q";
    case InputFormat::ir_measures: return "ir_measures -q";
    case InputFormat::ranx_json: return "ranx JSON";
    case InputFormat::pytrec_eval_json: return "pytrec_eval JSON";
    case InputFormat::json_scores: return "JSON {qid: score}";
  }
  return "?";
}

std::optional<InputFormat> input_format_from_string(std::string_view s) noexcept {
  for (auto f : {InputFormat::auto_detect, InputFormat::csv_wide, InputFormat::csv_long, InputFormat::csv_bare, InputFormat::trec_eval,
                 InputFormat::ir_measures, InputFormat::ranx_json, InputFormat::pytrec_eval_json, InputFormat::json_scores})
    if (s == to_string(f)) return f;
  return std::nullopt;
}

namespace {

struct Line {
  std::size_t number;
  std::string_view text;
};

std::string_view strip_bom(std::string_view t) { return t.substr(0, 3) == "\xEF\xBB\xBF" ? t.substr(3) : t; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Non-blank lines with their 1-based numbers; CR before LF is dropped.
std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  std::size_t number = 0, start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!trim(line).empty()) out.push_back({number, line});
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::string shown(std::string_view s) {
  std::string out(s.substr(0, 40));
  if (s.size() > 40) out += "…";
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 32) c = '?';
  return "'" + out + "'";
}

[[noreturn]] void fail_at(std::size_t line, const std::string& what) {
  throw InputError("line " + std::to_string(line) + ": " + what);
}

bool looks_numeric(std::string_view s) {
  s = trim(s);
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return false;
  return std::any_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool whole_number(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A finite decimal number; anything else is an error naming line and field.
double number_at(std::string_view field, std::size_t line, const std::string& field_name) {
  const std::string_view t = trim(field);
  std::string lower(t);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "nan" || lower == "-nan" || lower == "inf" || lower == "-inf" || lower == "+inf" || lower == "infinity" || lower == "-infinity")
    fail_at(line, field_name + " is " + shown(t) + ", not a finite number");
  if (!looks_numeric(t)) fail_at(line, field_name + " is " + shown(t) + ", not a number");
  const std::string buf(t);
  char* end = nullptr;
  const double v = std::strtod(buf.c_str(), &end);
  if (end != buf.c_str() + buf.size()) fail_at(line, field_name + " is " + shown(t) + ", not a number");
  // Beyond ±1e12 no metric lives, and sums of squares would overflow.
  if (!std::isfinite(v) || std::fabs(v) > max_abs_score) fail_at(line, field_name + " is " + shown(t) + ", too large to be a score (the limit is ±1e12)");
  return v;
}

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const std::size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

// RFC 4180 fields: quotes around a field allow the delimiter inside, "" is a quote.
std::vector<std::string> split_delimited(std::string_view s, char delim, std::size_t line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quoted) {
      if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
        cur += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cur += c;
      }
    } else if (c == '"' && trim(cur).empty()) {
      quoted = was_quoted = true;
      cur.clear();
    } else if (c == delim) {
      out.push_back(was_quoted ? cur : std::string(trim(cur)));
      cur.clear();
      was_quoted = false;
    } else {
      cur += c;
    }
  }
  if (quoted) fail_at(line, "a quoted field is not closed");
  out.push_back(was_quoted ? cur : std::string(trim(cur)));
  return out;
}

std::string lower(std::string_view s) {
  std::string out(trim(s));
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}
bool is_qid(const std::string& n) { return is_one_of(n, {"qid", "query", "query_id", "queryid", "topic", "topic_id", "id", "q"}); }
bool is_system(const std::string& n) { return is_one_of(n, {"system", "run", "model", "method", "runid", "run_id", "system_id"}); }
bool is_score(const std::string& n) { return is_one_of(n, {"score", "value", "val"}); }
bool is_dataset(const std::string& n) { return is_one_of(n, {"dataset", "collection", "corpus", "task", "benchmark"}); }
bool is_measure(const std::string& n) { return is_one_of(n, {"measure", "metric"}); }

// Collects values into series keyed by (dataset, measure, system), refusing a
// second value for the same query.
class Collector {
 public:
  void add(const std::string& dataset, const std::string& measure, const std::string& system, const std::string& qid, double v,
           std::size_t line) {
    if (qid.empty()) fail_at(line, "the query id is empty");
    const std::string key = dataset + '\x1f' + measure + '\x1f' + system;
    auto [it, fresh] = index_.try_emplace(key, series_.size());
    if (fresh) series_.push_back({dataset, measure, system, {}, {}});
    auto& seen = first_line_[key];
    auto [pos, inserted] = seen.try_emplace(qid, line);
    if (!inserted) {
      std::string where = system.empty() ? std::string() : " for system " + shown(system);
      if (!measure.empty()) where += ", measure " + shown(measure);
      fail_at(line, "query " + shown(qid) + " appears twice" + where + " (first on line " + std::to_string(pos->second) + ")");
    }
    series_[it->second].qids.push_back(qid);
    series_[it->second].values.push_back(v);
    ++records_;
  }
  bool empty() const { return records_ == 0; }
  ScoreFile finish(InputFormat f) {
    if (records_ == 0) throw InputError("no scores found in the input");
    ScoreFile out;
    out.format = f;
    out.series = std::move(series_);
    out.records = records_;
    return out;
  }

 private:
  std::vector<ScoreSeries> series_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_map<std::string, std::unordered_map<std::string, std::size_t>> first_line_;
  std::size_t records_ = 0;
};

char delimiter_of(std::string_view header) {
  if (header.find('\t') != std::string_view::npos) return '\t';
  if (header.find(',') != std::string_view::npos) return ',';
  if (header.find(';') != std::string_view::npos) return ';';
  return ' ';
}

std::vector<std::string> fields_of(std::string_view line, char delim, std::size_t number) {
  return delim == ' ' ? split_ws(line) : split_delimited(line, delim, number);
}

bool header_like(const std::vector<std::string>& cells) {
  return std::any_of(cells.begin(), cells.end(), [](const std::string& c) {
    const std::string l = lower(c);
    return is_qid(l) || is_system(l) || is_score(l) || is_dataset(l);
  });
}

ScoreFile parse_delimited(const std::vector<Line>& lines, InputFormat format) {
  const char delim = delimiter_of(lines.front().text);
  Collector col;
  if (format == InputFormat::csv_bare) {
    std::size_t row = 0;  // bare rows are queries 1, 2, 3, …
    for (const Line& l : lines) {
      const auto f = fields_of(l.text, delim, l.number);
      if (f.size() != 2) fail_at(l.number, "expected 2 numeric columns (A, B), found " + std::to_string(f.size()) + " fields");
      const std::string qid = std::to_string(++row);
      col.add("", "", "A", qid, number_at(f[0], l.number, "field 1 (A)"), l.number);
      col.add("", "", "B", qid, number_at(f[1], l.number, "field 2 (B)"), l.number);
    }
    return col.finish(format);
  }
  const auto header = fields_of(lines.front().text, delim, lines.front().number);
  std::vector<std::string> names;
  for (const auto& h : header) names.push_back(lower(h));
  auto find = [&](bool (*pred)(const std::string&)) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (pred(names[i])) return i;
    return std::nullopt;
  };
  const auto qid_col = find(is_qid);
  const auto dataset_col = find(is_dataset);
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i].empty()) fail_at(lines.front().number, "column " + std::to_string(i + 1) + " of the header has no name");
  if (format == InputFormat::csv_long) {
    const auto sys_col = find(is_system), score_col = find(is_score), measure_col = find(is_measure);
    if (!qid_col || !sys_col || !score_col)
      fail_at(lines.front().number, "a long table needs qid, system and score columns; the header has " + shown(lines.front().text));
    for (std::size_t k = 1; k < lines.size(); ++k) {
      const Line& l = lines[k];
      const auto f = fields_of(l.text, delim, l.number);
      if (f.size() != header.size())
        fail_at(l.number, "expected " + std::to_string(header.size()) + " fields as in the header, found " + std::to_string(f.size()));
      col.add(dataset_col ? f[*dataset_col] : "", measure_col ? f[*measure_col] : "", f[*sys_col], f[*qid_col],
              number_at(f[*score_col], l.number, "field " + std::to_string(*score_col + 1) + " (" + header[*score_col] + ")"), l.number);
    }
    return col.finish(format);
  }
  // Wide: the qid column (or the first), an optional dataset column, then systems.
  const std::size_t q = qid_col.value_or(0);
  std::vector<std::size_t> systems;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (i != q && (!dataset_col || i != *dataset_col)) systems.push_back(i);
  if (systems.size() < 2)
    fail_at(lines.front().number, "a wide table needs a query id column and at least two system columns; the header has " +
                                      std::to_string(header.size()) + " columns");
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const Line& l = lines[k];
    const auto f = fields_of(l.text, delim, l.number);
    if (f.size() != header.size())
      fail_at(l.number, "expected " + std::to_string(header.size()) + " fields as in the header, found " + std::to_string(f.size()));
    for (std::size_t s : systems) {
      if (trim(f[s]).empty()) continue;  // a missing score: the pairing policy decides
      col.add(dataset_col ? f[*dataset_col] : "", "", header[s], f[q],
              number_at(f[s], l.number, "field " + std::to_string(s + 1) + " (" + header[s] + ")"), l.number);
    }
  }
  return col.finish(format);
}

// The first two whitespace-separated fields and the rest of the line (a value
// may be text with spaces, as trec_eval's relstring can be).
std::optional<std::array<std::string, 3>> three_fields(std::string_view s) {
  std::array<std::string, 3> out;
  std::size_t i = 0;
  for (int k = 0; k < 2; ++k) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const std::size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i == start) return std::nullopt;
    out[k] = std::string(s.substr(start, i - start));
  }
  out[2] = std::string(trim(s.substr(i)));
  if (out[2].empty()) return std::nullopt;
  return out;
}

std::array<std::string, 3> three_fields_at(const Line& l, InputFormat format) {
  auto f = three_fields(l.text);
  if (!f) {
    const auto n = split_ws(l.text).size();
    fail_at(l.number, "expected 3 fields (" + std::string(format == InputFormat::ir_measures ? "qid, measure, value" : "measure, qid, value") +
                          "), found " + std::to_string(n));
  }
  return *f;
}

// Values of one measure: a measure whose every value is text (relstring) is
// skipped; text among numbers is an error at its line.
struct MeasureValues {
  bool numeric = false;
  std::optional<std::string> first_problem;
};

void sort_into(std::vector<std::string>& names, const std::set<std::string>& set, const std::vector<std::string>& order) {
  for (const auto& m : order)
    if (set.count(m) && std::find(names.begin(), names.end(), m) == names.end()) names.push_back(m);
}

// trec_eval -q and ir_measures -q. trec_eval writes each run's per-query rows,
// then its summary rows (qid "all", among them `runid all NAME`); a per-query
// row after summary rows starts the next run of a concatenated file.
ScoreFile parse_three_columns(const std::vector<Line>& lines, InputFormat format, const std::string& fallback) {
  struct Row {
    std::string measure, qid;
    double value;
    std::size_t line;
  };
  struct Run {
    std::vector<Row> rows;
    std::string runid;
    bool in_summary = false;
  };
  std::vector<Run> runs(1);
  std::map<std::string, MeasureValues> per_query;
  std::vector<std::string> order;
  std::set<std::string> summary_seen;
  for (const Line& l : lines) {
    auto [a, b, value] = three_fields_at(l, format);
    std::string measure = format == InputFormat::ir_measures ? b : a;
    std::string qid = format == InputFormat::ir_measures ? a : b;
    if (qid == "all") {
      runs.back().in_summary = true;
      if (measure == "runid") runs.back().runid = value;
      summary_seen.insert(measure);
      if (std::find(order.begin(), order.end(), measure) == order.end()) order.push_back(measure);
      continue;
    }
    // A per-query row after this run's summary starts the next run (a summary
    // with no per-query rows before it, like a leading runid row, does not).
    if (runs.back().in_summary && !runs.back().rows.empty()) runs.emplace_back();
    runs.back().in_summary = false;
    if (std::find(order.begin(), order.end(), measure) == order.end()) order.push_back(measure);
    auto& mv = per_query[measure];
    double v = 0;
    try {
      v = number_at(value, l.number, "field 3 (value)");
      mv.numeric = true;
    } catch (const InputError& e) {
      if (!mv.first_problem) mv.first_problem = e.what();
      continue;
    }
    runs.back().rows.push_back({std::move(measure), std::move(qid), v, l.number});
  }
  std::set<std::string> text, summary;
  for (const auto& [m, mv] : per_query) {
    if (mv.first_problem && mv.numeric) throw InputError(*mv.first_problem);
    if (!mv.numeric) text.insert(m);
  }
  for (const auto& m : summary_seen)
    if (!per_query.count(m) && m != "runid") summary.insert(m);
  if (runs.back().rows.empty() && runs.size() > 1 && !runs.back().in_summary) runs.pop_back();
  // Name each run: its runid, else the name given; repeated names get a number.
  std::vector<std::string> names;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    std::string name = !runs[k].runid.empty() ? runs[k].runid : runs.size() == 1 ? fallback : fallback + " run " + std::to_string(k + 1);
    if (std::find(names.begin(), names.end(), name) != names.end()) name += " (" + std::to_string(k + 1) + ")";
    names.push_back(name);
  }
  Collector col;
  for (std::size_t k = 0; k < runs.size(); ++k)
    for (const Row& r : runs[k].rows) col.add("", r.measure, names[k], r.qid, r.value, r.line);
  if (col.empty()) {
    if (!text.empty()) throw InputError("every measure in the input holds text, not numbers (" + *text.begin() + ")");
    if (!summary.empty()) throw InputError("the input holds only summary rows (qid 'all'), no per-query scores; run trec_eval with -q");
  }
  ScoreFile out = col.finish(format);
  sort_into(out.text_measures, text, order);
  sort_into(out.summary_measures, summary, order);
  return out;
}

nlohmann::json parse_json(std::string_view text) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // Byte offset → line, for a message people can act on.
    const std::size_t at = std::min<std::size_t>(e.byte, text.size());
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at ? at - 1 : 0), '\n'));
    fail_at(line, "the JSON is malformed near byte " + std::to_string(e.byte));
  } catch (const nlohmann::json::out_of_range&) {
    throw InputError("line 1: a number in the JSON is too large to be a score");
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("line 1: the JSON cannot be read (") + e.what() + ")");
  }
}

double json_score(const nlohmann::json& v, const std::string& qid, const std::string& metric) {
  const std::string what = "score of query " + shown(qid) + (metric.empty() ? std::string() : ", " + shown(metric));
  if (!v.is_number()) throw InputError("line 1: " + what + " is not a number");
  const double x = v.get<double>();
  if (!std::isfinite(x) || std::fabs(x) > max_abs_score) throw InputError("line 1: " + what + " is too large to be a score (the limit is ±1e12)");
  return x;
}

// {outer: {inner: number}} with outer = metrics (ranx) or queries (pytrec_eval);
// a measure whose every value is text is skipped and listed.
ScoreFile parse_nested_json(const nlohmann::json& j, InputFormat format, const std::string& system) {
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object of objects");
  const bool ranx = format == InputFormat::ranx_json;
  std::map<std::string, MeasureValues> measures;
  std::vector<std::string> order;
  for (const auto& [outer, inner] : j.items()) {
    if (!inner.is_object()) throw InputError("line 1: the value of " + shown(outer) + " is not an object of scores");
    for (const auto& [key, v] : inner.items()) {
      const std::string& metric = ranx ? outer : key;
      if (!measures.count(metric)) order.push_back(metric);
      auto& mv = measures[metric];
      if (v.is_string()) {
        if (!mv.first_problem) mv.first_problem = "line 1: score of query " + shown(ranx ? key : outer) + ", " + shown(metric) + " is not a number";
      } else {
        mv.numeric = true;
      }
    }
  }
  std::set<std::string> text;
  for (const auto& [m, mv] : measures) {
    if (mv.first_problem && mv.numeric) throw InputError(*mv.first_problem);
    if (!mv.numeric) text.insert(m);
  }
  Collector col;
  for (const auto& [outer, inner] : j.items())
    for (const auto& [key, v] : inner.items()) {
      const std::string& metric = ranx ? outer : key;
      const std::string& qid = ranx ? key : outer;
      if (!text.count(metric)) col.add("", metric, system, qid, json_score(v, qid, metric), 1);
    }
  if (col.empty() && !text.empty()) throw InputError("every measure in the input holds text, not numbers (" + *text.begin() + ")");
  ScoreFile out = col.finish(format);
  sort_into(out.text_measures, text, order);
  return out;
}

ScoreFile parse_flat_json(const nlohmann::json& j, const std::string& system) {
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object {qid: score}");
  Collector col;
  for (const auto& [qid, v] : j.items()) col.add("", "", system, qid, json_score(v, qid, ""), 1);
  return col.finish(InputFormat::json_scores);
}

[[noreturn]] void ambiguous(const std::string& detail) { throw Error("input_format", ErrorKind::ambiguous_format, detail); }

template <class Keys, class Pred>
bool all_keys(const Keys& keys, Pred pred) {
  return !keys.empty() && std::all_of(keys.begin(), keys.end(), pred);
}

// Which side holds the measure names decides: ranx keys its metrics outside,
// pytrec_eval inside; a flat object of numbers is {qid: score}.
InputFormat detect_json(const nlohmann::json& j) {
  const std::string shapes = "{metric: {qid: score}} (ranx), {qid: {measure: score}} (pytrec_eval) or {qid: score}";
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object: " + shapes);
  const bool numbers = std::all_of(j.begin(), j.end(), [](const nlohmann::json& v) { return v.is_number(); });
  if (numbers) return InputFormat::json_scores;
  std::set<std::string> outer, inner;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_object()) throw InputError("line 1: the value of " + shown(k) + " is " + (v.is_number() ? "a number while others are objects" : "not an object") + "; expected " + shapes);
    outer.insert(k);
    for (const auto& [ik, iv] : v.items()) inner.insert(ik);
  }
  const bool outer_measures = all_keys(outer, [](const std::string& k) { return is_measure_name(k); });
  const bool inner_measures = all_keys(inner, [](const std::string& k) { return is_measure_name(k); });
  if (outer_measures && !inner_measures) return InputFormat::ranx_json;
  if (inner_measures && !outer_measures) return InputFormat::pytrec_eval_json;
  // Measure names pairpower does not know: the level of whole numbers holds the query ids.
  const bool outer_numbers = all_keys(outer, [](const std::string& k) { return whole_number(k); });
  const bool inner_numbers = all_keys(inner, [](const std::string& k) { return whole_number(k); });
  if (inner_numbers && !outer_numbers) return InputFormat::ranx_json;
  if (outer_numbers && !inner_numbers) return InputFormat::pytrec_eval_json;
  if (outer_measures)
    ambiguous("both levels of the JSON read as measure names, so it could be ranx ({metric: {qid: score}}) or pytrec_eval ({qid: {measure: score}})");
  ambiguous("neither level of the JSON holds measure names pairpower knows, so it cannot tell ranx ({metric: {qid: score}}) from pytrec_eval ({qid: {measure: score}})");
}

// Three columns: trec_eval's `all`/`runid` rows, or which column holds measure
// names in its tool's grammar, decide. Every line is looked at.
InputFormat detect_three_columns(const std::vector<Line>& lines) {
  bool marks = false, first_measures = true, second_measures = true, first_numbers = true, second_numbers = true;
  for (const Line& l : lines) {
    const auto f = three_fields(l.text);
    if (!f) fail_at(l.number, "expected 3 fields like the first line, found " + std::to_string(split_ws(l.text).size()));
    if ((*f)[0] == "runid" || (*f)[1] == "all") {
      marks = true;
      continue;
    }
    first_measures = first_measures && is_trec_eval_measure((*f)[0]);
    second_measures = second_measures && is_ir_measures_measure((*f)[1]);
    first_numbers = first_numbers && whole_number((*f)[0]);
    second_numbers = second_numbers && whole_number((*f)[1]);
  }
  if (marks || (first_measures && !second_measures)) return InputFormat::trec_eval;
  if (second_measures && !first_measures) return InputFormat::ir_measures;
  // Measure names pairpower does not know: a column of whole numbers holds the query ids.
  if (second_numbers && !first_numbers) return InputFormat::trec_eval;
  if (first_numbers && !second_numbers) return InputFormat::ir_measures;
  if (first_measures)
    ambiguous("both of the first two columns read as measure names, so it could be trec_eval -q (measure, qid, value) or ir_measures -q (qid, measure, value)");
  ambiguous("three columns, but neither the first (trec_eval -q: measure, qid, value) nor the second (ir_measures -q: qid, measure, value) holds measure names pairpower knows");
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

// Hand-written: std::codecvt is deprecated and the wasm build has no iconv; a
// BOM-led UTF-16 file (PowerShell 5's `>`) is all this needs to read.
std::string decode_text(std::string_view raw) {
  const bool le = raw.size() >= 2 && static_cast<unsigned char>(raw[0]) == 0xFF && static_cast<unsigned char>(raw[1]) == 0xFE;
  const bool be = raw.size() >= 2 && static_cast<unsigned char>(raw[0]) == 0xFE && static_cast<unsigned char>(raw[1]) == 0xFF;
  if (!le && !be) return std::string(strip_bom(raw));
  std::string out;
  out.reserve(raw.size() / 2);
  auto unit = [&](std::size_t i) -> std::uint32_t {
    const auto lo = static_cast<unsigned char>(raw[le ? i : i + 1]), hi = static_cast<unsigned char>(raw[le ? i + 1 : i]);
    return static_cast<std::uint32_t>(hi) << 8 | lo;
  };
  for (std::size_t i = 2; i + 1 < raw.size(); i += 2) {
    std::uint32_t cp = unit(i);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (i + 3 >= raw.size() || unit(i + 2) < 0xDC00 || unit(i + 2) > 0xDFFF)
        throw InputError("the UTF-16 text has an unpaired surrogate at byte " + std::to_string(i));
      cp = 0x10000 + ((cp - 0xD800) << 10) + (unit(i + 2) - 0xDC00);
      i += 2;
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      throw InputError("the UTF-16 text has an unpaired surrogate at byte " + std::to_string(i));
    }
    append_utf8(out, cp);
  }
  return out;
}

InputFormat detect_format(std::string_view raw) {
  const std::string text = decode_text(raw);
  const std::string_view t = trim(text);
  if (t.empty()) throw InputError("the input is empty");
  if (t.front() == '{') return detect_json(parse_json(text));
  if (t.front() == '[') throw InputError("line 1: a JSON list is not a score format pairpower reads");
  const auto lines = lines_of(text);
  const auto first_ws = split_ws(lines.front().text);
  const char delim = delimiter_of(lines.front().text);
  const auto first = fields_of(lines.front().text, delim, lines.front().number);
  // trec_eval's own marks come first: its `runid … all` row would pass for a header.
  if (first_ws.size() == 3 && (first_ws[0] == "runid" || first_ws[1] == "all")) return InputFormat::trec_eval;
  if (header_like(first)) {
    std::vector<std::string> names;
    for (const auto& h : first) names.push_back(lower(h));
    return std::any_of(names.begin(), names.end(), is_system) ? InputFormat::csv_long : InputFormat::csv_wide;
  }
  if (first.size() == 2 && looks_numeric(first[0]) && looks_numeric(first[1])) return InputFormat::csv_bare;
  const auto all_numeric = [](const std::vector<std::string>& f) {
    return !f.empty() && std::all_of(f.begin(), f.end(), [](const std::string& x) { return looks_numeric(x); });
  };
  if (all_numeric(first_ws) && first_ws.size() != 2)
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  if (first_ws.size() == 3 || (first_ws.size() > 3 && (first_ws[0] == "relstring" || is_trec_eval_measure(first_ws[0]))))
    return detect_three_columns(lines);
  if (!first.empty() && std::all_of(first.begin(), first.end(), [](const std::string& f) { return looks_numeric(f); }))
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  fail_at(lines.front().number, "this is not a format pairpower reads (CSV/TSV with a header, trec_eval -q, ir_measures -q, ranx or pytrec_eval JSON)");
}

ScoreFile parse_scores(std::string_view raw, InputFormat format, std::string_view system_name) {
  if (raw.size() > max_input_bytes) throw InputError("the input is " + std::to_string(raw.size() >> 20) + " MiB; at most " + std::to_string(max_input_bytes >> 20) + " MiB are read");
  const std::string text = decode_text(raw);
  if (text.find('\0') != std::string::npos)
    throw InputError("the input contains NUL bytes: it looks binary, not a text score file (UTF-16 text needs its byte-order mark)");
  if (format == InputFormat::auto_detect) format = detect_format(text);
  const std::string system(system_name.empty() ? "A" : system_name);
  switch (format) {
    case InputFormat::ranx_json:
    case InputFormat::pytrec_eval_json:
      return parse_nested_json(parse_json(text), format, system);
    case InputFormat::json_scores:
      return parse_flat_json(parse_json(text), system);
    case InputFormat::trec_eval:
    case InputFormat::ir_measures: {
      const auto lines = lines_of(text);
      if (lines.empty()) throw InputError("the input is empty");
      return parse_three_columns(lines, format, system);
    }
    case InputFormat::csv_wide:
    case InputFormat::csv_long:
    case InputFormat::csv_bare: {
      const auto lines = lines_of(text);
      if (lines.empty()) throw InputError("the input is empty");
      if (format != InputFormat::csv_bare && lines.size() < 2) fail_at(lines.front().number, "a header but no rows");
      return parse_delimited(lines, format);
    }
    case InputFormat::auto_detect: break;
  }
  throw InputError("unknown input format");
}

namespace {
template <class F>
std::vector<std::string> distinct(const std::vector<ScoreSeries>& s, F get) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& x : s)
    if (seen.insert(get(x)).second) out.push_back(get(x));
  return out;
}
}  // namespace

std::vector<std::string> ScoreFile::measures() const { return distinct(series, [](const ScoreSeries& s) { return s.measure; }); }
std::vector<std::string> ScoreFile::systems() const { return distinct(series, [](const ScoreSeries& s) { return s.system; }); }
std::vector<std::string> ScoreFile::datasets() const { return distinct(series, [](const ScoreSeries& s) { return s.dataset; }); }

std::size_t ScoreFile::queries() const {
  std::set<std::string> q;
  for (const auto& s : series) q.insert(s.qids.begin(), s.qids.end());
  return q.size();
}

std::string ScoreFile::describe() const {
  std::string out(pairpower::describe(format));
  const auto m = measures();
  if (m.size() == 1 && !m[0].empty()) out += ", measure " + m[0];
  else if (m.size() > 1) out += ", " + std::to_string(m.size()) + " measures";
  const auto d = datasets();
  if (d.size() > 1) out += ", " + std::to_string(d.size()) + " datasets";
  const auto s = systems();
  if (s.size() > 1) out += ", " + std::to_string(s.size()) + " systems";
  out += ", " + std::to_string(queries()) + " queries";
  return out;
}

}  // namespace pairpower
