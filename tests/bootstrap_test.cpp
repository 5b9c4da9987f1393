#include "pairpower/bootstrap.hpp"

#include <cmath>
#include <numeric>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("bootstrap percentile and BCa intervals agree with scipy.stats.bootstrap within Monte Carlo tolerance", "[bootstrap]") {
  const boost::math::normal_distribution<double> z;
  for (const auto& c : test::fixture("analysis.json").at("bootstrap")) {
    const auto d = test::differences(c);
    const std::size_t n = d.size();
    const double mean = std::accumulate(d.begin(), d.end(), 0.0) / double(n);
    double ss = 0;
    for (double x : d) ss += (x - mean) * (x - mean);
    const double boot_sd = std::sqrt(ss / double(n - 1) / double(n));
    const std::uint64_t ours_b = 100000;
    const auto r = paired_bootstrap(d, {ours_b, 11, 0.95, false});
    // SE of an estimated 2.5% or 97.5% quantile of a (near-normal) bootstrap
    // distribution, for scipy's 9999 resamples and our 100 000 together.
    const double q = 0.025;
    const double se = boot_sd * std::sqrt(q * (1 - q)) / boost::math::pdf(z, boost::math::quantile(z, q)) *
                      std::sqrt(1.0 / c.at("resamples").get<double>() + 1.0 / double(ours_b));
    INFO("n = " << n << ", quantile SE " << se);
    // BCa also estimates its bias correction from the resamples: allow 5 SE there.
    CHECK(std::fabs(r.percentile.low - c.at("percentile")[0].get<double>()) < 4 * se);
    CHECK(std::fabs(r.percentile.high - c.at("percentile")[1].get<double>()) < 4 * se);
    CHECK(std::fabs(r.bca.low - c.at("BCa")[0].get<double>()) < 5 * se);
    CHECK(std::fabs(r.bca.high - c.at("BCa")[1].get<double>()) < 5 * se);
  }
}

TEST_CASE("bootstrap of identical differences is the point interval, not NaN", "[bootstrap]") {
  const std::vector<double> d(30, 0.02);
  const auto r = paired_bootstrap(d);
  CHECK(r.bca.low == Approx(0.02).epsilon(1e-14));
  CHECK(r.bca.high == r.bca.low);
  CHECK(r.percentile.low == r.bca.low);
  const std::vector<double> zeros(10, 0.0);
  CHECK(paired_bootstrap(zeros).bca.high == 0.0);
}

TEST_CASE("bootstrap is reproducible by seed and refuses bad options", "[bootstrap]") {
  std::vector<double> d = {0.1, -0.05, 0.02, 0.3, 0.0, 0.07, -0.01};
  CHECK(paired_bootstrap(d, {2000, 5}).bca.low == paired_bootstrap(d, {2000, 5}).bca.low);
  CHECK_THROWS_AS(paired_bootstrap(std::vector<double>{0.1}), std::invalid_argument);
  CHECK_THROWS_AS(paired_bootstrap(d, {1, 5}), std::invalid_argument);
  CHECK_THROWS_AS(paired_bootstrap(d, {100, 5, 1.5}), std::invalid_argument);
}
