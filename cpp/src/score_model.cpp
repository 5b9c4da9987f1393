#include "pairpower/score_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace pairpower {

std::string_view to_string(ScoreModel m) noexcept {
  switch (m) {
    case ScoreModel::clipped_normal: return "normal";
    case ScoreModel::beta_copula: return "beta";
    case ScoreModel::normal: return "unclipped";
  }
  return "?";
}

std::optional<ScoreModel> score_model_from_string(std::string_view s) noexcept {
  if (s == "normal") return ScoreModel::clipped_normal;
  if (s == "beta") return ScoreModel::beta_copula;
  if (s == "unclipped") return ScoreModel::normal;
  return std::nullopt;
}

void validate(const Scenario& s) {
  auto bad = [](const char* field, double v, const char* rule) {
    throw std::invalid_argument(std::string(field) + ": " + std::to_string(v) + " " + rule);
  };
  if (!std::isfinite(s.marginal.mean)) bad("mean", s.marginal.mean, "is not a finite number");
  if (!(std::isfinite(s.marginal.sd) && s.marginal.sd > 0)) bad("sd", s.marginal.sd, "must be a finite number > 0");
  if (!std::isfinite(s.delta)) bad("delta", s.delta, "is not a finite number");
  if (!(s.rho > -1.0 && s.rho < 1.0)) bad("rho", s.rho, "must lie strictly between -1 and 1");
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
