#pragma once
// A Plan run as work: its groups (cells sharing random numbers), the replicate
// ranges a scheduler hands out, the cells that summed counts become, the
// analytic power beside each cell (the finished run's exports: plan_export.hpp).
//
// Example:
//   auto spec = pairpower::preset("paper").spec;
//   auto groups = pairpower::grid_groups(spec.grid);
//   auto units = pairpower::plan_units(groups, spec.grid.reps, 250'000);
//   // … simulate_group(groups[u.group], u.rep_begin, u.rep_end) for each unit, summed per group …
//   auto cells = pairpower::group_cells(groups[0], counts, spec.grid.reps);
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {

/// Replicates [rep_begin, rep_end) of one group; `pairs` simulated (s_A, s_B) pairs.
struct WorkUnit {
  std::size_t group;
  std::uint64_t rep_begin, rep_end, pairs;
};

/// Splits every group into replicate ranges of about `pairs_per_unit` pairs (δ
/// cells included), larger N first so that the last units to finish are short.
/// Every replicate of every group is in exactly one unit.
std::vector<WorkUnit> plan_units(const std::vector<GroupSpec>& groups, std::uint64_t reps, std::uint64_t pairs_per_unit);

/// A group's summed counts (indexed [delta * tests + test]) as its cells, at each ρ it stands at (δ × ρ × tests).
std::vector<CellResult> group_cells(const GroupSpec& group, std::span<const std::uint64_t> counts, std::uint64_t reps);

/// Pairs a grid simulates: Σ over its groups (grid_groups) of N × R × the δ count.
std::uint64_t grid_pairs(const GridSpec& g);

/// Pairs simulated for these cells: N × R for each of the first test's, a model that
/// does not read ρ counted at the grid's first ρ only (where grid_groups simulates it).
std::uint64_t simulated_pairs(const GridSpec& g, std::span<const CellResult> cells);

/// Analytic power of a cell's test for the unclipped normal with σ_d = σ√(2(1−ρ)).
double analytic_for_cell(const GridSpec& g, const CellResult& c);

/// Reads a spec as to_json(PlanSpec) writes it; throws Error naming the field.
PlanSpec plan_spec_from_json(const nlohmann::json& j);

}  // namespace pairpower
