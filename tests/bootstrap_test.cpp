#include "pairpower/stats/bootstrap.hpp"

#include <algorithm>
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

TEST_CASE("BCa ties on a lattice are counted exactly: scaled integer data give the same interval, scaled", "[bootstrap]") {
  // P@10-like differences: multiples of 0.1, where many resample means equal Δ.
  // Integers sum exactly in double, so the integer data are the exact-arithmetic reference.
  std::vector<double> ints, tenths;
  for (int i = 0; i < 60; ++i) {
    const int k = (i * 7) % 5 - 2 + (i % 11 == 0);  // −2 … 3
    ints.push_back(k);
    tenths.push_back(k / 10.0);
  }
  const auto exact = paired_bootstrap(ints, {20000, 5, 0.95});
  const auto lattice = paired_bootstrap(tenths, {20000, 5, 0.95});
  CHECK(lattice.bca.low == Approx(exact.bca.low / 10).epsilon(1e-12));
  CHECK(lattice.bca.high == Approx(exact.bca.high / 10).epsilon(1e-12));
  CHECK(lattice.percentile.low == Approx(exact.percentile.low / 10).epsilon(1e-12));
}

TEST_CASE("the bootstrap interval depends on the differences, not their order", "[bootstrap]") {
  std::vector<double> d;
  for (int i = 0; i < 80; ++i) d.push_back(((i * 37) % 11 - 5) / 10.0 + (i % 3 == 0 ? 1.0 / 3.0 : 0.0));
  const auto first = paired_bootstrap(d, {4000, 9, 0.9});
  std::reverse(d.begin(), d.end());
  std::rotate(d.begin(), d.begin() + 17, d.end());
  const auto again = paired_bootstrap(d, {4000, 9, 0.9});
  CHECK(again.bca.low == first.bca.low);
  CHECK(again.bca.high == first.bca.high);
  CHECK(again.percentile.low == first.percentile.low);
}
