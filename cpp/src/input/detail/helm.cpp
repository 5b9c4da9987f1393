// HELM per_instance_stats.json: a list of {instance_id, train_trial_index,
// perturbation?, stats: [{name: {name, split, …}, count, mean, …}]}, in a run
// folder HELM names after the run spec ("xstest:model=openai_gpt-4o-2024-05-13").
// One instance may fill several rows (HELM writes each metric group's stats in
// its own row): the rows of one item merge, and a stat given twice for one item
// is refused.
#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "reading.hpp"

namespace pairpower::reading {
namespace {

std::string_view folder_of(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  if (slash == std::string_view::npos) return {};
  const auto parent = path.substr(0, slash);
  const auto up = parent.find_last_of("/\\");
  return up == std::string_view::npos ? parent : parent.substr(up + 1);
}

}  // namespace

bool is_helm_row(const std::vector<std::string_view>& keys) {
  const auto has = [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  return has("instance_id") && has("stats");
}

ScoreFile parse_helm(const nlohmann::json& rows, const std::string& fallback, std::string_view source_path) {
  // "bbq:subject=all,method=…,model=openai_gpt-4o": the model names the system, the rest the dataset.
  std::string dataset, system = fallback;
  const std::string run(folder_of(source_path));
  if (const auto at = run.rfind("model="); at != std::string::npos && run.find(':') != std::string::npos) {
    const auto end = run.find(',', at);
    system = run.substr(at + 6, end == std::string::npos ? std::string::npos : end - at - 6);
    dataset = run.substr(0, at);
    if (end != std::string::npos) dataset += run.substr(end + 1);
    while (!dataset.empty() && (dataset.back() == ',' || dataset.back() == ':')) dataset.pop_back();
  }
  Collector col(InputFormat::helm);
  std::size_t k = 0;
  for (const auto& row : rows) {
    ++k;
    const std::string where = "instance " + std::to_string(k);
    if (!row.is_object() || !row.contains("instance_id") || !row["instance_id"].is_string() || !row.contains("stats") || !row["stats"].is_array())
      throw InputError(where + ": expected {instance_id, stats: […]}, as HELM writes per_instance_stats.json");
    // The item: instance, perturbation (when the row has one) and train trial (when not the first), as HELM keys them.
    std::string qid = row["instance_id"].get<std::string>();
    if (row.contains("perturbation") && row["perturbation"].is_object())
      qid += "/" + (row["perturbation"].contains("name") && row["perturbation"]["name"].is_string() ? row["perturbation"]["name"].get<std::string>()
                                                                                                  : row["perturbation"].dump());
    if (row.contains("train_trial_index") && row["train_trial_index"].is_number_integer() && row["train_trial_index"].get<long long>() != 0)
      qid += "#" + row["train_trial_index"].dump();
    for (const auto& stat : row["stats"]) {
      if (!stat.is_object() || !stat.contains("name") || !stat["name"].is_object() || !stat["name"].contains("name") || !stat["name"]["name"].is_string())
        throw InputError(where + ": each stat needs a name {name, split}");
      if (!stat.contains("mean") || !stat["mean"].is_number() || (stat.contains("count") && stat["count"] == 0)) continue;  // nothing measured
      const auto& name = stat["name"];
      std::string measure = name["name"].get<std::string>();
      if (name.contains("split") && name["split"].is_string() && name["split"] != "test") measure += "," + name["split"].get<std::string>();
      const double v = stat["mean"].get<double>();
      if (!std::isfinite(v) || std::fabs(v) > max_abs_score) throw InputError(where + ": " + measure + " is too large to be a score (the limit is ±1e12)");
      try {
        col.add(dataset, measure, system, qid, v, k);
      } catch (const InputError& e) {
        // The collector's "line N" is the instance's position here.
        std::string what = e.detail;
        throw InputError("instance" + what.substr(4));
      }
    }
  }
  return col.finish(InputFormat::helm);
}

}  // namespace pairpower::reading
