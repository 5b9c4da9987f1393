#include "pairpower/registry/paper.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace pairpower {

GridSpec paper_grid(std::uint64_t reps, std::uint64_t seed) {
  GridSpec g;
  g.models = {ScoreModel::normal, ScoreModel::beta_copula};
  g.n = {50, 100, 200, 500, 1000};
  g.delta = {0.0, 0.01, 0.02, 0.05, 0.10};
  g.rho = {0.5, 0.8, 0.95};
  g.marginal = paper_setting.marginal;
  g.alpha = paper_setting.alpha;
  g.tests = {PairedTest::t, PairedTest::wilcoxon};
  g.reps = reps;
  g.seed = seed;
  return g;
}

namespace {
constexpr auto N = ScoreModel::normal;
constexpr auto B = ScoreModel::beta_copula;
constexpr auto T = PairedTest::t;
constexpr auto W = PairedTest::wilcoxon;

// Transcribed from the paper's tables (and three values stated in its text).
constexpr std::array<PaperValue, 114> printed{{
    // §4.2: paired t, normal model, δ = 0.01
    {"4.2", N, T, 50, 0.01, 0.50, 0.081}, {"4.2", N, T, 50, 0.01, 0.80, 0.152}, {"4.2", N, T, 50, 0.01, 0.95, 0.432},
    {"4.2", N, T, 100, 0.01, 0.50, 0.134}, {"4.2", N, T, 100, 0.01, 0.80, 0.262}, {"4.2", N, T, 100, 0.01, 0.95, 0.732},
    {"4.2", N, T, 200, 0.01, 0.50, 0.223}, {"4.2", N, T, 200, 0.01, 0.80, 0.463}, {"4.2", N, T, 200, 0.01, 0.95, 0.964},
    {"4.2", N, T, 500, 0.01, 0.50, 0.440}, {"4.2", N, T, 500, 0.01, 0.80, 0.842}, {"4.2", N, T, 500, 0.01, 0.95, 1.000},
    {"4.2", N, T, 1000, 0.01, 0.50, 0.735}, {"4.2", N, T, 1000, 0.01, 0.80, 0.989}, {"4.2", N, T, 1000, 0.01, 0.95, 1.000},
    // §4.3: paired t, normal model, δ = 0.02
    {"4.3", N, T, 50, 0.02, 0.50, 0.217}, {"4.3", N, T, 50, 0.02, 0.80, 0.437}, {"4.3", N, T, 50, 0.02, 0.95, 0.955},
    {"4.3", N, T, 100, 0.02, 0.50, 0.369}, {"4.3", N, T, 100, 0.02, 0.80, 0.763}, {"4.3", N, T, 100, 0.02, 0.95, 0.999},
    {"4.3", N, T, 200, 0.02, 0.50, 0.653}, {"4.3", N, T, 200, 0.02, 0.80, 0.957}, {"4.3", N, T, 200, 0.02, 0.95, 1.000},
    {"4.3", N, T, 500, 0.02, 0.50, 0.960}, {"4.3", N, T, 500, 0.02, 0.80, 1.000}, {"4.3", N, T, 500, 0.02, 0.95, 1.000},
    {"4.3", N, T, 1000, 0.02, 0.50, 1.000}, {"4.3", N, T, 1000, 0.02, 0.80, 1.000}, {"4.3", N, T, 1000, 0.02, 0.95, 1.000},
    // §4.4 (text): δ = 0.05, N = 50, ρ = 0.5
    {"4.4", N, T, 50, 0.05, 0.50, 0.818},
    // §4.5: δ = 0.02, normal vs Beta, t and Wilcoxon (normal t duplicates §4.3)
    {"4.5", B, T, 50, 0.02, 0.50, 0.217}, {"4.5", N, W, 50, 0.02, 0.50, 0.223}, {"4.5", B, W, 50, 0.02, 0.50, 0.204},
    {"4.5", B, T, 100, 0.02, 0.80, 0.732}, {"4.5", N, W, 100, 0.02, 0.80, 0.738}, {"4.5", B, W, 100, 0.02, 0.80, 0.719},
    {"4.5", B, T, 200, 0.02, 0.95, 1.000}, {"4.5", N, W, 200, 0.02, 0.95, 1.000}, {"4.5", B, W, 200, 0.02, 0.95, 1.000},
    {"4.5", B, T, 500, 0.02, 0.50, 0.958}, {"4.5", N, W, 500, 0.02, 0.50, 0.955}, {"4.5", B, W, 500, 0.02, 0.50, 0.952},
    {"4.5", B, T, 1000, 0.02, 0.80, 1.000}, {"4.5", N, W, 1000, 0.02, 0.80, 1.000}, {"4.5", B, W, 1000, 0.02, 0.80, 1.000},
    // §4.5 (text): Wilcoxon, N = 200, δ = 0.01, ρ = 0.8
    {"4.5", B, W, 200, 0.01, 0.80, 0.435},
    // §4.6: normal model, ρ = 0.8, Wilcoxon beside t (t duplicates §4.2/§4.3)
    {"4.6", N, W, 50, 0.01, 0.80, 0.147}, {"4.6", N, W, 100, 0.02, 0.80, 0.738}, {"4.6", N, W, 200, 0.01, 0.80, 0.433},
    {"4.6", N, W, 500, 0.01, 0.80, 0.815}, {"4.6", N, W, 1000, 0.01, 0.80, 0.982},
    // §4.6 (text): Beta model, N = 500, δ = 0.01, ρ = 0.8
    {"4.6", B, T, 500, 0.01, 0.80, 0.838}, {"4.6", B, W, 500, 0.01, 0.80, 0.840},
    // §5.1: type I error at δ = 0 (normal t, normal W, Beta t, Beta W)
    {"5.1", N, T, 50, 0, 0.50, 0.056}, {"5.1", N, W, 50, 0, 0.50, 0.055}, {"5.1", B, T, 50, 0, 0.50, 0.057}, {"5.1", B, W, 50, 0, 0.50, 0.060},
    {"5.1", N, T, 50, 0, 0.80, 0.053}, {"5.1", N, W, 50, 0, 0.80, 0.052}, {"5.1", B, T, 50, 0, 0.80, 0.048}, {"5.1", B, W, 50, 0, 0.80, 0.051},
    {"5.1", N, T, 50, 0, 0.95, 0.056}, {"5.1", N, W, 50, 0, 0.95, 0.052}, {"5.1", B, T, 50, 0, 0.95, 0.050}, {"5.1", B, W, 50, 0, 0.95, 0.044},
    {"5.1", N, T, 100, 0, 0.50, 0.052}, {"5.1", N, W, 100, 0, 0.50, 0.046}, {"5.1", B, T, 100, 0, 0.50, 0.061}, {"5.1", B, W, 100, 0, 0.50, 0.060},
    {"5.1", N, T, 100, 0, 0.80, 0.050}, {"5.1", N, W, 100, 0, 0.80, 0.052}, {"5.1", B, T, 100, 0, 0.80, 0.060}, {"5.1", B, W, 100, 0, 0.80, 0.055},
    {"5.1", N, T, 100, 0, 0.95, 0.042}, {"5.1", N, W, 100, 0, 0.95, 0.043}, {"5.1", B, T, 100, 0, 0.95, 0.056}, {"5.1", B, W, 100, 0, 0.95, 0.059},
    {"5.1", N, T, 200, 0, 0.50, 0.047}, {"5.1", N, W, 200, 0, 0.50, 0.049}, {"5.1", B, T, 200, 0, 0.50, 0.056}, {"5.1", B, W, 200, 0, 0.50, 0.059},
    {"5.1", N, T, 200, 0, 0.80, 0.040}, {"5.1", N, W, 200, 0, 0.80, 0.040}, {"5.1", B, T, 200, 0, 0.80, 0.051}, {"5.1", B, W, 200, 0, 0.80, 0.059},
    {"5.1", N, T, 200, 0, 0.95, 0.048}, {"5.1", N, W, 200, 0, 0.95, 0.047}, {"5.1", B, T, 200, 0, 0.95, 0.047}, {"5.1", B, W, 200, 0, 0.95, 0.049},
    {"5.1", N, T, 500, 0, 0.50, 0.048}, {"5.1", N, W, 500, 0, 0.50, 0.049}, {"5.1", B, T, 500, 0, 0.50, 0.039}, {"5.1", B, W, 500, 0, 0.50, 0.039},
    {"5.1", N, T, 500, 0, 0.80, 0.037}, {"5.1", N, W, 500, 0, 0.80, 0.040}, {"5.1", B, T, 500, 0, 0.80, 0.058}, {"5.1", B, W, 500, 0, 0.80, 0.058},
    {"5.1", N, T, 500, 0, 0.95, 0.057}, {"5.1", N, W, 500, 0, 0.95, 0.056}, {"5.1", B, T, 500, 0, 0.95, 0.045}, {"5.1", B, W, 500, 0, 0.95, 0.049},
    {"5.1", N, T, 1000, 0, 0.50, 0.048}, {"5.1", N, W, 1000, 0, 0.50, 0.046}, {"5.1", B, T, 1000, 0, 0.50, 0.042}, {"5.1", B, W, 1000, 0, 0.50, 0.041},
    {"5.1", N, T, 1000, 0, 0.80, 0.046}, {"5.1", N, W, 1000, 0, 0.80, 0.043}, {"5.1", B, T, 1000, 0, 0.80, 0.057}, {"5.1", B, W, 1000, 0, 0.80, 0.056},
    {"5.1", N, T, 1000, 0, 0.95, 0.058}, {"5.1", N, W, 1000, 0, 0.95, 0.056}, {"5.1", B, T, 1000, 0, 0.95, 0.056}, {"5.1", B, W, 1000, 0, 0.95, 0.060},
}};
}  // namespace

std::span<const PaperValue> paper_printed_values() noexcept { return printed; }

const PaperValue* find_printed(ScoreModel m, PairedTest t, std::size_t n, double delta, double rho) noexcept {
  for (const PaperValue& v : printed)
    if (v.model == m && v.test == t && v.n == n && v.delta == delta && v.rho == rho) return &v;
  return nullptr;
}

PaperCheck check_printed(double value, std::uint64_t rejections, std::uint64_t reps, std::optional<double> analytic) noexcept {
  constexpr double rounding = 0.0005;  // the paper prints three decimals
  const double r = static_cast<double>(reps), paper_r = static_cast<double>(paper_reps);
  const double ours = static_cast<double>(rejections) / r;
  const double q = (static_cast<double>(rejections) + 0.5) / (r + 1);
  const double se_combined = std::sqrt(q * (1 - q) * (1 / r + 1 / paper_r));
  PaperCheck c{std::fabs(value - ours) > paper_flag_se * se_combined + rounding, false};
  if (analytic && std::isfinite(*analytic)) {
    const double a = std::clamp(*analytic, 0.5 / paper_r, 1 - 0.5 / paper_r);
    c.off_analytic = std::fabs(value - *analytic) > paper_flag_se * std::sqrt(a * (1 - a) / paper_r) + rounding;
  }
  return c;
}

bool paper_applies(const GridSpec& g) noexcept {
  const PaperSetting& p = paper_setting;
  return g.alternative == p.alternative && g.question.kind == p.question && g.alpha == p.alpha && g.marginal.mean == p.marginal.mean &&
         g.marginal.sd == p.marginal.sd;
}

}  // namespace pairpower
