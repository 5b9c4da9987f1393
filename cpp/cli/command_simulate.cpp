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
#include "commands.hpp"
#include "pairpower/paper.hpp"
#include "paper_tables.hpp"

namespace pairpower::cli {

bool Flag::given() const { return option != nullptr && option->count() > 0; }

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted = true; }

void add(CLI::App& app, Flag& f, const std::string& name, const std::string& help) {
  f.option = app.add_option(name, f.value, help);
}

std::vector<ScoreModel> parse_models(const Flag& f) {
  std::vector<ScoreModel> out;
  for (const std::string& item : split_list("--model", f.value)) {
    if (item == "both") {
      out.push_back(ScoreModel::clipped_normal);
      out.push_back(ScoreModel::beta_copula);
    } else if (auto m = score_model_from_string(item)) {
      out.push_back(*m);
    } else {
      throw UsageError(fmt::format("--model: '{}' is not one of normal, beta, both, unclipped", item));
    }
  }
  return out;
}

std::vector<PairedTest> parse_tests(const Flag& f) {
  std::vector<PairedTest> out;
  for (const std::string& item : split_list("--tests", f.value)) {
    auto t = paired_test_from_string(item);
    if (!t) throw UsageError(fmt::format("--tests: '{}' is not one of t, wilcoxon, sign", item));
    if (std::find(out.begin(), out.end(), *t) == out.end()) out.push_back(*t);
  }
  return out;
}

void print_json(const GridSpec& g, const GridResult& r, unsigned threads) {
  nlohmann::ordered_json j;
  j["seed"] = g.seed;
  j["alpha"] = g.alpha;
  j["reps"] = g.reps;
  j["mean"] = g.marginal.mean;
  j["sd"] = g.marginal.sd;
  j["threads"] = threads;
  j["elapsed_s"] = r.elapsed_s;
  j["pairs"] = r.pairs;
  j["cancelled"] = r.cancelled;
  auto& results = j["results"] = nlohmann::ordered_json::array();
  for (const CellResult& c : r.cells) {
    results.push_back({{"model", to_string(c.model)},
                       {"n", c.n},
                       {"delta", c.delta},
                       {"rho", c.rho},
                       {"test", to_string(c.test)},
                       {"reps", c.estimate.reps},
                       {"rejections", c.rejections},
                       {"power", c.estimate.power},
                       {"mc_se", c.estimate.mc_se}});
  }
  std::puts(j.dump(1).c_str());
}

void print_csv(const GridSpec& g, const GridResult& r) {
  std::puts("model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power");
  for (const CellResult& c : r.cells) {
    const double a = analytic_for_cell(g, c);
    fmt::print("{},{},{},{},{},{},{},{},{},{}\n", to_string(c.model), c.n, c.delta, c.rho, to_string(c.test),
               c.estimate.reps, c.rejections, c.estimate.power, c.estimate.mc_se,
               std::isnan(a) ? std::string() : fmt::format("{}", a));
  }
}

}  // namespace

void add_simulate(CLI::App& app, SimulateFlags& f) {
  add(app, f.preset, "--preset", "paper: the seed paper's whole grid");
  add(app, f.n, "--n", "sample sizes: 50,100 or a range 50:500:50");
  add(app, f.delta, "--delta", "effects δ = E[s_B − s_A], e.g. 0,0.01,0.02");
  add(app, f.rho, "--rho", "correlations ρ in (−1, 1), e.g. 0.5,0.8");
  add(app, f.model, "--model", "normal (clipped, the paper's), beta, both, unclipped [normal]");
  add(app, f.mean, "--mean", "mean score of system A [0.65]");
  add(app, f.sd, "--sd", "SD of each system's scores [0.12]");
  add(app, f.alpha, "--alpha", "significance level, two-sided [0.05]");
  add(app, f.tests, "--tests", "t,wilcoxon,sign [t,wilcoxon]");
  add(app, f.reps, "--reps", "Monte Carlo replicates per cell [1000]");
  add(app, f.seed, "--seed", "random seed [1]");
  add(app, f.threads, "--threads", "worker threads [all cores]");
  add(app, f.format, "--format", "table, json or csv [table]");
  add(app, f.power, "--power", "target power for the minimum-N and MDE tables [0.8]");
  add(app, f.progress, "--progress", "on, off or auto (auto: when stderr is a terminal) [auto]");
}

int run_simulate(const SimulateFlags& f) {
  const bool paper = f.preset.given();
  GridSpec g;
  if (paper) {
    if (f.preset.value != "paper") throw UsageError(fmt::format("--preset: '{}' is unknown (the only preset is 'paper')", f.preset.value));
    for (const Flag* fixed : {&f.n, &f.delta, &f.rho, &f.model, &f.mean, &f.sd, &f.alpha})
      if (fixed->given())
        throw UsageError(fmt::format("{}: cannot be combined with --preset paper, which fixes the grid", fixed->option->get_name()));
    g = paper_grid(1000, 1);
  } else {
    for (const Flag* needed : {&f.n, &f.delta, &f.rho})
      if (!needed->given())
        throw UsageError(fmt::format("{}: required (or use --preset paper)", needed->option->get_name()));
    g.n = parse_count_list("--n", f.n.value, 2);
    g.delta = parse_real_list("--delta", f.delta.value);
    g.rho = parse_real_list("--rho", f.rho.value);
    for (double r : g.rho) check_rho("--rho", r);
    if (f.model.given()) g.models = parse_models(f.model);
    if (f.mean.given()) g.marginal.mean = parse_real("--mean", f.mean.value);
    if (f.sd.given()) g.marginal.sd = check_positive("--sd", parse_real("--sd", f.sd.value));
    if (f.alpha.given()) g.alpha = check_open_unit("--alpha", parse_real("--alpha", f.alpha.value));
  }
  for (std::size_t n : g.n)
    if (n > 1'000'000) throw UsageError(fmt::format("--n: {} exceeds the maximum 1000000", n));
  if (f.tests.given()) g.tests = parse_tests(f.tests);
  if (f.reps.given()) g.reps = parse_count("--reps", f.reps.value, 1);
  if (g.reps > 1'000'000'000ULL) throw UsageError("--reps: at most 1000000000");
  if (f.seed.given()) g.seed = parse_count("--seed", f.seed.value, 0);
  double target = 0.8;
  if (f.power.given()) target = check_open_unit("--power", parse_real("--power", f.power.value));
  std::string format = f.format.given() ? f.format.value : "table";
  if (format != "table" && format != "json" && format != "csv")
    throw UsageError(fmt::format("--format: '{}' is not one of table, json, csv", format));
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
  if (format == "json") print_json(g, r, threads);
  else if (format == "csv") print_csv(g, r);
  else if (paper) print_paper_tables(stdout, g, r, target);
  else print_grid_table(stdout, g, r, target);
  return 0;
}

}  // namespace pairpower::cli
