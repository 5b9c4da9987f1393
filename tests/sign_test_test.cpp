#include "pairpower/stats/sign_test.hpp"

#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("sign test matches scipy binomtest on every fixture sample to 1e-9", "[sign_test]") {
  for (const auto& c : test::fixture("paired_samples.json").at("cases")) {
    const auto d = test::differences(c);
    const SignTestResult r = sign_test(d);
    const auto& e = c.at("sign");
    CHECK(r.n_positive == e.at("k").get<std::size_t>());
    CHECK(r.n_positive + r.n_negative == e.at("m").get<std::size_t>());
    CHECK(test::close_rel(r.p_value, e.at("p").get<double>(), 1e-9));
  }
}

TEST_CASE("sign test gives p = 1 at a balanced split and when every difference is zero", "[sign_test]") {
  CHECK(sign_test_p(5, 10) == 1.0);
  CHECK(sign_test_p(0, 0) == 1.0);
  CHECK(sign_test(std::vector<double>{0.0, 0.0}).p_value == 1.0);
}

TEST_CASE("sign test of 0 positives among 10 is 2 / 1024", "[sign_test]") {
  CHECK(sign_test_p(0, 10) == Approx(2.0 / 1024).epsilon(1e-14));
}
