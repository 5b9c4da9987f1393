#pragma once
// The planning answers for binary items (each item right or wrong under each
// system: accuracy, exact match, pass@1) as one JSON shape for the CLI's
// `power` and `samplesize --metric binary`: McNemar's exact power and Connor's
// approximation beside it (binary_power.hpp), and what was asked.
//
// Example:
//   auto d = pairpower::BinaryDesign::from_accuracies(0.70, 0.75, 0.85);
//   auto j = pairpower::binary_sample_size_answers(d, 0.05, 0.8, pairpower::Alternative::two_sided);
//   j["exact"]["n"];   // items needed; j["approximate"]["n"] Connor's
#include <cstdint>

#include <nlohmann/json.hpp>

#include "pairpower/power/binary_power.hpp"
#include "pairpower/power/eval_design.hpp"

namespace pairpower {

/// {inputs, exact: {power, method}, approximate: {power, method}}. Throws Error ("n", "alpha").
/// Items in clusters or averaged over repeats are not McNemar's independent pairs: with such a
/// `design` the exact answer is null with a reason, and the approximate one is the cluster-robust
/// t's on the per-item differences (σ_d² = ψ − Δ² for one sample; eval_design.hpp).
nlohmann::ordered_json binary_power_answers(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt, const EvalDesign& design = {});

/// {inputs, exact: {n, power}, approximate: {n, power}}; n and power null, with a reason, when no n up to
/// a million items reaches the target. Throws Error ("alpha", "power").
nlohmann::ordered_json binary_sample_size_answers(BinaryDesign d, double alpha, double power, Alternative alt, const EvalDesign& design = {});

}  // namespace pairpower
