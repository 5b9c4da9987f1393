#pragma once
// Monte Carlo power over a grid: score model × N × δ × ρ, each paired test
// applied to the same simulated samples.
//
// Reproducibility: replicate r of a cell draws from a generator keyed by
// (seed, model, N, ρ, mean, SD, r); the models that need more than the two
// normals per query (τ's effects, ν's scale, π's zeros, the pilot's indices)
// draw those from a second generator keyed by (that key, r, 1). δ is left out on purpose: cells that differ
// only in δ share their random numbers (common random numbers), which makes
// power curves in δ smooth and monotone. So is a setting the model does not read
// (the pilot model's ρ, mean and SD; the binary model's SD): its cells at every
// value are one simulation. Nothing else enters, so a cell's
// counts never depend on threads, scheduling or the rest of the grid.
//
// Example:
//   pairpower::GridSpec g;  g.n = {100};  g.delta = {0.01};  g.rho = {0.8};
//   auto res = pairpower::run_grid(g);
//   res.cells[0].estimate.power;   // ± res.cells[0].estimate.mc_se
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/question.hpp"
#include "pairpower/simulation/score_model.hpp"

namespace pairpower {

/// The list, with names, labels and analytic methods: registry/paired_tests.def.
enum class PairedTest {
#define PAIRPOWER_PAIRED_TEST(e, id, label, short_label, method, solvable) e,
#include "pairpower/registry/paired_tests.def"
#undef PAIRPOWER_PAIRED_TEST
};
std::string_view to_string(PairedTest t) noexcept;
std::optional<PairedTest> paired_test_from_string(std::string_view s) noexcept;

/// A rejection rate with its binomial Monte Carlo standard error √(p(1−p)/R).
struct PowerEstimate {
  double power;
  double mc_se;
  std::uint64_t reps;
  /// When every replicate rejected (power 1) or none did (power 0), mc_se is 0 and says nothing of the
  /// precision: the one-sided Clopper–Pearson bound at mc_bound_confidence instead (at least this, or at
  /// most this). NaN otherwise.
  double bound = std::numeric_limits<double>::quiet_NaN();
};
/// The confidence of PowerEstimate::bound.
inline constexpr double mc_bound_confidence = 0.95;
PowerEstimate make_estimate(std::uint64_t rejections, std::uint64_t reps) noexcept;

struct GridSpec {
  std::vector<ScoreModel> models{ScoreModel::normal};
  std::vector<std::size_t> n{100};
  std::vector<double> delta{0.0};
  std::vector<double> rho{0.5};
  ScoreMarginal marginal{};
  double alpha = 0.05;
  std::vector<PairedTest> tests{PairedTest::t, PairedTest::wilcoxon};
  std::uint64_t reps = 1000;
  std::uint64_t seed = 1;
  ModelParams params{};  ///< τ, ν, π, K and the pilot, for the models that use them
  Alternative alternative = Alternative::two_sided;  ///< every test's; the random numbers do not depend on it
  /// Equivalence (each test run as TOST on d ± M) or non-inferiority (on d + M, "greater");
  /// the alternative must then stay two-sided. The random numbers do not depend on it either.
  PlanQuestion question{};
};

/// Throws std::invalid_argument naming the field ("n", "rho", "reps", …).
void validate(const GridSpec& g);

/// The cells of one (model, n, ρ) differing only in δ — for a model that does not
/// read ρ, of one (model, n) at every ρ: they share their random numbers, so
/// they are simulated together. This is the unit a scheduler (the
/// browser's worker pool, say) hands out, split into replicate ranges.
struct GroupSpec {
  ScoreModel model = ScoreModel::normal;
  std::size_t n = 100;
  double rho = 0.5;
  ScoreMarginal marginal{};
  std::vector<double> deltas{0.0};
  double alpha = 0.05;
  std::vector<PairedTest> tests{PairedTest::t, PairedTest::wilcoxon};
  std::uint64_t seed = 1;
  ModelParams params{};
  Alternative alternative = Alternative::two_sided;
  PlanQuestion question{};
  /// The ρ its cells stand at, when more than `rho`: every ρ of the grid for a model that
  /// does not read ρ (model_reads_rho), whose one simulation answers them all. Empty: `rho` alone.
  std::vector<double> rhos{};
};

/// The ρ a group's cells stand at: its `rhos`, or its `rho` alone.
std::vector<double> cell_rhos(const GroupSpec& group);

/// Rejection counts over replicates [rep_begin, rep_end), indexed
/// [delta * tests.size() + test]. Counts over disjoint ranges add up, and do not
/// depend on `threads` (the threads take the range in pieces of ~64k pairs).
/// Throws std::invalid_argument naming a bad field.
std::vector<std::uint64_t> simulate_group(const GroupSpec& group, std::uint64_t rep_begin, std::uint64_t rep_end,
                                          unsigned threads = 1);

/// The Beta shapes whose quantile tables (tabulated_beta) a group's simulation
/// uses: none unless its model is the Beta copula; then system A's, then system
/// B's for each δ (the Beta of mean μ + δ).
std::vector<BetaShape> group_beta_shapes(const GroupSpec& group);

/// The groups of a grid, in the order models × n × ρ; a model that does not read ρ has
/// one group per n, at the grid's first ρ, standing at every ρ (`rhos`).
std::vector<GroupSpec> grid_groups(const GridSpec& g);

/// One (model, n, δ, ρ) cell.
struct CellSpec {
  Scenario scenario;
  std::size_t n;
  double alpha;
  std::vector<PairedTest> tests;
  std::uint64_t seed;
  Alternative alternative = Alternative::two_sided;
  PlanQuestion question{};
};

/// Rejection counts of one cell over replicates [rep_begin, rep_end), one per
/// test in CellSpec::tests order. Counts over disjoint ranges add up, so a
/// caller (a wasm worker, say) may split a cell into batches.
std::vector<std::uint64_t> simulate_cell(const CellSpec& cell, std::uint64_t rep_begin,
                                         std::uint64_t rep_end);

struct CellResult {
  ScoreModel model;
  std::size_t n;
  double delta;
  double rho;
  PairedTest test;
  std::uint64_t rejections;
  PowerEstimate estimate;
};

struct Progress {
  std::size_t cells_done;
  std::size_t cells_total;
  std::uint64_t pairs_done;
  std::uint64_t pairs_total;
};

struct RunOptions {
  unsigned threads = 0;  ///< 0: all hardware threads
  /// Called after each finished batch, from any worker thread, never concurrently.
  std::function<void(const Progress&)> on_progress;
  /// Polled between batches (≈1 ms of work); set it to stop early.
  const std::atomic<bool>* cancel = nullptr;
};

struct GridResult {
  std::vector<CellResult> cells;  ///< models × n × δ × ρ × tests, in that nesting
  bool cancelled = false;         ///< if true, cells holds only finished cells
  double elapsed_s = 0;
  std::uint64_t pairs = 0;        ///< simulated (s_A, s_B) pairs
};

GridResult run_grid(const GridSpec& g, const RunOptions& opt = {});

}  // namespace pairpower
