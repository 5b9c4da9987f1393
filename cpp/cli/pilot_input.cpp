#include "pilot_input.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "arguments.hpp"
#include "input_files.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower::cli {

namespace {

// One dataset (task) of the pilot's files, chosen before pairing: the others' gaps and measures do not refuse
// the pilot. A file naming no dataset is kept; it joins the chosen one as compare joins it.
void keep_one_dataset(ScoreFile& a, ScoreFile* b, const Flag& dataset) {
  std::vector<std::string> named = a.datasets();
  if (b)
    for (auto& d : b->datasets())
      if (std::find(named.begin(), named.end(), d) == named.end()) named.push_back(std::move(d));
  std::erase(named, std::string());
  if (!dataset.given()) {
    if (named.size() > 1)
      throw UsageError(fmt::format("--pilot: the pilot holds {} datasets (tasks): {}; choose one with --pilot-dataset", named.size(), names_list(named)));
    return;
  }
  if (named.empty()) throw UsageError("--pilot-dataset: the pilot's files name no datasets (tasks)");
  if (std::find(named.begin(), named.end(), dataset.value) == named.end())
    throw UsageError(fmt::format("--pilot-dataset: the pilot holds no dataset '{}'; it holds {}", dataset.value, names_list(named)));
  for (ScoreFile* f : {&a, b})
    if (f) std::erase_if(f->series, [&](const ScoreSeries& s) { return !s.dataset.empty() && s.dataset != dataset.value; });
}

}  // namespace

PairedSample read_pilot_sample(const std::vector<std::string>& files, const Flag& measure, const Flag& dataset, const Flag& missing,
                               const Flag& input_format, const std::string& cluster_field, InputWarnings& warnings) {
  if (files.size() > 2) throw UsageError("--pilot: give one file holding two systems, or two files (--pilot A --pilot B)");
  const InputFormat format = input_format.given() ? *input_format_from_string(input_format.value) : InputFormat::auto_detect;
  const MissingPolicy policy = *missing_policy_from_string(missing.given() ? missing.value : missing_policies()[0].id);
  ScoreFile a = parse_file(files[0], format, "A", "--pilot", cluster_field, warnings);
  warn_of_reading(a, warnings);
  std::optional<ScoreFile> b;
  if (files.size() == 2) {
    b = parse_file(files[1], format, "B", "--pilot", cluster_field, warnings);
    warn_of_reading(*b, warnings);
  }
  keep_one_dataset(a, b ? &*b : nullptr, dataset);
  std::vector<std::string> measures;
  if (measure.given()) measures = {measure.value};
  ComparisonPlan plan;
  try {
    plan = build_comparisons(a, b ? &*b : nullptr, measures, policy);
  } catch (const pairpower::Error& e) {
    // compare's flag is --measure; here it is --pilot-measure.
    if (e.field == "measure") throw UsageError("--pilot-measure: " + e.detail);
    throw;
  }
  if (plan.samples.size() != 1)
    throw UsageError(fmt::format("--pilot: the pilot holds {} comparisons (systems or measures); give one pair of systems and one measure (--pilot-measure)",
                                 plan.samples.size()));
  return std::move(plan.samples.front());
}

void add_pilot_flags(CLI::App& app, PilotFlags& f, PilotUse use) {
  const bool model = use == PilotUse::model;
  const std::string lead = model ? "pilot model" : "with --pilot";
  app.add_option("--pilot", f.files,
                 model ? "pilot model: FILE holding two systems' per-item scores, or --pilot A --pilot B (any format compare reads); its differences are resampled"
                       : "plan from a pilot: FILE holding two systems' per-item scores, or --pilot A --pilot B (any format compare reads); "
                         "it gives σ_d, or with --metric binary the accuracies and agreement, and with clusters their size and ICC")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  f.measure.option = app.add_option("--pilot-measure", f.measure.value, lead + ": the measure to take from the pilot files");
  f.dataset.option = app.add_option("--pilot-dataset", f.dataset.value, lead + ": the dataset (task) to take from pilot files that hold several");
  f.missing.option = app.add_option("--missing", f.missing.value, lead + ": unmatched item ids: " + choices(missing_policies()));
  f.missing.option->check(CLI::IsMember(ids(missing_policies())));
  const auto formats = ids(input_formats(), [](const FormatInfo& x) { return x.id; });
  f.input_format.option = app.add_option("--input-format", f.input_format.value, fmt::format("{}: {} [auto]", lead, fmt::join(formats, ", ")));
  f.input_format.option->check(CLI::IsMember(formats));
  if (!model)
    f.cluster.option = app.add_option("--cluster", f.cluster.value,
                                      "with --pilot: the field of each log record that names the item's cluster (tables give theirs in a column named cluster)");
}

void refuse_pilot_flags_without_files(const PilotFlags& f) {
  if (!f.files.empty()) return;
  for (const Flag* only : {&f.measure, &f.dataset, &f.missing, &f.input_format, &f.cluster})
    if (only->given()) throw UsageError(fmt::format("{}: reads the pilot files; give --pilot FILE too", only->option->get_name()));
}

std::optional<PilotEstimates> read_pilot_estimates(const PilotFlags& f, InputWarnings& warnings) {
  refuse_pilot_flags_without_files(f);
  if (f.files.empty()) return std::nullopt;
  const PairedSample s = read_pilot_sample(f.files, f.measure, f.dataset, f.missing, f.input_format, f.cluster.value, warnings);
  return estimate_pilot(s.a, s.b, s.clusters, most_repeats(s));
}

std::string pilot_text(const PilotEstimates& e) {
  std::string out = fmt::format("Pilot: {} items", thousands(e.items));
  if (e.clusters > 0)
    out += fmt::format(" in {} clusters (mean size {:.4g}, design effect {:.4g} → ICC {:.4g})", thousands(e.clusters), e.cluster_size, e.design_effect, e.icc);
  if (e.repeats > 1) out += fmt::format(", up to {} samples averaged per item", e.repeats);
  out += fmt::format("; Δ = {}, σ_d = {}", format_signed(e.delta), format_sig(e.sd_diff));
  if (e.binary_scores)
    out += fmt::format("; accuracy A {:.4g}, B {:.4g}, agreement {:.4g}", e.accuracy_a, e.accuracy_b, e.agreement);
  return out;
}

}  // namespace pairpower::cli
