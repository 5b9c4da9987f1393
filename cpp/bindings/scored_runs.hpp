#pragma once
// Runs scored in the page (evaluate_bindings.cpp's scoreRun, a file at a time)
// handed to Analyze and the leaderboard in place of pasted texts.
#include <optional>

#include "bindings_support.hpp"
#include "pairpower/evaluate/evaluate.hpp"

namespace pairpower::bindings {

// q.scored = {measure, qrels, series: [{system, qids, values, warnings?}]}: runs scored one by one (scoreRun),
// analysed as a long table of their per-topic values; nullopt when the query holds texts instead.
inline std::optional<pairpower::ScoreFile> scored_runs(const val& q) {
  const val scored = q["scored"];
  if (scored.isUndefined() || scored.isNull()) return std::nullopt;
  if (!scored["series"].isArray()) throw std::invalid_argument("scored: must list the scored runs");
  pairpower::ScoreFile file;
  file.format = pairpower::InputFormat::csv_long;
  const std::string measure = text_field(scored, "measure");
  const val list = scored["series"];
  file.origin = pairpower::runs_origin(list["length"].as<unsigned>(), text_field(scored, "qrels"));
  for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i) {
    const val x = list[i];
    pairpower::ScoreSeries s{"", measure, text_field(x, "system"), emscripten::vecFromJSArray<std::string>(x["qids"]),
                             emscripten::convertJSArrayToNumberVector<double>(x["values"])};
    if (s.qids.size() != s.values.size()) throw std::invalid_argument("scored: a run's query ids and values differ in number");
    file.records += s.values.size();
    file.series.push_back(std::move(s));
  }
  return file;
}

// What scoring the runs warned of (a topic a run lacks), run after run: the report's warnings about its inputs, as the CLI's.
inline std::vector<pairpower::Warning> scored_warnings(const val& q) {
  const val scored = q["scored"];
  std::vector<pairpower::Warning> out;
  if (scored.isUndefined() || scored.isNull() || !scored["series"].isArray()) return out;
  const val list = scored["series"];
  for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i)
    for (auto& w : warnings_from(list[i], "warnings")) out.push_back(std::move(w));
  return out;
}

}  // namespace pairpower::bindings
