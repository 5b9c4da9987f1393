// openai/evals logs (oaieval --record_path): JSON lines, the run's spec first,
// then its final report and one event per line {run_id, event_id, sample_id,
// type, data}. An item is a sample id; each numeric or true/false field of an
// event's data is a measure named "<type>.<field>" (match.correct,
// metrics.f1_score); a sample with several events of one type (a multi-turn
// eval's matches) has them averaged, kept as its repeats. `sampling` events
// hold text only.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "json_members.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

std::optional<double> scalar(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
  if (!v.is_number()) return std::nullopt;
  const double x = v.get<double>();
  return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
}

struct Item {
  std::vector<double> values;  // one per event
  std::size_t line = 0;
};

// The run's spec: completion_fns name the system, base_eval (or eval_name) the dataset.
void read_spec(std::string_view raw, std::size_t line, std::string& system, std::string& dataset) {
  const auto spec = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
  if (!spec.is_object()) fail_at(line, "\"spec\" must be an object, as openai/evals writes it");
  if (spec.contains("completion_fns") && spec["completion_fns"].is_array()) {
    std::string names;
    for (const auto& f : spec["completion_fns"])
      if (f.is_string()) names += (names.empty() ? "" : ",") + f.get<std::string>();
    if (!names.empty()) system = names;
  }
  for (const char* key : {"base_eval", "eval_name"})
    if (spec.contains(key) && spec[key].is_string()) {
      dataset = spec[key].get<std::string>();
      break;
    }
}

}  // namespace

bool is_openai_evals_record(const std::vector<std::string_view>& keys) {
  const auto has = [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  return (has("spec") && keys.size() == 1) || (has("run_id") && has("event_id") && has("sample_id") && has("type"));
}

ScoreFile parse_openai_evals(std::string_view text, const std::string& fallback) {
  std::string system = fallback, dataset;
  std::vector<std::string> order;            // measures in order of appearance
  std::map<std::string, bool> numeric;       // false: some event holds a value that is not a number there
  std::map<std::string, std::map<std::string, Item>> items;
  std::map<std::string, std::vector<std::string>> items_order;
  bool spec_seen = false;
  for (const Line& l : lines_of(text)) {
    const auto members = object_members(l.text, l.number);
    if (const auto spec = member(members, "spec"); !spec.empty()) {
      if (spec_seen) fail_at(l.number, "a second run's spec: one openai/evals log holds one run");
      spec_seen = true;
      read_spec(spec, l.number, system, dataset);
      continue;
    }
    if (!member(members, "final_report").empty()) continue;
    const auto sample_raw = member(members, "sample_id"), type_raw = member(members, "type"), data_raw = member(members, "data");
    if (sample_raw.empty() || type_raw.empty())
      fail_at(l.number, "expected an event with sample_id, type and data, as openai/evals records them");
    const auto sample = nlohmann::json::parse(sample_raw.begin(), sample_raw.end(), nullptr, false);
    const auto type = nlohmann::json::parse(type_raw.begin(), type_raw.end(), nullptr, false);
    if (!type.is_string()) fail_at(l.number, "\"type\" must be text");
    if (sample.is_null() && !sample.is_discarded()) continue;  // an event of the whole run, not of one sample
    if (!sample.is_string()) fail_at(l.number, "\"sample_id\" must be text");
    if (type.get<std::string>() == "sampling" || data_raw.empty()) continue;
    const auto data = nlohmann::json::parse(data_raw.begin(), data_raw.end(), nullptr, false);
    if (!data.is_object()) continue;
    const std::string qid = sample.get<std::string>();
    for (const auto& [key, value] : data.items()) {
      const std::string measure = type.get<std::string>() + "." + key;
      const auto v = scalar(value);
      const auto known = numeric.find(measure);
      // Text fields (expected, picked) are never scores; a field that is a number elsewhere and not here is listed as skipped.
      if (!v) {
        if (known != numeric.end()) known->second = false;
        else if (!value.is_string() && !value.is_array() && !value.is_object()) numeric.emplace(measure, false), order.push_back(measure);
        continue;
      }
      if (known == numeric.end()) numeric.emplace(measure, true), order.push_back(measure);
      if (std::fabs(*v) > max_abs_score) fail_at(l.number, "the score " + shown(measure) + " is too large to be a score (the limit is ±1e12)");
      auto [it, fresh] = items[measure].try_emplace(qid);
      if (fresh) items_order[measure].push_back(qid), it->second.line = l.number;
      it->second.values.push_back(*v);
    }
  }
  Collector col(InputFormat::openai_evals);
  std::vector<std::string> skipped;
  for (const auto& m : order) {
    if (!numeric[m]) {
      skipped.push_back(m);
      continue;
    }
    for (const auto& qid : items_order[m]) {
      const Item& it = items[m][qid];
      col.add(dataset, m, system, qid, mean_of(it.values), it.line);
    }
  }
  if (col.empty()) {
    if (!skipped.empty())
      throw InputError("no per-item scores in this openai/evals log: " + skipped.front() + " is not a number or true/false in each event");
    throw InputError("the openai/evals log has no scored events (match, metrics): it has no per-item scores");
  }
  ScoreFile out = col.finish(InputFormat::openai_evals);
  for (auto& s : out.series) keep_repeats(s, [&](const std::string& q) { return items[s.measure].at(q).values; });
  out.nonscalar_measures = std::move(skipped);
  return out;
}

}  // namespace pairpower::reading
