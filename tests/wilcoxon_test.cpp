#include "pairpower/stats/wilcoxon.hpp"

#include <cmath>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("wilcoxon matches scipy on every fixture sample to 1e-9, with ties and zeros", "[wilcoxon]") {
  const auto& cases = test::fixture("paired_samples.json").at("cases");
  std::size_t exact = 0, approx = 0, with_zeros = 0;
  for (const auto& c : cases) {
    const auto d = test::differences(c);
    const WilcoxonResult r = wilcoxon_signed_rank(d);
    const auto& e = c.at("wilcoxon");
    INFO("kind " << c.at("kind").get<std::string>() << ", n = " << d.size());
    CHECK(r.statistic == e.at("statistic").get<double>());
    CHECK(test::close_rel(r.p_value, e.at("p").get<double>(), 1e-9));
    CHECK((r.method == WilcoxonMethod::exact) == e.at("exact").get<bool>());
    (r.method == WilcoxonMethod::exact ? exact : approx)++;
    if (r.n_nonzero < r.n) ++with_zeros;
  }
  // The fixtures exercise both of scipy's methods and the zero rule.
  CHECK(exact >= 20);
  CHECK(approx >= 300);
  CHECK(with_zeros >= 100);
}

TEST_CASE("wilcoxon exact null distribution sums to one and is symmetric", "[wilcoxon]") {
  for (std::size_t c : {1u, 2u, 10u, 30u, 50u}) {
    const auto& pmf = wilcoxon_null_pmf(c);
    REQUIRE(pmf.size() == c * (c + 1) / 2 + 1);
    CHECK(std::accumulate(pmf.begin(), pmf.end(), 0.0) == Approx(1.0).epsilon(1e-14));
    for (std::size_t i = 0; i < pmf.size(); ++i) CHECK(pmf[i] == pmf[pmf.size() - 1 - i]);
  }
}

TEST_CASE("wilcoxon's exact critical value is the first rank sum above the centre whose exact p is below alpha", "[wilcoxon]") {
  for (std::size_t c = 1; c <= 50; ++c)
    for (double alpha : {0.001, 0.01, 0.05, 0.1, 0.5})
      for (Alternative alt : {Alternative::two_sided, Alternative::greater}) {
        const std::size_t top = c * (c + 1) / 2;
        std::size_t scan = top + 1;  // by definition: the first r that rejects, scanning up from the centre
        for (std::size_t r = top / 2 + 1; r <= top; ++r)
          if (wilcoxon_exact_p(c, static_cast<double>(r), alt) < alpha) {
            scan = r;
            break;
          }
        INFO("c = " << c << ", alpha = " << alpha << ", alternative " << to_string(alt));
        CHECK(wilcoxon_exact_upper_critical(c, alpha, alt) == scan);
      }
  // Printed tables (e.g. Wilcoxon, Katti & Wilcox 1963): n = 20, two-sided 0.05 rejects at T ≤ 52, i.e. W₊ ≥ 210 − 52.
  CHECK(wilcoxon_exact_upper_critical(20, 0.05, Alternative::two_sided) == 158);
}

TEST_CASE("wilcoxon switches to the normal approximation when a difference is zero", "[wilcoxon]") {
  std::vector<double> d = {0.1, 0.2, -0.05, 0.3, 0.0, 0.15, 0.25, -0.1, 0.05, 0.12};
  const auto r = wilcoxon_signed_rank(d);
  CHECK(r.method == WilcoxonMethod::normal_approximation);
  CHECK(r.n_nonzero == 9);
  d[4] = 0.07;
  CHECK(wilcoxon_signed_rank(d).method == WilcoxonMethod::exact);
}

TEST_CASE("wilcoxon refuses all-zero and non-finite differences with a clear message", "[wilcoxon]") {
  CHECK_THROWS_WITH(wilcoxon_signed_rank(std::vector<double>{0.0, 0.0}), Catch::Contains("every difference is zero"));
  CHECK_THROWS_WITH(wilcoxon_signed_rank(std::vector<double>{0.1, INFINITY}), Catch::Contains("difference 2"));
  CHECK_THROWS_AS(wilcoxon_signed_rank(std::vector<double>{}), std::invalid_argument);
}
