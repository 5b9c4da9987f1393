// Embind boundary of the leaderboard (leaderboard.hpp): the page's Leaderboard
// view sends the pasted or dropped texts and its settings; the answer is the
// CLI's JSON (`pairpower leaderboard --format json`) and its three tables.
#include <emscripten/bind.h>

#include "bindings_support.hpp"
#include "pairpower/leaderboard.hpp"
#include "pairpower/leaderboard_report.hpp"
#include "pairpower/pairing.hpp"

namespace {

using namespace pairpower::bindings;

// Every input's series; an unnamed input is "S<i>" (the page names files after themselves).
std::vector<pairpower::ScoreSeries> series_of(const val& q) {
  const auto format = format_from(q);
  const val inputs = q["inputs"];
  if (!inputs.isArray()) throw std::invalid_argument("inputs: must be a list");
  std::vector<pairpower::ScoreSeries> series;
  for (unsigned i = 0; i < inputs["length"].as<unsigned>(); ++i) {
    const std::string name = text_field(inputs[i], "name");
    const std::string fallback = name.empty() ? "S" + std::to_string(i + 1) : name;
    auto file = parse_input(text_field(inputs[i], "text"), format, fallback, fallback.c_str());
    for (auto& s : file.series) series.push_back(std::move(s));
  }
  return series;
}

pairpower::MissingPolicy missing_of(const val& q) {
  const auto missing = pairpower::missing_policy_from_string(text_field(q, "missing"));
  if (!missing) throw pairpower::Error("missing", pairpower::ErrorKind::invalid_value, "not a policy of the registry", text_field(q, "missing"));
  return *missing;
}

// {inputs: [{text, name}], format?, measure?, missing, direction, alpha, confidence, resamples, bootstrap, seed}
// → {json, markdown, latex, csv}
val rank_systems(const val& q) {
  return guarded([&] {
    pairpower::LeaderboardOptions o;
    // The Analyze settings' bounds (the registry's); the leaderboard's own defaults are LeaderboardOptions'.
    for (const auto& s : pairpower::analyze_settings()) {
      const std::string field = s.field;
      if (field == "alpha") o.alpha = pairpower::checked_setting(s, number(q, "alpha"));
      if (field == "confidence") o.confidence = pairpower::checked_setting(s, number(q, "confidence"));
      if (field == "resamples") o.resamples = static_cast<std::uint64_t>(pairpower::checked_setting(s, number(q, "resamples")));
      if (field == "bootstrap_resamples") o.bootstrap = static_cast<std::uint64_t>(pairpower::checked_setting(s, number(q, "bootstrap")));
      if (field == "seed") o.seed = static_cast<std::uint64_t>(pairpower::checked_setting(s, number(q, "seed")));
    }
    const auto higher = pairpower::higher_is_better(text_field(q, "direction"));
    if (!higher) throw pairpower::Error("direction", pairpower::ErrorKind::invalid_value, "not a direction of the registry", text_field(q, "direction"));
    o.higher_is_better = *higher;
    o.missing = missing_of(q);
    o.threads = 1;  // the single-thread build has no threads; one worker does one board
    const auto r = pairpower::leaderboard(series_of(q), text_field(q, "measure"), o);
    val out = val::object();
    out.set("json", pairpower::leaderboard_json(r, o).dump());
    out.set("markdown", pairpower::leaderboard_markdown(r, o));
    out.set("latex", pairpower::leaderboard_latex(r, o));
    out.set("csv", pairpower::leaderboard_csv(r));
    return out;
  });
}

// The same inputs + {dataset, systemA, systemB} → {text}: the pair's scores as
// a `qid,A,B` table for Analyze, paired as the leaderboard paired them.
val pair_table(const val& q) {
  return guarded([&] {
    const std::string a = text_field(q, "systemA"), b = text_field(q, "systemB");
    const auto p = pairpower::pair_scores(series_of(q), text_field(q, "measure"), text_field(q, "dataset"), a, b, missing_of(q));
    val out = val::object();
    out.set("text", pairpower::pair_scores_csv(p, a, b));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_leaderboard) {
  emscripten::function("rankSystems", &rank_systems);
  emscripten::function("pairTable", &pair_table);
}
