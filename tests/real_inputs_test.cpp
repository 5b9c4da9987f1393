// Real outputs of trec_eval, pytrec_eval, ir_measures and ranx (tests/fixtures/real/,
// each written by the tool itself; PROVENANCE.md) read without being told
// their format, and scipy's statistics on them (expected.py, an independent reader).
#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "pairpower/stats/bootstrap.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"

using namespace pairpower;
using test::slurp;

namespace {

const std::string real_dir = std::string(PAIRPOWER_FIXTURES_DIR) + "/real/";

// As the CLI names a run without a runid: the file's name without its last extension.
std::string stem(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  return name.substr(0, name.find_last_of('.'));
}

const nlohmann::json& expected() {
  static const nlohmann::json j = nlohmann::json::parse(slurp(real_dir + "expected.json"));
  return j;
}


}  // namespace

TEST_CASE("every real tool output is detected as what it is, with its runs, measures and queries", "[real_inputs]") {
  for (const auto& c : expected().at("cases")) {
    for (int k = 0; k < 2; ++k) {
      const std::string path = c.at("files")[k];
      INFO(path);
      const auto f = parse_scores(slurp(real_dir + path), InputFormat::auto_detect, stem(path));
      CHECK(to_string(f.format) == c.at("format").get<std::string>());
      CHECK(f.systems() == std::vector<std::string>{c.at("systems")[k].get<std::string>()});
      CHECK(f.measures().size() == c.at("measures").get<std::size_t>());
      CHECK(f.queries() == c.at("queries").get<std::size_t>());
      if (k == 0) {
        CHECK(std::set<std::string>(f.text_measures.begin(), f.text_measures.end()) == c.at("text_measures").get<std::set<std::string>>());
        CHECK(std::set<std::string>(f.summary_measures.begin(), f.summary_measures.end()) == c.at("summary_measures").get<std::set<std::string>>());
      }
    }
  }
}

TEST_CASE("statistics on real tool outputs equal scipy's", "[real_inputs]") {
  CompareOptions o;
  o.resamples = 2000;
  o.bootstrap_resamples = 200;
  o.power_curve = false;
  for (const auto& c : expected().at("cases")) {
    const std::string pa = c.at("files")[0], pb = c.at("files")[1];
    const auto a = parse_scores(slurp(real_dir + pa), InputFormat::auto_detect, stem(pa));
    const auto b = parse_scores(slurp(real_dir + pb), InputFormat::auto_detect, stem(pb));
    for (const auto& e : c.at("comparisons")) {
      const std::string m = e.at("measure");
      INFO(pa << " — " << m);
      const auto plan = build_comparisons(a, &b, {m}, MissingPolicy::error);
      REQUIRE(plan.samples.size() == 1);
      const auto r = compare_all(plan.samples, o);
      const auto& x = r.comparisons.front();
      CHECK(x.system_a == c.at("systems")[0].get<std::string>());
      CHECK(x.n == e.at("n").get<std::size_t>());
      CHECK(test::close_rel(x.mean_a, e.at("mean_a"), 1e-12));
      CHECK(test::close_rel(x.mean_b, e.at("mean_b"), 1e-12));
      CHECK(std::fabs(x.delta - e.at("delta").get<double>()) <= 1e-12);
      CHECK(test::close_rel(x.sd_diff, e.at("sd_diff"), 1e-10));
      CHECK(test::close_rel(x.t.t, e.at("t"), 1e-9));
      CHECK(test::close_rel(x.t.p, e.at("t_p"), 1e-9));
      CHECK(test::close_rel(x.wilcoxon.statistic, e.at("wilcoxon_statistic"), 1e-12));
      CHECK(test::close_rel(x.wilcoxon.p, e.at("wilcoxon_p"), 1e-9));
      CHECK(test::close_rel(x.sign_p, e.at("sign_p"), 1e-9));
      CHECK(std::fabs(x.pearson - e.at("pearson").get<double>()) <= 1e-12);
      CHECK(std::fabs(x.spearman - e.at("spearman").get<double>()) <= 1e-12);
    }
  }
}

TEST_CASE("a real trec_eval output re-encoded as UTF-16 with a BOM reads the same", "[real_inputs]") {
  const std::string utf8 = slurp(real_dir + "trec_eval/te908.q.org_manual_bm25.txt");
  std::string utf16 = "\xFF\xFE";  // what PowerShell 5's `>` writes: UTF-16LE with a BOM
  for (char ch : utf8) utf16 += std::string{ch, '\0'};
  const auto plain = parse_scores(utf8), wide = parse_scores(utf16);
  CHECK(wide.format == InputFormat::trec_eval);
  CHECK(wide.systems() == plain.systems());
  REQUIRE(wide.series.size() == plain.series.size());
  for (std::size_t i = 0; i < wide.series.size(); ++i) CHECK(wide.series[i].values == plain.series[i].values);
}

TEST_CASE("two real trec_eval outputs concatenated in one file are two systems, named by runid", "[real_inputs]") {
  const std::string both = slurp(real_dir + "trec_eval/te908.q.org_manual_bm25.txt") + slurp(real_dir + "trec_eval/te908.q.org_manual_ance_bert.txt");
  const auto f = parse_scores(both, InputFormat::auto_detect, "both");
  CHECK(f.systems() == std::vector<std::string>{"org_manual_bm25.run", "org_manual_ance_bert.run"});
  const auto plan = build_comparisons(f, nullptr, {"map"}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 1);
  CHECK(plan.samples[0].system_b == "org_manual_ance_bert.run");
  CHECK(plan.samples[0].qids.size() == 158);
}

TEST_CASE("the BCa interval on a real lattice measure does not move when the queries come in another order", "[real_inputs]") {
  const auto a = parse_scores(slurp(real_dir + "trec_eval/te908.q.org_manual_bm25.txt"));
  const auto b = parse_scores(slurp(real_dir + "trec_eval/te908.q.org_manual_ance_bert.txt"));
  for (const char* m : {"P_10", "P_5", "recip_rank"}) {
    INFO(m);
    auto s = build_comparisons(a, &b, {m}, MissingPolicy::error).samples.front();
    std::vector<double> d(s.a.size());
    for (std::size_t i = 0; i < d.size(); ++i) d[i] = s.b[i] - s.a[i];
    const auto first = paired_bootstrap(d, {5000, 3, 0.95});
    std::mt19937_64 g(7);
    for (int k = 0; k < 5; ++k) {
      std::shuffle(d.begin(), d.end(), g);
      const auto again = paired_bootstrap(d, {5000, 3, 0.95});
      CHECK(again.bca.low == first.bca.low);
      CHECK(again.bca.high == first.bca.high);
    }
  }
}
