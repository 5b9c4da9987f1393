#include "pairpower/power/eval_design.hpp"

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/power/analytic_answers.hpp"
#include "pairpower/power/binary_answers.hpp"
#include "pairpower/stats/clustered.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/wilcoxon.hpp"

using namespace pairpower;

namespace {

struct Case {
  std::size_t items;
  double cluster_size, icc, repeats, within_share, delta;
};

ClusterIds equal_clusters(std::size_t items, std::size_t size) {
  ClusterIds ids;
  for (std::size_t i = 0; i < items; ++i) ids.of_item.push_back(static_cast<std::uint32_t>(i / size));
  ids.clusters = static_cast<std::uint32_t>((items + size - 1) / size);
  return ids;
}

// One eval as the design describes it, σ_d = 1 for one sample: a cluster effect (variance ρ_c), the
// item's own effect (1 − w − ρ_c) and K samples of noise (w each), averaged per item.
std::vector<double> draw(const Case& c, std::mt19937_64& gen) {
  std::normal_distribution<double> z(0, 1);
  const auto m = static_cast<std::size_t>(c.cluster_size), k = static_cast<std::size_t>(c.repeats);
  std::vector<double> d(c.items);
  double cluster = 0;
  for (std::size_t i = 0; i < c.items; ++i) {
    if (i % m == 0) cluster = std::sqrt(c.icc) * z(gen);
    double noise = 0;
    for (std::size_t r = 0; r < k; ++r) noise += std::sqrt(c.within_share) * z(gen);
    d[i] = c.delta + cluster + std::sqrt(1 - c.within_share - c.icc) * z(gen) + noise / static_cast<double>(k);
  }
  return d;
}

AnalyticScenario scenario_of(const Case& c) {
  auto s = AnalyticScenario::from_sd_diff(1.0, 0.05);
  s.design = EvalDesign::make(c.cluster_size, c.icc, c.repeats, c.within_share);
  return s;
}

}  // namespace

TEST_CASE("the planned power of clustered and repeated items meets a simulation analysed as Analyze does, within 4 Monte Carlo SEs", "[design][power]") {
  // Clustered: the cluster-robust t (clustered_mean); repeats alone: the paired t and the Wilcoxon on item means.
  std::mt19937_64 gen(20261127);
  const int reps = 4000;
  for (const Case& c : {Case{200, 5, 0.2, 1, 0, 0.25}, Case{60, 3, 0.5, 1, 0, 0.45}, Case{120, 4, 0.1, 3, 0.6, 0.3}, Case{40, 1, 0, 5, 0.7, 0.3},
                        Case{30, 10, 0.05, 1, 0, 0.5}}) {
    const AnalyticScenario s = scenario_of(c);
    const bool clustered = s.design.clustered();
    const ClusterIds ids = equal_clusters(c.items, static_cast<std::size_t>(c.cluster_size));
    int t_rejected = 0, w_rejected = 0;
    for (int r = 0; r < reps; ++r) {
      const std::vector<double> d = draw(c, gen);
      if (clustered) {
        t_rejected += clustered_mean(d, ids, 0.95).p < 0.05;
      } else {
        t_rejected += paired_t_test(d).p_value < 0.05;
        w_rejected += wilcoxon_signed_rank(d).p_value < 0.05;
      }
    }
    INFO("items " << c.items << ", clusters of " << c.cluster_size << ", ICC " << c.icc << ", K " << c.repeats << ", w " << c.within_share);
    const double t_power = *scenario_power(PowerMethod::paired_t, c.items, c.delta, s);
    const double t_rate = static_cast<double>(t_rejected) / reps, t_se = std::sqrt(t_power * (1 - t_power) / reps);
    INFO("t: simulated " << t_rate << ", planned " << t_power << ", MC SE " << t_se);
    CHECK(std::fabs(t_rate - t_power) < 4 * t_se);
    if (clustered) {
      CHECK_FALSE(scenario_power(PowerMethod::wilcoxon_moments, c.items, c.delta, s).has_value());
    } else {
      const double w_power = *scenario_power(PowerMethod::wilcoxon_moments, c.items, c.delta, s);
      const double w_rate = static_cast<double>(w_rejected) / reps, w_se = std::sqrt(w_power * (1 - w_power) / reps);
      INFO("Wilcoxon: simulated " << w_rate << ", planned " << w_power << ", MC SE " << w_se);
      CHECK(std::fabs(w_rate - w_power) < 4 * w_se);
    }
  }
}

TEST_CASE("the approximate power of binary items in clusters meets a simulation within 4 Monte Carlo SEs and the approximation's 0.01", "[design][power][binary]") {
  // Each cluster draws one (A, B) outcome; each item keeps it with probability r, else draws its own:
  // two items' differences in a cluster then correlate r². Analysed by the cluster-robust t on B − A.
  std::mt19937_64 gen(7);
  std::uniform_real_distribution<double> u(0, 1);
  const double only_a = 0.06, only_b = 0.14, r = std::sqrt(0.15);
  const BinaryDesign bd = BinaryDesign::from_discordant(only_a, only_b);
  const auto outcome = [&] {
    const double x = u(gen);
    return x < only_a ? -1.0 : x < only_a + only_b ? 1.0 : 0.0;
  };
  for (const auto& [items, size] : {std::pair{240, 4}, std::pair{300, 10}}) {
    const EvalDesign design = EvalDesign::make(size, r * r, 1, 0);
    const ClusterIds ids = equal_clusters(items, size);
    const int reps = 4000;
    int rejected = 0;
    std::vector<double> d(items);
    for (int k = 0; k < reps; ++k) {
      double shared = 0;
      for (int i = 0; i < items; ++i) {
        if (i % size == 0) shared = outcome();
        d[i] = u(gen) < r ? shared : outcome();
      }
      rejected += clustered_mean(d, ids, 0.95).p < 0.05;
    }
    const double planned = binary_power_answers(items, bd, 0.05, Alternative::two_sided, design)["approximate"]["power"].get<double>();
    const double rate = static_cast<double>(rejected) / reps, se = std::sqrt(planned * (1 - planned) / reps);
    INFO(items << " items in clusters of " << size << ": simulated " << rate << ", planned " << planned << ", MC SE " << se);
    CHECK(std::fabs(rate - planned) < 4 * se + 0.01);
  }
}

TEST_CASE("one sample per item without clusters plans exactly as before", "[design][power]") {
  auto plain = AnalyticScenario::from_sd_diff(0.2, 0.05);
  auto designed = plain;
  designed.design = EvalDesign::make(1, 0, 1, 0);
  CHECK(power_answers(500, 0.02, plain) == power_answers(500, 0.02, designed));
  CHECK(sample_size_answers(0.02, 0.8, plain) == sample_size_answers(0.02, 0.8, designed));
  CHECK_FALSE(power_answers(500, 0.02, designed)["inputs"].contains("design"));
}

TEST_CASE("clusters multiply a large study's items by the design effect, and repeats shrink them by the item factor", "[design][power]") {
  const auto base = AnalyticScenario::from_sd_diff(1.0, 0.05);
  const auto n0 = sample_size_answers(0.02, 0.8, base)["t"]["n"].get<double>();  // about 19,600
  auto clustered = base;
  clustered.design = EvalDesign::make(5, 0.25, 1, 0);  // design effect 2
  const auto j = sample_size_answers(0.02, 0.8, clustered);
  CHECK(std::fabs(j["t"]["n"].get<double>() / n0 - 2) < 0.002);
  CHECK(j["t"]["clusters"].get<double>() * 5 == j["t"]["n"].get<double>());
  CHECK(j["wilcoxon"]["n"].is_null());
  CHECK(j["inputs"]["design"]["design_effect"].get<double>() == Approx(2));
  auto repeated = base;
  repeated.design = EvalDesign::make(1, 0, 4, 0.8);  // item factor 0.2 + 0.2 = 0.4
  CHECK(std::fabs(sample_size_answers(0.02, 0.8, repeated)["t"]["n"].get<double>() / n0 - 0.4) < 0.002);
}

TEST_CASE("clusters of a fractional mean size round items up to whole clusters", "[design][power]") {
  const EvalDesign d = EvalDesign::make(2.5, 0.1, 1, 0);
  CHECK(design_items(3, d) == 8);
  CHECK(design_units(8, 1, d).units == 3);
  CHECK(design_units(100, 1, d).units == 40);
  CHECK(design_items(40, d) == 100);
}

TEST_CASE("an impossible design names its field", "[design][errors]") {
  const auto field = [](auto make) {
    try {
      make();
    } catch (const Error& e) {
      return e.field;
    }
    return std::string("none");
  };
  CHECK(field([] { EvalDesign::make(0.5, 0, 1, 0); }) == "cluster_size");
  CHECK(field([] { EvalDesign::make(4, 1.2, 1, 0); }) == "icc");
  CHECK(field([] { EvalDesign::make(4, 0.5, 3, 0.6); }) == "icc");  // ρ_c above 1 − w
  CHECK(field([] { EvalDesign::make(1, 0.2, 1, 0); }) == "icc");    // no clusters to correlate in
  CHECK(field([] { EvalDesign::make(1, 0, 2.5, 0); }) == "repeats");
  CHECK(field([] { EvalDesign::make(1, 0, 1, 0.3); }) == "within_share");
  auto s = AnalyticScenario::from_sd_diff(1.0, 0.05);
  s.design = EvalDesign::make(10, 0.1, 1, 0);
  CHECK(field([&] { power_answers(15, 0.1, s); }) == "n");  // one cluster
  CHECK(field([&] { (void)binary_power_answers(15, BinaryDesign::from_discordant(0.1, 0.2), 0.05, Alternative::two_sided, s.design); }) == "n");
}
