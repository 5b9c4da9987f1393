#pragma once
// The CLI's subcommands. Each returns the process exit code; bad input throws
// UsageError or pairpower::Error (exit 2), phrased with the flags' names.
#include <map>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace pairpower {
struct Error;
}

namespace pairpower::cli {

/// Exit codes, for CI pipelines (README: "Exit codes").
enum ExitCode : int { exit_ship = 0, exit_hold = 1, exit_usage = 2, exit_reject = 3, exit_internal = 70 /* sysexits' EX_SOFTWARE */, exit_cancelled = 130 };

/// The flag a core field is set with ("min_effect" → "--min-effect").
std::string flag_for(const std::string& field);
/// A core error in the CLI's terms: the flag's name and, where there is one, the remedy.
std::string phrase(const pairpower::Error& e);

/// A flag kept as text so that parsing errors can name it precisely.
struct Flag {
  std::string value;
  CLI::Option* option = nullptr;
  bool given() const;
};

/// A pilot's two systems (pilot_input.hpp): power, samplesize and mde plan from its estimates, simulate's pilot model resamples its differences.
struct PilotFlags {
  std::vector<std::string> files;  ///< --pilot FILE [--pilot FILE_B]
  Flag measure, dataset, missing, input_format, cluster;
};

struct SimulateFlags {
  Flag preset, reps, seed, threads, format, n, delta, rho, model, mean, sd, alpha, tests, power, progress;
  Flag tau, df, zero_share, levels;  ///< the models' own parameters
  PilotFlags pilot;                  ///< the pilot model's data
  Flag alternative;
  Flag equivalence, non_inferiority;  ///< the question beyond "is there a difference" (question.hpp)
};
void add_simulate(CLI::App& app, SimulateFlags& f);
int run_simulate(const SimulateFlags& f);

struct AnalyticFlags {
  Flag n, delta, rho, sd, sd_diff, alpha, power, format, alternative;
  Flag equivalence, non_inferiority;  ///< the question beyond "is there a difference" (question.hpp)
  Flag comparisons, correction, family_target;  ///< power across K comparisons (power, samplesize)
  Flag metric, accuracy_a, accuracy_b, agreement;  ///< binary items: McNemar (power, samplesize)
  Flag cluster_size, icc, repeats, within_share;   ///< the eval's design: clusters and repeats (eval_design.hpp)
  PilotFlags pilot;
};
void add_power(CLI::App& app, AnalyticFlags& f);
void add_samplesize(CLI::App& app, AnalyticFlags& f);
void add_mde(CLI::App& app, AnalyticFlags& f);
int run_power(const AnalyticFlags& f);
int run_samplesize(const AnalyticFlags& f);
int run_mde(const AnalyticFlags& f);

struct CompareFlags {
  std::vector<std::string> files;
  std::vector<std::string> measures;  ///< --measure, repeatable; each a list split outside parentheses
  Flag baseline, format, missing, input_format, direction, alternative, cluster;
  Flag qrels;  ///< the files are runs, scored against these qrels first
  Flag family_p, family_systems, family_pairs, family_procedure;  ///< a pair taken from a leaderboard (FamilyContext)
  std::map<std::string, Flag> settings;  ///< by the core's field name: the registry's Analyze settings
  bool no_curve = false;
};
void add_compare(CLI::App& app, CompareFlags& f);
/// Exit code: 0 SHIP, 1 HOLD, 3 REJECT (overall, see README).
int run_compare(const CompareFlags& f);

struct LeaderboardFlags {
  std::vector<std::string> files;
  Flag measure, format, missing, input_format, direction, alpha, confidence, resamples, bootstrap, seed, threads, cluster;
  Flag qrels;  ///< the files are runs, scored against these qrels first
};
void add_leaderboard(CLI::App& app, LeaderboardFlags& f);
/// Exit code 0, or 2 on bad input.
int run_leaderboard(const LeaderboardFlags& f);

struct EvaluateFlags {
  std::string qrels;
  std::vector<std::string> runs;
  std::vector<std::string> measures;  ///< -m, repeatable: trec_eval's or ir_measures' names
  Flag level, max_docs, format;
  bool complete = false, per_query = false;
};
void add_evaluate(CLI::App& app, EvaluateFlags& f);
/// Exit code 0, or 2 on bad input.
int run_evaluate(const EvaluateFlags& f);

}  // namespace pairpower::cli
