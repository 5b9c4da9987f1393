// Planning from a pilot: what it estimates, and when it says the estimates are rough.
#include "pairpower/power/pilot_estimates.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/stats/clustered.hpp"

using namespace pairpower;
using Catch::Matchers::WithinRel;

namespace {
bool has(const std::vector<Warning>& w, const std::string& code) {
  return std::any_of(w.begin(), w.end(), [&](const Warning& x) { return x.code == code; });
}
}  // namespace

TEST_CASE("a clustered pilot's design reproduces its own cluster-robust variance of the mean") {
  // Cluster means 0.3, −0.2, 0.5, 0.1, −0.4, each ± 0.4 inside: a design effect of 1.75 (numpy), ICC 0.37.
  const std::vector<double> a(15, 0.0);
  const std::vector<double> b{0.7, 0.3, -0.1, 0.2, -0.2, -0.6, 0.9, 0.5, 0.1, 0.5, 0.1, -0.3, 0.0, -0.4, -0.8};
  std::vector<std::string> clusters;
  for (int c = 0; c < 5; ++c)
    clusters.insert(clusters.end(), 3, std::to_string(c));
  const PilotEstimates e = estimate_pilot(a, b, clusters, 1);
  REQUIRE(e.clusters == 5);
  REQUIRE(e.cluster_size == 3);
  REQUIRE_FALSE(e.icc_clamped);
  CHECK_THAT(e.design_effect, WithinRel(1.747809762202753, 1e-12));
  const ClusteredMean m = clustered_mean(b, cluster_ids(clusters), 0.95);
  CHECK_THAT(e.sd_diff * e.sd_diff * e.design().variance_factor() / 15, WithinRel(m.se * m.se, 1e-12));
  CHECK_FALSE(e.binary_scores);
  CHECK(has(pilot_warnings(e, std::nullopt), "few_clusters"));
  CHECK(has(pilot_warnings(e, std::nullopt), "small_pilot"));
}

TEST_CASE("a pilot whose clusters vary less than its items plans at ICC 0 and says it clamped") {
  // Every cluster holds one item right and one wrong: cluster means equal, design effect below 1.
  std::vector<double> a, b;
  std::vector<std::string> clusters;
  for (int c = 0; c < 30; ++c) {
    a.insert(a.end(), {0, 0});
    b.insert(b.end(), {1, 0});
    clusters.insert(clusters.end(), 2, std::to_string(c));
  }
  const PilotEstimates e = estimate_pilot(a, b, clusters, 1);
  CHECK(e.design_effect < 1);
  CHECK(e.icc == 0);
  CHECK(e.icc_clamped);
  CHECK(has(pilot_warnings(e, std::nullopt), "pilot_icc_clamped"));
  REQUIRE(e.binary);
  CHECK(e.binary->only_a == 0);
  CHECK_THAT(e.binary->only_b, WithinRel(0.5, 1e-15));
  CHECK_THAT(e.agreement, WithinRel(0.5, 1e-15));
}

TEST_CASE("a pilot planned far beyond its size warns of extrapolation, and not within five times it") {
  std::vector<double> a(40, 0.0), b(40, 0.0);
  for (int i = 0; i < 40; ++i) b[i] = (i % 5) * 0.1;
  const PilotEstimates e = estimate_pilot(a, b, {}, 1);
  CHECK(has(pilot_warnings(e, 201), "pilot_extrapolated"));
  CHECK(pilot_warnings(e, 200).empty());
}

TEST_CASE("a pilot without spread, or with a score outside 0 and 1 for McNemar, says why") {
  const std::vector<double> a{0.2, 0.4, 0.6}, same{0.3, 0.5, 0.7};
  try {
    (void)estimate_pilot(a, same, {}, 1);
    FAIL("constant differences must be refused");
  } catch (const Error& err) {
    CHECK(err.field == "pilot");
  }
  const std::vector<double> b{0.0, 1.0, 0.5};
  const PilotEstimates e = estimate_pilot(std::vector<double>{0, 0, 1}, b, {}, 2);
  CHECK_FALSE(e.binary);
  CHECK(e.binary_reason.find("0.5") != std::string::npos);
  CHECK(e.binary_reason.find("several samples") != std::string::npos);
}

TEST_CASE("a pilot whose differences spread beyond the planner's range asks for a larger unit, naming the pilot") {
  // Latencies in microseconds: the SD of the differences is about 3.5 million.
  const std::vector<double> a{1.0, 2.0, 3.0, 4.0}, b{5e6, 2.0, 9e6, 1.0};
  try {
    (void)estimate_pilot(a, b, {}, 1);
    FAIL("an SD above 1e6 must be refused");
  } catch (const Error& err) {
    CHECK(err.field == "pilot");
    CHECK(err.detail.find("larger unit") != std::string::npos);
  }
  // The same scores in seconds plan.
  std::vector<double> as(a), bs(b);
  for (auto& x : as) x /= 1e6;
  for (auto& x : bs) x /= 1e6;
  double mean = 0, ss = 0;
  for (std::size_t i = 0; i < as.size(); ++i) mean += (bs[i] - as[i]) / 4;
  for (std::size_t i = 0; i < as.size(); ++i) ss += (bs[i] - as[i] - mean) * (bs[i] - as[i] - mean);
  CHECK(estimate_pilot(as, bs, {}, 1).sd_diff == Approx(std::sqrt(ss / 3)).epsilon(1e-12));
}
