// CSV/TSV tables: wide (qid, a column per system), long (qid, system, score),
// two bare numeric columns, one system's qid,score and one column of numbers.
#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <unordered_set>
#include <utility>

#include "pairpower/input/measures.hpp"
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
bool is_item(const std::string& n) { return is_one_of(n, {"item", "item_id"}); }
bool is_qid(const std::string& n) { return is_item(n) || is_one_of(n, {"qid", "query", "query_id", "queryid", "topic", "topic_id", "id", "q"}); }
bool is_score(const std::string& n) { return is_one_of(n, {"score", "value", "val"}); }
bool is_dataset(const std::string& n) { return is_one_of(n, {"dataset", "collection", "corpus", "task", "benchmark"}); }
bool is_measure(const std::string& n) { return is_one_of(n, {"measure", "metric"}); }
bool is_cluster(const std::string& n) { return is_one_of(n, {"cluster", "cluster_id"}); }

bool number_or_comma(std::string_view s) { return looks_numeric(s) || comma_decimal(s); }

// Decimal commas are read when the whole file leaves no doubt: its columns are
// not separated by commas, no score is written with a point, and none could be
// a thousands separator ("1,234"). `scores` gives a line's score fields.
NumberStyle style_of(const std::vector<Line>& lines, std::size_t from, char delim,
                     const std::function<std::vector<std::string>(const Line&)>& scores) {
  NumberStyle style;
  if (delim == ',') return style;
  if (std::none_of(lines.begin() + static_cast<std::ptrdiff_t>(from), lines.end(), [](const Line& l) { return l.text.find(',') != std::string_view::npos; }))
    return style;
  std::optional<std::pair<std::size_t, std::string>> comma, point, thousands;
  for (std::size_t k = from; k < lines.size(); ++k)
    for (const auto& f : scores(lines[k])) {
      if (!comma && comma_decimal(f)) comma = {lines[k].number, f};
      if (!thousands && thousands_like(f)) thousands = {lines[k].number, f};
      if (!point && looks_numeric(f) && f.find('.') != std::string::npos) point = {lines[k].number, f};
    }
  if (!comma) return style;
  const auto where = [](const std::pair<std::size_t, std::string>& x) { return shown(x.second) + " on line " + std::to_string(x.first); };
  if (point) style.hint = "decimal commas are read only when no score is written with a decimal point, and " + where(*point) + " is; write every score the same way";
  else if (thousands) style.hint = "decimal commas are read only when no score could be a thousands separator, and " + where(*thousands) + " could; write scores with a decimal point";
  else style.decimal_comma = true;
  return style;
}

bool signed_whole(std::string_view s) {
  s = trim(s);
  if (!s.empty() && s.front() == '-') s.remove_prefix(1);
  return whole_number(s);
}

// "0,4101" with nothing else on the line: two whole numbers, or one with a decimal comma.
bool whole_pair(std::string_view line) {
  const auto comma = line.find(',');
  return comma != std::string_view::npos && line.find(',', comma + 1) == std::string_view::npos && signed_whole(line.substr(0, comma)) &&
         whole_number(trim(line.substr(comma + 1)));
}

// A column header that names a measure the core knows (measures.hpp: any tool's
// grammar, or a plain spelling such as MAP or precision), else "".
std::string measure_named(const std::string& header) {
  return is_measure_name(header) || measure_range(header) != MeasureRange::unknown ? header : std::string();
}

bool single_field(std::string_view line) {
  return line.find_first_of(",;\t") == std::string_view::npos && split_ws(line).size() == 1;
}


}  // namespace

bool is_system(const std::string& n) { return is_one_of(n, {"system", "run", "model", "method", "runid", "run_id", "system_id"}); }

// A comma between two digits, as a decimal comma sits ("0,45"), not as one between fields does.
static bool only_decimal_commas(std::string_view line) {
  const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t i = line.find(','); i != std::string_view::npos; i = line.find(',', i + 1))
    if (i == 0 || i + 1 == line.size() || !digit(line[i - 1]) || !digit(line[i + 1])) return false;
  return true;
}

char delimiter_of(std::string_view header) {
  if (header.find('\t') != std::string_view::npos) return '\t';
  // Semicolons separate columns where commas are decimal marks ("q1;0,45").
  if (header.find(';') != std::string_view::npos && only_decimal_commas(header)) return ';';
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

// Two headerless columns whose first could hold query ids: every value in it a
// whole number and none repeated, as a one-system qid,score file's ids are. Such
// a file reads as one system's scores by query id or as two systems' scores
// paired by position, and nothing in it says which (0/1 accuracy columns,
// counts, TREC topic numbers): it is refused rather than read one way silently.
bool first_column_could_be_ids(const std::vector<Line>& lines, char delim) {
  std::unordered_set<std::string> seen;
  for (const Line& l : lines) {
    const auto f = fields_of(l.text, delim, l.number);
    if (f.size() != 2 || !whole_number(f[0]) || !seen.insert(f[0]).second) return false;
  }
  return true;
}

std::optional<InputFormat> detect_headerless(const std::vector<Line>& lines) {
  const std::string_view first = trim(lines.front().text);
  const auto lone_number = [](std::string_view l) {
    l = trim(l);
    return (single_field(l) && looks_numeric(l)) || comma_decimal(l);
  };
  // One number per line (a spreadsheet column), perhaps under a one-word header.
  if (single_field(first) && (looks_numeric(first) || (lines.size() > 1 && (!is_qid(lower(first)) || is_item(lower(first))) && lone_number(lines[1].text))))
    return InputFormat::csv_column;
  // "0,4101" is two whole numbers or one with a decimal comma: a line with a
  // single number settles it; when every line is such a pair, nothing does.
  const char delim = delimiter_of(lines.front().text);
  if (whole_pair(first)) {
    bool single = false, pairs = true;
    for (const Line& l : lines) {
      const std::string_view t = trim(l.text);
      if (whole_pair(t)) continue;
      if (!lone_number(t)) {
        pairs = false;
        break;
      }
      single = true;
    }
    if (pairs && single) return InputFormat::csv_column;
    if (pairs)
      ambiguous("every line is two whole numbers separated by a comma: two columns (A, B), or one column written with decimal commas (0,41 for 0.41)" +
                std::string(first_column_could_be_ids(lines, delim) ? ", or query ids and one system's scores (then add the header qid,score)" : ""));
  }
  const auto f = fields_of(lines.front().text, delim, lines.front().number);
  if (f.size() != 2 || !number_or_comma(f[1])) return std::nullopt;
  if (!number_or_comma(f[0])) return InputFormat::csv_qid_score;
  if (first_column_could_be_ids(lines, delim)) ambiguous("two numeric columns without a header, and the first column's values are distinct whole numbers: query ids beside one system's scores "
              "(then add the header qid,score), or one system's scores beside another's, paired by position");
  return InputFormat::csv_bare;
}

ScoreFile parse_delimited(const std::vector<Line>& lines, InputFormat format, const std::string& system, const std::vector<std::string>& keep_text_of) {
  const char delim = delimiter_of(lines.front().text);
  const auto split = [&](const Line& l) { return fields_of(l.text, delim, l.number); };
  Collector col(format, keep_text_of);
  std::size_t row = 0;  // rows without query ids are queries 1, 2, 3, …
  if (format == InputFormat::csv_column) {
    const std::string_view first = trim(lines.front().text);
    const std::size_t from = single_field(first) && !looks_numeric(first) ? 1 : 0;  // a one-word header
    if (from == lines.size()) fail_at(lines.front().number, "a header but no rows");
    const std::string measure = from == 1 ? measure_named(std::string(first)) : std::string();
    const auto style = style_of(lines, from, '\n', [](const Line& l) { return std::vector<std::string>{std::string(trim(l.text))}; });
    for (std::size_t k = from; k < lines.size(); ++k) {
      const std::string_view t = trim(lines[k].text);
      // Rows pair by position: a blank row skipped would pair every later row with the other input's next one.
      if (k > from && lines[k].number > lines[k - 1].number + 1)
        fail_at(lines[k - 1].number + 1, "a blank row among the values: a column of numbers pairs with the other by position, so a skipped row would shift every row "
                                         "after it; write the missing score or remove the row from both inputs");
      if (!single_field(t) && !comma_decimal(t)) fail_at(lines[k].number, "expected one number per line (one column), found " + shown(t));
      col.add("", measure, system, std::to_string(++row), number_at(t, lines[k].number, "the value", style), lines[k].number, t);
    }
    return col.finish(format, true);
  }
  if (format == InputFormat::csv_bare) {
    const auto style = style_of(lines, 0, delim, split);
    for (const Line& l : lines) {
      const auto f = split(l);
      if (f.size() != 2) fail_at(l.number, "expected 2 numeric columns (A, B), found " + std::to_string(f.size()) + " fields");
      const std::string qid = std::to_string(++row);
      col.add("", "", "A", qid, number_at(f[0], l.number, "field 1 (A)", style), l.number, f[0]);
      col.add("", "", "B", qid, number_at(f[1], l.number, "field 2 (B)", style), l.number, f[1]);
    }
    return col.finish(format, true);
  }
  if (format == InputFormat::csv_qid_score) {
    const auto style = style_of(lines, 0, delim, [&](const Line& l) {
      auto f = split(l);
      return f.size() == 2 ? std::vector<std::string>{f[1]} : std::vector<std::string>{};
    });
    for (const Line& l : lines) {
      const auto f = split(l);
      if (f.size() != 2) fail_at(l.number, "expected 2 fields (query id, score), found " + std::to_string(f.size()));
      col.add("", "", system, f[0], number_at(f[1], l.number, "field 2 (score)", style), l.number, f[1]);
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
  // A table headed "item" holds an evaluation's items (a pair a board of logs hands to Analyze): its sentences say so.
  if (qid_col && is_item(names[*qid_col])) col.name_ids(item_unit);
  const auto dataset_col = find(is_dataset);
  const auto cluster_col = find(is_cluster);
  // The row's cluster, when the table has a cluster column.
  const auto cluster_of = [&](const std::vector<std::string>& f) { return cluster_col ? &f[*cluster_col] : nullptr; };
  // A row's dataset, measure or system, when the table has that column: a blank cell would put the row
  // among scores that name none, which are joined to others' or kept apart by other rules.
  const auto named_cell = [&](const std::vector<std::string>& f, std::optional<std::size_t> c, std::size_t line) -> std::string {
    if (!c) return "";
    if (trim(f[*c]).empty()) fail_at(line, "field " + std::to_string(*c + 1) + " (" + header[*c] + ") is empty");
    return f[*c];
  };
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i].empty()) fail_at(lines.front().number, "column " + std::to_string(i + 1) + " of the header has no name");
  if (format == InputFormat::csv_long) {
    const auto sys_col = find(is_system), score_col = find(is_score), measure_col = find(is_measure);
    if (!qid_col || !sys_col || !score_col)
      fail_at(lines.front().number, "a long table needs qid, system and score columns; the header has " + shown(lines.front().text));
    const auto style = style_of(lines, 1, delim, [&](const Line& l) {
      auto f = split(l);
      return f.size() == header.size() ? std::vector<std::string>{f[*score_col]} : std::vector<std::string>{};
    });
    for (std::size_t k = 1; k < lines.size(); ++k) {
      const Line& l = lines[k];
      const auto f = fields_of(l.text, delim, l.number);
      if (f.size() != header.size())
        fail_at(l.number, "expected " + std::to_string(header.size()) + " fields as in the header, found " + std::to_string(f.size()));
      col.add(named_cell(f, dataset_col, l.number), named_cell(f, measure_col, l.number), named_cell(f, sys_col, l.number), f[*qid_col],
              number_at(f[*score_col], l.number, "field " + std::to_string(*score_col + 1) + " (" + header[*score_col] + ")", style), l.number, f[*score_col],
              cluster_of(f));
    }
    return col.finish(format);
  }
  // Wide: the qid column (or the first), optional dataset, measure and cluster columns, then systems.
  const std::size_t q = qid_col.value_or(0);
  // A measure column names its measure in words: a column of numbers headed "metric" is a system's
  // (judged by its first cell that holds anything: a system may lack the first query's score).
  auto measure_col = find(is_measure);
  for (std::size_t k = 1; measure_col && k < lines.size(); ++k) {
    const auto cells = fields_of(lines[k].text, delim, lines[k].number);
    if (*measure_col >= cells.size() || trim(cells[*measure_col]).empty()) continue;
    if (number_or_comma(trim(cells[*measure_col]))) measure_col.reset();
    break;
  }
  std::vector<std::size_t> systems;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (i != q && i != dataset_col && i != measure_col && i != cluster_col) systems.push_back(i);
  if (systems.empty())
    fail_at(lines.front().number, "a wide table needs a query id column and at least one score column; the header has " +
                                      std::to_string(header.size()) + " columns");
  // A header naming a query id and one score column (qid,score; query_id,ndcg)
  // is one system's scores, named after its file or box; a column header that
  // names a measure (ndcg, nDCG@10, map) is kept as the measure, so its range is checked.
  const bool one_system = systems.size() == 1;
  const std::string measure = one_system ? measure_named(header[systems[0]]) : std::string();
  const auto style = style_of(lines, 1, delim, [&](const Line& l) {
    auto f = split(l);
    std::vector<std::string> out;
    if (f.size() == header.size())
      for (std::size_t c : systems) out.push_back(f[c]);
    return out;
  });
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const Line& l = lines[k];
    const auto f = fields_of(l.text, delim, l.number);
    if (f.size() != header.size())
      fail_at(l.number, "expected " + std::to_string(header.size()) + " fields as in the header, found " + std::to_string(f.size()));
    // The row's dataset and measure are read at its first score, so a row of missing scores only (a
    // spreadsheet's trailing ",,,") gives nothing to name and is not refused for its blank names.
    std::optional<std::pair<std::string, std::string>> named;
    for (std::size_t s : systems) {
      if (trim(f[s]).empty()) {  // a missing score: the pairing policy decides
        if (!trim(f[q]).empty())
          col.blank(dataset_col ? std::string(f[*dataset_col]) : std::string(), measure_col ? std::string(f[*measure_col]) : measure, one_system ? system : header[s], f[q],
                    l.number);
        continue;
      }
      if (!named) named.emplace(named_cell(f, dataset_col, l.number), measure_col ? named_cell(f, measure_col, l.number) : measure);
      col.add(named->first, named->second, one_system ? system : header[s], f[q],
              number_at(f[s], l.number, "field " + std::to_string(s + 1) + " (" + header[s] + ")", style), l.number, f[s], cluster_of(f));
    }
  }
  return col.finish(format);
}

}  // namespace pairpower::reading
