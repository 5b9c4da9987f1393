#pragma once
// Score models: how the simulation draws per-query score pairs (s_A, s_B).
//
// Example:
//   pairpower::Scenario sc{pairpower::ScoreModel::clipped_normal, {0.65, 0.12}, 0.01, 0.8};
//   pairpower::validate(sc);   // throws std::invalid_argument naming the bad field
#include <optional>
#include <string_view>

namespace pairpower {

/// The distribution of one query's pair of scores. With (Z1, Z2) independent
/// N(0,1), W = ρ·Z1 + √(1−ρ²)·Z2, mean μ, SD σ and effect δ:
/// - clipped_normal, the seed paper's normal model: s_A = clip(μ + σ·Z1),
///   s_B = clip(μ + δ + σ·W), clip(x) = min(max(x, 0), 1). Clipping creates
///   exact zeros and ties.
/// - beta_copula, the seed paper's Beta model: s_A = F_A⁻¹(Φ(Z1)), s_B = F_B⁻¹(Φ(W))
///   (a Gaussian copula with latent correlation ρ), F_A = Beta(μ, σ), F_B =
///   Beta(μ + δ, σ), each by the method of moments with the seed script's clamps
///   (see beta_from_moments).
/// - normal: as clipped_normal without the clip, so D = s_B − s_A ~ N(δ, 2σ²(1−ρ))
///   exactly and analytic power applies exactly (used to validate Monte Carlo).
/// The list, with the names users type, is registry/score_models.def.
enum class ScoreModel {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title) e,
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
};

std::string_view to_string(ScoreModel m) noexcept;
/// Accepts the ids of registry/score_models.def: "normal" (the paper's clipped normal), "beta", "unclipped".
std::optional<ScoreModel> score_model_from_string(std::string_view s) noexcept;

/// Mean and SD of one system's per-query score.
struct ScoreMarginal {
  double mean = 0.65;
  double sd = 0.12;
};

/// One simulated design: model, marginal of system A, effect δ = E[s_B − s_A]
/// before clipping, and latent correlation ρ.
struct Scenario {
  ScoreModel model = ScoreModel::clipped_normal;
  ScoreMarginal marginal{};
  double delta = 0.0;
  double rho = 0.5;
};

/// Throws std::invalid_argument naming the field ("rho", "sd", …) when a
/// parameter is non-finite or outside its domain (σ > 0, −1 < ρ < 1).
void validate(const Scenario& s);

/// Beta shape parameters.
struct BetaShape {
  double a;
  double b;
};

/// Method-of-moments Beta for (mean, sd) with the seed script's clamps:
/// mean clipped to [0.01, 0.99]; if σ² ≥ μ(1−μ) use σ² = 0.9·μ(1−μ);
/// a = μ(μ(1−μ)/σ² − 1), b = (1−μ)(μ(1−μ)/σ² − 1), each at least 0.5.
BetaShape beta_from_moments(double mean, double sd) noexcept;

}  // namespace pairpower
