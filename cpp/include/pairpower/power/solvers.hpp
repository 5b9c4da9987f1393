#pragma once
// Inverting analytic power: the smallest N for a target power, and the
// minimum detectable effect (MDE) for a given N.
//
// Example:
//   auto s = pairpower::min_sample_size(pairpower::PowerMethod::paired_t,
//                                       0.01, pairpower::sd_of_differences(0.12, 0.8), 0.05, 0.8);
//   s.n;   // 455 (the paper's §6.1 says "500–1000")
#include <cstddef>
#include <optional>
#include <string>

#include "pairpower/power/analytic_power.hpp"

namespace pairpower {

/// σ√(2(1 − ρ)); throws std::invalid_argument unless σ > 0 and −1 < ρ < 1.
double sd_of_differences(double sd, double rho);

/// The solvers' search stops here: N beyond it is reported as out of reach.
inline constexpr std::size_t solver_n_max = 100'000'000;

struct SampleSizeSolution {
  std::size_t n;  ///< smallest n ≥ 2 with power ≥ target
  double power;   ///< power at n
};

/// Exact integer search. Returns nullopt when the target is out of reach below
/// n_max (δ = 0, for instance). Throws std::invalid_argument on bad input.
/// For a one-sided alternative δ must lie on its side (> 0 for "greater", < 0 for "less"), else nullopt.
/// With a question (question.hpp): non-inferiority needs δ > −M, equivalence |δ| < M and the paired t.
std::optional<SampleSizeSolution> min_sample_size(PowerMethod m, double delta, double sd_diff,
                                                  double alpha, double target_power,
                                                  std::size_t n_max = solver_n_max, Alternative alt = Alternative::two_sided,
                                                  PlanQuestion q = {});

struct EffectSolution {
  double delta;  ///< smallest δ > 0 with power ≥ target (to 1e-12 relative)
  double power;
};

/// Returns nullopt when no effect reaches the target at this n (the Wilcoxon
/// approximation at n ≤ 5, say). Throws std::invalid_argument on bad input.
/// For "less" the effect found is negative (B worse by at least |δ|).
/// Non-inferiority: the smallest δ shown not worse than −M with the target power (negative when
/// B may be a little worse). Equivalence (paired t only): the largest |δ| still shown within ±M
/// with the target power; nullopt when even δ = 0 falls short.
std::optional<EffectSolution> min_detectable_effect(PowerMethod m, std::size_t n, double sd_diff, double alpha,
                                     double target_power, Alternative alt = Alternative::two_sided, PlanQuestion q = {});

/// A pilot's Δ and σ of the differences divided by one factor that brings them within the solvers'
/// range (|Δ| ≤ 1e6, 1e-12 ≤ σ ≤ 1e6): n and power depend on Δ/σ only, and an MDE found at σ/f is
/// f times too small. The factor is 1 for any pair already in range. nullopt when σ is at most 1e-12 of
/// the larger of |Δ| and 1: differences equal up to rounding, with nothing to plan.
struct SolverScale {
  double delta, sd_diff, factor;
};
std::optional<SolverScale> solver_scale(double delta, double sd_diff);

/// Why a pilot's differences (their mean Δ and SD σ) cannot be planned from, as a phrase about "its"
/// differences; nullopt when they can: an SD of rounding (solver_scale's rule), or one above the 1e6
/// the planner takes (a unit the user can change), which Monte Carlo resampling of the pilot needs too.
std::optional<std::string> pilot_spread_problem(double delta, double sd_diff);

}  // namespace pairpower
