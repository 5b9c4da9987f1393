// CSV/TSV tables: wide (qid, a column per system), long (qid, system, score)
// and two bare numeric columns.
#include <cctype>

#include "reading.hpp"

namespace pairpower::reading {
namespace {

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


bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}
bool is_qid(const std::string& n) { return is_one_of(n, {"qid", "query", "query_id", "queryid", "topic", "topic_id", "id", "q"}); }
bool is_score(const std::string& n) { return is_one_of(n, {"score", "value", "val"}); }
bool is_dataset(const std::string& n) { return is_one_of(n, {"dataset", "collection", "corpus", "task", "benchmark"}); }
bool is_measure(const std::string& n) { return is_one_of(n, {"measure", "metric"}); }


}  // namespace

bool is_system(const std::string& n) { return is_one_of(n, {"system", "run", "model", "method", "runid", "run_id", "system_id"}); }

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

}  // namespace pairpower::reading
