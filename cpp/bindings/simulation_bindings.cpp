// Embind boundary of the simulation: one group's replicate range in a worker
// (the Plan engine plans the work, plan_run_bindings.cpp), and the Beta tables it
// hands over. Every function returns its result or an ErrorResult (bindings_support.hpp).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>
#include <stdexcept>
#include <thread>

#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/detail/beta_quantile_table.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/simulation/plan_work.hpp"

#include "bindings_support.hpp"
#include "plan_bindings.hpp"

using emscripten::val;

namespace {

using namespace pairpower::bindings;

// Rejections as {counts}, indexed [delta * tests.length + test].
val counts_val(const std::vector<std::uint64_t>& counts) {
  val arr = val::array();
  for (std::uint64_t c : counts) arr.call<void>("push", static_cast<double>(c));
  val out = val::object();
  out.set("counts", arr);
  return out;
}

// {model, n, rho, mean, sd, deltas, alpha, tests, seed}, replicate range, threads
// → {counts}: rejections indexed [delta * tests.length + test].
val simulate_group(const val& spec, double rep_begin, double rep_end, unsigned threads) {
  return guarded([&] {
    if (!(rep_begin >= 0 && rep_end >= rep_begin && rep_end <= pairpower::plan_field("reps").bounds.max))
      throw std::invalid_argument("reps: invalid replicate range");
    const auto counts = pairpower::simulate_group(group_from(spec), static_cast<std::uint64_t>(rep_begin),
                                                  static_cast<std::uint64_t>(rep_end), threads);
    return counts_val(counts);
  });
}

// The run this worker simulates (loadRun): its groups, read once from the spec as planWork
// reads it, so that a unit names its group by index instead of carrying it (and a pilot's
// scores) each time.
struct LoadedRun {
  std::string spec;
  std::vector<pairpower::GroupSpec> groups;
};
LoadedRun loaded;

// spec (JSON text of a PlanSpec) → {groups}: the run's groups, in planWork's order. The same text again keeps them.
val load_run(const std::string& spec_text) {
  return guarded([&] {
    if (spec_text != loaded.spec) {
      loaded = {spec_text, pairpower::grid_groups(pairpower::plan_spec_from_json(to_core(spec_text)).grid)};
    }
    val out = val::object();
    out.set("groups", static_cast<double>(loaded.groups.size()));
    return out;
  });
}

// group (an index of the loaded run's groups), replicate range, threads → {counts}.
val simulate_unit(double group, double rep_begin, double rep_end, unsigned threads) {
  return guarded([&] {
    if (!(group >= 0 && group < static_cast<double>(loaded.groups.size()) && std::floor(group) == group))
      throw std::invalid_argument("group: not a group of the loaded run (loadRun first)");
    if (!(rep_begin >= 0 && rep_end >= rep_begin && rep_end <= pairpower::plan_field("reps").bounds.max))
      throw std::invalid_argument("reps: invalid replicate range");
    const auto counts = pairpower::simulate_group(loaded.groups[static_cast<std::size_t>(group)], static_cast<std::uint64_t>(rep_begin),
                                                  static_cast<std::uint64_t>(rep_end), threads);
    return counts_val(counts);
  });
}

// [{a, b, coefficients}] (the Plan engine's betaTables) → {adopted}: Beta tables
// this worker's simulations then use instead of building their own. A shape
// the worker already holds keeps its table (the two are equal).
val adopt_beta_tables(const val& tables) {
  return guarded([&] {
    if (!tables.isArray()) throw std::invalid_argument("tables: must be a list of tables");
    const unsigned count = tables["length"].as<unsigned>();
    for (unsigned i = 0; i < count; ++i) {
      const val t = tables[i];
      pairpower::adopt_tabulated_beta(pairpower::GaussianToBeta({number(t, "a"), number(t, "b")}, emscripten::convertJSArrayToNumberVector<double>(t["coefficients"])));
    }
    val out = val::object();
    out.set("adopted", count);
    return out;
  });
}

unsigned hardware_threads() { return std::thread::hardware_concurrency(); }

}  // namespace

EMSCRIPTEN_BINDINGS(pairpower_simulation) {
  emscripten::function("simulateGroup", &simulate_group);
  emscripten::function("loadRun", &load_run);
  emscripten::function("simulateUnit", &simulate_unit);
  emscripten::function("adoptBetaTables", &adopt_beta_tables);
  emscripten::function("hardwareThreads", &hardware_threads);
}
