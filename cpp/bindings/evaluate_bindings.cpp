// Embind boundary of scoring runs in the page (evaluate.hpp's score_run): the
// qrels read once (loadQrels), then one run file at a time against them, so that
// a hundred large runs need the memory of one; the worker calls it per file and
// hands the series it returns to Analyze or the leaderboard as `scored`
// (scored_runs.hpp).
#include <emscripten/bind.h>

#include "bindings_support.hpp"
#include <optional>

#include "pairpower/evaluate/evaluate.hpp"

namespace {

using namespace pairpower::bindings;

// The judgments runs are scored against, read once per worker (loadQrels): a worker scores many
// runs, and reading the qrels again for each would cost as much as scoring some of them.
struct LoadedQrels {
  std::string name;
  pairpower::Qrels qrels;
};
std::optional<LoadedQrels> loaded;

void load(const val& in) {
  const std::string name = text_field(in, "name");
  // A bad line is named with its file: the page says "In <file>: line …".
  source_of_error = name;
  loaded = LoadedQrels{name, pairpower::read_qrels(text_or_bytes(in, "text"))};
  source_of_error.clear();
}

// {name, text} → {topics}: the qrels every later scoreRun scores against.
val load_qrels(const val& q) {
  return guarded([&] {
    loaded.reset();
    load(q);
    val out = val::object();
    out.set("topics", static_cast<double>(loaded->qrels.topics.size()));
    return out;
  });
}

// {qrels?: {name, text}, run: {name, text}, measure} → {system, measure, qids, values, text, warnings}:
// the run's per-topic values of the measure against the qrels given or loaded, and trec_eval's -q text of them.
val score_run(const val& q) {
  return guarded([&] {
    const val qrels_in = q["qrels"], run_in = q["run"];
    if (!qrels_in.isUndefined() && !qrels_in.isNull()) load(qrels_in);
    if (!loaded) throw std::invalid_argument("scoreRun: load the qrels first (loadQrels), or give them");
    if (run_in.isUndefined() || run_in.isNull()) throw std::invalid_argument("scoreRun: needs a run");
    const std::string run_name = text_field(run_in, "name");
    std::string measure = text_field(q, "measure");
    if (measure.empty()) measure = pairpower::default_run_measure;
    source_of_error = run_name;
    const auto run = pairpower::read_run(text_or_bytes(run_in, "text"), run_name);
    const auto scored = pairpower::score_run(loaded->qrels, run, run_name, measure);
    source_of_error.clear();
    val out = val::object();
    out.set("system", scored.series.system);
    out.set("measure", scored.series.measure);
    out.set("qids", strings(scored.series.qids));
    out.set("values", f64(scored.series.values));
    out.set("text", scored.text);
    out.set("warnings", warnings_js(scored.warnings));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_evaluate) {
  emscripten::function("loadQrels", &load_qrels);
  emscripten::function("scoreRun", &score_run);
}
