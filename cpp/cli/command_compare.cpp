// pairpower compare: paired significance on real per-query scores, for people
// and for CI pipelines (the exit code carries the verdict).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "input_files.hpp"
#include "commands.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/evaluate/measures.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/jobs/analyze.hpp"

namespace pairpower::cli {
namespace {
const std::vector<std::string> output_formats{"text", "json", "md", "latex", "csv"};

// How the text header names the two inputs: by file or folder name ("out/model-a/" → "model-a/"), with as
// many parent folders as tell them apart (HELM names every such file per_instance_stats.json).
std::pair<std::string, std::string> input_names(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  const auto parts = [](const std::string& path) {
    std::vector<std::string> out;
    if (path == "-") return std::vector<std::string>{"stdin"};
    std::error_code ignored;
    for (const auto& c : fs::weakly_canonical(path, ignored))
      if (!c.empty() && c != c.root_path()) out.push_back(c.string());
    if (out.empty()) out.push_back(path);
    return out;
  };
  const auto tail = [](const std::vector<std::string>& p, std::size_t k) {
    std::string out;
    for (std::size_t i = p.size() - std::min(k, p.size()); i < p.size(); ++i) out += (out.empty() ? "" : "/") + p[i];
    return out;
  };
  const auto folder = [](const std::string& path) {
    std::error_code ignored;
    return path != "-" && fs::is_directory(path, ignored) ? "/" : "";
  };
  const auto pa = parts(a), pb = parts(b);
  std::size_t k = 1;
  while (k < pa.size() && k < pb.size() && tail(pa, k) == tail(pb, k)) ++k;
  return {tail(pa, k) + folder(a), tail(pb, k) + folder(b)};
}
}  // namespace

void add_compare(CLI::App& app, CompareFlags& f) {
  app.add_option("files", f.files, "FILE_A [FILE_B]: score files, or a model's folder of logs (- for stdin); with --qrels, RUN RUN [RUN…]: runs, or folders of them")->required()->expected(1, -1);
  auto add = [&](Flag& flag, const std::string& name, const std::string& help) { flag.option = app.add_option(name, flag.value, help); };
  app.add_option("--measure", f.measures,
                 "measure(s) to compare: ndcg_cut_10, or map,P_10, or all (every measure both inputs hold, counts such as num_ret left out); repeatable (--measure 'P(rel=2)@10' --measure nDCG@10); "
                 "commas inside parentheses do not split")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      // One value per occurrence: a repeated flag, not a list that swallows the files after it.
      ->allow_extra_args(false);
  add(f.qrels, "--qrels",
      fmt::format("QRELS: the files are TREC or JSON runs, scored against these judgments as trec_eval 10.0 scores them (--measure in its or ir_measures' names) [{}]",
                  default_run_measure));
  add(f.baseline, "--baseline", "the system the others are compared with [the first]");
  add(f.format, "--format", "text, json, md, latex or csv [text]");
  f.format.option->check(CLI::IsMember(output_formats));
  // The statistical settings, their help and defaults: the registry's (the page shows the same).
  // A setting left out takes the registry's default, or what the job derives it from (the confidence: 1 − α).
  for (const auto& s : analyze_settings())
    add(f.settings[s.field], flag_for(s.field), fmt::format("{}: {} [{}]", s.label, s.help, s.unset ? s.unset : format_csv(s.value)));
  add_input_choices(app, f.missing, f.input_format, f.direction, "unmatched query ids");
  add(f.cluster, "--cluster",
      "FIELD: the field of each log record that names the item's cluster (a passage, a conversation), dotted for nested ones: doc.group; "
      "tables give theirs in a column named cluster");
  add(f.alternative, "--alternative",
      fmt::format("alternative of the t, Wilcoxon, sign and randomization tests on Δ = B − A: {} [{}]", fmt::join(ids(alternatives()), ", "), alternatives()[0].id));
  f.alternative.option->check(CLI::IsMember(ids(alternatives())));
  app.add_flag("--no-curve", f.no_curve, "skip the power-vs-n simulation from the pilot data");
  // A pair taken from a leaderboard, judged as when the page opens a board's pair (FamilyContext in comparison.hpp).
  add(f.family_p, "--family-p",
      "this pair's family-wise p from a leaderboard (its p_tukey): the larger of it and the pair's own p decides a difference; "
      "with --equivalence or --non-inferiority the pair is tested at α / the family's pairs (Bonferroni)");
  add(f.family_systems, "--family-systems", "systems on that leaderboard (needed with --family-p)");
  add(f.family_pairs, "--family-pairs", "comparisons in the family [every pair: K(K − 1)/2]");
  add(f.family_procedure, "--family-procedure", fmt::format("how the family-wise p was computed: {} [{}]", fmt::join(ids(family_procedures()), ", "), family_procedures()[0].id));
  f.family_procedure.option->check(CLI::IsMember(ids(family_procedures())));
}

namespace {

// "90" for 1 − 2α at α = 0.05; "99.64" for a family's 1 − 2α/m.
std::string level_percent(double level) {
  const double v = level * 100;
  return std::fabs(v - std::round(v)) < 1e-9 ? std::to_string(std::llround(v)) : format_sig(v);
}

std::optional<FamilyRequest> read_family(const CompareFlags& f) {
  if (!f.family_p.given()) {
    for (const Flag* x : {&f.family_systems, &f.family_pairs, &f.family_procedure})
      if (x->given()) throw UsageError("--family-p: give the pair's family-wise p with the family's other flags");
    return std::nullopt;
  }
  if (!f.family_systems.given()) throw UsageError("--family-systems: give the number of systems in the family with --family-p");
  FamilyRequest c;
  c.p = parse_real("--family-p", f.family_p.value);
  // Whole numbers here; their bounds are the core's (validate_family), as for the page.
  c.systems = parse_count("--family-systems", f.family_systems.value, 0);
  if (f.family_pairs.given()) c.pairs = parse_count("--family-pairs", f.family_pairs.value, 0);
  if (f.family_procedure.given()) c.procedure = f.family_procedure.value;
  return c;
}

}  // namespace

int run_compare(const CompareFlags& f) {
  AnalyzeRequest req;
  CompareOptions& in = req.options;
  for (const auto& s : analyze_settings()) {
    const Flag& flag = f.settings.at(s.field);
    if (!flag.given()) continue;
    const double v = s.integer ? static_cast<double>(parse_count(flag_for(s.field), flag.value, 0)) : parse_real(flag_for(s.field), flag.value);
    s.apply(in, checked_setting(s, v));
  }
  req.confidence_from_alpha = !f.settings.at("confidence").given();
  in.power_curve = !f.no_curve;
  req.family = read_family(f);
  // Membership was checked by CLI11; a choice not given is the registry's default (the job's).
  if (f.direction.given()) in.higher_is_better = *higher_is_better(f.direction.value);
  if (f.alternative.given()) in.alternative = *alternative_from_string(f.alternative.value);
  if (f.missing.given()) req.missing = f.missing.value;
  const InputFormat format = f.input_format.given() ? *input_format_from_string(f.input_format.value) : InputFormat::auto_detect;
  const std::string out_format = f.format.given() ? f.format.value : output_formats[0];
  if (f.files.size() == 2 && f.files[0] == "-" && f.files[1] == "-") throw UsageError("files: stdin can be read once; give at most one -");

  if (!f.qrels.given() && f.files.size() > 2) throw UsageError("files: give one or two score files (several systems go in one table), or runs with --qrels");
  const std::vector<InputPath> runs = f.qrels.given() ? run_paths(f.qrels.value, f.files) : std::vector<InputPath>{};
  if (f.qrels.given() && runs.size() < 2) throw UsageError("--qrels: give two or more runs to compare");
  std::optional<ScoreFile> b;
  InputWarnings input_warnings;
  ScoreFile a = f.qrels.given() ? runs_as_scores(f.qrels.value, runs, f.files, f.measures, req.measures, input_warnings)
                                : parse_file(f.files[0], format, "A", "FILE_A", f.cluster.value, input_warnings);
  // What reading found (a saved folder's files left out, a run cut short) is warned of here, in input order,
  // and taken from the file, so the job has none to warn of.
  warn_of_reading(a, input_warnings);
  if (!f.qrels.given() && f.files.size() == 2) {
    b = parse_file(f.files[1], format, "B", "FILE_B", f.cluster.value, input_warnings);
    warn_of_reading(*b, input_warnings);
  }
  // --measure takes comma-separated lists too; the job expands "all".
  if (!f.qrels.given())
    for (const auto& item : f.measures)
      for (auto& m : split_measure_list(item)) req.measures.push_back(std::move(m));
  if (!f.measures.empty() && req.measures.empty()) throw UsageError("--measure: give a measure name (or all)");
  if (f.baseline.given()) req.baseline = f.baseline.value;
  const AnalyzeResult job = analyze(a, b ? &*b : nullptr, req);
  const ComparisonPlan& plan = job.plan;
  const CompareResult& r = job.result;
  const std::string& missing_id = job.settings.missing;
  const CompareOptions& o = job.settings.options;  // as the job ran them (the family filled in)
  // Unmatched ids are reported even when the policy handled them.
  for (std::size_t x = 0; x < plan.pairing.size(); ++x)
    if (const auto& p = plan.pairing[x]; p.only_a || p.only_b)
      fmt::print(stderr, "pairpower: note: {} {} ids only in {}, {} only in {}{}; handled by --missing {}\n", p.only_a,
                 x < plan.samples.size() ? plan.samples[x].unit.one : query_unit.one, p.system_a, p.only_b, p.system_b,
                 p.measure.empty() ? "" : " (" + p.measure + ")", missing_id);
  // Why an answer may not be trusted: one line each on stderr, whatever the format (JSON also holds them).
  for (const auto& w : r.warnings) fmt::print(stderr, "warning: {}\n", w.message);
  for (const auto& c : r.comparisons)
    for (const auto& w : c.warnings) fmt::print(stderr, "warning: {}: {}\n", comparison_name(c), w.message);

  // Columns without query ids were paired row by row: said beside the answer (text), in JSON's pairing, else on stderr.
  const bool by_position = std::any_of(plan.pairing.begin(), plan.pairing.end(), [](const PairingReport& p) { return p.by_position; });
  if (by_position && out_format != "text" && out_format != "json") fmt::print(stderr, "pairpower: note: {}\n", by_position_note);

  if (out_format == "json") {
    ReportSettings settings = job.settings;
    settings.input_warnings = input_warnings.all();  // printed as they arose
    std::fputs(report_json_text(r, settings).c_str(), stdout);
  } else if (out_format == "csv") {
    std::fputs(report_csv(r).c_str(), stdout);
  } else if (out_format == "md") {
    std::fputs(report_markdown(r, o).c_str(), stdout);
  } else if (out_format == "latex") {
    std::fputs(report_latex(r, o).c_str(), stdout);
  } else {
    const auto names = b ? input_names(f.files[0], f.files[1]) : std::pair<std::string, std::string>{};
    fmt::print("pairpower compare — {}\n", b ? fmt::format("A: {}, {}; B: {}, {}", names.first, a.describe(), names.second, b->describe()) : "detected: " + a.describe());
    fmt::print("baseline: {}\n", r.baseline);
    if (by_position) fmt::print("note: {}\n", by_position_note);
    if (o.family && question_of(o) == Question::difference)
      fmt::print("family: one of {} pairs of {} systems; its family-wise {} ({}) and the pair's own p decide the verdict (the larger)\n", o.family->pairs,
                 o.family->systems, p_equals(o.family->p), family_procedure_label(o.family->procedure).value_or(o.family->procedure));
    else if (o.family)
      fmt::print("family: one of {} pairs of {} systems (family-wise {}, {}); the {} question is tested at α/{} = {} (Bonferroni over the family)\n",
                 o.family->pairs, o.family->systems, p_equals(o.family->p), family_procedure_label(o.family->procedure).value_or(o.family->procedure),
                 question_of(o) == Question::equivalence ? "equivalence" : "non-inferiority", o.family->pairs, format_sig(question_alpha(o)));
    if (o.alternative != Alternative::two_sided)
      fmt::print("alternative: {} (p-values of the t, Wilcoxon, sign and randomization tests; intervals stay two-sided)\n", to_string(o.alternative));
    for (const auto& c : r.comparisons) {
      fmt::print("\n== {} (n = {})\n", comparison_name(c), c.n);
      fmt::print("  means        {} {}   {} {}   Δ = {} − {} = {}   SD of differences {}\n", c.system_a, format_sig(c.mean_a), c.system_b,
                 format_sig(c.mean_b), c.system_b, c.system_a, format_signed(c.delta), format_sig(c.sd_diff));
      fmt::print("  correlation  Pearson {}   Spearman {}\n", format_sig(c.pearson), format_sig(c.spearman));
      fmt::print("  randomization {}{}   ({})\n", p_equals(c.randomization.p_value),
                 c.randomization.exact ? "" : fmt::format(" (Monte Carlo SE {})", format_se(c.randomization.p_se)),
                 c.randomization.exact ? fmt::format("exact, {} sign flips", thousands(c.randomization.resamples))
                                       : fmt::format("{} sign flips, seed {}", thousands(c.randomization.resamples), o.seed));
      fmt::print("  bootstrap    BCa [{}, {}]   percentile [{}, {}]   ({} resamples)\n", format_signed(c.bootstrap.bca.low), format_signed(c.bootstrap.bca.high),
                 format_signed(c.bootstrap.percentile.low), format_signed(c.bootstrap.percentile.high), thousands(c.bootstrap.resamples));
      fmt::print("  paired t     {}   CI [{}, {}]   d_z = {}\n", p_equals(c.t.p), format_signed(c.t.ci_low), format_signed(c.t.ci_high), format_sig(c.t.dz));
      fmt::print("  Wilcoxon     {} ({})   Hodges–Lehmann {} [{}, {}]\n", p_equals(c.wilcoxon.p), c.wilcoxon.exact ? "exact" : "normal approximation",
                 format_signed(c.wilcoxon.hl), format_signed(c.wilcoxon.hl_ci_low), format_signed(c.wilcoxon.hl_ci_high));
      fmt::print("  sign test    {}      smallest attainable p at this n: {}\n", p_equals(c.sign_p), format_p(c.min_attainable_p));
      if (const auto& rep = c.repeats)
        fmt::print("  repeats      {} per item: {}% of the variance of the per-item differences is within items; SE of Δ {} ({} with twice the repeats, {} with unlimited)\n",
                   std::floor(rep->k) == rep->k ? thousands(static_cast<std::uint64_t>(rep->k)) : format_sig(rep->k), format_sig(100 * rep->within_share), format_sig(rep->se), format_sig(rep->se_double), format_sig(rep->se_floor));
      if (const auto& k = c.cluster) {
        fmt::print("  clustered    {} clusters: Δ CI [{}, {}] (cluster-robust t, SE {}, {} df), {}   design effect {}, effective n {}\n",
                   thousands(k->clusters), format_signed(k->ci_low), format_signed(k->ci_high), format_sig(k->se), thousands(k->clusters - 1),
                   p_equals(k->p), format_sig(k->design_effect), format_sig(k->effective_n));
        fmt::print("               cluster bootstrap [{}, {}]   cluster sign flips {}   SE of means: {} {}, {} {}\n", format_signed(k->bootstrap.low),
                   format_signed(k->bootstrap.high), p_equals(k->randomization.p_value), c.system_a, format_sig(k->se_a), c.system_b,
                   format_sig(k->se_b));
      }
      if (const auto& bin = c.binary) {
        fmt::print("  McNemar      {} exact, mid-p {}   ({} {} only {} gets right, {} only {})\n", p_equals(bin->mcnemar.p), format_p(bin->mcnemar.p_mid),
                   thousands(bin->mcnemar.discordant_b), bin->mcnemar.discordant_b == 1 ? c.unit.one : c.unit.many, c.system_b, thousands(bin->mcnemar.discordant_a), c.system_a);
        fmt::print("  accuracy     {} {} [{}, {}]   {} {} [{}, {}] (Wilson)   Δ [{}, {}] (Newcombe)\n", c.system_a, format_sig(c.mean_a),
                   format_sig(bin->wilson_a.low), format_sig(bin->wilson_a.high), c.system_b, format_sig(c.mean_b), format_sig(bin->wilson_b.low),
                   format_sig(bin->wilson_b.high), format_signed(bin->newcombe.low), format_signed(bin->newcombe.high));
      }
      if (r.comparisons.size() > 1)
        fmt::print("  adjusted p   Holm {}   Bonferroni {}   BH {}\n", format_p(c.p_holm), format_p(c.p_bonferroni), format_p(c.p_bh));
      fmt::print("  planning     MDE at n = {}: {} ({:.0f}% power);  n to detect Δ were it the true effect: {}\n", c.n,
                 c.planning.mde ? format_sig(*c.planning.mde) : std::string("—"), o.planning_power * 100,
                 c.planning.n_required ? std::to_string(*c.planning.n_required) : "—");
      if (!c.planning.curve_note.empty()) fmt::print("  power curve  {}\n", c.planning.curve_note);
      if (c.equivalence)
        fmt::print("  equivalence  TOST within ±{}: {} (p of Δ > −margin {}, of Δ < +margin {})   {}% t interval [{}, {}]\n",
                   format_csv(c.equivalence->margin), p_equals(c.equivalence->p), format_p(c.equivalence->p_lower), format_p(c.equivalence->p_upper),
                   level_percent(c.equivalence->ci_level), format_signed(c.equivalence->ci_low), format_signed(c.equivalence->ci_high));
      if (c.non_inferiority)
        fmt::print("  non-inferior margin {}: t = {}, {} (one-sided paired t)\n", format_csv(c.non_inferiority->margin), format_sig(c.non_inferiority->t),
                   p_equals(c.non_inferiority->p));
      fmt::print("  verdict      {} — {}\n", to_string(c.verdict), c.reason);
      fmt::print("  quote        {}\n", c.sentence);
    }
    fmt::print("\n{}\n", r.summary);
    if (r.by_system.size() > 1)
      for (const auto& t : r.by_system)
        fmt::print("  {:<24} better on {} of {}, worse on {}: {}\n", t.system, t.better, t.comparisons, t.worse, to_string(t.verdict));
    fmt::print("Overall: {}\nNote: {}\n", to_string(r.overall), wilcoxon_note(r.comparisons, o));
  }
  switch (r.overall) {
    case Verdict::ship: return exit_ship;
    case Verdict::hold: return exit_hold;
    case Verdict::reject: return exit_reject;
  }
  return exit_internal;
}

}  // namespace pairpower::cli
