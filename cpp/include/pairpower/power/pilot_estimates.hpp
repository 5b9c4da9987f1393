#pragma once
// What a pilot eval tells the plan for the next one: the SD of its per-item
// differences (σ_d of the continuous scenario), its discordant shares when
// every score is 0 or 1 (McNemar's design), and, in clusters, their mean size m
// and the ICC ρ_c that reproduces its design effect D under eval_design.hpp's
// model, D = 1 + (m − 1)·ρ_c. Planned with that design at the pilot's own n,
// the mean's variance is the pilot's own cluster-robust SE², the quantity
// Analyze's plan from a clustered pilot uses.
//
// Example:
//   auto e = pairpower::estimate_pilot(a, b, clusters, 1);
//   e.binary;          // set when every score is 0 or 1 and some item is discordant
//   e.design();        // clusters of e.cluster_size items, ICC e.icc
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/base/warnings.hpp"
#include "pairpower/power/binary_power.hpp"
#include "pairpower/power/eval_design.hpp"

namespace pairpower {

/// Below this many items a pilot's σ_d or discordant shares are rough (its SD's relative SE is above 13%).
inline constexpr std::uint64_t pilot_min_items = 30;

struct PilotEstimates {
  std::uint64_t items = 0;
  double delta = 0;           ///< mean of b − a
  double sd_diff = 0;         ///< sample SD of b − a (n − 1)
  bool binary_scores = false;                             ///< every score is 0 or 1
  double accuracy_a = 0, accuracy_b = 0, agreement = 0;  ///< with binary scores
  std::optional<BinaryDesign> binary;                     ///< set when every score is 0 or 1 and some item is discordant
  std::string binary_reason;                              ///< why `binary` is not set
  std::uint32_t repeats = 1;  ///< the most samples averaged into one item's value
  std::uint64_t clusters = 0; ///< 0: independent items
  double cluster_size = 1;    ///< n/C
  double design_effect = 1;   ///< the pilot's cluster-robust SE² over s²/n
  double icc = 0;             ///< (D − 1)/(m − 1), within [0, 1]
  bool icc_clamped = false;   ///< D lay outside [1, m], so the ICC was clamped to 0 or 1
  /// Clusters of the pilot's mean size and its ICC (no repeats: the pilot's values are already its item means).
  EvalDesign design() const { return EvalDesign::make(cluster_size, icc, 1, 0); }
};

/// From two systems' scores on the same items (b − a is the difference); `clusters` empty or one name
/// per item; `repeats` the most samples averaged into one value. Throws Error ("pilot") with fewer than
/// 2 items, spans of different lengths, a value that is not finite, fewer than 2 clusters, or differences
/// that are all equal (nothing to plan with).
PilotEstimates estimate_pilot(std::span<const double> a, std::span<const double> b, std::span<const std::string> clusters, std::uint32_t repeats);

/// A small pilot, few clusters, a clamped ICC, and (given the planned n in items) an n more than
/// pilot_extrapolation_factor times the pilot's.
std::vector<Warning> pilot_warnings(const PilotEstimates& e, std::optional<std::uint64_t> planned_items);

/// The estimates as the power, samplesize and mde answers' "pilot" object.
nlohmann::ordered_json pilot_json(const PilotEstimates& e);

}  // namespace pairpower
