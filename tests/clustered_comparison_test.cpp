// Queries with a cluster column: read from CSV (wide and long), paired with their clusters, and compared by
// the cluster-robust statistics, which then decide the verdict.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/power/solvers.hpp"

using namespace pairpower;

namespace {

// 8 passages of 5 questions; B's gain is shared within a passage (a passage-level effect), so clustering matters.
std::string wide_table() {
  std::string t = "qid,cluster,A,B\n";
  for (int p = 0; p < 8; ++p)
    for (int q = 0; q < 5; ++q) {
      const double a = 0.3 + 0.05 * ((p * 7 + q * 3) % 9);
      const double b = a + (p % 3 == 0 ? 0.12 : p % 3 == 1 ? -0.02 : 0.04) + 0.01 * ((q * 5) % 3);
      t += "q" + std::to_string(p * 5 + q) + ",passage" + std::to_string(p) + "," + std::to_string(a) + "," + std::to_string(b) + "\n";
    }
  return t;
}

}  // namespace

TEST_CASE("a wide table's cluster column gives every query its cluster and the comparison its cluster-robust statistics", "[clustered][comparison]") {
  const ScoreFile f = parse_scores(wide_table());
  CHECK(f.systems() == std::vector<std::string>{"A", "B"});
  const auto plan = build_comparisons(f, nullptr, {}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 1);
  const PairedSample& s = plan.samples.front();
  REQUIRE(s.clusters.size() == 40);
  CHECK(s.clusters.front() == "passage0");
  const auto r = compare_all(plan.samples, test::quick_compare_options());
  const Comparison& c = r.comparisons.front();
  REQUIRE(c.cluster.has_value());
  std::vector<double> d;
  for (std::size_t i = 0; i < s.a.size(); ++i) d.push_back(s.b[i] - s.a[i]);
  const ClusteredMean m = clustered_mean(d, cluster_ids(s.clusters), 0.95);
  CHECK(c.cluster->clusters == 8);
  CHECK(c.cluster->se == m.se);
  CHECK(c.cluster->p == m.p);
  CHECK(c.cluster->design_effect > 1);
  CHECK(own_p(c) == c.cluster->p);
  CHECK(verdict_interval(c).low == c.cluster->ci_low);
  CHECK(c.sentence.find("cluster-robust t, 8 clusters, 7 df") != std::string::npos);
  const auto j = report_json(r, test::report_settings(test::quick_compare_options())).at("comparisons").at(0).at("cluster");
  for (const char* key : {"clusters", "se", "ci_low", "ci_high", "p", "design_effect"}) CHECK(j.contains(key));
}

TEST_CASE("a long table's cluster column reads the same clusters as the wide one", "[clustered][comparison]") {
  std::string t = "qid,cluster,system,score\n";
  for (int i = 0; i < 6; ++i) {
    t += "q" + std::to_string(i) + ",c" + std::to_string(i / 2) + ",A," + std::to_string(0.1 * i) + "\n";
    t += "q" + std::to_string(i) + ",c" + std::to_string(i / 2) + ",B," + std::to_string(0.1 * i + 0.05 * (i % 3)) + "\n";
  }
  const auto plan = build_comparisons(parse_scores(t), nullptr, {}, MissingPolicy::error);
  CHECK(plan.samples.front().clusters == std::vector<std::string>{"c0", "c0", "c1", "c1", "c2", "c2"});
}

TEST_CASE("two files that put a query in different clusters are refused, naming the query", "[clustered][comparison]") {
  const ScoreFile a = parse_scores("qid,cluster,score\nq1,x,0.1\nq2,x,0.2\nq3,y,0.3\n", InputFormat::auto_detect, "A");
  const ScoreFile b = parse_scores("qid,cluster,score\nq1,x,0.2\nq2,z,0.2\nq3,y,0.5\n", InputFormat::auto_detect, "B");
  try {
    build_comparisons(a, &b, {}, MissingPolicy::error);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("query q2 is in cluster x for A but in cluster z for B") != std::string::npos);
  }
}

TEST_CASE("an empty cluster is refused at its line, and one cluster in all is refused by the comparison", "[clustered][comparison]") {
  try {
    parse_scores("qid,cluster,A,B\nq1,x,0.1,0.2\nq2,,0.3,0.1\n");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("line 3") != std::string::npos);
    CHECK(std::string(e.what()).find("cluster of query 'q2' is empty") != std::string::npos);
  }
  const auto plan = build_comparisons(parse_scores("qid,cluster,A,B\nq1,x,0.1,0.2\nq2,x,0.3,0.1\nq3,x,0.2,0.2\n"), nullptr, {}, MissingPolicy::error);
  CHECK_THROWS_AS(compare_all(plan.samples, test::quick_compare_options()), InputError);
}

TEST_CASE("a query present in only one file keeps its cluster when missing scores count as 0", "[clustered][comparison]") {
  const ScoreFile a = parse_scores("qid,cluster,score\nq1,x,0.1\nq2,x,0.2\nq3,y,0.3\nq4,y,0.6\n", InputFormat::auto_detect, "A");
  const ScoreFile b = parse_scores("qid,cluster,score\nq1,x,0.2\nq2,x,0.2\nq3,y,0.5\n", InputFormat::auto_detect, "B");
  const auto plan = build_comparisons(a, &b, {}, MissingPolicy::zero);
  CHECK(plan.samples.front().clusters == std::vector<std::string>{"x", "x", "y", "y"});
}

TEST_CASE("fewer than 20 clusters warn that the cluster-robust SE is optimistic, naming the cluster sign-flip p", "[clustered][comparison][warnings]") {
  const auto plan = build_comparisons(parse_scores(wide_table()), nullptr, {}, MissingPolicy::error);
  const auto r = compare_all(plan.samples, test::quick_compare_options());
  const auto& w = r.comparisons.front().warnings;
  const auto it = std::find_if(w.begin(), w.end(), [](const Warning& x) { return x.code == "few_clusters"; });
  REQUIRE(it != w.end());
  CHECK(it->message.find("rests on 8 clusters") != std::string::npos);
  CHECK(it->message.find("cluster sign-flip p") != std::string::npos);
}

TEST_CASE("a clustered pilot plans the next eval in clusters: its MDE and n follow the design effect, and no item-resampling curve is drawn", "[clustered][comparison]") {
  const ScoreFile f = parse_scores(wide_table());
  const auto plan = build_comparisons(f, nullptr, {}, MissingPolicy::error);
  const auto r = compare_all(plan.samples, test::quick_compare_options());
  const Comparison& c = r.comparisons.front();
  REQUIRE(c.cluster.has_value());
  // The t on the 8 cluster means of 5 items, whose SD the pilot measures as its cluster-robust SE·√8.
  const double sd_unit = c.cluster->se * std::sqrt(8.0);
  REQUIRE(c.planning.mde.has_value());
  CHECK(*c.planning.mde == Approx(min_detectable_effect(PowerMethod::paired_t, 8, sd_unit, 0.05, 0.8)->delta).epsilon(1e-12));
  REQUIRE(c.planning.n_required.has_value());
  CHECK(*c.planning.n_required == 5 * min_sample_size(PowerMethod::paired_t, c.delta, sd_unit, 0.05, 0.8)->n);
  // Far more items than the independent plan, which the design effect (> 1 here) would have understated.
  CHECK(*c.planning.n_required > min_sample_size(PowerMethod::paired_t, c.delta, c.sd_diff, 0.05, 0.8)->n);
  CHECK(c.planning.curve.empty());
  CHECK(c.planning.curve_note.find("No power curve: the queries are in 8 clusters") == 0);  // the table heads its ids qid
}
