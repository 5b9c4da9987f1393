#include "pairpower/beta_quantile_table.hpp"

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
