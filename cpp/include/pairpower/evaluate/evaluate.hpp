#pragma once
// Scores runs against qrels as trec_eval 10.0 does (`pairpower evaluate`, and
// `compare --qrels` / `leaderboard --qrels` before their statistics): each
// topic's ranking ordered by score, ties by docno descending, cut at -M; a
// document is relevant at level ≥ -l; the summary over the qrels' topics the
// run answers (all of them with -c, a missing one as an empty ranking).
//
// Example:
//   auto e = pairpower::evaluate_run(qrels, run, {.measures = pairpower::parse_measures({"ndcg_cut.10"})});
//   e.all[0];  // nDCG@10 over the topics
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pairpower/base/warnings.hpp"
#include "pairpower/evaluate/measures.hpp"
#include "pairpower/evaluate/trec_input.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower {

struct EvaluateOptions {
  std::int64_t relevance_level = 1;                                 ///< trec_eval -l
  std::int64_t max_docs = std::numeric_limits<std::int64_t>::max(); ///< trec_eval -M
  bool complete = false;                                            ///< trec_eval -c
  MeasureSet measures = parse_measures({});
};

struct TopicValues {
  std::string qid;
  std::vector<double> values;  ///< in `names` order; a geometric-mean measure holds log(max(value, 0.00001))
  std::string relstring;       ///< when relstring is asked
};

struct RunEvaluation {
  std::string run;   ///< the runid
  std::string file;
  std::vector<std::string> names;
  std::vector<Summary> summaries;
  std::vector<TopicValues> topics;  ///< the qrels' topics evaluated, in qid order
  std::vector<double> all;          ///< each measure over the topics (trec_eval's `all`)
  std::int64_t num_q = 0;
  std::size_t relstring_at = 0;  ///< per topic, relstring prints before the value at this index (trec_eval's table order)
  bool relstring = false, runid = false, num_q_printed = false;  ///< asked for (trec_eval prints them only then)
  std::vector<Warning> warnings;  ///< topics of the qrels the run does not answer (without -c)
};

/// One topic's ranking against its judgments (trec_eval's ordering and -M); `run` null: an empty ranking.
/// Throws InputError naming the topic and document when the run ranks a document twice.
TopicRanking rank_topic(const QrelsTopic& qrels, const RunTopic* run, const EvaluateOptions& o);

/// Throws Error(field "measure") for a relevance level below 0 or -M below 1, and InputError when the
/// run answers none of the qrels' topics.
RunEvaluation evaluate_run(const Qrels& qrels, const Run& run, std::string file, const EvaluateOptions& o);

/// The runs' per-topic values as a score file `compare` and `leaderboard` analyse (a series per run and
/// measure, the system named by the runid, geometric means left out): the same numbers as evaluating
/// first and reading the per-query values back at full precision. Throws as evaluate_run does.
ScoreFile scores_of_runs(const Qrels& qrels, const std::vector<Run>& runs, const std::vector<std::string>& files, const EvaluateOptions& o,
                         const std::string& qrels_name, std::vector<Warning>* warnings = nullptr);

/// Where analysed runs' values come from, as a report says it: "6 runs scored against qrels.txt as trec_eval 10.0 scores them".
std::string runs_origin(std::size_t runs, const std::string& qrels_name);

/// One run's values of one measure, as the page analyses run files (one run at a time, so that
/// many large runs need the memory of one): the series (system = runid), trec_eval's per-topic
/// text of it, and the warnings.
struct RunScores {
  ScoreSeries series;
  std::string text;
  std::vector<Warning> warnings;
};
/// Throws Error(field "measure") unless `measure` names exactly one value with a per-topic mean
/// (a geometric mean, for one, has none to pair), and as evaluate_run does.
RunScores score_run(const Qrels& qrels, const Run& run, const std::string& file, const std::string& measure);

/// trec_eval's own layout ("%-22s\t%s\t%6.4f"): per topic with `per_query` (-q), then `all`.
std::string evaluation_text(const RunEvaluation& e, bool per_query);
/// {"runs": [{"run", "file", "queries": {qid: {measure: value}}, "all": {measure: value}, "warnings"}], "warnings"}
/// at full precision; the top-level warnings are about the inputs (the CLI's: a file left out of a folder of runs).
std::string evaluations_json(const std::vector<RunEvaluation>& runs, const std::vector<Warning>& input_warnings = {});
/// run,qid,measure,value rows per topic at full precision: a long table `compare` and `leaderboard` read as is
/// (the summary is in the text and the JSON).
std::string evaluations_csv(const std::vector<RunEvaluation>& runs);

}  // namespace pairpower
