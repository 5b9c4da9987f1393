#include "pairpower/simulation/score_model.hpp"

#include "pairpower/stats/bivariate_normal.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/stats/paired_t.hpp"
#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace pairpower {

std::string_view to_string(ScoreModel m) noexcept {
  switch (m) {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) \
  case ScoreModel::e: return id;
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
  }
  return "?";
}

std::optional<ScoreModel> score_model_from_string(std::string_view s) noexcept {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) \
  if (s == id) return ScoreModel::e;
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
  return std::nullopt;
}

ModelAnalytic model_analytic(ScoreModel m) noexcept {
  switch (m) {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) \
  case ScoreModel::e: return ModelAnalytic::analytic;
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
  }
  return ModelAnalytic::none;
}

namespace {
[[noreturn]] void bad(const char* field, double v, const std::string& rule) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  throw Error(field, ErrorKind::invalid_value, std::string(buf) + " " + rule, buf);
}

}  // namespace

void validate(const Scenario& s) {
  // Bounds far outside any score scale keep every sum finite.
  if (!(std::isfinite(s.marginal.mean) && std::fabs(s.marginal.mean) <= 1e6)) bad("mean", s.marginal.mean, "must be a number between -1e6 and 1e6");
  if (!(std::isfinite(s.marginal.sd) && s.marginal.sd > 0 && s.marginal.sd <= 1e6)) bad("sd", s.marginal.sd, "must be a number > 0 and at most 1e6");
  if (!(std::isfinite(s.delta) && std::fabs(s.delta) <= 1e6)) bad("delta", s.delta, "must be a number between -1e6 and 1e6");
  if (!(s.rho > -1.0 && s.rho < 1.0)) bad("rho", s.rho, "must lie strictly between -1 and 1");
  const ModelParams& p = s.params;
  switch (s.model) {
    case ScoreModel::beta_copula:
      for (double mean : {s.marginal.mean, s.marginal.mean + s.delta}) {
        const BetaShape b = beta_from_moments(mean, s.marginal.sd);
        if (!(b.a <= 1e6 && b.b <= 1e6)) bad("sd", s.marginal.sd, "is too small for the Beta model (its shape parameters would exceed 1e6)");
      }
      break;
    case ScoreModel::heterogeneous:
      if (!(std::isfinite(p.tau) && p.tau >= 0 && p.tau <= 1e6)) bad("tau", p.tau, "must be a number ≥ 0 (the SD of the per-query effects)");
      break;
    case ScoreModel::heavy_tailed:
      if (!(std::isfinite(p.df) && p.df > 2 && p.df <= heavy_tailed_df_max)) bad("df", p.df, "must be a number > 2 and at most 1e6 (the SD exists only for ν > 2)");
      break;
    case ScoreModel::zero_inflated:
      if (!(p.zero_share >= 0 && p.zero_share < 1)) bad("zero_share", p.zero_share, "must lie in [0, 1)");
      break;
    case ScoreModel::binary:
      if (!(s.marginal.mean > 0 && s.marginal.mean < 1)) bad("mean", s.marginal.mean, "must lie strictly between 0 and 1 for the binary model (it is a success rate)");
      if (!(s.marginal.mean + s.delta > 0 && s.marginal.mean + s.delta < 1))
        bad("delta", s.delta, "puts B's success rate mean + δ outside (0, 1) in the binary model");
      break;
    case ScoreModel::lattice:
      if (!(p.levels >= 1 && p.levels <= lattice_levels_max))
        bad("levels", p.levels, "must be a whole number from 1 to " + std::to_string(lattice_levels_max));
      break;
    case ScoreModel::pilot: {
      if (!p.pilot || p.pilot->size() < 2) throw Error("pilot", ErrorKind::not_enough_data, "the pilot model needs pilot data with at least 2 queries");
      const auto [lo, hi] = std::minmax_element(p.pilot->begin(), p.pilot->end());
      if (!(std::isfinite(*lo) && std::isfinite(*hi))) throw Error("pilot", ErrorKind::invalid_value, "every pilot difference must be a finite number");
      // The planning of a run (its smallest n and warnings) solves at the pilot's Δ and SD: the pilot's rule applies.
      const MeanSd m = mean_sd(p.pilot->data(), p.pilot->size());
      if (const auto problem = pilot_spread_problem(m.mean, m.sd)) throw Error("pilot", ErrorKind::invalid_value, *problem);
      break;
    }
    case ScoreModel::normal:
    case ScoreModel::unclipped: break;
  }
}

bool bounded_to_unit(ScoreModel m) noexcept {
  switch (m) {
    case ScoreModel::normal:
    case ScoreModel::beta_copula:
    case ScoreModel::heterogeneous:
    case ScoreModel::heavy_tailed:
    case ScoreModel::zero_inflated:
    case ScoreModel::lattice: return true;
    case ScoreModel::unclipped:
    case ScoreModel::binary:  // a success rate outside (0, 1) is refused (validate)
    case ScoreModel::pilot: return false;
  }
  return false;
}

bool model_reads_rho(ScoreModel m) noexcept { return m != ScoreModel::pilot; }
bool model_reads_mean(ScoreModel m) noexcept { return m != ScoreModel::pilot; }
bool model_reads_sd(ScoreModel m) noexcept { return m != ScoreModel::pilot && m != ScoreModel::binary; }

BetaShape beta_from_moments(double mean, double sd) noexcept {
  const double mu = std::clamp(mean, 0.01, 0.99);
  const double cap = mu * (1.0 - mu);
  double var = sd * sd;
  if (var >= cap) var = 0.9 * cap;
  const double k = cap / var - 1.0;
  return {std::max(mu * k, 0.5), std::max((1.0 - mu) * k, 0.5)};
}

std::optional<double> model_sd_diff(const Scenario& s) {
  const double sigma = s.marginal.sd, rho = s.rho;
  const double normal_var = 2.0 * sigma * sigma * (1.0 - rho);
  switch (s.model) {
    case ScoreModel::normal:
    case ScoreModel::beta_copula:
    case ScoreModel::unclipped:
    case ScoreModel::heavy_tailed:  // c²·E[1/V] = σ²: the same SD as the normal model
      return std::sqrt(normal_var);
    case ScoreModel::heterogeneous: return std::sqrt(normal_var + s.params.tau * s.params.tau);
    case ScoreModel::binary: {
      // P(A ≠ B) = P(A=1) + P(B=1) − 2 P(A=1, B=1); Var D = P(A ≠ B) − δ².
      const boost::math::normal z;
      const double pa = s.marginal.mean, pb = s.marginal.mean + s.delta;
      if (!(pa > 0 && pa < 1 && pb > 0 && pb < 1)) return std::nullopt;
      const double both = bivariate_normal_cdf(boost::math::quantile(z, pa), boost::math::quantile(z, pb), rho);
      const double var = pa + pb - 2.0 * both - s.delta * s.delta;
      return var > 0 ? std::optional<double>(std::sqrt(var)) : std::nullopt;
    }
    case ScoreModel::pilot: {
      if (!s.params.pilot || s.params.pilot->size() < 2) return std::nullopt;
      const auto& d = *s.params.pilot;
      // The resampled population's SD: the pilot's with divisor n, not n − 1 (resampling draws from the empirical distribution).
      const double n = static_cast<double>(d.size());
      return mean_sd(d.data(), d.size()).sd * std::sqrt((n - 1.0) / n);
    }
    case ScoreModel::zero_inflated:
    case ScoreModel::lattice: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace pairpower
