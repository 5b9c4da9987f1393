#pragma once
// Score models: how the simulation draws per-query score pairs (s_A, s_B).
//
// Example:
//   pairpower::Scenario sc{pairpower::ScoreModel::normal, {0.65, 0.12}, 0.01, 0.8};
//   pairpower::validate(sc);   // throws std::invalid_argument naming the bad field
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace pairpower {

/// The distribution of one query's pair of scores. With (Z1, Z2) independent
/// N(0,1), W = ρ·Z1 + √(1−ρ²)·Z2, mean μ, SD σ and effect δ:
/// - normal (id "normal"), the seed paper's normal model: s_A = clip(μ + σ·Z1),
///   s_B = clip(μ + δ + σ·W), clip(x) = min(max(x, 0), 1). Clipping creates
///   exact zeros and ties.
/// - beta_copula, the seed paper's Beta model: s_A = F_A⁻¹(Φ(Z1)), s_B = F_B⁻¹(Φ(W))
///   (a Gaussian copula with latent correlation ρ), F_A = Beta(μ, σ), F_B =
///   Beta(μ + δ, σ), each by the method of moments with the seed script's clamps
///   (see beta_from_moments).
/// - unclipped (id "unclipped"): as normal without the clip, so D = s_B − s_A ~ N(δ, 2σ²(1−ρ))
///   exactly and analytic power applies exactly (used to validate Monte Carlo).
/// The shapes real metrics have (the seed paper's §10 names them as its limits):
/// - heterogeneous (τ): s_A = clip(μ + σ·Z1), s_B = clip(μ + δᵢ + σ·W) with
///   δᵢ ~ N(δ, τ²) drawn independently for each query (the effect varies by query);
/// - heavy_tailed (ν > 2): V ~ χ²_ν/ν shared by the query's two scores,
///   c = σ√((ν−2)/ν): s_A = clip(μ + c·Z1/√V), s_B = clip(μ + δ + c·W/√V)
///   (a bivariate t whose SD before clipping is σ);
/// - zero_inflated (π): with probability π the query is one no system answers and
///   both score 0; otherwise the clipped normal;
/// - binary: s_A = 1[Z1 < Φ⁻¹(μ)], s_B = 1[W < Φ⁻¹(μ + δ)] (success@1-like; means
///   μ and μ + δ, latent correlation ρ; σ is not used);
/// - lattice (K): s_A = round(K·clip(μ + σ·Z1))/K, s_B = round(K·clip(μ + δ + σ·W))/K
///   (P@K-like);
/// - pilot: a query pair (a, b) drawn with replacement from the user's pilot data,
///   B shifted so the mean difference is δ: s_B − s_A = (b − a) − mean(b − a) + δ
///   (μ, σ and ρ are the data's own and are not used).
/// Reference: Urbano, Lima & Hanjalic (SIGIR 2019) likewise measure the type I
/// error and power of IR's paired tests on simulated scores with realistic shapes.
/// The list, with the names users type, is registry/score_models.def.
enum class ScoreModel {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) e,
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

/// The parameters of the models beyond the paper's; each model reads its own
/// (registry/score_models.def names which) and ignores the rest.
struct ModelParams {
  double tau = 0.05;        ///< heterogeneous: SD τ of the per-query effects
  double df = 5.0;          ///< heavy_tailed: degrees of freedom ν > 2
  double zero_share = 0.2;  ///< zero_inflated: share π of queries no system answers, in [0, 1)
  unsigned levels = 10;     ///< lattice: K, scores are multiples of 1/K
  /// pilot: the pilot's per-query differences b − a (at least 2, not all equal).
  std::shared_ptr<const std::vector<double>> pilot;
};

/// The largest ν of the heavy-tailed model (beyond it, the model is the normal one).
inline constexpr double heavy_tailed_df_max = 1e6;
/// The most levels of the lattice model.
inline constexpr unsigned lattice_levels_max = 1000;

/// One simulated design: model, marginal of system A, effect δ = E[s_B − s_A]
/// before clipping, and latent correlation ρ.
struct Scenario {
  ScoreModel model = ScoreModel::normal;
  ScoreMarginal marginal{};
  double delta = 0.0;
  double rho = 0.5;
  ModelParams params{};
};

/// Throws Error naming the field ("rho", "sd", "tau", …) when a parameter the
/// model uses is non-finite or outside its domain (σ > 0, −1 < ρ < 1, ν > 2,
/// 0 ≤ π < 1, K ≥ 1; for binary 0 < μ + δ < 1).
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

/// Whether a model's scores are held to [0, 1]: clipped there (the normal,
/// heterogeneous, heavy-tailed, zero-inflated and lattice models, as the kernel
/// draws them) or Beta-distributed with the mean held in [0.01, 0.99].
bool bounded_to_unit(ScoreModel m) noexcept;

/// Whether a model reads ρ: all but the pilot model, which resamples the pilot's differences whole.
bool model_reads_rho(ScoreModel m) noexcept;
/// Whether a model reads the marginal mean: all but the pilot model (the binary model reads it as A's success rate).
bool model_reads_mean(ScoreModel m) noexcept;
/// Whether a model reads the marginal SD: all but the pilot and binary models.
bool model_reads_sd(ScoreModel m) noexcept;

/// Whether analytic power is offered for a model: for every test (normal theory
/// of D), for the paired t only, or not at all.
enum class ModelAnalytic { all, t_only, none };
ModelAnalytic model_analytic(ScoreModel m) noexcept;

/// SD of D = s_B − s_A where the model's scores are unclipped (clipping is
/// ignored, as for the paper's models): √(2σ²(1−ρ)) for the normal models,
/// √(2σ²(1−ρ) + τ²) for heterogeneous, the exact SD for binary (bivariate normal
/// orthants) and the pilot's SD; nullopt where no closed form is offered.
std::optional<double> model_sd_diff(const Scenario& s);

}  // namespace pairpower
