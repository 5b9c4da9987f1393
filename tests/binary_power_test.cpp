#include "pairpower/power/binary_power.hpp"

#include <cmath>
#include <random>
#include <tuple>
#include <string>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/stats/binary_paired.hpp"

using namespace pairpower;

namespace {
Alternative alternative_of(const nlohmann::json& c) { return *alternative_from_string(c.at("alternative").get<std::string>()); }
}  // namespace

TEST_CASE("McNemar's exact power equals the definition summed with scipy's binomtest regions", "[binary][power]") {
  for (const auto& c : test::fixture("binary_power.json").at("powers")) {
    const auto n = c.at("n").get<std::uint64_t>();
    const BinaryDesign d = BinaryDesign::from_discordant(c.at("only_a").get<double>(), c.at("only_b").get<double>());
    const double alpha = c.at("alpha").get<double>();
    const Alternative alt = alternative_of(c);
    INFO("n = " << n << ", p10 = " << d.only_a << ", p01 = " << d.only_b << ", " << to_string(alt));
    CHECK(std::fabs(mcnemar_power(n, d, alpha, alt) - c.at("exact").get<double>()) < 1e-10);
    if (!c.at("connor").is_null()) CHECK(test::close_rel(mcnemar_power_approx(n, d, alpha, alt), c.at("connor").get<double>(), 1e-10));
  }
}

TEST_CASE("McNemar sample sizes are the first n reaching the power (exact) and Connor's n (approximate)", "[binary][power]") {
  for (const auto& c : test::fixture("binary_power.json").at("sample_sizes")) {
    const BinaryDesign d = BinaryDesign::from_discordant(c.at("only_a").get<double>(), c.at("only_b").get<double>());
    const double alpha = c.at("alpha").get<double>(), power = c.at("power").get<double>();
    const Alternative alt = alternative_of(c);
    INFO("p10 = " << d.only_a << ", p01 = " << d.only_b << ", power " << power << ", " << to_string(alt));
    CHECK(mcnemar_sample_size(d, alpha, power, alt, true) == c.at("exact_n").get<std::uint64_t>());
    CHECK(mcnemar_sample_size(d, alpha, power, alt, false) == c.at("connor_n").get<std::uint64_t>());
  }
}

TEST_CASE("McNemar's exact power meets a simulation of the design within 4 Monte Carlo SEs", "[binary][power]") {
  // Items drawn as the design says, each table tested by mcnemar(): rejection rate against the closed form.
  std::mt19937_64 gen(20261127);
  std::uniform_real_distribution<double> u(0, 1);
  for (const auto& [n, only_a, only_b] : {std::tuple{80u, 0.1, 0.22}, std::tuple{300u, 0.06, 0.1}, std::tuple{25u, 0.2, 0.2}}) {
    const BinaryDesign d = BinaryDesign::from_discordant(only_a, only_b);
    const int reps = 20000;
    int rejected = 0;
    for (int r = 0; r < reps; ++r) {
      BinaryTable t;
      for (unsigned i = 0; i < n; ++i) {
        const double x = u(gen);
        if (x < only_a) ++t.a_only;
        else if (x < only_a + only_b) ++t.b_only;
        else ++t.both;
      }
      rejected += mcnemar(t).p < 0.05;
    }
    const double exact = mcnemar_power(n, d, 0.05), rate = static_cast<double>(rejected) / reps;
    const double se = std::sqrt(exact * (1 - exact) / reps);
    INFO("n = " << n << ": simulated " << rate << ", exact " << exact << ", MC SE " << se);
    CHECK(std::fabs(rate - exact) < 4 * se + 1e-12);
  }
}

TEST_CASE("a binary design from accuracies and agreement splits the discordant items by the difference", "[binary][power]") {
  const BinaryDesign d = BinaryDesign::from_accuracies(0.70, 0.75, 0.85);
  CHECK(std::fabs(d.only_a - 0.05) < 1e-12);
  CHECK(std::fabs(d.only_b - 0.10) < 1e-12);
  // Agreement 0.97 leaves 3% discordant items: too few for a 5-point difference.
  CHECK_THROWS_WITH(BinaryDesign::from_accuracies(0.70, 0.75, 0.97), Catch::Contains("fewer than the accuracies' difference 0.05 needs: the agreement can be at most 0.95"));
  CHECK_THROWS(BinaryDesign::from_accuracies(0.9, 0.95, 0.5));  // 50% discordant: more than the 10% A gets wrong allows
  CHECK_THROWS(BinaryDesign::from_discordant(0, 0));
  // Full agreement is refused on the agreement, the field a person gave.
  try {
    (void)BinaryDesign::from_accuracies(1, 1, 1);
    FAIL("full agreement was accepted");
  } catch (const Error& e) {
    CHECK(e.field == "agreement");
    CHECK_THAT(e.what(), Catch::Contains("no item discordant"));
  }
  CHECK(mcnemar_sample_size(BinaryDesign::from_discordant(0.1, 0.1), 0.05, 0.8, Alternative::two_sided, true) == 0);
  CHECK(mcnemar_sample_size(BinaryDesign::from_discordant(0.2, 0.1), 0.05, 0.8, Alternative::greater, true) == 0);
}
