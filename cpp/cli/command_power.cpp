// power, samplesize, mde: instant analytic answers for one scenario. The core
// checks every value and writes the JSON (analytic_answers.hpp); the CLI reads
// flags and words the text.
#include <algorithm>
#include <cstdio>
#include <optional>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "pilot_input.hpp"
#include "pairpower/power/analytic_answers.hpp"
#include "pairpower/power/binary_answers.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower::cli {
namespace {

using json = nlohmann::ordered_json;

void add_common(CLI::App& app, AnalyticFlags& f) {
  f.rho.option = app.add_option("--rho", f.rho.value, plan_field("rho").help);
  f.sd.option = app.add_option("--sd", f.sd.value, fmt::format("{} [{}]", plan_field("sd").help, format_csv(default_sd())));
  f.sd_diff.option = app.add_option("--sd-diff", f.sd_diff.value, "SD of the per-query differences (instead of --rho/--sd)");
  f.alpha.option = app.add_option("--alpha", f.alpha.value, fmt::format("{} [{}]", plan_field("alpha").help, format_csv(default_alpha())));
  f.format.option = app.add_option("--format", f.format.value, "text or json [text]")->check(CLI::IsMember({"text", "json"}));
  f.alternative.option = app.add_option("--alternative", f.alternative.value, plan_field("alternative").help + std::string(" [two-sided]"));
  f.alternative.option->check(CLI::IsMember(ids(alternatives())));
  add_question_flags(app, f.equivalence, f.non_inferiority);
}

void add_family(CLI::App& app, AnalyticFlags& f) {
  f.comparisons.option = app.add_option("--comparisons", f.comparisons.value, "K independent comparisons (datasets or metrics) tested together [1]");
  f.correction.option = app.add_option("--correction", f.correction.value,
                                       fmt::format("across the K comparisons: {} [{}]", fmt::join(ids(corrections()), ", "), corrections().front().id));
  f.correction.option->check(CLI::IsMember(ids(corrections())));
}

void add_binary(CLI::App& app, AnalyticFlags& f) {
  f.metric.option = app.add_option("--metric", f.metric.value, choices(metric_kinds()));
  f.metric.option->check(CLI::IsMember(ids(metric_kinds())));
  f.accuracy_a.option = app.add_option("--accuracy-a", f.accuracy_a.value, "with --metric binary: A's share of items right");
  f.accuracy_b.option = app.add_option("--accuracy-b", f.accuracy_b.value, "with --metric binary: B's share of items right");
  f.agreement.option = app.add_option("--agreement", f.agreement.value, "with --metric binary: the share of items on which A and B agree (both right or both wrong)");
}

void add_design(CLI::App& app, AnalyticFlags& f) {
  f.cluster_size.option = app.add_option("--cluster-size", f.cluster_size.value, "items per cluster (questions per passage, repository or conversation) [1]");
  f.icc.option = app.add_option("--icc", f.icc.value, "with --cluster-size: the correlation of two items' differences within a cluster [0]");
  f.repeats.option = app.add_option("--repeats", f.repeats.value, "samples per item (epochs, generations), averaged before pairing [1]");
  f.within_share.option = app.add_option("--within-share", f.within_share.value,
                                         "with --repeats: the share of one sample's difference variance that is sampling noise (compare reports it as repeats.within_share_one) [0]");
}

using Pilot = std::optional<PilotEstimates>;

// The design from --cluster-size, --icc, --repeats and --within-share, each in place of what a clustered pilot
// gives (its clusters' mean size and ICC); the core checks them together.
EvalDesign design_of(const AnalyticFlags& f, const Pilot& pilot) {
  const auto real = [](const Flag& flag, const char* name, double fallback) { return flag.given() ? parse_real(name, flag.value) : fallback; };
  if (pilot && pilot->repeats > 1)
    for (const auto& [flag, name] : {std::pair{&f.repeats, "--repeats"}, std::pair{&f.within_share, "--within-share"}})
      if (flag->given())
        throw UsageError(fmt::format("{}: the pilot's items already average up to {} samples each and its σ_d is of those means; leave {} out to plan "
                                     "with the pilot's samples per item",
                                     name, pilot->repeats, name));
  return EvalDesign::make(real(f.cluster_size, "--cluster-size", pilot ? pilot->cluster_size : 1), real(f.icc, "--icc", pilot ? pilot->icc : 0),
                          real(f.repeats, "--repeats", 1), real(f.within_share, "--within-share", 0));
}

std::string design_text(const json& in) {
  if (!in.contains("design")) return "";
  const json& d = in["design"];
  std::string out;
  if (d["cluster_size"].get<double>() > 1)
    out += fmt::format(", clusters of {:.4g} items (ICC {:.4g}, design effect {:.4g})", d["cluster_size"].get<double>(), d["icc"].get<double>(),
                       d["design_effect"].get<double>());
  if (d["repeats"].get<double>() > 1)
    out += fmt::format(", {} samples per item ({} of one sample's variance is sampling noise)", format_csv(d["repeats"].get<double>()),
                       format_csv(d["within_share"].get<double>()));
  return out;
}

// "N = 1000" or, in clusters, "N = 1000 items (200 clusters)".
std::string items_text(const json& a) {
  const std::string n = fmt::format("N = {}", a["n"].get<std::uint64_t>());
  return a.contains("clusters") ? fmt::format("{} items ({} clusters)", n, a["clusters"].get<std::uint64_t>()) : n;
}

bool binary(const AnalyticFlags& f) { return f.metric.given() && f.metric.value == "binary"; }

// The binary design from --accuracy-a, --accuracy-b and --agreement, or from the pilot; the flags of the continuous scenario do not apply.
BinaryDesign binary_design(const AnalyticFlags& f, const Pilot& pilot) {
  for (const auto& [flag, name] : {std::pair{&f.rho, "--rho"}, std::pair{&f.sd, "--sd"}, std::pair{&f.sd_diff, "--sd-diff"}, std::pair{&f.delta, "--delta"},
                                   std::pair{&f.equivalence, "--equivalence"}, std::pair{&f.non_inferiority, "--non-inferiority"},
                                   std::pair{&f.comparisons, "--comparisons"}})
    if (flag->given()) throw UsageError(fmt::format("{}: not used with --metric binary (give --accuracy-a, --accuracy-b and --agreement)", name));
  if (pilot) {
    for (const auto& [flag, name] : {std::pair{&f.accuracy_a, "--accuracy-a"}, std::pair{&f.accuracy_b, "--accuracy-b"}, std::pair{&f.agreement, "--agreement"}})
      if (flag->given()) throw UsageError(fmt::format("{}: the pilot gives the accuracies and agreement; give either --pilot or {}", name, name));
    if (!pilot->binary) throw UsageError("--pilot: " + pilot->binary_reason);
    return *pilot->binary;
  }
  const auto need = [](const Flag& flag, const char* name) {
    if (!flag.given()) throw UsageError(fmt::format("{}: required with --metric binary", name));
    return parse_real(name, flag.value);
  };
  return BinaryDesign::from_accuracies(need(f.accuracy_a, "--accuracy-a"), need(f.accuracy_b, "--accuracy-b"), need(f.agreement, "--agreement"));
}

// Binary flags without --metric binary say so.
void no_binary_flags(const AnalyticFlags& f) {
  for (const auto& [flag, name] : {std::pair{&f.accuracy_a, "--accuracy-a"}, std::pair{&f.accuracy_b, "--accuracy-b"}, std::pair{&f.agreement, "--agreement"}})
    if (flag->given()) throw UsageError(fmt::format("{}: give --metric binary too", name));
}

Alternative alternative_of(const AnalyticFlags& f) { return f.alternative.given() ? *alternative_from_string(f.alternative.value) : Alternative::two_sided; }

std::string binary_text(const json& in) {
  return fmt::format("items only A gets right {:.4g}, only B {:.4g} (Δ = {:+.4g}), α = {}{}{}", in["only_a"].get<double>(), in["only_b"].get<double>(),
                     in["delta"].get<double>(), format_csv(in["alpha"].get<double>()),
                     in.contains("alternative") ? ", one-sided (" + in["alternative"].get<std::string>() + ")" : std::string(", two-sided"), design_text(in));
}

// The family of comparisons, when --comparisons is given.
std::optional<Family> family(const AnalyticFlags& f) {
  if (!f.comparisons.given()) {
    if (f.correction.given()) throw UsageError("--correction: give --comparisons K too");
    return std::nullopt;
  }
  Family fam{.correction = *correction_from_string(corrections().front().id)};
  fam.comparisons = static_cast<std::size_t>(parse_count("--comparisons", f.comparisons.value, 1));
  validate(fam);
  if (f.correction.given()) fam.correction = *correction_from_string(f.correction.value);
  return fam;
}

double real_or(const Flag& flag, const char* name, double fallback) { return flag.given() ? parse_real(name, flag.value) : fallback; }

// The scenario from the pilot's σ_d, --sd-diff, or --rho and --sd; the core checks each value.
AnalyticScenario scenario(const AnalyticFlags& f, const Pilot& pilot) {
  const double alpha = real_or(f.alpha, "--alpha", default_alpha());
  AnalyticScenario s{};
  if (pilot) {
    for (const auto& [flag, name] : {std::pair{&f.sd_diff, "--sd-diff"}, std::pair{&f.rho, "--rho"}, std::pair{&f.sd, "--sd"}})
      if (flag->given()) throw UsageError(fmt::format("{}: the pilot gives the SD of the differences; give either --pilot or {}", name, name));
    s = AnalyticScenario::from_sd_diff(pilot->sd_diff, alpha);
  } else if (f.sd_diff.given()) {
    if (f.rho.given() || f.sd.given()) throw UsageError("--sd-diff: give either --sd-diff or --rho (with --sd), not both");
    s = AnalyticScenario::from_sd_diff(parse_real("--sd-diff", f.sd_diff.value), alpha);
  } else {
    if (!f.rho.given()) throw UsageError("--rho: required (or give --sd-diff)");
    s = AnalyticScenario::from_scores(real_or(f.sd, "--sd", default_sd()), parse_real("--rho", f.rho.value), alpha);
  }
  // Membership was checked by CLI11.
  if (f.alternative.given()) s.alternative = *alternative_from_string(f.alternative.value);
  s.question = read_question(f.equivalence, f.non_inferiority, f.alternative);
  s.design = design_of(f, pilot);
  return s;
}

double required_real(const Flag& flag, const char* name, const char* what) {
  if (!flag.given()) throw UsageError(fmt::format("{}: required ({})", name, what));
  return parse_real(name, flag.value);
}

std::size_t queries(const AnalyticFlags& f) {
  if (!f.n.given()) throw UsageError("--n: required");
  return parse_count("--n", f.n.value, 0);
}

// The largest n an answer plans (samplesize), for the pilot's extrapolation warning.
std::optional<std::uint64_t> largest_n(const json& j) {
  std::optional<std::uint64_t> most;
  for (const auto& [key, a] : j.items())
    if (a.is_object() && a.contains("n") && a["n"].is_number_unsigned()) most = std::max(most.value_or(0), a["n"].get<std::uint64_t>());
  return most;
}

// The core's JSON as it is (--format json), or `words` printing it for people. With a pilot the JSON
// gains what it estimated and what qualifies it, its files first; the warnings also go to stderr whatever the format.
template <class Words>
int answer(const AnalyticFlags& f, json j, const Pilot& pilot, const std::vector<Warning>& about_files, std::optional<std::uint64_t> items, Words words) {
  if (pilot) {
    j["pilot"] = pilot_json(*pilot);
    j["warnings"] = described::json_of(about_files);  // printed as they arose
    for (const auto& w : pilot_warnings(*pilot, items)) {
      j["warnings"].push_back(described::json_of(w));
      fmt::print(stderr, "warning: {}\n", w.message);
    }
  }
  if (f.format.given() && f.format.value == "json") {
    std::puts(j.dump(2).c_str());
    return 0;
  }
  if (pilot) fmt::print("{}\n", pilot_text(*pilot));
  words();
  return 0;
}

std::string scenario_text(const json& in) {
  std::string question = in.contains("alternative") ? ", one-sided (" + in["alternative"].get<std::string>() + ")" : std::string(", two-sided");
  const auto q = in.contains("question") ? question_from_string(in["question"].get<std::string>()) : std::nullopt;
  if (q && *q != Question::difference)
    question = ", " + claim_words(*q, format_csv(in["margin"].get<double>())) + (*q == Question::equivalence ? " (TOST)" : "");
  return fmt::format("σ_d = {:.6g}, α = {}{}{}", in["sd_diff"].get<double>(), format_csv(in["alpha"].get<double>()), question, design_text(in));
}

// The solvers' table in words: one line per test they offer.
template <class Text>
void print_solved(const json& j, const std::string& heading, const char* key, Text text) {
  fmt::print("{}\n", heading);
  for (const auto& t : paired_tests()) {
    if (!t.solvable) continue;
    const json& a = j[t.id];
    fmt::print("  {:<22}{}\n", t.label, a[key].is_null() ? a["reason"].get<std::string>() : text(a));
  }
}

}  // namespace

void add_power(CLI::App& app, AnalyticFlags& f) {
  f.n.option = app.add_option("--n", f.n.value, "number of items (queries, questions) both systems are scored on");
  f.delta.option = app.add_option("--delta", f.delta.value, "true mean difference δ");
  add_common(app, f);
  add_family(app, f);
  add_binary(app, f);
  add_design(app, f);
  add_pilot_flags(app, f.pilot, PilotUse::estimates);
}

void add_samplesize(CLI::App& app, AnalyticFlags& f) {
  f.delta.option = app.add_option("--delta", f.delta.value, "true mean difference δ to detect");
  f.power.option = app.add_option("--power", f.power.value, plan_field("power").label);
  add_common(app, f);
  add_family(app, f);
  f.family_target.option = app.add_option("--family-target", f.family_target.value,
                                          "with --comparisons: the power to detect " + choices(family_targets()));
  f.family_target.option->check(CLI::IsMember(ids(family_targets())));
  add_binary(app, f);
  add_design(app, f);
  add_pilot_flags(app, f.pilot, PilotUse::estimates);
}

void add_mde(CLI::App& app, AnalyticFlags& f) {
  f.n.option = app.add_option("--n", f.n.value, "number of items (queries, questions) both systems are scored on");
  f.power.option = app.add_option("--power", f.power.value, plan_field("power").label);
  add_common(app, f);
  add_binary(app, f);
  add_design(app, f);
  add_pilot_flags(app, f.pilot, PilotUse::estimates);
}

int run_power(const AnalyticFlags& f) {
  InputWarnings about_files;
  const Pilot pilot = read_pilot_estimates(f.pilot, about_files);
  if (binary(f)) {
    const BinaryDesign d = binary_design(f, pilot);
    const json j = binary_power_answers(queries(f), d, real_or(f.alpha, "--alpha", default_alpha()), alternative_of(f), design_of(f, pilot));
    return answer(f, j, pilot, about_files.all(), queries(f), [&] {
      fmt::print("N = {} items, {}\n", j["inputs"]["n"].get<std::uint64_t>(), binary_text(j["inputs"]));
      for (const char* key : {"exact", "approximate"}) {
        const json& a = j[key];
        fmt::print("  {:<20}{}  ({})\n", key, a["power"].is_null() ? a["reason"].get<std::string>() : fmt::format("power {:.4f}", a["power"].get<double>()),
                   a["method"].get<std::string>());
      }
    });
  }
  no_binary_flags(f);
  const std::size_t n = queries(f);
  const double delta = required_real(f.delta, "--delta", "the true mean difference");
  const auto fam = family(f);
  const json j = power_answers(n, delta, scenario(f, pilot), fam);
  return answer(f, j, pilot, about_files.all(), n, [&] {
    const json& in = j["inputs"];
    const std::string clusters = in.contains("design") && in["design"].contains("clusters") ? fmt::format(" items ({} clusters)", in["design"]["clusters"].get<std::uint64_t>()) : "";
    fmt::print("N = {}{}, δ = {}, {}\n", n, clusters, format_csv(delta), scenario_text(in));
    for (const auto& t : paired_tests()) {
      const json& a = j[t.id];
      if (a["power"].is_null()) {
        fmt::print("  {:<22}{}\n", t.label, a["reason"].get<std::string>());
        continue;
      }
      const std::string noether = a.contains("noether") ? fmt::format("; Noether 1987: {:.4f}", a["noether"].get<double>()) : "";
      fmt::print("  {:<22}power {:.4f}  ({}{})\n", t.label, a["power"].get<double>(), a["method"].get<std::string>(), noether);
    }
    if (!fam) return;
    fmt::print("Across {} independent comparisons, {}:\n", fam->comparisons, to_string(fam->correction));
    for (const auto& t : paired_tests()) {
      const json& a = j[t.id];
      if (!a.contains("power_all")) {
        fmt::print("  {:<22}{}\n", t.label, a["family_note"].get<std::string>());
        continue;
      }
      const std::string se = a.contains("monte_carlo") ? fmt::format("  (Monte Carlo, {} replicates; {})", a["monte_carlo"]["reps"].get<std::uint64_t>(),
                                                                    a["monte_carlo"]["precision"].get<std::string>())
                                                      : std::string();
      fmt::print("  {:<22}each {:.4f}, all {} {:.4f}, at least one {:.4f}{}\n", t.label, a["power_per_comparison"].get<double>(), fam->comparisons,
                 a["power_all"].get<double>(), a["power_any"].get<double>(), se);
    }
  });
}

int run_samplesize(const AnalyticFlags& f) {
  InputWarnings about_files;
  const Pilot pilot = read_pilot_estimates(f.pilot, about_files);
  if (binary(f)) {
    const BinaryDesign d = binary_design(f, pilot);
    const double target = required_real(f.power, "--power", "the target power, e.g. 0.8");
    const json j = binary_sample_size_answers(d, real_or(f.alpha, "--alpha", default_alpha()), target, alternative_of(f), design_of(f, pilot));
    return answer(f, j, pilot, about_files.all(), largest_n(j), [&] {
      fmt::print("Smallest N (items) with power ≥ {}, {}\n", format_csv(target), binary_text(j["inputs"]));
      for (const char* key : {"exact", "approximate"}) {
        const json& a = j[key];
        fmt::print("  {:<20}{}  ({})\n", key,
                   a["n"].is_null() ? a["reason"].get<std::string>() : fmt::format("{}  (power {:.4f})", items_text(a), a["power"].get<double>()),
                   a["method"].get<std::string>());
      }
    });
  }
  no_binary_flags(f);
  const double delta = required_real(f.delta, "--delta", "the effect to detect");
  const double target = required_real(f.power, "--power", "the target power, e.g. 0.8");
  if (const auto fam = family(f)) {
    // Membership was checked by CLI11; not given, the registry's default (its first).
    const FamilyTarget goal = *family_target_from_string(f.family_target.given() ? f.family_target.value : family_targets().front().id);
    const json j = family_sample_size_answers(delta, target, scenario(f, pilot), *fam, goal);
    return answer(f, j, pilot, about_files.all(), largest_n(j), [&] {
      print_solved(j, fmt::format("Smallest N with power ≥ {} to detect {} of {} comparisons ({}) for δ = {}, {}", format_csv(target),
                                  goal == FamilyTarget::all ? "all" : "at least one", fam->comparisons, to_string(fam->correction), format_csv(delta),
                                  scenario_text(j["inputs"])),
                   "n", [](const json& a) { return fmt::format("{}  (power {:.4f})", items_text(a), a["power"].get<double>()); });
    });
  }
  if (f.family_target.given()) throw UsageError("--family-target: give --comparisons K too");
  const json j = sample_size_answers(delta, target, scenario(f, pilot));
  return answer(f, j, pilot, about_files.all(), largest_n(j), [&] {
    print_solved(j, fmt::format("Smallest N with power ≥ {} for δ = {}, {}", format_csv(target), format_csv(delta), scenario_text(j["inputs"])), "n",
                 [](const json& a) { return fmt::format("{}  (power {:.4f})", items_text(a), a["power"].get<double>()); });
  });
}

int run_mde(const AnalyticFlags& f) {
  InputWarnings about_files;
  const Pilot pilot = read_pilot_estimates(f.pilot, about_files);
  if (binary(f)) throw UsageError("--metric: mde does not answer for binary items; samplesize and power do (McNemar)");
  no_binary_flags(f);
  const std::size_t n = queries(f);
  const double target = required_real(f.power, "--power", "the target power, e.g. 0.8");
  const AnalyticScenario s = scenario(f, pilot);
  const json j = effect_answers(n, target, s);
  const double sd_diff = j["inputs"]["sd_diff"].get<double>();
  return answer(f, j, pilot, about_files.all(), n, [&] {
    print_solved(j, fmt::format("{} at N = {} for power {}, {}", mde_heading(s.question.kind), n, format_csv(target), scenario_text(j["inputs"])), "delta",
                 [&](const json& a) { const double d = a["delta"].get<double>(); return fmt::format("δ = {:.6f}  (= {:.4f} σ_d)", d, d / sd_diff); });
  });
}

}  // namespace pairpower::cli
