#pragma once
// Power across K independent comparisons (datasets or metrics), each a paired
// test of the same effect on n queries, after a multiple-testing correction:
// the power of each comparison, of detecting all K (power_all) and at least one
// (power_any). None and Bonferroni are analytic (each comparison at α or α/K,
// independent: all = p^K, any = 1 − (1 − p)^K); Holm (1979) and Benjamini–
// Hochberg (1995) depend on the K p-values jointly and are simulated for the
// paired t-test: t'_k = (Z_k + λ)/√(χ²_ν/ν), ν = n − 1, p_k by the test's tail,
// the correction applied as statsmodels' multipletests applies it. Two of their
// targets are closed forms and exact (SE 0): Holm's "any" is Bonferroni's (it
// rejects at least one iff min p ≤ α/K) and BH's "all" the uncorrected p(α)^K
// (it rejects all K iff max p ≤ α).
//
// Example:
//   auto f = pairpower::family_power(PowerMethod::paired_t, 200, {0.01, 0.076}, 0.05,
//                                    Alternative::two_sided, {8, Correction::holm});
//   f.all;   // ± f.mc_se_all
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/power/analytic_power.hpp"

namespace pairpower {

enum class Correction { none, bonferroni, holm, bh };
/// Its id, as the CLI's --correction and the registry's corrections name it.
constexpr std::string_view to_string(Correction c) noexcept {
  switch (c) {
    case Correction::none: return "none";
    case Correction::bonferroni: return "bonferroni";
    case Correction::holm: return "holm";
    case Correction::bh: return "bh";
  }
  return "?";
}
std::optional<Correction> correction_from_string(std::string_view s) noexcept;

/// The most comparisons a family may hold (the registry's limits.family_comparisons_max).
inline constexpr std::size_t family_comparisons_max = 1000;

struct Family {
  std::size_t comparisons = 1;  ///< K from 1 to family_comparisons_max
  Correction correction = Correction::holm;
};
/// Throws Error naming "comparisons" unless K lies from 1 to family_comparisons_max.
void validate(const Family& f);

struct FamilyPower {
  double per_comparison;  ///< expected share of the K comparisons detected
  double all;             ///< P(every comparison detected)
  double any;             ///< P(at least one detected)
  bool monte_carlo;       ///< Holm and BH: simulated; then the SEs below are set
  std::uint64_t reps = 0;
  double mc_se_per = 0, mc_se_all = 0, mc_se_any = 0;
  /// A simulated target at 1 or 0 (every replicate, or none): its SE of 0 says nothing, so the one-sided
  /// Clopper–Pearson bound at mc_bound_confidence (make_estimate's) stands beside it. None for a closed form.
  std::optional<double> bound_all, bound_any;
};

/// Monte Carlo replicates for Holm and BH (each replicate: K comparisons).
inline constexpr std::uint64_t family_reps_default = 20000;

/// Throws Error naming "comparisons" (K from 1 to 1000), "n", "alpha", and
/// "correction" for Holm or BH with a test other than the paired t or n < 3.
FamilyPower family_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt, Family f,
                         std::uint64_t reps = family_reps_default, std::uint64_t seed = 1);

/// Which family power a sample size is solved for.
enum class FamilyTarget { all, any };
/// Its id, as the CLI's --family-target and the registry's family targets name it.
constexpr std::string_view to_string(FamilyTarget t) noexcept { return t == FamilyTarget::all ? "all" : "any"; }
std::optional<FamilyTarget> family_target_from_string(std::string_view s) noexcept;

/// The smallest n whose power_all (or power_any) reaches the target; for Holm
/// and BH by bisection over the simulation with common random numbers (its
/// answer carries that Monte Carlo error). nullopt past n_max or for δ = 0.
std::optional<std::size_t> family_sample_size(PowerMethod m, double delta, double sd_diff, double alpha, Alternative alt, Family f,
                                              FamilyTarget target, double power, std::size_t n_max,
                                              std::uint64_t reps = family_reps_default, std::uint64_t seed = 1);

}  // namespace pairpower
