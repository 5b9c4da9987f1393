// inspect_ai evaluation logs: a .json EvalLog ({version, eval, samples, …}) or a
// .eval archive (header.json and samples/<id>_epoch_<n>.json, decompressed by
// the caller). An item is a sample id; its epochs are repeats, averaged per item;
// each scorer's value is a measure (a scorer returning {key: value} gives one
// measure per key, "scorer.key").
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "json_members.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

// inspect_ai's score letters: CORRECT, INCORRECT, PARTIAL, NOANSWER.
std::optional<double> letter_value(const std::string& s) {
  if (s == "C") return 1.0;
  if (s == "I" || s == "N") return 0.0;
  if (s == "P") return 0.5;
  return std::nullopt;
}

std::optional<double> scalar(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
  if (v.is_number()) {
    const double x = v.get<double>();
    return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
  }
  if (v.is_string()) return letter_value(v.get<std::string>());
  return std::nullopt;
}

std::string id_text(const nlohmann::json& id, const std::string& where) {
  if (id.is_string()) return id.get<std::string>();
  if (id.is_number_integer()) return id.dump();
  throw InputError(where + ": the sample's id must be text or a whole number");
}

struct Item {
  std::map<std::uint64_t, double> by_epoch;  // one value per epoch
  std::string cluster;
  std::string where;
};

std::vector<double> epochs(const Item& it) {
  std::vector<double> v;
  for (const auto& [e, x] : it.by_epoch) v.push_back(x);
  return v;
}

// Everything one log holds, gathered before the epochs are averaged.
class InspectLog {
 public:
  InspectLog(std::string task, std::string model, const ReadOptions& o) : task_(std::move(task)), model_(std::move(model)), o_(o) {}

  // `members`: the sample's top-level fields; `where`: "line 12" or "samples/3_epoch_1.json".
  void add_sample(const std::vector<JsonMember>& members, const std::string& where) {
    const auto raw = [&](std::string_view key) {
      const auto r = member(members, key);
      return r.empty() ? nlohmann::json() : nlohmann::json::parse(r.begin(), r.end(), nullptr, false);
    };
    const auto id = raw("id");
    if (id.is_null() || id.is_discarded()) throw InputError(where + ": a sample without an id");
    const std::string qid = id_text(id, where);
    const auto epoch_json = raw("epoch");
    const std::uint64_t epoch = epoch_json.is_number_unsigned() ? epoch_json.get<std::uint64_t>() : 1;
    std::string cluster;
    if (!o_.cluster_field.empty()) {
      auto c = field_text(members, o_.cluster_field);
      if (!c || c->empty())
        throw Error("cluster", ErrorKind::not_in_input, where + ": sample " + qid + " has no " + o_.cluster_field + " (text or a number) to name its cluster",
                    o_.cluster_field);
      cluster = std::move(*c);
    }
    const auto scores = raw("scores");
    if (!scores.is_object()) return;  // a sample that failed before scoring: missing for every measure
    for (const auto& [scorer, score] : scores.items()) {
      const nlohmann::json value = score.is_object() && score.contains("value") ? score["value"] : nlohmann::json();
      if (value.is_object()) {
        for (const auto& [key, v] : value.items()) put(scorer + "." + key, qid, epoch, scalar(v), cluster, where);
      } else {
        put(scorer, qid, epoch, scalar(value), cluster, where);
      }
    }
  }

  ScoreFile finish() {
    Collector col{InputFormat::inspect_ai};
    std::vector<std::string> unscored;
    for (const auto& m : order_) {
      if (!scalar_[m]) {
        unscored.push_back(m);
        continue;
      }
      for (const auto& qid : items_order_[m]) {
        const Item& it = items_[m][qid];
        col.add(task_, m, model_, qid, mean_of(epochs(it)), 0, {}, o_.cluster_field.empty() ? nullptr : &it.cluster);
      }
    }
    if (col.empty()) {
      if (!unscored.empty())
        throw InputError("no per-item scores in this inspect_ai log: " + unscored.front() +
                         " is not a number, a boolean or one of C, I, P, N in each sample");
      throw InputError("the inspect_ai log holds no scored samples");
    }
    ScoreFile out = col.finish(InputFormat::inspect_ai);
    for (auto& s : out.series) keep_repeats(s, [&](const std::string& q) { return epochs(items_[s.measure].at(q)); });
    out.nonscalar_measures = std::move(unscored);
    return out;
  }

 private:
  void put(const std::string& measure, const std::string& qid, std::uint64_t epoch, std::optional<double> v, const std::string& cluster,
           const std::string& where) {
    if (!scalar_.count(measure)) {
      order_.push_back(measure);
      scalar_[measure] = true;
    }
    if (!v) {
      scalar_[measure] = false;
      return;
    }
    if (std::fabs(*v) > max_abs_score) throw InputError(where + ": the score " + shown(measure) + " is too large to be a score (the limit is ±1e12)");
    auto [it, fresh] = items_[measure].try_emplace(qid);
    if (fresh) {
      items_order_[measure].push_back(qid);
      it->second.cluster = cluster;
      it->second.where = where;
    } else if (it->second.cluster != cluster) {
      throw InputError(where + ": sample " + shown(qid) + " is in cluster " + shown(cluster) + " here and in " + shown(it->second.cluster) + " in " +
                       it->second.where);
    }
    if (!it->second.by_epoch.emplace(epoch, *v).second)
      throw InputError(where + ": sample " + shown(qid) + ", epoch " + std::to_string(epoch) + " appears twice (first in " + it->second.where + ")");
  }

  std::string task_, model_;
  const ReadOptions& o_;
  std::vector<std::string> order_;
  std::map<std::string, bool> scalar_;
  std::map<std::string, std::map<std::string, Item>> items_;
  std::map<std::string, std::vector<std::string>> items_order_;
};

std::pair<std::string, std::string> task_and_model(const nlohmann::json& eval, const std::string& where) {
  if (!eval.is_object() || !eval.contains("task") || !eval.contains("model") || !eval["task"].is_string() || !eval["model"].is_string())
    throw InputError(where + ": an inspect_ai log's \"eval\" names its task and model; this one does not");
  return {eval["task"].get<std::string>(), eval["model"].get<std::string>()};
}

}  // namespace

bool is_inspect_log(const std::vector<std::string_view>& keys) {
  const auto has = [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  return has("eval") && has("version") && (has("samples") || has("status"));
}

ScoreFile parse_inspect_json(std::string_view text, const ReadOptions& o) {
  const auto members = object_members(text, 1);
  const auto eval_raw = member(members, "eval");
  const auto [task, model] = task_and_model(nlohmann::json::parse(eval_raw.begin(), eval_raw.end(), nullptr, false), "the log");
  const auto samples_raw = member(members, "samples");
  if (samples_raw.empty() || samples_raw == "null")
    throw InputError("this inspect_ai log holds no samples (it was written without them): it has no per-item scores");
  InspectLog log(task, model, o);
  // Each sample's fields as raw text, as the .eval path reads them: one way to read a sample.
  std::size_t k = 0;
  for (const auto sample : array_elements(samples_raw, 1)) log.add_sample(object_members(sample, 1), "sample " + std::to_string(++k));
  return log.finish();
}

ScoreFile parse_inspect_eval(const std::vector<ArchiveEntry>& entries, const ReadOptions& o) {
  const auto header = std::find_if(entries.begin(), entries.end(), [](const ArchiveEntry& e) { return e.name == "header.json"; });
  std::pair<std::string, std::string> names;
  if (header != entries.end()) {
    const auto h = nlohmann::json::parse(header->text, nullptr, false);
    names = task_and_model(h.is_object() && h.contains("eval") ? h["eval"] : nlohmann::json(), "header.json");
  } else {
    // A log still running has only its journal's start record.
    const auto start = std::find_if(entries.begin(), entries.end(), [](const ArchiveEntry& e) { return e.name == "_journal/start.json"; });
    if (start == entries.end()) throw InputError("the .eval archive has no header.json: not an inspect_ai log");
    const auto s = nlohmann::json::parse(start->text, nullptr, false);
    names = task_and_model(s.is_object() && s.contains("eval") ? s["eval"] : nlohmann::json(), "_journal/start.json");
  }
  InspectLog log(names.first, names.second, o);
  bool any = false;
  for (const auto& e : entries) {
    if (e.name.rfind("samples/", 0) != 0 || e.name.size() < 13 || e.name.substr(e.name.size() - 5) != ".json") continue;
    any = true;
    std::vector<JsonMember> members;
    try {
      members = object_members(e.text, 1);
    } catch (const InputError& x) {
      throw InputError(e.name + ", " + x.detail);
    }
    log.add_sample(members, e.name);
  }
  if (!any) throw InputError("this inspect_ai log holds no samples: it has no per-item scores");
  return log.finish();
}

}  // namespace pairpower::reading
