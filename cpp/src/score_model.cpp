#include "pairpower/score_model.hpp"

#include "pairpower/errors.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace pairpower {

std::string_view to_string(ScoreModel m) noexcept {
  switch (m) {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title) \
  case ScoreModel::e: return id;
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
  }
  return "?";
}

std::optional<ScoreModel> score_model_from_string(std::string_view s) noexcept {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title) \
  if (s == id) return ScoreModel::e;
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
  return std::nullopt;
}

void validate(const Scenario& s) {
  auto bad = [](const char* field, double v, const char* rule) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    throw Error(field, ErrorKind::invalid_value, std::string(buf) + " " + rule, buf);
  };
  // Bounds far outside any score scale keep every sum finite.
  if (!(std::isfinite(s.marginal.mean) && std::fabs(s.marginal.mean) <= 1e6)) bad("mean", s.marginal.mean, "must be a number between -1e6 and 1e6");
  if (!(std::isfinite(s.marginal.sd) && s.marginal.sd > 0 && s.marginal.sd <= 1e6)) bad("sd", s.marginal.sd, "must be a number > 0 and at most 1e6");
  if (!(std::isfinite(s.delta) && std::fabs(s.delta) <= 1e6)) bad("delta", s.delta, "must be a number between -1e6 and 1e6");
  if (!(s.rho > -1.0 && s.rho < 1.0)) bad("rho", s.rho, "must lie strictly between -1 and 1");
  if (s.model == ScoreModel::beta_copula) {
    for (double mean : {s.marginal.mean, s.marginal.mean + s.delta}) {
      const BetaShape b = beta_from_moments(mean, s.marginal.sd);
      if (!(b.a <= 1e6 && b.b <= 1e6)) bad("sd", s.marginal.sd, "is too small for the Beta model (its shape parameters would exceed 1e6)");
    }
  }
}

BetaShape beta_from_moments(double mean, double sd) noexcept {
  const double mu = std::clamp(mean, 0.01, 0.99);
  const double cap = mu * (1.0 - mu);
  double var = sd * sd;
  if (var >= cap) var = 0.9 * cap;
  const double k = cap / var - 1.0;
  return {std::max(mu * k, 0.5), std::max((1.0 - mu) * k, 0.5)};
}

}  // namespace pairpower
