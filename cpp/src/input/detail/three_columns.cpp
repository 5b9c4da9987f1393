// trec_eval -q and ir_measures -q: three whitespace-separated columns.
#include <array>
#include <cctype>

#include "pairpower/input/measures.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

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

// A short line that is the text's last, with no line end after it, is most likely a copy or download cut short.
std::string cut_hint(const Line& l, const std::vector<Line>& lines, bool unended) {
  return unended && l.number == lines.back().number
             ? "; it is the last line and no line end follows it: the file looks cut short there (copy the whole file again)"
             : "";
}

std::array<std::string, 3> three_fields_at(const Line& l, InputFormat format, const std::string& hint) {
  auto f = three_fields(l.text);
  if (!f) {
    const auto n = split_ws(l.text).size();
    fail_at(l.number, "expected 3 fields (" + std::string(format == InputFormat::ir_measures ? "qid, measure, value" : "measure, qid, value") +
                          "), found " + std::to_string(n) + hint);
  }
  return *f;
}


struct Row {
  std::string measure, qid;
  double value;
  std::size_t line;
};

// A run whose queries are blocks of rows in one order of measures, the last block a strict beginning of
// that order and no summary rows after it: trec_eval -q's output cut short (cut_short.hpp). Nothing is
// said of a run with fewer than two queries, a query in two places or queries of different measures.
std::optional<CutShortRun> cut_short_of(const std::vector<Row>& rows, bool summarised) {
  if (summarised || rows.empty()) return std::nullopt;
  std::vector<std::size_t> starts;
  std::set<std::string_view> seen;
  for (std::size_t j = 0; j < rows.size(); ++j)
    if (j == 0 || rows[j].qid != rows[j - 1].qid) {
      if (!seen.insert(rows[j].qid).second) return std::nullopt;
      starts.push_back(j);
    }
  starts.push_back(rows.size());
  const std::size_t queries = starts.size() - 1, of = starts[1];
  if (queries < 2) return std::nullopt;
  const auto same_order = [&](std::size_t q, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k)
      if (rows[starts[q] + k].measure != rows[k].measure) return false;
    return true;
  };
  for (std::size_t q = 1; q + 1 < queries; ++q)
    if (starts[q + 1] - starts[q] != of || !same_order(q, of)) return std::nullopt;
  const std::size_t has = rows.size() - starts[queries - 1];
  if (has >= of || !same_order(queries - 1, has)) return std::nullopt;
  CutShortRun c;
  c.qid = rows.back().qid;
  c.has = has;
  c.of = of;
  c.others = queries - 1;
  c.last_measure = rows.back().measure;
  c.line = rows.back().line;
  return c;
}

}  // namespace

// trec_eval -q and ir_measures -q. trec_eval writes each run's per-query rows,
// then its summary rows (qid "all", among them `runid all NAME`); a per-query
// row after summary rows starts the next run of a concatenated file.
ScoreFile parse_three_columns(const std::vector<Line>& lines, InputFormat format, const std::string& fallback, const std::vector<std::string>& keep_text_of,
                              bool unended) {
  struct Run {
    std::vector<Row> rows;
    std::vector<std::string> texts;  // the values as written, row by row: only when some system's are kept (runs are named at the end)
    std::string runid;
    bool in_summary = false;
  };
  std::vector<Run> runs(1);
  std::map<std::string, MeasureValues> per_query;
  std::vector<std::string> order;
  std::set<std::string> summary_seen;
  for (const Line& l : lines) {
    auto [a, b, value] = three_fields_at(l, format, cut_hint(l, lines, unended));
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
    if (!keep_text_of.empty()) runs.back().texts.push_back(value);
  }
  std::set<std::string> text, summary;
  for (const auto& [m, mv] : per_query) {
    if (mv.first_problem && mv.numeric) throw InputError(*mv.first_problem);
    if (!mv.numeric) text.insert(m);
  }
  for (const auto& m : summary_seen)
    if (!per_query.count(m)) (measure_kind(m) == MeasureKind::text ? text : summary).insert(m);  // runid names the run: text
  if (runs.back().rows.empty() && runs.size() > 1 && !runs.back().in_summary) runs.pop_back();
  // Name each run: its runid, else the name given; repeated names get a number.
  std::vector<std::string> names;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    std::string name = !runs[k].runid.empty() ? runs[k].runid : runs.size() == 1 ? fallback : fallback + " run " + std::to_string(k + 1);
    if (std::find(names.begin(), names.end(), name) != names.end()) name += " (" + std::to_string(k + 1) + ")";
    names.push_back(name);
  }
  Collector col(format, keep_text_of);
  try {
    for (std::size_t k = 0; k < runs.size(); ++k)
      for (std::size_t j = 0; j < runs[k].rows.size(); ++j) {
        const Row& r = runs[k].rows[j];
        col.add("", r.measure, names[k], r.qid, r.value, r.line, runs[k].texts.empty() ? std::string_view() : std::string_view(runs[k].texts[j]));
      }
  } catch (const InputError& e) {
    // Runs concatenated without their summary rows cannot be told apart.
    if (format == InputFormat::trec_eval && runs.size() == 1 && !runs.front().in_summary)
      throw InputError(std::string(e.what()) + "; if the file holds several runs, keep trec_eval's summary rows (run it without -n) so that they can be told apart");
    throw;
  }
  if (col.empty()) {
    if (!text.empty()) throw InputError("every measure in the input holds text, not numbers (" + *text.begin() + ")");
    if (!summary.empty()) throw InputError("the input holds only summary rows (qid 'all'), no per-query scores; run trec_eval with -q");
  }
  ScoreFile out = col.finish(format);
  if (format == InputFormat::trec_eval)
    if (auto c = cut_short_of(runs.back().rows, runs.back().in_summary)) {
      c->system = names.back();
      if (unended && c->line == lines.back().number) c->last_value = (*three_fields(lines.back().text))[2];
      out.cut_short.push_back(std::move(*c));
    }
  sort_into(out.text_measures, text, order);
  sort_into(out.summary_measures, summary, order);
  return out;
}


// Three columns: trec_eval's `all`/`runid` rows (measure, all, value) or
// ir_measures' `all` rows (all, measure, value); else which column holds
// measure names in its tool's grammar — every name, or failing that (a measure
// newer than pairpower) some names in one column and none in the other; else
// the column of whole-number query ids. Every line is looked at.
InputFormat detect_three_columns(const std::vector<Line>& lines, bool unended) {
  bool trec_marks = false, ir_marks = false;
  bool first_all = true, second_all = true, first_any = false, second_any = false, first_numbers = true, second_numbers = true;
  for (const Line& l : lines) {
    const auto f = three_fields(l.text);
    if (!f) fail_at(l.number, "expected 3 fields like the first line, found " + std::to_string(split_ws(l.text).size()) + cut_hint(l, lines, unended));
    const std::string &a = (*f)[0], &b = (*f)[1];
    if (a == "runid" || b == "all") {
      trec_marks = true;
      continue;
    }
    if (a == "all") {
      ir_marks = true;
      continue;
    }
    const bool a_measure = is_trec_eval_measure(a), b_measure = is_ir_measures_measure(b);
    first_all = first_all && a_measure;
    second_all = second_all && b_measure;
    first_any = first_any || a_measure;
    second_any = second_any || b_measure;
    first_numbers = first_numbers && whole_number(a);
    second_numbers = second_numbers && whole_number(b);
  }
  if (trec_marks && !ir_marks) return InputFormat::trec_eval;
  if (ir_marks && !trec_marks) return InputFormat::ir_measures;
  if (first_all && !second_all) return InputFormat::trec_eval;
  if (second_all && !first_all) return InputFormat::ir_measures;
  if (first_any && !second_any) return InputFormat::trec_eval;
  if (second_any && !first_any) return InputFormat::ir_measures;
  // Measure names pairpower does not know: a column of whole numbers holds the query ids.
  if (second_numbers && !first_numbers) return InputFormat::trec_eval;
  if (first_numbers && !second_numbers) return InputFormat::ir_measures;
  if (first_any)
    ambiguous("both of the first two columns read as measure names, so it could be trec_eval -q (measure, qid, value) or ir_measures -q (qid, measure, value)");
  ambiguous("three columns, but neither the first (trec_eval -q: measure, qid, value) nor the second (ir_measures -q: qid, measure, value) holds measure names pairpower knows");
}

}  // namespace pairpower::reading
