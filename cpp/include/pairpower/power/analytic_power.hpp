#pragma once
// Closed-form power of paired tests when D = s_B − s_A ~ N(δ, σ_d²), two-sided
// or one-sided ("greater": reject for large statistics; power rises with δ > 0;
// "less" is its mirror, power(δ, less) = power(−δ, greater)). One-sided t power
// equals R's power.t.test(type = "paired", alternative = "one.sided") for δ > 0.
//
// Example:
//   auto e = pairpower::PairedEffect::from_scores(0.01, 0.12, 0.5);  // σ_d = 0.12
//   double p = pairpower::power_paired_t(100, e, 0.05);               // ≈ 0.131
#include <cstddef>
#include <optional>
#include <string_view>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/question.hpp"

namespace pairpower {

/// The effect on the difference scale: mean δ and SD σ_d of per-query differences.
struct PairedEffect {
  double delta;
  double sd_diff;
  /// Equal marginal SDs σ and correlation ρ: σ_d² = 2σ²(1 − ρ) (paper §2.3).
  static PairedEffect from_scores(double delta, double sd, double rho);
  /// Throws std::invalid_argument unless δ is finite and σ_d > 0 is finite.
  static PairedEffect from_sd_diff(double delta, double sd_diff);
};

/// Paired t: P(|T'| > t_c), T' noncentral t with df = n − 1, λ = δ√n/σ_d,
/// t_c = t_{n−1, 1−α/2}. Equals R's power.t.test(type="paired", strict=TRUE).
double power_paired_t(std::size_t n, PairedEffect e, double alpha, Alternative alt = Alternative::two_sided);

/// Wilcoxon by Noether (1987, JASA 82:645–647):
/// Φ(√(3n)·|p′ − ½| − z_{1−α/2}), p′ = P(D₁ + D₂ > 0) = Φ(√2·δ/σ_d).
double power_wilcoxon_noether(std::size_t n, PairedEffect e, double alpha, Alternative alt = Alternative::two_sided);

/// Wilcoxon by the exact non-null mean and variance of W₊ (Lehmann 1975,
/// Nonparametrics §4.2), W₊ taken as normal with a continuity correction,
/// against the rejection region of the test as scipy runs it (exact null
/// distribution for n ≤ 50, normal approximation above):
/// E W₊ = n p₁ + C(n,2) p₂,
/// Var W₊ = n p₁(1−p₁) + C(n,2) p₂(1−p₂) + 2n(n−1)(p₃ − p₁p₂) + n(n−1)(n−2)(p₄ − p₂²),
/// p₁ = P(D>0), p₂ = P(D₁+D₂>0), p₃ = P(D₁>0, D₁+D₂>0), p₄ = P(D₁+D₂>0, D₁+D₃>0).
double power_wilcoxon_moments(std::size_t n, PairedEffect e, double alpha, Alternative alt = Alternative::two_sided);

/// Sign test, exact for continuous differences: K ~ Binomial(n, Φ(δ/σ_d))
/// positives, over the test's own rejection region {min(K, n − K) ≤ k*}.
/// Not monotone in n (the test is discrete), so the solvers do not offer it.
double power_sign_test(std::size_t n, PairedEffect e, double alpha, Alternative alt = Alternative::two_sided);

enum class PowerMethod { paired_t, wilcoxon_moments, wilcoxon_noether, sign_exact };
std::string_view to_string(PowerMethod m) noexcept;

/// Dispatches on the method.
double analytic_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt = Alternative::two_sided);

/// Paired t TOST for |Δ| < M at α (both one-sided tests at α, t_c = t_{n−1,1−α}):
/// exact, by integrating over the sample SD S, (n−1)S²/σ_d² ~ χ²_{n−1}, independent of the mean:
/// P = E_S[max(0, Φ((M − δ)√n/σ_d − t_c S/σ_d) − Φ((−M − δ)√n/σ_d + t_c S/σ_d))]
/// (Owen 1965's two-sided noncentral t probability, here by Gauss–Kronrod quadrature).
double power_paired_t_equivalence(std::size_t n, PairedEffect e, double margin, double alpha);

/// Power for a question (question.hpp): the difference question is analytic_power;
/// non-inferiority is the "greater" power at δ + M (any method: differences are normal);
/// equivalence has a closed form for the paired t only (nullopt for the other methods).
std::optional<double> question_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt, PlanQuestion q);
/// Whether question_power answers for this method (false: equivalence with a test other than the t).
constexpr bool has_closed_form(PowerMethod m, const PlanQuestion& q) noexcept {
  return q.kind != Question::equivalence || m == PowerMethod::paired_t;
}

/// Throws std::invalid_argument unless 1e-10 ≤ α < 1 (the one place this bound lives).
void validate_alpha(double alpha);

}  // namespace pairpower
