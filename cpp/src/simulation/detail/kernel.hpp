#pragma once
// The Monte Carlo engine's inner parts, shared by monte_carlo.cpp (validation, groups,
// threads, the grid) and kernel.cpp (generation and the tests' decisions per replicate).
// Internal to the core: not part of its public headers.
#include <cstdint>
#include <memory>
#include <vector>

#include "pairpower/simulation/detail/beta_quantile_table.hpp"
#include "pairpower/stats/decision_rules.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/stats/signed_ranks.hpp"

namespace pairpower::monte_carlo_detail {

// Cells that differ only in δ share their random numbers (δ is not in the
// key), so they are simulated together: one generation pass, and for the Beta
// model one quantile lookup for system A, serve every δ.
struct Rules {
  std::shared_ptr<const PairedTRule> t;
  std::shared_ptr<const WilcoxonRule> wilcoxon;
  std::shared_ptr<const SignRule> sign;
  bool needs_ranks = false;
};

struct Group {
  PlanQuestion question;
  Rules rules_less;  // equivalence: the upper one-sided test (on d − M, "less"); `rules` then holds the lower ("greater")
  ScoreModel model;
  std::size_t n;
  double rho;
  ScoreMarginal marginal;
  std::vector<double> deltas;
  std::vector<PairedTest> tests;
  std::uint64_t key;
  Rules rules;
  std::shared_ptr<const GaussianToBeta> beta_a;
  std::vector<std::shared_ptr<const GaussianToBeta>> beta_b;  // one per δ
  ModelParams params;
  double threshold_a = 0;               // binary: Φ⁻¹(μ)
  std::vector<double> threshold_b;      // binary: Φ⁻¹(μ + δ), one per δ
  std::vector<double> pilot_centred;    // pilot: b − a (raw; the shift to δ is per δ, see pilot_shift)
  std::vector<double> pilot_shift;      // pilot: δ − mean(b − a) per δ, 0 when within rounding of 0
  std::shared_ptr<const GaussianToInverseRootChi2> inverse_root_chi2;  // heavy-tailed: z ↦ 1/√V
};

struct Workspace {
  std::vector<std::uint32_t> bits, extra_bits;
  std::vector<float> z1, z2, z3, z4;
  std::vector<double> a, w, d, x, shifted;
  std::vector<unsigned char> reject, upper;  // per test: the decision, and for TOST the upper test's
  // x: a per-query extra (heterogeneous τZ₃, heavy-tailed c/√V, zero-inflated keep 0/1)
  SignedRanker ranker;
};

/// Replicates per call of the kernel (~64k pairs), the unit threads take from a shared range.
std::uint64_t reps_per_call(const Group& g);

/// Replicates r0 … r1 of group g, added to counts (deltas × tests, row-major). Each replicate
/// draws from its own generator: how the range is split changes no value.
void run_reps(const Group& g, std::uint64_t r0, std::uint64_t r1, Workspace& ws, std::uint64_t* counts);

}  // namespace pairpower::monte_carlo_detail
