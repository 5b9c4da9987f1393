#include "pairpower/score_model.hpp"

#include <catch2/catch.hpp>

using namespace pairpower;

TEST_CASE("score model names round-trip through strings", "[score_model]") {
  for (ScoreModel m : {ScoreModel::clipped_normal, ScoreModel::beta_copula, ScoreModel::normal})
    CHECK(score_model_from_string(to_string(m)) == m);
  CHECK_FALSE(score_model_from_string("gamma").has_value());
}

TEST_CASE("scenario validation names the offending field", "[score_model]") {
  Scenario s;
  CHECK_NOTHROW(validate(s));
  s.rho = 1.0;
  CHECK_THROWS_WITH(validate(s), Catch::StartsWith("rho"));
  s = Scenario{};
  s.marginal.sd = 0;
  CHECK_THROWS_WITH(validate(s), Catch::StartsWith("sd"));
  s = Scenario{};
  s.delta = NAN;
  CHECK_THROWS_WITH(validate(s), Catch::StartsWith("delta"));
  s = Scenario{};
  s.marginal.mean = INFINITY;
  CHECK_THROWS_WITH(validate(s), Catch::StartsWith("mean"));
}

TEST_CASE("beta shapes are clamped when the SD is too large for the mean", "[score_model]") {
  const BetaShape s = beta_from_moments(0.5, 0.6);  // σ² ≥ μ(1−μ): variance capped at 0.9·μ(1−μ)
  CHECK(s.a == Approx(0.5));
  CHECK(s.b == Approx(0.5));
}
