#include "pairpower/simulation/detail/beta_quantile_table.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("gaussian-to-beta table matches scipy's beta quantile to 1e-10", "[beta_quantile_table]") {
  for (const auto& c : test::fixture("beta_quantiles.json").at("cases")) {
    const BetaShape shape = beta_from_moments(c.at("mean"), c.at("sd"));
    const GaussianToBeta q(shape);
    const auto z = c.at("z").get<std::vector<double>>();
    const auto x = c.at("x").get<std::vector<double>>();
    std::vector<double> batch(z.size());
    q.transform(z.data(), batch.data(), z.size());
    for (std::size_t i = 0; i < z.size(); ++i) {
      INFO("Beta(" << shape.a << ", " << shape.b << ") at z = " << z[i]);
      CHECK(std::fabs(q(z[i]) - x[i]) < 1e-10);
      CHECK(batch[i] == q(z[i]));  // the batch path computes the same bits
    }
  }
}

TEST_CASE("method-of-moments beta shapes follow the seed script's clamps", "[beta_quantile_table]") {
  for (const auto& c : test::fixture("beta_quantiles.json").at("cases")) {
    const BetaShape s = beta_from_moments(c.at("mean"), c.at("sd"));
    CHECK(s.a == Approx(c.at("a").get<double>()).epsilon(1e-14));
    CHECK(s.b == Approx(c.at("b").get<double>()).epsilon(1e-14));
  }
}

TEST_CASE("the heavy-tailed scale table matches its exact chi-square quantile to 1e-8 relative, tails included", "[beta_quantile_table]") {
  for (double nu : {2.05, 2.5, 3.0, 5.0, 30.0, 1e6}) {
    const GaussianToInverseRootChi2 q(nu);
    double worst = 0;
    for (int i = 0; i <= 24000; ++i) {
      const double z = -6.5 + 13.0 * i / 24000.0;  // beyond the table's ends too
      const double exact = q.exact(z), x = q(z);
      worst = std::max(worst, std::fabs(x - exact) / exact);
    }
    INFO("ν = " << nu << ": worst relative error " << worst);
    CHECK(worst < 1e-8);
    // Decreasing in z: a larger normal is a larger V, a smaller scale.
    CHECK(q(-1.0) > q(0.0));
    CHECK(q(0.0) > q(1.0));
  }
}

TEST_CASE("the heavy-tailed scale table matches scipy's chi-square quantile to 1e-8 relative", "[beta_quantile_table]") {
  for (const auto& c : test::fixture("beta_quantiles.json").at("inverse_root_chi2")) {
    const GaussianToInverseRootChi2 q(c.at("nu").get<double>());
    const auto z = c.at("z").get<std::vector<double>>();
    const auto x = c.at("x").get<std::vector<double>>();
    for (std::size_t i = 0; i < z.size(); ++i) {
      INFO("ν = " << c.at("nu") << " at z = " << z[i]);
      CHECK(q(z[i]) == Approx(x[i]).epsilon(1e-8));
    }
  }
}

TEST_CASE("a beta table rebuilt from another's coefficients computes the same bits, off the table too", "[beta_quantile_table]") {
  const BetaShape shape = beta_from_moments(0.65, 0.12);
  const GaussianToBeta built(shape);
  const GaussianToBeta rebuilt(shape, built.coefficients());
  CHECK(rebuilt.coefficients() == built.coefficients());
  for (double z : {-7.5, -6.0, -2.3, -1e-3, 0.0, 0.7, 3.9, 5.999, 6.0, 8.1}) {
    INFO("z = " << z);
    CHECK(rebuilt(z) == built(z));
  }
}

TEST_CASE("a beta table is not rebuilt from the wrong number of coefficients or from non-finite ones", "[beta_quantile_table]") {
  const BetaShape shape = beta_from_moments(0.4, 0.2);
  auto c = GaussianToBeta(shape).coefficients();
  CHECK_THROWS_AS(GaussianToBeta(shape, std::vector<double>(c.begin(), c.end() - 1)), std::invalid_argument);
  CHECK_THROWS_AS(GaussianToBeta(shape, {}), std::invalid_argument);
  c[17] = std::nan("");
  CHECK_THROWS_AS(GaussianToBeta(shape, c), std::invalid_argument);
  c[17] = INFINITY;
  CHECK_THROWS_AS(GaussianToBeta(shape, c), std::invalid_argument);
}

TEST_CASE("the process keeps one table per beta shape: built on first use, or adopted when none is held", "[beta_quantile_table]") {
  // Shapes no other test uses (reserved for this test, which leaves an altered table cached for the second).
  const BetaShape first = beta_from_moments(0.123, 0.0456), second = beta_from_moments(0.321, 0.0654);
  const auto built = tabulated_beta(first);
  CHECK(tabulated_beta(first) == built);  // kept
  // A held shape keeps its table, whatever is offered.
  auto other = GaussianToBeta(second).coefficients();
  adopt_tabulated_beta(GaussianToBeta(first, other));
  CHECK(tabulated_beta(first) == built);
  // A shape not held takes the adopted table as it is, without building one.
  std::vector<double> marked = GaussianToBeta(second).coefficients();
  marked[0] += 0.5;  // not the shape's own table: shows that this one is used
  adopt_tabulated_beta(GaussianToBeta(second, marked));
  CHECK(tabulated_beta(second)->coefficients() == marked);
}
