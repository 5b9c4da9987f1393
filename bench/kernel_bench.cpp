// Per-pair cost of the simulation kernel at one N, for every score model (not a test),
// with each model's cost as a ratio to the clipped normal's measured in the same run.
// Usage: pairpower_kernel_bench [N] [reps]
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/registry/registry.hpp"

int main(int argc, char** argv) {
  using namespace pairpower;
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200;
  const std::uint64_t reps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000;
  // A pilot of 500 differences with a skewed, tied shape (a fixed formula: the bench needs no file).
  std::vector<double> pilot;
  for (int i = 0; i < 500; ++i) pilot.push_back(i % 5 == 0 ? 0.0 : std::round(20.0 * std::sin(0.37 * i) * std::fabs(std::cos(0.11 * i))) / 20.0);
  ModelParams params;
  params.pilot = std::make_shared<const std::vector<double>>(std::move(pilot));
  double base_cell = 0, base_slice = 0;
  for (const auto& info : score_models()) {
    const ScoreModel m = info.model;
    double cell_ns = 0;
    for (auto tests : {std::vector<PairedTest>{PairedTest::t}, std::vector<PairedTest>{PairedTest::t, PairedTest::wilcoxon}}) {
      CellSpec cell{Scenario{m, {0.65, 0.12}, 0.01, 0.8, params}, n, 0.05, tests, 7};
      simulate_cell(cell, 0, 10);  // warm caches and tables
      const auto t0 = std::chrono::steady_clock::now();
      const auto counts = simulate_cell(cell, 0, reps);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      cell_ns = 1e9 * s / static_cast<double>(reps * n);
      fmt::print("one cell   model={:<13} N={:<5} tests={:<10} {:8.2f} ns/pair  (rejections {})\n", to_string(m), n,
                 tests.size() == 1 ? "t" : "t+wilcoxon", cell_ns, counts[0]);
    }
    // The paper grid's slice at this N as the engine runs it: the five δ cells
    // of each (model, N, ρ) share one generation pass.
    GridSpec g;
    g.models = {m};
    g.n = {n};
    g.delta = {0.0, 0.01, 0.02, 0.05, 0.10};
    g.rho = {0.5, 0.8, 0.95};
    g.reps = reps / 5;
    g.params = params;
    RunOptions one_thread;
    one_thread.threads = 1;
    const GridResult r = run_grid(g, one_thread);
    const double slice_ns = 1e9 * r.elapsed_s / static_cast<double>(r.pairs);
    if (m == ScoreModel::normal) base_cell = cell_ns, base_slice = slice_ns;
    fmt::print("grid slice model={:<13} N={:<5} tests={:<10} {:8.2f} ns/pair  ({} pairs)\n", to_string(m), n, "t+wilcoxon", slice_ns, r.pairs);
    if (base_cell > 0)
      fmt::print("ratio to the clipped normal, model={:<13} one cell {:.2f}x, grid slice {:.2f}x\n", to_string(m), cell_ns / base_cell, slice_ns / base_slice);
  }
}
