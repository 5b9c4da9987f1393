#include "pairpower/power/sensitivity.hpp"

#include <cstdio>
#include <string>

#include <catch2/catch.hpp>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/power/solvers.hpp"

using namespace pairpower;

TEST_CASE("the detectability sentences state the solvers' effect for each N in plain words", "[sensitivity]") {
  const auto s = AnalyticScenario::from_scores(0.12, 0.8, 0.05);
  const auto j = sensitivity_answers(200, 0.8, s);
  const auto& rows = j["detectable"];
  REQUIRE(rows.size() == 5);
  for (const auto& r : rows) {
    const auto e = min_detectable_effect(PowerMethod::paired_t, r["n"].get<std::size_t>(), s.sd_diff, 0.05, 0.8);
    REQUIRE(e);
    CHECK(r["delta"].get<double>() == e->delta);
  }
  CHECK(rows[2]["n"] == 200);
  // The number is the solver's (checked against R elsewhere), to 4 significant digits.
  char mde[32];
  std::snprintf(mde, sizeof mde, "%.4g", rows[2]["delta"].get<double>());
  CHECK(rows[2]["sentence"] == std::string("At N = 200 and ρ = 0.8 you would detect |δ| ≥ ") + mde + " four times in five.");
  CHECK(j["inputs"]["power"] == 0.8);
}

TEST_CASE("the power curve and the N × δ grid are the analytic power at their points, rising with N", "[sensitivity]") {
  auto s = AnalyticScenario::from_sd_diff(0.05, 0.05);
  s.alternative = Alternative::greater;
  const auto j = sensitivity_answers(300, 0.9, s);
  const auto& deltas = j["curve"]["delta"];
  REQUIRE(deltas.size() == 61);
  CHECK(deltas.front() == 0.0);
  for (std::size_t i = 0; i < deltas.size(); i += 10)
    CHECK(j["curve"]["t"][i].get<double>() == power_paired_t(300, {deltas[i].get<double>(), 0.05}, 0.05, Alternative::greater));
  const auto& grid = j["grid"];
  // The middle column (δ near the MDE) rises strictly with N.
  for (std::size_t r = 1; r < grid["n"].size(); ++r) CHECK(grid["power"][r][4].get<double>() > grid["power"][r - 1][4].get<double>());
  CHECK(times_in(0.9) == "nine times in ten");
  CHECK(times_in(0.73) == "73% of the time");
}

TEST_CASE("equivalence sensitivity spans both sides of the margin and leaves tests without a closed form null", "[sensitivity]") {
  auto s = AnalyticScenario::from_sd_diff(0.05, 0.05);
  s.question = {Question::equivalence, 0.01};
  const auto j = sensitivity_answers(400, 0.8, s);
  CHECK(j["curve"]["delta"].front() == Approx(-0.015));
  CHECK(j["curve"]["delta"].back() == Approx(0.015));
  CHECK(j["curve"]["wilcoxon"][30].is_null());
  CHECK(j["curve"]["t"][30].get<double>() > 0.9);  // δ = 0
  CHECK_THAT(j["detectable"][2]["sentence"].get<std::string>(), Catch::StartsWith("At N = 400 you would show equivalence within ±0.01 four times in five when |δ| ≤ 0.003"));
  CHECK_THAT(j["detectable"][0]["sentence"].get<std::string>(), Catch::Contains("not even identical systems"));
}
