// Embind boundary of scoring runs in the page (evaluate.hpp's score_run): one
// run file at a time against the qrels, so that a hundred large runs need the
// memory of one; the worker calls it per file and hands the series it returns
// to Analyze or the leaderboard as `scored` (bindings_support.hpp).
#include <emscripten/bind.h>

#include "bindings_support.hpp"
#include "pairpower/evaluate/evaluate.hpp"

namespace {

using namespace pairpower::bindings;

// {qrels: {name, text}, run: {name, text}, measure} → {system, measure, qids, values, text, warnings}:
// the run's per-topic values of the measure, and trec_eval's -q text of them.
val score_run(const val& q) {
  return guarded([&] {
    const val qrels_in = q["qrels"], run_in = q["run"];
    if (qrels_in.isUndefined() || qrels_in.isNull() || run_in.isUndefined() || run_in.isNull()) throw std::invalid_argument("scoreRun: needs the qrels and a run");
    const std::string qrels_name = text_field(qrels_in, "name"), run_name = text_field(run_in, "name");
    std::string measure = text_field(q, "measure");
    if (measure.empty()) measure = pairpower::default_run_measure;
    // A bad line is named with its file: the page says "In <file>: line …".
    source_of_error = qrels_name;
    const auto qrels = pairpower::read_qrels(text_field(qrels_in, "text"));
    source_of_error = run_name;
    const auto run = pairpower::read_run(text_field(run_in, "text"), run_name);
    const auto scored = pairpower::score_run(qrels, run, run_name, measure);
    source_of_error.clear();
    val out = val::object();
    out.set("system", scored.series.system);
    out.set("measure", scored.series.measure);
    val qids = val::array();
    for (const auto& id : scored.series.qids) qids.call<void>("push", id);
    out.set("qids", qids);
    out.set("values", val::global("Float64Array").new_(val(emscripten::typed_memory_view(scored.series.values.size(), scored.series.values.data()))));
    out.set("text", scored.text);
    val warnings = val::array();
    for (const auto& w : scored.warnings) warnings.call<void>("push", w.message);
    out.set("warnings", warnings);
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_evaluate) { emscripten::function("scoreRun", &score_run); }
