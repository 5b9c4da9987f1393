// pairpower: power analysis for paired comparisons of retrieval / embedding
// systems. See README.md for the command-line contract.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "arguments.hpp"
#include "commands.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/jobs/report_schema.hpp"
#include "pairpower/registry/registry.hpp"

int main(int argc, char** argv) {
  using namespace pairpower::cli;
  CLI::App app{"pairpower: how many queries do you need, and is B really better than A?"};
  app.require_subcommand(1);
  SimulateFlags sim;
  AnalyticFlags pow, ss, mde;
  CompareFlags cmp;
  LeaderboardFlags lb;
  EvaluateFlags ev;
  auto* c_sim = app.add_subcommand("simulate", "Monte Carlo power over a grid (or --preset paper)");
  auto* c_pow = app.add_subcommand("power", "Analytic power of the paired t and Wilcoxon tests");
  auto* c_ss = app.add_subcommand("samplesize", "Smallest N reaching a target power");
  auto* c_mde = app.add_subcommand("mde", "Minimum detectable effect at a given N");
  auto* c_cmp = app.add_subcommand("compare", "Is B really better than A? Paired tests on per-query scores, with a verdict");
  add_simulate(*c_sim, sim);
  add_power(*c_pow, pow);
  add_samplesize(*c_ss, ss);
  add_mde(*c_mde, mde);
  add_compare(*c_cmp, cmp);
  auto* c_lb = app.add_subcommand("leaderboard", "Many systems on shared queries: intervals, rank intervals, tiers, pairwise tests, and across datasets a critical difference");
  add_leaderboard(*c_lb, lb);
  auto* c_ev = app.add_subcommand("evaluate", "Score runs against qrels exactly as trec_eval 10.0 does (its layout, or JSON / CSV)");
  add_evaluate(*c_ev, ev);
  auto* c_reg = app.add_subcommand("registry", "The statistical facts the page and the CLI share (tests, models, formats, fields, presets, limits), as JSON");
  auto* c_schema = app.add_subcommand("schema", "The reports' JSON types (compare, leaderboard), for the page's build (scripts/gen-schema.mjs)");
  try {
    app.parse(argc, argv);
    if (c_sim->parsed()) return run_simulate(sim);
    if (c_pow->parsed()) return run_power(pow);
    if (c_ss->parsed()) return run_samplesize(ss);
    if (c_mde->parsed()) return run_mde(mde);
    if (c_cmp->parsed()) return run_compare(cmp);
    if (c_lb->parsed()) return run_leaderboard(lb);
    if (c_ev->parsed()) return run_evaluate(ev);
    if (c_reg->parsed()) {
      std::puts(pairpower::registry_json().dump(1).c_str());
      return 0;
    }
    if (c_schema->parsed()) {
      std::puts(pairpower::report_schema().dump(1).c_str());
      return 0;
    }
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);  // CLI11 shows the chosen subcommand's help
    return 0;
  } catch (const CLI::Success&) {
    return 0;
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "pairpower: error: {} (see pairpower --help)\n", e.what());
    return exit_usage;
  } catch (const UsageError& e) {
    fmt::print(stderr, "pairpower: error: {}\n", e.what());
    return exit_usage;
  } catch (const pairpower::Error& e) {
    fmt::print(stderr, "pairpower: error: {}\n", phrase(e));
    return exit_usage;
  } catch (const std::exception& e) {
    // Not the user's input: a defect. Its own code, so CI never reads it as a verdict or a usage error.
    fmt::print(stderr, "pairpower: internal error: {} (please report it)\n", e.what());
    return exit_internal;
  }
  return exit_usage;
}
