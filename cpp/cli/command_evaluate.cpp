// pairpower evaluate: runs scored against qrels as trec_eval 10.0 scores them,
// printed in its layout (text), or as JSON / CSV at full precision.
#include <cstdio>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "arguments.hpp"
#include "commands.hpp"
#include "input_files.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/evaluate/evaluate.hpp"

namespace pairpower::cli {

void add_evaluate(CLI::App& app, EvaluateFlags& f) {
  app.add_option("qrels", f.qrels, "QRELS: relevance judgments (TREC qrels `qid iter docno rel`, or JSON {qid: {docid: rel}}; .gz read as such)")->required();
  app.add_option("runs", f.runs, "RUN [RUN…]: TREC runs (`qid Q0 docno rank score tag`) or JSON {qid: {docid: score}}, or folders of them; .gz read as such")->required();
  app.add_option("-m,--measure", f.measures,
                 "a measure, repeatable: trec_eval's (map, ndcg_cut.10, P.5,10, P_10, all_trec, official) or ir_measures' (nDCG@10, AP, R@100) [official]")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      // One value per occurrence: a repeated flag, not a list that swallows the files after it.
      ->allow_extra_args(false);
  auto add = [&](Flag& flag, const std::string& name, const std::string& help) { flag.option = app.add_option(name, flag.value, help); };
  add(f.level, "-l,--level", "relevance level: a document judged at least this is relevant for binary measures [1]");
  add(f.max_docs, "-M,--max-docs", "evaluate only the first this many documents of each ranking [all]");
  app.add_flag("-c,--complete", f.complete, "average over every qrels topic, a topic the run lacks counting as an empty ranking");
  app.add_flag("-q,--per-query", f.per_query, "print each topic's values before the summary (text format)");
  add(f.format, "--format", "text (trec_eval's layout), json or csv [text]");
  f.format.option->check(CLI::IsMember({"text", "json", "csv"}));
}

int run_evaluate(const EvaluateFlags& f) {
  EvaluateOptions o;
  try {
    o.measures = parse_measures(f.measures);
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("-m {}: {}", e.value, e.detail));
  }
  if (f.level.given()) o.relevance_level = static_cast<std::int64_t>(parse_count("-l", f.level.value, 0));
  if (f.max_docs.given()) o.max_docs = static_cast<std::int64_t>(parse_count("-M", f.max_docs.value, 1));
  o.complete = f.complete;
  const auto named = [](const std::string& path, auto&& read) {
    try {
      return read();
    } catch (const pairpower::Error& e) {
      throw UsageError(fmt::format("{}: {}", path == "-" ? "stdin" : path, e.what()));
    }
  };
  const Qrels qrels = named(f.qrels, [&] { return read_qrels(read_input(f.qrels, "QRELS")); });
  // A folder of runs stands for every run in it (the qrels among them left out), as in compare and leaderboard.
  const std::vector<InputPath> runs = run_paths(f.qrels, f.runs);
  InputWarnings input_warnings;
  const std::vector<RunEvaluation> out = read_inputs(runs, f.runs, "RUN", input_warnings, [&](std::size_t i) {
    const std::string& path = runs[i].path;
    return named(path, [&] { return evaluate_run(qrels, read_run(read_input(path, "RUN"), path.substr(path.find_last_of('/') + 1)), path, o); });
  });
  for (const auto& e : out)
    for (const auto& w : e.warnings) fmt::print(stderr, "warning: {}\n", w.message);
  const std::string format = f.format.given() ? f.format.value : "text";
  if (format == "json") std::fputs(evaluations_json(out, input_warnings.all()).c_str(), stdout);
  else if (format == "csv") std::fputs(evaluations_csv(out).c_str(), stdout);
  else
    for (const auto& e : out) std::fputs(evaluation_text(e, f.per_query).c_str(), stdout);
  return 0;
}

}  // namespace pairpower::cli
