// Comparisons of binary items: McNemar decides, Newcombe's interval is the one the verdict reads, and the
// report, the sentence and every table say so.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/comparison_report.hpp"

using namespace pairpower;

namespace {

// A table of `both`, `a_only`, `b_only`, `neither` items, interleaved so that no order hides anything.
PairedSample binary_sample(std::size_t both, std::size_t a_only, std::size_t b_only, std::size_t neither) {
  PairedSample s{"mmlu", "acc", "A", "B", {}, {}, {}};
  s.unit = item_unit;  // an evaluation's items, as a log reads them
  const auto add = [&](double a, double b, std::size_t k) {
    for (std::size_t i = 0; i < k; ++i) {
      s.qids.push_back("q" + std::to_string(s.qids.size()));
      s.a.push_back(a);
      s.b.push_back(b);
    }
  };
  add(1, 1, both), add(1, 0, a_only), add(0, 1, b_only), add(0, 0, neither);
  return s;
}

}  // namespace

TEST_CASE("binary items are compared by exact McNemar and Newcombe's interval, and the verdict follows them", "[binary][comparison]") {
  // 300 items: 40 only B gets right, 15 only A: p ≈ 0.0011 (two-sided binomial on 55 discordant items).
  const auto r = compare_all({binary_sample(150, 15, 40, 95)}, test::quick_compare_options());
  const Comparison& c = r.comparisons.front();
  REQUIRE(c.binary.has_value());
  CHECK(c.binary->mcnemar.discordant_a == 15);
  CHECK(c.binary->mcnemar.discordant_b == 40);
  CHECK(own_p(c) == c.binary->mcnemar.p);
  CHECK(c.binary->mcnemar.p < 0.01);
  CHECK(c.binary->newcombe.low > 0);
  CHECK(verdict_interval(c).low == c.binary->newcombe.low);
  CHECK(c.verdict == Verdict::ship);
  CHECK(c.sentence.find("exact McNemar") != std::string::npos);
  CHECK(c.sentence.find("(Newcombe)") != std::string::npos);
  CHECK(c.reason.find("Newcombe interval") != std::string::npos);
}

TEST_CASE("a minimum effect beyond Newcombe's lower limit holds a significant binary improvement", "[binary][comparison]") {
  auto o = test::quick_compare_options();
  const auto first = compare_all({binary_sample(150, 15, 40, 95)}, o).comparisons.front();
  o.min_effect = first.binary->newcombe.low + 0.001;
  CHECK(compare_all({binary_sample(150, 15, 40, 95)}, o).comparisons.front().verdict == Verdict::hold);
}

TEST_CASE("scores other than 0 and 1 carry no binary statistics and keep the randomization test", "[binary][comparison]") {
  auto s = binary_sample(20, 5, 9, 6);
  s.b[0] = 0.5;
  const auto r = compare_all({s}, test::quick_compare_options());
  const Comparison& c = r.comparisons.front();
  CHECK_FALSE(c.binary.has_value());
  CHECK(own_p(c) == c.randomization.p_value);
  const auto j = report_json(r, test::report_settings(test::quick_compare_options()));
  CHECK_FALSE(j.at("comparisons").at(0).contains("mcnemar"));
  CHECK_FALSE(j.at("comparisons").at(0).contains("table"));
  CHECK_FALSE(j.at("comparisons").at(0).contains("newcombe"));
}

TEST_CASE("the JSON report carries McNemar, Newcombe, Wilson and the 2×2 table of items", "[binary][comparison]") {
  const auto r = compare_all({binary_sample(30, 4, 9, 7)}, test::quick_compare_options());
  const auto j = report_json(r, test::report_settings(test::quick_compare_options())).at("comparisons").at(0);
  CHECK(j.at("mcnemar").at("discordant_a") == 4);
  CHECK(j.at("mcnemar").at("discordant_b") == 9);
  CHECK(j.at("table") == nlohmann::ordered_json{{"both", 30}, {"a_only", 4}, {"b_only", 9}, {"neither", 7}});
  CHECK(j.at("mcnemar").at("p").get<double>() >= j.at("mcnemar").at("p_mid").get<double>());
  for (const char* key : {"newcombe", "wilson_a", "wilson_b"}) {
    INFO(key);
    REQUIRE(j.at(key).is_array());
    REQUIRE(j.at(key).size() == 2);
    CHECK(j.at(key).at(0).get<double>() < j.at(key).at(1).get<double>());
  }
  CHECK(report_csv(r).find(",mcnemar_p,mcnemar_p_mid,discordant_a,discordant_b,newcombe_low") != std::string::npos);
  CHECK(report_markdown(r, test::quick_compare_options()).find("CI (Newcombe) | p (exact McNemar)") != std::string::npos);
}

TEST_CASE("a system right on every item gets the rule of three in the sentence", "[binary][comparison]") {
  const auto r = compare_all({binary_sample(60, 0, 0, 0)}, test::quick_compare_options());
  // Identical scores: nothing to test, and the sentence says that instead.
  CHECK(r.comparisons.front().identical);
  const auto s = compare_all({binary_sample(55, 0, 5, 0)}, test::quick_compare_options()).comparisons.front().sentence;
  CHECK(s.find("B is right on all 60 items: its error rate is below 0.05000 with 95% confidence (rule of three)") != std::string::npos);
}

TEST_CASE("binary items, concordant on most items by nature, raise no many-zeros warning", "[binary][comparison][warnings]") {
  const auto r = compare_all({binary_sample(150, 15, 40, 95)}, test::quick_compare_options());
  for (const auto& w : r.comparisons.front().warnings) CHECK(w.code != "many_zeros");
  // With clusters too: the cluster-robust t that decides keeps the concordant items.
  PairedSample clustered = binary_sample(150, 15, 40, 95);
  for (std::size_t i = 0; i < clustered.qids.size(); ++i) clustered.clusters.push_back("passage" + std::to_string(i % 30));
  const auto c = compare_all({clustered}, test::quick_compare_options()).comparisons.front();
  REQUIRE(c.cluster.has_value());
  for (const auto& w : c.warnings) CHECK(w.code != "many_zeros");
}
