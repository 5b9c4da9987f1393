#include "pairpower/stats/binary_paired.hpp"

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

namespace {

BinaryTable table_of(const nlohmann::json& row) {
  const auto t = row.at("table").get<std::vector<std::uint64_t>>();
  return {t[0], t[1], t[2], t[3]};
}

// Relative 1e-9, or absolute 1e-12 near 0 (a Wilson limit at x = 0 is 0 up to rounding in statsmodels).
bool near(double x, double want) { return std::fabs(x - want) <= 1e-12 || test::close_rel(x, want, 1e-9); }

}  // namespace

TEST_CASE("McNemar's exact p equals statsmodels' and scipy's binomtest, and its mid-p the written-out one, on every table", "[binary]") {
  for (const auto& row : test::fixture("binary_paired.json").at("tables")) {
    const BinaryTable t = table_of(row);
    for (Alternative alt : {Alternative::two_sided, Alternative::greater, Alternative::less}) {
      const auto& want = row.at("mcnemar").at(std::string(to_string(alt)));
      const McNemarResult m = mcnemar(t, alt);
      INFO("table " << row.at("table").dump() << ", " << to_string(alt));
      CHECK(m.discordant_a == t.a_only);
      CHECK(m.discordant_b == t.b_only);
      CHECK(near(m.p, want.at("p").get<double>()));
      CHECK(near(m.p_mid, want.at("p_mid").get<double>()));
      CHECK(m.p_mid <= m.p);
    }
  }
}

TEST_CASE("McNemar's exact two-sided p equals R's binom.test on the discordant items", "[binary]") {
  const auto& f = test::fixture("binary_paired.json");
  REQUIRE(f.contains("r_binom_test"));
  for (const auto& c : f.at("r_binom_test")) {
    const auto k = c.at("k").get<std::uint64_t>(), m = c.at("m").get<std::uint64_t>();
    INFO(k << " of " << m);
    CHECK(near(mcnemar(BinaryTable{0, m - k, k, 0}).p, c.at("p").get<double>()));
  }
}

TEST_CASE("McNemar's exact p and mid-p equal R's exact2x2 on every table with discordant items, each alternative", "[binary]") {
  const auto& f = test::fixture("binary_paired.json");
  REQUIRE(f.contains("r_exact2x2"));
  REQUIRE(f.at("r_exact2x2").at("tables").size() >= 30);
  for (const auto& c : f.at("r_exact2x2").at("tables")) {
    const Alternative alt = *alternative_from_string(c.at("alternative").get<std::string>());
    INFO("table " << c.at("table").dump() << ", " << to_string(alt));
    const McNemarResult m = mcnemar(table_of(c), alt);
    CHECK(near(m.p, c.at("p").get<double>()));
    CHECK(near(m.p_mid, c.at("p_mid").get<double>()));
  }
}

TEST_CASE("Wilson intervals equal statsmodels' proportion_confint and Newcombe's interval the paper's method 10", "[binary]") {
  for (const auto& row : test::fixture("binary_paired.json").at("tables")) {
    const BinaryTable t = table_of(row);
    for (const auto& c : row.at("intervals")) {
      const double conf = c.at("confidence").get<double>();
      INFO("table " << row.at("table").dump() << ", confidence " << conf);
      const auto check = [](Interval got, const nlohmann::json& want) {
        CHECK(near(got.low, want.at(0).get<double>()));
        CHECK(near(got.high, want.at(1).get<double>()));
      };
      check(wilson_interval(t.correct_a(), t.n(), conf), c.at("wilson_a"));
      check(wilson_interval(t.correct_b(), t.n(), conf), c.at("wilson_b"));
      check(newcombe_interval(t, conf), c.at("newcombe"));
    }
  }
}

TEST_CASE("a binary table counts items by outcome and refuses scores other than 0 and 1", "[binary]") {
  const std::vector<double> a{1, 1, 0, 0, 1}, b{1, 0, 1, 0, 1};
  const auto t = binary_table(a, b);
  REQUIRE(t.has_value());
  CHECK(t->both == 2);
  CHECK(t->a_only == 1);
  CHECK(t->b_only == 1);
  CHECK(t->neither == 1);
  CHECK_FALSE(binary_table(std::vector<double>{1, 0.5}, std::vector<double>{1, 0}).has_value());
  CHECK_FALSE(binary_table(std::vector<double>{}, std::vector<double>{}).has_value());
}

TEST_CASE("counts past 2^32 keep their products exact enough for φ", "[binary]") {
  // 2^33 items: the margins' product overflows 64-bit integers, so it is formed in double.
  const std::uint64_t big = 1ull << 31;
  const BinaryTable t{big, big, big, big};
  const Interval d = newcombe_interval(t, 0.95);
  CHECK(d.low < 0);
  CHECK(d.high > 0);
  CHECK(std::fabs(d.low + d.high) < 1e-12);
  CHECK(mcnemar(t).p == 1.0);
}

TEST_CASE("the rule of three bounds the failure rate by 3/n and refuses no items", "[binary]") {
  CHECK(rule_of_three(300) == 0.01);
  CHECK_THROWS(rule_of_three(0));
  CHECK_THROWS(wilson_interval(1, 0, 0.95));
  CHECK_THROWS(wilson_interval(3, 2, 0.95));
  CHECK_THROWS(wilson_interval(1, 2, 1.0));
}
