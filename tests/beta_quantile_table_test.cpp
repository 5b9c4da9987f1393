#include "pairpower/beta_quantile_table.hpp"

#include <algorithm>
#include <cmath>
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
