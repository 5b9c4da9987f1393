#include "pairpower/stats/clustered.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

namespace {

struct Case {
  std::vector<double> x;
  std::vector<std::string> cluster;
  ClusterIds ids;
};

Case case_of(const nlohmann::json& c) {
  Case k{c.at("x").get<std::vector<double>>(), c.at("cluster").get<std::vector<std::string>>(), {}};
  k.ids = cluster_ids(k.cluster);
  return k;
}

bool binary(const std::vector<double>& x) {
  for (double v : x)
    if (v != 0 && v != 1) return false;
  return true;
}

}  // namespace

TEST_CASE("the cluster-robust SE, t p-values and interval equal statsmodels' OLS cluster covariance and R's vcovCL", "[clustered]") {
  for (const auto& c : test::fixture("clustered.json").at("cases")) {
    const Case k = case_of(c);
    INFO(k.x.size() << " items in " << k.ids.clusters << " clusters");
    const ClusteredMean m = clustered_mean(k.x, k.ids, 0.95);
    CHECK(m.clusters == k.ids.clusters);
    CHECK(test::close_rel(m.mean, c.at("mean").get<double>(), 1e-12));
    CHECK(test::close_rel(m.se, c.at("se").get<double>(), 1e-10));
    REQUIRE(c.contains("r_sandwich_se"));
    CHECK(test::close_rel(m.se, c.at("r_sandwich_se").get<double>(), 1e-10));
    CHECK(m.df == c.at("df").get<double>());
    CHECK(test::close_rel(m.p, c.at("p_two_sided").get<double>(), 1e-9));
    CHECK(test::close_rel(m.design_effect, c.at("design_effect").get<double>(), 1e-10));
    CHECK(test::close_rel(m.effective_n, static_cast<double>(k.x.size()) / c.at("design_effect").get<double>(), 1e-10));
    CHECK(test::close_rel(clustered_mean(k.x, k.ids, 0.95, Alternative::greater).p, c.at("p_greater").get<double>(), 1e-9));
    CHECK(test::close_rel(clustered_mean(k.x, k.ids, 0.95, Alternative::less).p, c.at("p_less").get<double>(), 1e-9));
    for (const auto& [level, want] : c.at("intervals").items()) {
      const ClusteredMean at = clustered_mean(k.x, k.ids, std::stod(level));
      CHECK(test::close_rel(at.ci_low, want.at(0).get<double>(), 1e-10));
      CHECK(test::close_rel(at.ci_high, want.at(1).get<double>(), 1e-10));
    }
  }
}

TEST_CASE("the cluster sign-flip test is exact over all flips of the clusters' sums, as scipy's permutation_test", "[clustered]") {
  std::size_t checked = 0;
  for (const auto& c : test::fixture("clustered.json").at("cases")) {
    if (!c.contains("randomization_exact_p")) continue;
    const Case k = case_of(c);
    const RandomizationResult r = cluster_randomization_test(k.x, k.ids, {.resamples = 1000, .seed = 1});
    INFO(k.ids.clusters << " clusters");
    CHECK(r.exact);
    CHECK(test::close_rel(r.p_value, c.at("randomization_exact_p").get<double>(), 1e-12));
    ++checked;
  }
  CHECK(checked >= 3);
}

TEST_CASE("the cluster bootstrap's percentile interval meets a 400,000-resample reference within 4 Monte Carlo SEs", "[clustered]") {
  const auto& f = test::fixture("clustered.json");
  const std::uint64_t B = 20000;
  std::size_t checked = 0;
  for (const auto& c : f.at("cases")) {
    const Case k = case_of(c);
    // Lattice means (binary items, few clusters) jump by whole steps between neighbouring percentiles: not checked here.
    if (k.ids.clusters < 12 || binary(k.x)) continue;
    const Interval got = cluster_bootstrap(k.x, k.ids, {.resamples = B, .seed = 7, .confidence = 0.95});
    // SE of the 2.5% quantile of B draws, with the density from the normal approximation: √(q(1 − q)/B) / φ(z_q) × sd,
    // for our B and the reference's, combined.
    const double q = 0.025, phi = std::exp(-0.5 * 1.959963984540054 * 1.959963984540054) / std::sqrt(2 * std::numbers::pi);
    const double sd = c.at("bootstrap_sd").get<double>();
    const double ref_b = f.at("reference_resamples").get<double>();
    const double mc_se = std::sqrt(q * (1 - q) / static_cast<double>(B) + q * (1 - q) / ref_b) / phi * sd;
    INFO(k.ids.clusters << " clusters, Monte Carlo SE " << mc_se);
    CHECK(std::fabs(got.low - c.at("bootstrap_95").at(0).get<double>()) < 4 * mc_se);
    CHECK(std::fabs(got.high - c.at("bootstrap_95").at(1).get<double>()) < 4 * mc_se);
    ++checked;
  }
  CHECK(checked == 3);
}

TEST_CASE("one item per cluster gives the independent standard error: design effect 1", "[clustered]") {
  const std::vector<double> x{0.1, 0.4, 0.35, 0.8, 0.2, 0.55};
  std::vector<std::string> names;
  for (std::size_t i = 0; i < x.size(); ++i) names.push_back("q" + std::to_string(i));
  const ClusteredMean m = clustered_mean(x, cluster_ids(names), 0.95);
  // Singletons: meat = Σ e², se² = Σ e² · n/(n − 1) / n² = s²/n exactly; the design effect is 1.
  CHECK(test::close_rel(m.design_effect, 1.0, 1e-12));
  CHECK(m.df == 5);
}

TEST_CASE("clustered statistics refuse one cluster, mismatched lengths and non-finite values", "[clustered]") {
  const std::vector<double> x{1, 2, 3};
  CHECK_THROWS(clustered_mean(x, cluster_ids(std::vector<std::string>{"a", "a", "a"}), 0.95));
  CHECK_THROWS(clustered_mean(x, cluster_ids(std::vector<std::string>{"a", "b"}), 0.95));
  CHECK_THROWS(clustered_mean(std::vector<double>{1, NAN, 3}, cluster_ids(std::vector<std::string>{"a", "b", "b"}), 0.95));
  CHECK_THROWS(clustered_mean(x, cluster_ids(std::vector<std::string>{"a", "b", "b"}), 1.0));
}

TEST_CASE("cluster ids are dense and in order of first appearance", "[clustered]") {
  const auto ids = cluster_ids(std::vector<std::string>{"p2", "p1", "p2", "p3", "p1"});
  CHECK(ids.clusters == 3);
  CHECK(ids.of_item == std::vector<std::uint32_t>{0, 1, 0, 2, 1});
}
