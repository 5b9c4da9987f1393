#include "pairpower/power/analytic_answers.hpp"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"

using namespace pairpower;

TEST_CASE("the smallest N answer holds R power.t.test's n for the paired t and an entry for every solvable test", "[analytic_answers]") {
  for (const auto& c : test::fixture("solvers.json").at("sample_size")) {
    const auto j = sample_size_answers(c.at("delta"), c.at("power"), AnalyticScenario::from_sd_diff(c.at("sd_diff"), c.at("alpha")));
    CHECK(j.at("t").at("n").get<long long>() == c.at("n").get<long long>());
    for (const auto& t : paired_tests()) CHECK(j.contains(t.id) == t.solvable);
  }
}

TEST_CASE("the minimum detectable effect answer holds R power.t.test's delta", "[analytic_answers]") {
  for (const auto& c : test::fixture("solvers.json").at("mde")) {
    const auto j = effect_answers(c.at("n"), c.at("power"), AnalyticScenario::from_sd_diff(c.at("sd_diff"), c.at("alpha")));
    CHECK(j.at("t").at("delta").get<double>() == Approx(c.at("delta").get<double>()).epsilon(1e-9));
  }
}

TEST_CASE("the power answer holds R's paired t power, Noether's Wilcoxon power and every test of the registry", "[analytic_answers]") {
  const auto& cases = test::fixture("analytic_power.json").at("cases");
  REQUIRE(cases.size() > 10);
  for (const auto& c : cases) {
    const auto j = power_answers(c.at("n"), c.at("delta"), AnalyticScenario::from_sd_diff(c.at("sd_diff"), c.at("alpha")));
    CHECK(j.at("t").at("power").get<double>() == Approx(c.at("t_r_power_t_test").get<double>()).epsilon(1e-9).margin(1e-12));
    CHECK(j.at("wilcoxon").at("noether").get<double>() == Approx(c.at("wilcoxon_noether").get<double>()).epsilon(1e-9).margin(1e-12));
    for (const auto& t : paired_tests()) CHECK(j.contains(t.id));
  }
}

TEST_CASE("a scenario from sigma and rho echoes both and forms sigma_d as sigma times the root of 2(1 - rho)", "[analytic_answers]") {
  const auto s = AnalyticScenario::from_scores(0.12, 0.5, 0.05);
  CHECK(s.sd_diff == Approx(0.12));
  const auto j = power_answers(100, 0.01, s);
  CHECK(j.at("inputs").at("rho") == 0.5);
  CHECK(j.at("inputs").at("sd") == 0.12);
}

TEST_CASE("an out-of-reach target is an answer with a reason, not an error", "[analytic_answers]") {
  const auto j = effect_answers(3, 0.8, AnalyticScenario::from_sd_diff(0.1, 0.05));
  CHECK(j.at("wilcoxon").at("delta").is_null());
  CHECK(!j.at("wilcoxon").at("reason").get<std::string>().empty());
}

TEST_CASE("bad values are typed errors naming the core's field", "[analytic_answers]") {
  const auto field_of = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.field;
    }
    return std::string("no error");
  };
  const auto s = AnalyticScenario::from_sd_diff(0.1, 0.05);
  CHECK(field_of([&] { AnalyticScenario::from_scores(0.12, 1.0, 0.05); }) == "rho");
  CHECK(field_of([&] { AnalyticScenario::from_scores(-0.1, 0.5, 0.05); }) == "sd");
  CHECK(field_of([&] { AnalyticScenario::from_sd_diff(0.0, 0.05); }) == "sd_diff");
  CHECK(field_of([&] { AnalyticScenario::from_sd_diff(0.1, 1.5); }) == "alpha");
  CHECK(field_of([&] { sample_size_answers(0.0, 0.8, s); }) == "delta");
  CHECK(field_of([&] { sample_size_answers(0.01, 0.04, s); }) == "power");
  CHECK(field_of([&] { effect_answers(1, 0.8, s); }) == "n");
  CHECK(field_of([&] { effect_answers(solver_n_max + 1, 0.8, s); }) == "n");
  CHECK(field_of([&] { power_answers(1, 0.01, s); }) == "n");
}

TEST_CASE("a power row holds the power answer's value for every N and test, NaN where a question has no closed form", "[analytic_answers]") {
  const std::vector<std::size_t> ns = {2, 10, 50, 51, 500, 5000};
  const auto tests = paired_tests();
  for (const auto alt : {Alternative::two_sided, Alternative::less})
    for (const double delta : {0.0, -0.01, 0.02}) {
      auto s = AnalyticScenario::from_sd_diff(0.05, 0.05);
      s.alternative = alt;
      const auto row = power_row(ns, delta, s);
      REQUIRE(row.size() == ns.size() * tests.size());
      for (std::size_t j = 0; j < ns.size(); ++j)
        for (std::size_t k = 0; k < tests.size(); ++k)
          CHECK(row[j * tests.size() + k] == power_answers(ns[j], delta, s).at(tests[k].id).at("power").get<double>());
    }
  auto eq = AnalyticScenario::from_sd_diff(0.05, 0.05);
  eq.question = {Question::equivalence, 0.02};
  const auto row = power_row(std::vector<std::size_t>{100}, 0.0, eq);
  const auto answers = power_answers(100, 0.0, eq);
  std::size_t without = 0;
  for (std::size_t k = 0; k < tests.size(); ++k) {
    const auto& answer = answers.at(tests[k].id).at("power");
    without += answer.is_null();
    if (answer.is_null()) CHECK(std::isnan(row[k]));
    else CHECK(row[k] == answer.get<double>());
  }
  CHECK(without > 0);  // equivalence has a closed form for the t only
  CHECK_THROWS_AS(power_row(std::vector<std::size_t>{1}, 0.0, eq), Error);  // N below the Plan field's minimum, as power_answers
}
