#include <algorithm>
#include <atomic>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <thread>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "input_files.hpp"
#include "pilot_input.hpp"
#include "pairpower/registry/field_text.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/simulation/plan_export.hpp"
#include "commands.hpp"
#include "pairpower/registry/paper.hpp"
#include "pairpower/simulation/plan_work.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/simulation/plan_warnings.hpp"
#include "simulate_text.hpp"

namespace pairpower::cli {

bool Flag::given() const { return option != nullptr && option->count() > 0; }

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted = true; }

std::string choice_ids() {
  std::string out;
  for (const auto& c : model_choices()) out += (out.empty() ? "" : ", ") + std::string(c.id);
  return out;
}

std::string test_ids() {
  std::string out;
  for (const auto& t : paired_tests()) out += (out.empty() ? "" : ",") + std::string(t.id);
  return out;
}

void add(CLI::App& app, Flag& f, const std::string& name, const std::string& help) {
  f.option = app.add_option(name, f.value, help);
}

// A Plan field's flag, read by the core's grammar and bounds (field_text.hpp): the page's form reads the same.
template <class T>
T read(const Flag& f, const char* id) {
  return read_plan_field(id, f.value).get<T>();
}

std::vector<ScoreModel> read_models(const Flag& f) {
  std::vector<ScoreModel> out;
  for (const auto& m : read_plan_field("model", f.value)) out.push_back(*score_model_from_string(m.get<std::string>()));
  return out;
}

std::vector<PairedTest> read_tests(const Flag& f) {
  std::vector<PairedTest> out;
  for (const auto& t : read_plan_field("tests", f.value)) out.push_back(*paired_test_from_string(t.get<std::string>()));
  return out;
}

// The models' own parameter flags, by Plan field.
std::vector<std::pair<const char*, const Flag*>> param_flags(const SimulateFlags& f) {
  return {{"tau", &f.tau}, {"df", &f.df}, {"zero_share", &f.zero_share}, {"levels", &f.levels}};
}

// The pilot's per-item differences b − a.
std::shared_ptr<const std::vector<double>> read_pilot(const SimulateFlags& f, InputWarnings& about_files) {
  const PairedSample s = read_pilot_sample(f.pilot.files, f.pilot.measure, f.pilot.dataset, f.pilot.missing, f.pilot.input_format, "", about_files);
  std::vector<double> d(s.a.size());
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = s.b[i] - s.a[i];
  return std::make_shared<const std::vector<double>>(std::move(d));
}

void print_json(const PlanSpec& spec, const GridResult& r, unsigned threads, const std::vector<Warning>& about_files) {
  const RunInfo run{fmt::format("native, {} threads", threads), threads, r.elapsed_s, r.cancelled};
  std::puts(simulation_json(spec, r.cells, run, about_files).dump(1).c_str());
}

}  // namespace

// Flag help from the registry: the same labels and help the page shows.
std::string help_of(const char* id, const std::string& default_text) {
  const PlanField& f = plan_field(id);
  return fmt::format("{}: {}{}", f.label, f.help, default_text.empty() ? "" : " [" + default_text + "]");
}

void add_simulate(CLI::App& app, SimulateFlags& f) {
  const GridSpec defaults{};
  std::string preset_help;
  for (const auto& p : presets()) preset_help += (preset_help.empty() ? "" : "; ") + std::string(p.id) + ": " + p.label;
  add(app, f.preset, "--preset", preset_help + " (the page's presets)");
  add(app, f.n, "--n", help_of("n", ""));
  add(app, f.delta, "--delta", help_of("delta", ""));
  add(app, f.rho, "--rho", help_of("rho", ""));
  add(app, f.model, "--model", help_of("model", choice_ids() + "; default normal"));
  add(app, f.mean, "--mean", help_of("mean", fmt::format("{}", defaults.marginal.mean)));
  add(app, f.sd, "--sd", help_of("sd", fmt::format("{}", defaults.marginal.sd)));
  add(app, f.alpha, "--alpha", help_of("alpha", fmt::format("{}", defaults.alpha)));
  add(app, f.tests, "--tests", help_of("tests", test_ids() + "; default t,wilcoxon"));
  add(app, f.reps, "--reps", help_of("reps", fmt::format("{}", defaults.reps)));
  add(app, f.seed, "--seed", help_of("seed", fmt::format("{}", defaults.seed)));
  add(app, f.threads, "--threads", "worker threads [all cores]");
  add(app, f.format, "--format", "table, json, csv or md [table]");
  f.format.option->check(CLI::IsMember({"table", "json", "csv", "md"}));
  add(app, f.power, "--power", help_of("power", "0.8"));
  add(app, f.progress, "--progress", "on, off or auto (auto: when stderr is a terminal) [auto]");
  add(app, f.alternative, "--alternative", help_of("alternative", "two-sided"));
  f.alternative.option->check(CLI::IsMember(ids(alternatives())));
  add_question_flags(app, f.equivalence, f.non_inferiority);
  const ModelParams p{};
  add(app, f.tau, "--tau", help_of("tau", fmt::format("{}", p.tau)));
  add(app, f.df, "--df", help_of("df", fmt::format("{}", p.df)));
  add(app, f.zero_share, "--zero-share", help_of("zero_share", fmt::format("{}", p.zero_share)));
  add(app, f.levels, "--levels", help_of("levels", fmt::format("{}", p.levels)));
  add_pilot_flags(app, f.pilot, PilotUse::model);
}

int run_simulate(const SimulateFlags& f) {
  const bool from_preset = f.preset.given();
  GridSpec g;
  double target = PlanSpec{}.power;
  if (from_preset) {
    const auto& all = presets();
    const auto it = std::find_if(all.begin(), all.end(), [&](const Preset& p) { return f.preset.value == p.id; });
    if (it == all.end()) {
      std::string ids;
      for (const auto& p : all) ids += (ids.empty() ? "" : ", ") + std::string(p.id);
      throw UsageError(fmt::format("--preset: '{}' is not a preset ({})", f.preset.value, ids));
    }
    for (const Flag* fixed : {&f.n, &f.delta, &f.rho, &f.model, &f.mean, &f.sd, &f.alpha})
      if (fixed->given())
        throw UsageError(fmt::format("{}: cannot be combined with --preset {}, which fixes the grid", fixed->option->get_name(), it->id));
    g = it->spec.grid;
    target = it->spec.power;
  } else {
    for (const Flag* needed : {&f.n, &f.delta, &f.rho})
      if (!needed->given())
        throw UsageError(fmt::format("{}: required (or use --preset paper)", needed->option->get_name()));
    g.n = read<std::vector<std::size_t>>(f.n, "n");
    g.delta = read<std::vector<double>>(f.delta, "delta");
    g.rho = read<std::vector<double>>(f.rho, "rho");
    if (f.model.given()) g.models = read_models(f.model);
    if (f.mean.given()) g.marginal.mean = read<double>(f.mean, "mean");
    if (f.sd.given()) g.marginal.sd = read<double>(f.sd, "sd");
    if (f.alpha.given()) g.alpha = read<double>(f.alpha, "alpha");
  }
  // A model's parameter given for a grid without that model is a mistake worth naming.
  for (const auto& [id, flag] : param_flags(f)) {
    if (!flag->given()) continue;
    const auto& models = score_models();
    const bool used = std::any_of(g.models.begin(), g.models.end(), [&, id = id](ScoreModel m) {
      return std::any_of(models.begin(), models.end(), [&](const ModelInfo& i) { return i.model == m && std::string_view(i.param) == id; });
    });
    if (!used) throw UsageError(fmt::format("{}: no model of this grid uses it (see --model)", flag->option->get_name()));
  }
  if (f.tau.given()) g.params.tau = read<double>(f.tau, "tau");
  if (f.df.given()) g.params.df = read<double>(f.df, "df");
  if (f.zero_share.given()) g.params.zero_share = read<double>(f.zero_share, "zero_share");
  if (f.levels.given()) g.params.levels = read<unsigned>(f.levels, "levels");
  const bool pilot_model = std::find(g.models.begin(), g.models.end(), ScoreModel::pilot) != g.models.end();
  if (!f.pilot.files.empty() && !pilot_model) throw UsageError("--pilot: give --model pilot to plan with pilot data");
  refuse_pilot_flags_without_files(f.pilot);
  if (pilot_model && f.pilot.files.empty()) throw UsageError("--pilot: the pilot model needs the pilot's scores (--pilot FILE, or --pilot A --pilot B)");
  InputWarnings about_files;
  if (pilot_model) g.params.pilot = read_pilot(f, about_files);
  if (f.tests.given()) g.tests = read_tests(f.tests);
  if (f.alternative.given()) g.alternative = *alternative_from_string(read<std::string>(f.alternative, "alternative"));
  g.question = read_question(f.equivalence, f.non_inferiority, f.alternative);
  if (f.reps.given()) g.reps = read<std::uint64_t>(f.reps, "reps");
  if (f.seed.given()) g.seed = read<std::uint64_t>(f.seed, "seed");
  if (f.power.given()) target = read<double>(f.power, "power");
  check_plan_rules(PlanSpec{g, target});
  const std::string format = f.format.given() ? f.format.value : "table";
  RunOptions opt;
  if (f.threads.given()) opt.threads = static_cast<unsigned>(std::min<std::uint64_t>(parse_count("--threads", f.threads.value, 1), 1024));
  const unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  std::string progress = f.progress.given() ? f.progress.value : "auto";
  if (progress != "on" && progress != "off" && progress != "auto")
    throw UsageError(fmt::format("--progress: '{}' is not one of on, off, auto", progress));
  if (progress == "on" || (progress == "auto" && isatty(STDERR_FILENO))) {
    opt.on_progress = [](const Progress& p) {
      fmt::print(stderr, "\r{:5.1f}%  {} of {} cells", 100.0 * static_cast<double>(p.pairs_done) / static_cast<double>(p.pairs_total),
                 p.cells_done, p.cells_total);
      if (p.cells_done == p.cells_total) fmt::print(stderr, "\n");
    };
  }
  std::signal(SIGINT, on_sigint);
  opt.cancel = &interrupted;

  validate(g);
  const GridResult r = run_grid(g, opt);
  if (r.cancelled) {
    fmt::print(stderr, "pairpower: interrupted; {} of {} cells finished\n", r.cells.size() / g.tests.size(),
               g.models.size() * g.n.size() * g.delta.size() * g.rho.size());
    return 130;
  }
  // What qualifies the answer goes to stderr whatever the format (and into the JSON's warnings).
  for (const auto& w : plan_warnings(PlanSpec{g, target}, r.cells)) fmt::print(stderr, "warning: {}\n", w.message);
  if (format == "json") print_json(PlanSpec{g, target}, r, threads, about_files.all());
  else if (format == "csv") std::fputs(simulation_csv(PlanSpec{g, target}, r.cells).c_str(), stdout);
  else if (format == "md") std::fputs(simulation_markdown(PlanSpec{g, target}, r.cells).c_str(), stdout);
  else if (from_preset && f.preset.value == "paper" && paper_applies(g)) print_paper_tables(stdout, g, r, target);
  else print_grid_table(stdout, g, r, target);
  return 0;
}

}  // namespace pairpower::cli
