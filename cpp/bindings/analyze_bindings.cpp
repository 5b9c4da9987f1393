// Embind boundary of Analyze: what a pasted or dropped input holds, and the
// analyze job (jobs/analyze.hpp) with the page's report and the CLI's exports.
// Every function returns its result or an ErrorResult (bindings_support.hpp).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/input/folder_inputs.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/jobs/analyze.hpp"
#include "pairpower/registry/registry.hpp"
#include "bindings_support.hpp"
#include "scored_runs.hpp"

using emscripten::val;

namespace {

using namespace pairpower::bindings;

// {text, format, system?} → what the file holds, for the page's "detected: …" line.
val detect_scores(const val& q) {
  return guarded([&] {
    const std::string name = text_field(q, "name");
    const auto file = parse_input(text_or_bytes(q, "text"), format_from(q), name.empty() ? "A" : name, "");
    val out = val::object();
    out.set("format", std::string(pairpower::to_string(file.format)));
    out.set("description", file.describe());
    // A folder's files left out are said beside what it holds, before the analysis warns of each.
    out.set("leftOut", file.left_out.empty() ? std::string() : pairpower::files_left_out(file.left_out));
    std::string cut;
    for (const auto& c : file.cut_short) cut += (cut.empty() ? "" : " ") + pairpower::cut_short_warning(c).message;
    out.set("cutShort", cut);
    out.set("measures", strings(file.measures()));
    out.set("preferred", pairpower::preferred_measure(file.measures()));
    out.set("textMeasures", strings(file.text_measures));
    out.set("summaryMeasures", strings(file.summary_measures));
    out.set("nonscalarMeasures", strings(file.nonscalar_measures));
    out.set("systems", strings(file.systems()));
    out.set("datasets", strings(file.datasets()));
    out.set("queries", static_cast<double>(file.queries()));
    return out;
  });
}

// {textA, textB?, format?, measures: [], missing, alpha, confidence, resamples,
//  bootstrap, seed, minEffect, direction, power, family?, pilots?} → {report} (the CLI's JSON with
// per-query data, the bootstrap distribution and display strings for the page), the CLI's own JSON text,
// Markdown, LaTeX, CSV, and when asked each comparison's differences B − A (a pilot for the Plan).
val analyze_scores(const val& q) {
  return guarded([&] {
    pairpower::AnalyzeRequest req;
    pairpower::CompareOptions& o = req.options;
    // The registry's settings, by the keys the page sends; checked as the CLI checks its flags. One the
    // registry lets be left out (the confidence) is derived by the job when the page leaves it out.
    for (const auto& s : pairpower::analyze_settings())
      if (!(s.unset && q[s.key].isUndefined())) s.apply(o, pairpower::checked_setting(s, number(q, s.key)));
    req.confidence_from_alpha = q["confidence"].isUndefined();
    const auto higher = pairpower::higher_is_better(text_field(q, "direction"));
    if (!higher) throw pairpower::Error("direction", pairpower::ErrorKind::invalid_value, "not a direction of the registry", text_field(q, "direction"));
    o.higher_is_better = *higher;
    o.keep_bootstrap = true;
    // The alternative is optional in the query: two-sided unless the page's chooser says otherwise.
    if (q["alternative"].isString()) {
      const auto alt = pairpower::alternative_from_string(q["alternative"].as<std::string>());
      if (!alt) throw pairpower::Error("alternative", pairpower::ErrorKind::invalid_value, "not an alternative of the registry", q["alternative"].as<std::string>());
      o.alternative = *alt;
    }
    // A pair taken from a leaderboard: {systems, pairs, procedure, p}; the core checks it and lets its family-wise p decide.
    const val family = q["family"];
    if (!family.isUndefined() && !family.isNull()) {
      const auto whole = [&](const char* key, const char* field) {
        const double x = number(family, key);
        if (!(x >= 0 && x <= pairpower::max_safe_integer && std::floor(x) == x)) throw pairpower::Error(field, pairpower::ErrorKind::invalid_value, "must be a whole number");
        return static_cast<std::uint64_t>(x);
      };
      pairpower::FamilyRequest f;
      f.systems = whole("systems", "family_systems");
      f.pairs = whole("pairs", "family_pairs");
      f.procedure = text_field(family, "procedure");
      f.p = number(family, "p");
      req.family = f;
    }
    req.missing = text_field(q, "missing");
    if (!pairpower::missing_policy_from_string(*req.missing)) throw std::invalid_argument("missing: not a policy of the registry");
    const auto format = format_from(q);
    const std::string name_a = text_field(q, "nameA"), name_b = text_field(q, "nameB");
    // Runs scored in the page (scoreRun) stand in for a pasted table of their per-topic values.
    auto scored = scored_runs(q);
    // The field of each log record that names its item's cluster; tables name theirs in a column.
    const std::string cluster = text_field(q, "cluster");
    const auto a = scored ? std::move(*scored) : parse_input(text_or_bytes(q, "textA"), format, name_a.empty() ? "A" : name_a, "a", {}, {}, cluster, "A");
    const std::string text_b = text_or_bytes(q, "textB");
    std::optional<pairpower::ScoreFile> b;
    if (!text_b.empty()) b = parse_input(text_b, format, name_b.empty() ? "B" : name_b, "b", {}, {}, cluster, "B");
    const val ms = q["measures"];
    if (ms.isArray())
      for (unsigned i = 0; i < ms["length"].as<unsigned>(); ++i) req.measures.push_back(ms[i].as<std::string>());
    req.baseline = text_field(q, "baseline");
    req.pilots = q["pilots"].isTrue();
    auto job = pairpower::analyze(a, b ? &*b : nullptr, req);
    // About the inputs: what a hand-over brought with its scores, what scoring runs here warned of, then the job's (a folder's files left out).
    auto about_inputs = warnings_from(q, "inputWarnings");
    for (auto& w : scored_warnings(q)) about_inputs.push_back(std::move(w));
    for (auto& w : job.settings.input_warnings) about_inputs.push_back(std::move(w));
    job.settings.input_warnings = std::move(about_inputs);
    const auto& plan = job.plan;
    const auto& result = job.result;
    // The CLI's report, plus what only the page needs: the data for plots, display strings, the systems for the baseline chooser.
    auto json = pairpower::report_json(result, job.settings, &plan.samples);
    json["systems"] = b ? std::vector<std::string>{result.comparisons.front().system_a, result.comparisons.front().system_b} : a.systems();
    for (auto& c : json["comparisons"]) c["display"] = pairpower::display_stats(c);
    val out = val::object();
    out.set("report", json.dump());
    out.set("json", pairpower::report_json_text(result, job.settings));
    out.set("markdown", pairpower::report_markdown(result, job.settings.options));
    out.set("latex", pairpower::report_latex(result, job.settings.options));
    out.set("csv", pairpower::report_csv(result));
    if (req.pilots) {
      val pilots = val::array();
      for (const auto& d : job.pilots) pilots.call<void>("push", f64(d));
      out.set("pilots", pilots);
    }
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_analyze) {
  emscripten::function("detectScores", &detect_scores);
  emscripten::function("analyzeScores", &analyze_scores);
}
