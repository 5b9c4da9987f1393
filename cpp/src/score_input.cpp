#include "pairpower/score_input.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
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
  }
  return "?";
}

std::optional<InputFormat> input_format_from_string(std::string_view s) noexcept {
  for (auto f : {InputFormat::auto_detect, InputFormat::csv_wide, InputFormat::csv_long, InputFormat::csv_bare, InputFormat::trec_eval,
                 InputFormat::ir_measures, InputFormat::ranx_json, InputFormat::pytrec_eval_json})
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

ScoreFile parse_three_columns(const std::vector<Line>& lines, InputFormat format, const std::string& system) {
  Collector col;
  for (const Line& l : lines) {
    const auto f = split_ws(l.text);
    if (f.size() != 3) fail_at(l.number, "expected 3 fields (" + std::string(format == InputFormat::trec_eval ? "measure, qid, value" : "qid, measure, value") +
                                             "), found " + std::to_string(f.size()));
    const std::string& measure = format == InputFormat::trec_eval ? f[0] : f[1];
    const std::string& qid = format == InputFormat::trec_eval ? f[1] : f[0];
    if (qid == "all" || measure == "runid") continue;  // summary rows, not per-query scores
    col.add("", measure, system, qid, number_at(f[2], l.number, "field 3 (value)"), l.number);
  }
  return col.finish(format);
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

// {outer: {inner: number}} with outer = metrics (ranx) or queries (pytrec_eval).
ScoreFile parse_nested_json(const nlohmann::json& j, InputFormat format, const std::string& system) {
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object of objects");
  Collector col;
  for (const auto& [outer, inner] : j.items()) {
    if (!inner.is_object()) throw InputError("line 1: the value of " + shown(outer) + " is not an object of scores");
    for (const auto& [key, v] : inner.items()) {
      const std::string& metric = format == InputFormat::ranx_json ? outer : key;
      const std::string& qid = format == InputFormat::ranx_json ? key : outer;
      if (!v.is_number()) throw InputError("line 1: score of query " + shown(qid) + ", " + shown(metric) + " is not a number");
      const double x = v.get<double>();
      if (!std::isfinite(x) || std::fabs(x) > max_abs_score)
        throw InputError("line 1: score of query " + shown(qid) + ", " + shown(metric) + " is too large to be a score (the limit is ±1e12)");
      col.add("", metric, system, qid, x, 1);
    }
  }
  return col.finish(format);
}

InputFormat detect_json(const nlohmann::json& j) {
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object of objects ({metric: {qid: score}} or {qid: {measure: score}})");
  std::set<std::string> inner;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_object()) throw InputError("line 1: the value of " + shown(k) + " is not an object");
    for (const auto& [ik, iv] : v.items()) inner.insert(ik);
  }
  // Few metrics, many queries: the side with fewer distinct keys holds the metrics.
  return j.size() <= inner.size() ? InputFormat::ranx_json : InputFormat::pytrec_eval_json;
}

}  // namespace

InputFormat detect_format(std::string_view raw) {
  const std::string_view text = strip_bom(raw);
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
    const bool has_sys = std::any_of(names.begin(), names.end(), is_system);
    const bool has_score = std::any_of(names.begin(), names.end(), is_score);
    (void)has_score;  // a system column without a score column is a long table missing a column
    return has_sys ? InputFormat::csv_long : InputFormat::csv_wide;
  }
  if (first.size() == 2 && looks_numeric(first[0]) && looks_numeric(first[1])) return InputFormat::csv_bare;
  const auto all_numeric = [](const std::vector<std::string>& f) {
    return !f.empty() && std::all_of(f.begin(), f.end(), [](const std::string& x) { return looks_numeric(x); });
  };
  if (all_numeric(first_ws) && first_ws.size() != 2)
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  if (first_ws.size() == 3) {
    // measure/qid/value or qid/measure/value: the measure column repeats a few
    // names, the qid column has many; trec_eval's `all` and `runid` rows settle it.
    std::set<std::string> c0, c1;
    bool trec_marks = false;
    for (std::size_t i = 0; i < lines.size() && i < 5000; ++i) {
      const auto f = split_ws(lines[i].text);
      if (f.size() != 3) fail_at(lines[i].number, "expected 3 fields like the first line, found " + std::to_string(f.size()));
      c0.insert(f[0]);
      c1.insert(f[1]);
      trec_marks = trec_marks || f[0] == "runid" || f[1] == "all";
    }
    if (trec_marks || c0.size() < c1.size()) return InputFormat::trec_eval;
    if (c0.size() > c1.size()) return InputFormat::ir_measures;
    // As many distinct values in both: the column of numbers is the query id.
    const auto numeric = [](const std::set<std::string>& c) { return std::all_of(c.begin(), c.end(), [](const std::string& v) { return looks_numeric(v); }); };
    return numeric(c1) && !numeric(c0) ? InputFormat::trec_eval : InputFormat::ir_measures;
  }
  if (!first.empty() && std::all_of(first.begin(), first.end(), [](const std::string& f) { return looks_numeric(f); }))
    fail_at(lines.front().number, "the table has no header; name the columns (qid,A,B) or give exactly two numeric columns");
  fail_at(lines.front().number, "this is not a format pairpower reads (CSV/TSV with a header, trec_eval -q, ir_measures -q, ranx or pytrec_eval JSON)");
}

ScoreFile parse_scores(std::string_view raw, InputFormat format, std::string_view system_name) {
  if (raw.size() > max_input_bytes) throw InputError("the input is " + std::to_string(raw.size() >> 20) + " MiB; at most " + std::to_string(max_input_bytes >> 20) + " MiB are read");
  if (raw.find('\0') != std::string_view::npos) throw InputError("the input contains NUL bytes: it looks binary, not a text score file");
  const std::string_view text = strip_bom(raw);
  if (format == InputFormat::auto_detect) format = detect_format(text);
  const std::string system(system_name.empty() ? "A" : system_name);
  switch (format) {
    case InputFormat::ranx_json:
    case InputFormat::pytrec_eval_json:
      return parse_nested_json(parse_json(text), format, system);
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
