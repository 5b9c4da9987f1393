// pairpower leaderboard: many systems on shared queries (one table, or one file
// per system), per dataset and across datasets.
#include <algorithm>
#include <cstdio>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "arguments.hpp"
#include "commands.hpp"
#include "input_files.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/evaluate/measures.hpp"
#include "pairpower/leaderboard/leaderboard_report.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower::cli {

void add_leaderboard(CLI::App& app, LeaderboardFlags& f) {
  const LeaderboardOptions d{};
  app.add_option("files", f.files, "FILE [FILE…]: one table of every system (wide or long, optional dataset column), or one per-query file per system, or folders of them such as lm-eval's output (- for stdin)")
      ->required();
  auto add = [&](Flag& flag, const std::string& name, const std::string& help) { flag.option = app.add_option(name, flag.value, help); };
  add(f.measure, "--measure", fmt::format("the measure to rank by (needed when the input holds several; with --qrels in trec_eval's or ir_measures' names [{}])", default_run_measure));
  add(f.qrels, "--qrels", "QRELS: the files are TREC or JSON runs, scored against these judgments as trec_eval 10.0 scores them");
  add(f.format, "--format", "text, json, md, latex or csv [text]");
  f.format.option->check(CLI::IsMember({"text", "json", "md", "latex", "csv"}));
  add(f.alpha, "--alpha", fmt::format("family-wise significance level [{}]", format_csv(d.alpha)));
  add(f.confidence, "--confidence", "of the intervals [1 − α]");
  add(f.resamples, "--resamples", fmt::format("randomization and randomized Tukey resamples [{}]", d.resamples));
  add(f.bootstrap, "--bootstrap", fmt::format("bootstrap resamples for rank and Δ intervals [{}]", d.bootstrap));
  add(f.seed, "--seed", fmt::format("same seed, same numbers [{}]", d.seed));
  add(f.threads, "--threads", "worker threads [all cores]");
  add(f.cluster, "--cluster",
      "FIELD: the field of each log record that names the item's cluster, dotted for nested ones (doc.group); tables give theirs in a column "
      "named cluster. Clustered items are then decided by each pair's cluster-robust t, Holm over the pairs");
  add_input_choices(app, f.missing, f.input_format, f.direction, "query ids some systems lack");
}

int run_leaderboard(const LeaderboardFlags& f) {
  // Counts are read as counts (the flag's own message for 1.5 or -1); every bound is the core's.
  LeaderboardSettings in;
  const auto whole = [&](const Flag& flag, const char* name, std::uint64_t min) -> std::optional<double> {
    if (!flag.given()) return std::nullopt;
    return static_cast<double>(parse_count(name, flag.value, min));
  };
  if (f.alpha.given()) in.alpha = parse_real("--alpha", f.alpha.value);
  if (f.confidence.given()) in.confidence = parse_real("--confidence", f.confidence.value);
  in.resamples = whole(f.resamples, "--resamples", 1);
  in.bootstrap = whole(f.bootstrap, "--bootstrap", 2);
  in.seed = whole(f.seed, "--seed", 0);
  if (f.direction.given()) in.higher_is_better = *higher_is_better(f.direction.value);
  if (f.missing.given()) in.missing = *missing_policy_from_string(f.missing.value);
  in.threads = f.threads.given() ? static_cast<unsigned>(std::min<std::uint64_t>(parse_count("--threads", f.threads.value, 1), 1024))
                                 : std::max(1u, std::thread::hardware_concurrency());
  const LeaderboardOptions o = leaderboard_options(in);
  const InputFormat input_format = f.input_format.given() ? *input_format_from_string(f.input_format.value) : InputFormat::auto_detect;
  if (std::count(f.files.begin(), f.files.end(), "-") > 1) throw UsageError("files: stdin can be read once; give at most one -");
  std::vector<ScoreSeries> series;
  std::string measure = f.measure.given() ? f.measure.value : "";
  if (f.qrels.given() && f.cluster.given()) throw UsageError("--cluster: runs scored against qrels name no clusters; give per-query scores with a cluster column");
  InputWarnings input_warnings;
  if (f.qrels.given()) {
    std::vector<std::string> names;
    ScoreFile scored = runs_as_scores(f.qrels.value, run_paths(f.qrels.value, f.files), f.files, f.measure.given() ? std::vector<std::string>{f.measure.value} : std::vector<std::string>{}, names, input_warnings);
    if (names.size() != 1) throw UsageError("--measure: a leaderboard ranks by one measure; " + f.measure.value + " names " + std::to_string(names.size()));
    measure = names[0];
    series = std::move(scored.series);
  }
  if (!f.qrels.given()) {
    // One file per system (20 models' logs): read side by side, kept in the order given; a folder stands for its files.
    const auto inputs = expand_inputs(f.files, "FILE");
    auto files = read_inputs(inputs, f.files, "FILE", input_warnings, [&](std::size_t i) {
      // Stdin, which has no file name, is named by its place on the command line.
      const std::string fallback = "S" + std::to_string(inputs[i].given + 1);
      return parse_file(inputs[i].path, input_format, fallback.c_str(), "FILE", f.cluster.value, input_warnings);
    });
    for (auto& file : files)
      for (auto& s : file.series) series.push_back(std::move(s));
  }
  auto r = leaderboard(series, measure, o);
  // Why an answer may not be trusted: one line each on stderr, whatever the format (JSON also holds them,
  // after the inputs', which were printed as they arose).
  for (const auto& w : r.warnings) fmt::print(stderr, "warning: {}\n", w.message);
  add_input_warnings(r, input_warnings.all());
  const std::string format = f.format.given() ? f.format.value : "text";
  // Columns without query ids were paired row by row: the report says so with each board (text, JSON, the
  // tables' captions); CSV rows have no place for it, so there it goes to stderr.
  if (format == "csv" && std::any_of(r.boards.begin(), r.boards.end(), [](const Board& b) { return b.by_position; }))
    fmt::print(stderr, "pairpower: note: {}\n", by_position_note);
  if (format == "json") std::fputs(leaderboard_json_text(r, o).c_str(), stdout);
  else if (format == "md") std::fputs(leaderboard_markdown(r, o).c_str(), stdout);
  else if (format == "latex") std::fputs(leaderboard_latex(r, o).c_str(), stdout);
  else if (format == "csv") std::fputs(leaderboard_csv(r).c_str(), stdout);
  else std::fputs(leaderboard_text(r, o).c_str(), stdout);
  return 0;
}

}  // namespace pairpower::cli
