#pragma once
// Sensitivity of one analytic scenario, as G*Power and jamovi users read it:
// power against δ at the chosen N (every test with a closed form), the paired
// t's power over an N × δ grid (a contour map), and in plain words the effect
// each N would detect with the target power ("at N = 200 you would detect
// δ ≥ 0.012 four times in five"). Computed from analytic_power.hpp and
// solvers.hpp for the scenario's alternative or question.
//
// Example:
//   auto s = pairpower::AnalyticScenario::from_scores(0.12, 0.8, 0.05);
//   auto j = pairpower::sensitivity_answers(200, 0.8, s);
//   j["detectable"][2]["sentence"];   // "At N = 200 and ρ = 0.8 you would detect |δ| ≥ 0.01511 four times in five."
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "pairpower/power/analytic_answers.hpp"

namespace pairpower {

/// {"curve": {"delta": [...], <test id>: [power or null, ...]}, "grid": {"n": [...], "delta": [...], "power": [[t power by δ] by n]},
///  "detectable": [{"n", "delta" (null when out of reach), "sentence"}], "inputs"}. Throws Error as effect_answers does.
nlohmann::ordered_json sensitivity_answers(std::size_t n, double power, const AnalyticScenario& s);

/// A power as a frequency people say: 0.8 → "four times in five", 0.5 → "half the time", 0.73 → "73% of the time".
std::string times_in(double power);

}  // namespace pairpower
