#include "pairpower/stats/randomization_test.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("exact sign-flip p equals scipy permutation_test's enumeration, ties and zeros included", "[randomization_test]") {
  const auto& cases = test::fixture("analysis.json").at("randomization");
  REQUIRE(cases.size() >= 40);
  for (const auto& c : cases) {
    const auto d = c.at("d").get<std::vector<double>>();
    const auto r = randomization_test(d);
    REQUIRE(r.exact);
    CHECK(r.resamples == (std::uint64_t{1} << d.size()));
    CHECK(r.p_value == Approx(c.at("p").get<double>()).epsilon(1e-12));
  }
}

TEST_CASE("monte carlo sign-flip p agrees with the exact p within 4 of its standard errors", "[randomization_test]") {
  std::mt19937_64 gen(8);
  std::normal_distribution<double> nd(0.01, 0.05);
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<double> d(18);
    for (double& x : d) x = std::round(nd(gen) * 100) / 100;
    const auto exact = randomization_test(d);
    const auto mc = randomization_test(d, {200000, 7, 0});
    REQUIRE_FALSE(mc.exact);
    // p = 2q for a binomial share q: SE 2·√(q(1−q)/K).
    const double q = exact.p_value / 2;
    const double se = 2 * std::sqrt(q * (1 - q) / 200000);
    INFO("exact " << exact.p_value << ", Monte Carlo " << mc.p_value << " ± " << mc.p_se);
    CHECK(std::fabs(mc.p_value - exact.p_value) < 4 * se + 2.0 / 200000);
    CHECK(mc.p_se == Approx(se).epsilon(0.05));
  }
}

TEST_CASE("sign-flip p depends only on the seed, and the smallest Monte Carlo p is 2/(K+1)", "[randomization_test]") {
  std::vector<double> d(200, 0.05);  // every flip is smaller than the observed sum
  d[0] = 0.06;
  const auto a = randomization_test(d, {1000, 3, 20}), b = randomization_test(d, {1000, 3, 20});
  CHECK(a.p_value == b.p_value);
  CHECK(a.p_value == Approx(2.0 / 1001));
  CHECK_THROWS_WITH(randomization_test(std::vector<double>{}), Catch::Contains("at least one"));
  CHECK_THROWS_WITH(randomization_test(std::vector<double>{0.1, NAN}), Catch::Contains("difference 2"));
}

TEST_CASE("one-sided exact sign-flip p equals scipy permutation_test's greater and less", "[randomization_test]") {
  const auto& cases = test::fixture("questions.json").at("randomization_one_sided");
  REQUIRE(cases.size() >= 15);
  for (const auto& c : cases) {
    const auto d = c.at("d").get<std::vector<double>>();
    for (auto [alt, key] : {std::pair{Alternative::greater, "greater"}, std::pair{Alternative::less, "less"}}) {
      RandomizationOptions o;
      o.alternative = alt;
      const auto r = randomization_test(d, o);
      REQUIRE(r.exact);
      CHECK(r.p_value == Approx(c.at(key).get<double>()).epsilon(1e-12));
    }
  }
}

TEST_CASE("one-sided monte carlo sign-flip p agrees with the exact one within 4 of its standard errors", "[randomization_test]") {
  std::mt19937_64 gen(11);
  std::normal_distribution<double> nd(0.01, 0.05);
  std::vector<double> d(18);
  for (double& x : d) x = std::round(nd(gen) * 100) / 100;
  for (Alternative alt : {Alternative::greater, Alternative::less}) {
    const auto exact = randomization_test(d, {100000, 1, 20, alt});
    const auto mc = randomization_test(d, {200000, 5, 0, alt});
    REQUIRE_FALSE(mc.exact);
    const double se = std::sqrt(exact.p_value * (1 - exact.p_value) / 200000);
    CHECK(std::fabs(mc.p_value - exact.p_value) < 4 * se + 2.0 / 200000);
  }
}
