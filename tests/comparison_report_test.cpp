#include "pairpower/compare/comparison_report.hpp"

#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/base/formatting.hpp"

using namespace pairpower;

TEST_CASE("display strings cover every number of a comparison by its JSON path, leaving out per-query data and resamples", "[comparison_report]") {
  const auto c = nlohmann::ordered_json::parse(R"({"n": 3, "delta": 0.1, "t": {"p": 0.04, "ci_low": -1}, "verdict": "SHIP",
    "bootstrap": {"bca": {"ci_low": 0}, "distribution": [1, 2]}, "data": {"a": [1], "b": [2]}, "planning": {"n_required": null}})");
  const auto d = display_stats(c);
  std::set<std::string> paths;
  for (const auto& [k, v] : d.items()) paths.insert(k);
  CHECK(paths == std::set<std::string>{"n", "delta", "t.p", "t.ci_low", "bootstrap.bca.ci_low"});
  CHECK(d["t.p"] == format_stat("t.p", 0.04));
}

TEST_CASE("every statistic of a real report has a label, and every label names a statistic of it", "[comparison_report]") {
  PairedSample sample{"d", "ndcg_cut_10", "A", "B", {}, {}, {}};
  for (int i = 0; i < 60; ++i) {
    sample.qids.push_back(std::to_string(i));
    sample.a.push_back(0.3 + 0.01 * (i % 37));
    sample.b.push_back(0.31 + 0.01 * ((i * 7) % 41));
  }
  // Binary items (McNemar, Newcombe, Wilson), clustered ones (the cluster-robust statistics) and repeated ones (epochs).
  PairedSample binary = sample, clustered = sample, repeated = sample;
  for (std::size_t i = 0; i < repeated.a.size(); ++i) {
    repeated.repeats_a.push_back(3), repeated.repeat_var_a.push_back(0.01 * static_cast<double>(i % 3));
    repeated.repeats_b.push_back(3), repeated.repeat_var_b.push_back(0.02 * static_cast<double>(i % 2));
  }
  for (std::size_t i = 0; i < binary.a.size(); ++i) binary.a[i] = i % 3 ? 1 : 0, binary.b[i] = i % 4 ? 1 : 0;
  for (std::size_t i = 0; i < clustered.a.size(); ++i) clustered.clusters.push_back("c" + std::to_string(i / 3));
  std::set<std::string> shown, labelled;
  // The plain difference question, then the two that add their own statistics, then a pair of a family, then binary, clustered and repeated items.
  for (int question = 0; question < 7; ++question) {
    CompareOptions o;
    o.resamples = 2000;
    o.bootstrap_resamples = 500;
    if (question == 1) o.equivalence_margin = 0.05;
    if (question == 2) o.non_inferiority_margin = 0.05;
    if (question == 3) o.family = FamilyContext{8, 28, "randomized-tukey", 0.3};
    const auto r = compare_all({question == 4 ? binary : question == 5 ? clustered : question == 6 ? repeated : sample}, o);
    const auto j = report_json(r, ReportSettings{o, "error", {}, r.baseline, {}});
    const auto display = display_stats(j["comparisons"][0]);
    for (const auto& [k, v] : display.items()) shown.insert(k);
  }
  for (const auto& l : stat_labels()) CHECK(labelled.insert(l.path).second);
  CHECK(shown == labelled);
}

TEST_CASE("a comparison's caveats travel with its Markdown and LaTeX tables, each once, and a report without any has no caveats section", "[comparison_report]") {
  PairedSample few{"d", "ndcg_cut_10", "A", "B", {}, {}, {}};
  for (int i = 0; i < 8; ++i) {
    few.qids.push_back(std::to_string(i));
    few.a.push_back(0.3 + 0.05 * i);
    few.b.push_back(0.35 + 0.04 * ((i * 3) % 8));
  }
  const CompareOptions o{.resamples = 500, .bootstrap_resamples = 500};
  const auto r = compare_all({few}, o);
  const auto& w = r.comparisons.front().warnings;
  REQUIRE(std::any_of(w.begin(), w.end(), [](const Warning& x) { return x.code == "few_queries"; }));
  const std::string md = report_markdown(r, o), tex = report_latex(r, o);
  CHECK_THAT(md, Catch::Contains("\n**Caveats**\n\n"));
  for (const auto& x : w) {
    const std::string name = comparison_name(r.comparisons.front());
    CHECK_THAT(md, Catch::Contains("- ⚠ " + name + ": " + x.message + "\n"));
    CHECK_THAT(tex, Catch::Contains("\n% caveat: " + name + ": " + x.message + "\n"));
    CHECK(md.find(x.message) == md.rfind(x.message));
  }
  PairedSample many = few;
  for (int i = 8; i < 60; ++i) {
    many.qids.push_back(std::to_string(i));
    many.a.push_back(0.3 + 0.01 * (i % 37));
    many.b.push_back(0.31 + 0.01 * ((i * 7) % 41));
  }
  const auto clean = compare_all({many}, o);
  REQUIRE(clean.comparisons.front().warnings.empty());
  CHECK_THAT(report_markdown(clean, o), !Catch::Contains("Caveats"));
  CHECK_THAT(report_latex(clean, o), !Catch::Contains("caveat"));
}

TEST_CASE("the note beside the results names the tests the verdicts rest on, and cites Smucker et al. only for retrieval runs decided by randomization", "[comparison_report]") {
  using pairpower::wilcoxon_note;
  pairpower::Comparison runs, binary_runs, items, binary_items;
  items.unit = binary_items.unit = pairpower::item_unit;
  binary_items.binary.emplace();
  binary_runs.binary.emplace();
  const pairpower::CompareOptions o{};
  CHECK_THAT(wilcoxon_note({runs}, o),
             Catch::EndsWith("; the verdicts here rest on the randomization test, which Smucker, Allan & Carterette (2007) recommend for IR evaluation."));
  // A 0/1 retrieval measure (success@1) is decided by McNemar: no recommendation of another test.
  CHECK_THAT(wilcoxon_note({binary_runs}, o), Catch::EndsWith("; the verdicts here rest on the exact McNemar test."));
  CHECK_THAT(wilcoxon_note({binary_items}, o), Catch::EndsWith("; the verdicts here rest on the exact McNemar test."));
  CHECK_THAT(wilcoxon_note({items, binary_items, items}, o),
             Catch::EndsWith("; the verdicts here rest on the randomization and the exact McNemar tests (Holm over the 3 comparisons)."));
  CHECK_THAT(wilcoxon_note({items}, o), !Catch::Contains("IR evaluation"));
  // The questions beyond a difference are decided by their own tests.
  CHECK_THAT(wilcoxon_note({runs}, {.equivalence_margin = 0.01}), Catch::EndsWith("; the verdicts here rest on two one-sided paired t-tests (TOST)."));
  CHECK_THAT(wilcoxon_note({runs}, {.non_inferiority_margin = 0.01}), Catch::EndsWith("; the verdicts here rest on the one-sided paired t against the margin."));
}
