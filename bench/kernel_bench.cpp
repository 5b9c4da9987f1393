// Per-pair cost of the simulation kernel at one N, one model (not a test).
// Usage: pairpower_kernel_bench [N] [reps]
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>

#include "pairpower/monte_carlo.hpp"

int main(int argc, char** argv) {
  using namespace pairpower;
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200;
  const std::uint64_t reps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20000;
  for (ScoreModel m : {ScoreModel::clipped_normal, ScoreModel::beta_copula}) {
    for (auto tests : {std::vector<PairedTest>{PairedTest::t}, std::vector<PairedTest>{PairedTest::t, PairedTest::wilcoxon}}) {
      CellSpec cell{Scenario{m, {0.65, 0.12}, 0.01, 0.8}, n, 0.05, tests, 7};
      simulate_cell(cell, 0, 10);  // warm caches and tables
      const auto t0 = std::chrono::steady_clock::now();
      const auto counts = simulate_cell(cell, 0, reps);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      fmt::print("one cell   model={:<7} N={:<5} tests={:<10} {:8.2f} ns/pair  (rejections {})\n", to_string(m), n,
                 tests.size() == 1 ? "t" : "t+wilcoxon", 1e9 * s / static_cast<double>(reps * n), counts[0]);
    }
    // The paper grid's slice at this N as the engine runs it: the five δ cells
    // of each (model, N, ρ) share one generation pass.
    GridSpec g;
    g.models = {m};
    g.n = {n};
    g.delta = {0.0, 0.01, 0.02, 0.05, 0.10};
    g.rho = {0.5, 0.8, 0.95};
    g.reps = reps / 5;
    RunOptions one_thread;
    one_thread.threads = 1;
    const GridResult r = run_grid(g, one_thread);
    fmt::print("grid slice model={:<7} N={:<5} tests={:<10} {:8.2f} ns/pair  ({} pairs)\n", to_string(m), n, "t+wilcoxon",
               1e9 * r.elapsed_s / static_cast<double>(r.pairs), r.pairs);
  }
}
