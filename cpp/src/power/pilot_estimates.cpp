#include "pairpower/power/pilot_estimates.hpp"
#include "pairpower/power/solvers.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/clustered.hpp"
#include "pairpower/stats/paired_t.hpp"

namespace pairpower {
namespace {

Error pilot_error(const std::string& detail) { return Error("pilot", ErrorKind::invalid_value, detail); }

// A cluster size or design effect as people write it: 5, 4.2, 0.2082.
std::string short_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", x);
  return text;
}

// Counts of A right only, B right only and agreement; the reason when a score is not 0 or 1.
void binary_shares(std::span<const double> a, std::span<const double> b, PilotEstimates& e) {
  std::uint64_t right_a = 0, right_b = 0, only_a = 0, only_b = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (const double x : {a[i], b[i]})
      if (x != 0 && x != 1) {
        e.binary_reason = "item " + thousands(i + 1) + " scores " + format_sig(x) + (x == a[i] ? " for A" : " for B") +
                          ": McNemar plans need every score 0 or 1" + (e.repeats > 1 ? " (this pilot averages several samples per item)" : "");
        return;
      }
    right_a += a[i] == 1;
    right_b += b[i] == 1;
    only_a += a[i] == 1 && b[i] == 0;
    only_b += a[i] == 0 && b[i] == 1;
  }
  e.binary_scores = true;
  const auto n = static_cast<double>(a.size());
  e.accuracy_a = static_cast<double>(right_a) / n;
  e.accuracy_b = static_cast<double>(right_b) / n;
  e.agreement = 1 - static_cast<double>(only_a + only_b) / n;
  if (only_a + only_b == 0) {
    e.binary_reason = "A and B agree on every item of the pilot: no discordant item to plan McNemar with";
    return;
  }
  e.binary = BinaryDesign::from_discordant(static_cast<double>(only_a) / n, static_cast<double>(only_b) / n);
}

}  // namespace

PilotEstimates estimate_pilot(std::span<const double> a, std::span<const double> b, std::span<const std::string> clusters, std::uint32_t repeats) {
  if (a.size() != b.size()) throw pilot_error("A and B hold different numbers of items");
  if (a.size() < 2) throw pilot_error("holds " + thousands(a.size()) + " paired items; planning needs at least 2");
  if (!clusters.empty() && clusters.size() != a.size()) throw pilot_error("names the clusters of some items but not all");
  PilotEstimates e;
  e.items = a.size();
  e.repeats = std::max<std::uint32_t>(1, repeats);
  std::vector<double> d(a.size());
  for (std::size_t i = 0; i < d.size(); ++i) {
    d[i] = b[i] - a[i];
    if (!std::isfinite(d[i])) throw pilot_error("item " + thousands(i + 1) + " has a score that is not a finite number");
  }
  const MeanSd spread = mean_sd(d.data(), d.size());
  e.delta = spread.mean;
  e.sd_diff = spread.sd;
  if (const auto problem = pilot_spread_problem(e.delta, e.sd_diff)) throw pilot_error(*problem);
  binary_shares(a, b, e);
  if (!clusters.empty()) {
    const ClusterIds ids = cluster_ids(clusters);
    if (ids.clusters < 2) throw pilot_error("puts every item in one cluster; a clustered plan needs at least 2");
    const ClusteredMean m = clustered_mean(d, ids, 0.95);
    e.clusters = ids.clusters;
    e.cluster_size = static_cast<double>(e.items) / static_cast<double>(e.clusters);
    e.design_effect = m.design_effect;
    if (e.cluster_size > 1) {
      const double icc = (m.design_effect - 1) / (e.cluster_size - 1);
      e.icc = std::clamp(icc, 0.0, 1.0);
      e.icc_clamped = e.icc != icc;
    }
  }
  return e;
}

std::vector<Warning> pilot_warnings(const PilotEstimates& e, std::optional<std::uint64_t> planned_items) {
  std::vector<Warning> out;
  if (e.items < pilot_min_items)
    out.push_back({"small_pilot", "The pilot has " + thousands(e.items) + " items: below about " + std::to_string(pilot_min_items) +
                                      " the SD of its differences (and its shares of items only one system gets right) are rough, so the planned n "
                                      "may be off by half or double. Re-plan with a larger pilot."});
  if (e.clusters > 0 && e.clusters < cluster_min_clusters)
    out.push_back({"few_clusters", "The pilot's design effect rests on " + thousands(e.clusters) + " clusters: below about " +
                                       std::to_string(cluster_min_clusters) + " its estimate, and the ICC taken from it, are rough."});
  if (e.icc_clamped)
    out.push_back({"pilot_icc_clamped", "The pilot's design effect (" + short_number(e.design_effect) + ") lies outside what clusters of " +
                                            short_number(e.cluster_size) + " items allow (1 to " + short_number(e.cluster_size) +
                                            "), so the plan uses ICC " + short_number(e.icc) + ". Clusters of very unequal sizes, or few of them, do this."});
  if (planned_items && static_cast<double>(*planned_items) > pilot_extrapolation_factor * static_cast<double>(e.items))
    out.push_back({"pilot_extrapolated", "The planned n (" + thousands(*planned_items) + " items) is extrapolated from a pilot of " + thousands(e.items) +
                                             ", more than " + format_csv(pilot_extrapolation_factor) +
                                             " times smaller. It rests on what those items estimate (the spread of their differences and, for binary "
                                             "items, their Δ), and it grows with the spread over Δ squared: read it as an order of magnitude, and "
                                             "re-plan with a larger pilot."});
  return out;
}

nlohmann::ordered_json pilot_json(const PilotEstimates& e) {
  nlohmann::ordered_json j{{"items", e.items}, {"delta", e.delta}, {"sd_diff", e.sd_diff}};
  if (e.binary_scores) {
    j["accuracy_a"] = e.accuracy_a;
    j["accuracy_b"] = e.accuracy_b;
    j["agreement"] = e.agreement;
  }
  if (e.repeats > 1) j["repeats"] = e.repeats;
  if (e.clusters > 0) {
    j["clusters"] = e.clusters;
    j["cluster_size"] = e.cluster_size;
    j["design_effect"] = e.design_effect;
    j["icc"] = e.icc;
  }
  return j;
}

}  // namespace pairpower
