#include "pairpower/stats/studentized_range.hpp"

#include <cmath>

#include <boost/math/distributions/students_t.hpp>
#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

namespace {
double df_of(const nlohmann::json& c) { return c.at("df").is_null() ? std::numeric_limits<double>::infinity() : c.at("df").get<double>(); }
}  // namespace

TEST_CASE("the studentized range cdf equals scipy's to 1e-8 and R's ptukey to its own accuracy", "[studentized_range]") {
  const auto& cases = test::fixture("studentized_range.json").at("cdf");
  REQUIRE(cases.size() > 200);
  for (const auto& c : cases) {
    const studentized_range d(c.at("k").get<unsigned>(), df_of(c));
    const double p = cdf(d, c.at("q").get<double>());
    INFO("q = " << c.at("q") << ", k = " << c.at("k") << ", df = " << c.at("df"));
    CHECK(std::fabs(p - c.at("scipy").get<double>()) < 1e-8);
    // R's ptukey (Copenhaver & Holland 1988) is itself off by up to 1e-3 below 10 df (scipy, exact for k = 2, agrees with us).
    CHECK(std::fabs(p - c.at("r").get<double>()) < (df_of(c) < 10 ? 1e-3 : 1e-5));
  }
}

TEST_CASE("with two means the studentized range is |t|·√2, exactly", "[studentized_range]") {
  for (double df : {2.0, 7.0, 40.0}) {
    const boost::math::students_t t(df);
    for (double q : {0.3, 1.0, 2.5, 5.0}) {
      const double exact = 2 * boost::math::cdf(t, q / std::sqrt(2.0)) - 1;
      CHECK(cdf(studentized_range(2, df), q) == Approx(exact).margin(1e-10));
    }
  }
}

TEST_CASE("the studentized range quantile equals scipy's and inverts the cdf", "[studentized_range]") {
  for (const auto& c : test::fixture("studentized_range.json").at("quantile")) {
    const studentized_range d(c.at("k").get<unsigned>(), df_of(c));
    const double q = quantile(d, c.at("p").get<double>());
    INFO("p = " << c.at("p") << ", k = " << c.at("k") << ", df = " << c.at("df"));
    CHECK(q == Approx(c.at("scipy").get<double>()).epsilon(1e-6));
    CHECK(cdf(d, q) == Approx(c.at("p").get<double>()).margin(1e-9));
  }
}

TEST_CASE("the upper tail is the complement of the cdf", "[studentized_range]") {
  const studentized_range d(5, 20);
  CHECK(cdf(boost::math::complement(d, 3.5)) == Approx(1 - cdf(d, 3.5)).margin(1e-15));
}
