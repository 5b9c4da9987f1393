// JSON: ranx {metric: {qid: score}}, pytrec_eval {qid: {measure: score}},
// and a flat {qid: score}.
#include <cmath>

#include <nlohmann/json.hpp>

#include "pairpower/input/measures.hpp"
#include "json_members.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

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
  std::set<std::string> text, summary;
  for (const auto& [m, mv] : measures) {
    if (mv.first_problem && mv.numeric) throw InputError(*mv.first_problem);
    // pytrec_eval writes trec_eval's text and summary measures per query as
    // numbers (runid 0.0, num_q 1.0, gm_map as a logarithm): not scores.
    const MeasureKind kind = ranx ? MeasureKind::per_query : measure_kind(m);
    if (!mv.numeric || kind == MeasureKind::text) text.insert(m);
    else if (kind == MeasureKind::summary) summary.insert(m);
  }
  Collector col(format);
  for (const auto& [outer, inner] : j.items())
    for (const auto& [key, v] : inner.items()) {
      const std::string& metric = ranx ? outer : key;
      const std::string& qid = ranx ? key : outer;
      if (!text.count(metric) && !summary.count(metric)) col.add("", metric, system, qid, json_score(v, qid, metric), 1);
    }
  if (col.empty() && !text.empty()) throw InputError("every measure in the input holds text, not numbers (" + *text.begin() + ")");
  ScoreFile out = col.finish(format);
  sort_into(out.text_measures, text, order);
  sort_into(out.summary_measures, summary, order);
  return out;
}

ScoreFile parse_flat_json(const nlohmann::json& j, const std::string& system) {
  if (!j.is_object() || j.empty()) throw InputError("line 1: expected a JSON object {qid: score}");
  Collector col(InputFormat::json_scores);
  for (const auto& [qid, v] : j.items()) col.add("", "", system, qid, json_score(v, qid, ""), 1);
  return col.finish(InputFormat::json_scores);
}


// Which side holds the measure names decides: ranx keys its metrics outside,
// pytrec_eval inside; a flat object of numbers is {qid: score}.
// ranx's Report.save writes means and p-values per system, not per-query scores.
void refuse_ranx_report(const nlohmann::json& j) {
  if (j.is_object() && j.contains("stat_test") && j.contains("model_names"))
    throw InputError("line 1: this is a ranx comparison report (each system's means and p-values), not per-query scores; "
                     "save ranx's per-query scores instead: json.dump(run.scores, f)");
}

InputFormat detect_json_shape(const nlohmann::json& j) {
  refuse_ranx_report(j);
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

}  // namespace

nlohmann::json parse_json_text(std::string_view text) { return parse_json(text); }

bool is_json_lines(const std::vector<Line>& lines) {
  return lines.size() > 1 && nlohmann::json::accept(lines.front().text) && nlohmann::json::accept(lines[1].text);
}

InputFormat detect_json(std::string_view text) {
  if (is_inspect_log(first_object_keys(text))) return InputFormat::inspect_ai;
  const auto lines = lines_of(text, 2);  // the two that decide
  // A log's records are long: their first line's keys decide, without parsing every value.
  const auto keys = first_object_keys(lines.front().text);
  if (std::find(keys.begin(), keys.end(), archive_text_key) != keys.end()) return InputFormat::archive;
  if (is_lm_eval_record(keys)) return InputFormat::lm_eval_samples;
  if (is_openai_evals_record(keys)) return InputFormat::openai_evals;
  if (is_json_lines(lines)) return InputFormat::ir_measures_jsonl;
  return detect_json_shape(parse_json(text));
}

// ir_measures -o jsonl: one {"query_id", "measure", "value"} object per line.
ScoreFile parse_json_lines(std::string_view text, const std::string& system) {
  Collector col(InputFormat::ir_measures_jsonl);
  for (const Line& l : lines_of(text)) {
    const auto j = parse_json(l.text);
    if (!j.is_object() || !j.contains("query_id") || !j.contains("measure") || !j.contains("value"))
      fail_at(l.number, "expected an object with query_id, measure and value, as ir_measures -o jsonl writes");
    if (!j["query_id"].is_string() || !j["measure"].is_string()) fail_at(l.number, "query_id and measure must be text");
    const std::string qid = j["query_id"].get<std::string>(), measure = j["measure"].get<std::string>();
    if (qid == "all") continue;  // the mean over queries
    try {
      col.add("", measure, system, qid, json_score(j["value"], qid, measure), l.number);
    } catch (const InputError& e) {
      const std::string what = e.what();
      fail_at(l.number, what.substr(what.find(": ") + 2));
    }
  }
  return col.finish(InputFormat::ir_measures_jsonl);
}

ArchiveText archive_text(std::string_view text) {
  const auto lines = lines_of(text);
  ArchiveText out;
  if (lines.empty()) return out;
  const auto as_json = [](std::string_view v) { return nlohmann::json::parse(v.begin(), v.end(), nullptr, false); };
  const auto head = object_members(lines[0].text, lines[0].number);
  if (as_json(member(head, "folder")) == true) {
    const auto name = as_json(member(head, "name"));
    if (!name.is_string() || name.get<std::string>().empty()) fail_at(lines[0].number, "a folder's archive text must name the folder");
    out.folder = name.get<std::string>();
  }
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto members = object_members(lines[i].text, lines[i].number);
    const auto n = as_json(member(members, "name")), t = as_json(member(members, "text")), why = as_json(member(members, "unreadable"));
    // A file the front end could not open is named with why, and only in a folder.
    if (n.is_string() && why.is_string() && !out.folder.empty()) {
      out.entries.push_back({n.get<std::string>(), {}, why.get<std::string>()});
      continue;
    }
    if (!n.is_string() || !t.is_string()) fail_at(lines[i].number, "expected {\"name\": text, \"text\": text}, one file of the archive");
    out.entries.push_back({n.get<std::string>(), t.get<std::string>(), {}});
  }
  return out;
}

ScoreFile parse_json_scores(std::string_view text, InputFormat format, const std::string& system) {
  if (format == InputFormat::ir_measures_jsonl) return parse_json_lines(text, system);
  const auto j = parse_json(text);
  refuse_ranx_report(j);
  return format == InputFormat::json_scores ? parse_flat_json(j, system) : parse_nested_json(j, format, system);
}

}  // namespace pairpower::reading
