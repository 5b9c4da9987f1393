#include "pairpower/simulation/detail/fast_normal.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <catch2/catch.hpp>

#include "pairpower/base/random.hpp"

using namespace pairpower;

TEST_CASE("fast log is within 2e-7 relative of std::log for every 24-bit uniform", "[fast_normal]") {
  for (int k = 1; k <= (1 << 24); k += 97) {
    const float x = static_cast<float>(k) / 16777216.0f;
    const double want = std::log(static_cast<double>(x));
    CHECK(std::fabs(fast_logf(x) - want) <= 2e-7 * std::max(1.0, std::fabs(want)));
  }
  CHECK(fast_logf(1.0f) == 0.0f);
}

TEST_CASE("fast sincos is within 3e-7 of std::sin and std::cos over a full turn", "[fast_normal]") {
  for (int k = 0; k < (1 << 24); k += 101) {
    const float u = static_cast<float>(k) / 16777216.0f;
    float s, c;
    fast_sincos_turns(u, s, c);
    const double a = 2 * M_PI * static_cast<double>(u);
    CHECK(std::fabs(s - std::sin(a)) <= 3e-7);
    CHECK(std::fabs(c - std::cos(a)) <= 3e-7);
  }
}

TEST_CASE("box-muller variates pass a Kolmogorov-Smirnov test against N(0,1)", "[fast_normal]") {
  const std::size_t n = 1 << 20;
  std::vector<std::uint32_t> bits(2 * n);
  Xoshiro128x8(2026).fill(bits.data(), bits.size());
  std::vector<float> z1(n), z2(n);
  box_muller(bits.data(), bits.data() + n, z1.data(), z2.data(), n);
  for (const auto* z : {&z1, &z2}) {
    std::vector<double> v(z->begin(), z->end());
    std::sort(v.begin(), v.end());
    const boost::math::normal_distribution<double> std_normal;
    double ks = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double f = boost::math::cdf(std_normal, v[i]);
      ks = std::max({ks, std::fabs(f - double(i) / n), std::fabs(double(i + 1) / n - f)});
    }
    // Critical value at the 0.001 level: 1.95 / √n.
    CHECK(ks < 1.95 / std::sqrt(double(n)));
  }
  // The two variates of a pair are uncorrelated.
  double sxy = 0;
  for (std::size_t i = 0; i < n; ++i) sxy += double(z1[i]) * z2[i];
  CHECK(std::fabs(sxy / n) < 4.0 / std::sqrt(double(n)));
}
