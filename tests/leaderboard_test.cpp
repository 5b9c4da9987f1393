#include "pairpower/leaderboard/leaderboard.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "support/boards.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/leaderboard/board_resampling.hpp"
#include "pairpower/leaderboard/leaderboard_report.hpp"

using namespace pairpower;

using test::name;
using test::series_of;

TEST_CASE("a leaderboard's ANOVA, Tukey HSD and Friedman equal R's and scipy's", "[leaderboard]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    if (c.at("k").get<int>() > 8) continue;  // the larger boards are held by anova_test and friedman_test
    const auto r = leaderboard(series_of(c.at("scores")), "m", {.resamples = 2000, .bootstrap = 2000});
    REQUIRE(r.boards.size() == 1);
    const Board& b = r.boards[0];
    CHECK(b.anova.f == Approx(c.at("anova").at("f").get<double>()).epsilon(1e-10));
    CHECK(b.friedman.statistic == Approx(c.at("friedman").at("statistic").get<double>()).epsilon(1e-10));
    for (const auto& t : c.at("anova").at("tukey")) {
      const auto& p = test::ordered_pair_of(b, name('s', t.at("a").get<std::size_t>()), name('s', t.at("b").get<std::size_t>()));
      CHECK(p.delta == Approx(t.at("diff").get<double>()).margin(1e-12));
      CHECK(p.p_tukey_hsd == Approx(t.at("p").get<double>()).margin(2e-5));
    }
  }
}

TEST_CASE("ranks count the systems with a better mean; tiers share a letter exactly when not significantly different", "[leaderboard]") {
  const auto& c = test::fixture("leaderboard.json").at("boards").at(2);
  const auto r = leaderboard(series_of(c.at("scores")), "m", {.resamples = 2000, .bootstrap = 2000});
  const Board& b = r.boards[0];
  for (std::size_t x = 0; x < b.systems.size(); ++x) {
    std::size_t better = 0;
    for (const auto& o : b.systems) better += o.mean > b.systems[x].mean;
    CHECK(b.systems[x].rank == 1 + better);
    CHECK(b.systems[x].rank_marginal_low <= b.systems[x].rank_marginal_high);
  }
  const auto tier = [&](const std::string& s) {
    for (const auto& x : b.systems)
      if (x.system == s) return x.tier;
    return std::string();
  };
  for (const auto& p : b.pairs) {
    const std::string ta = tier(p.system_a), tb = tier(p.system_b);
    const bool share = std::any_of(ta.begin(), ta.end(), [&](char ch) { return tb.find(ch) != std::string::npos; });
    CHECK(share == !p.significant);
    CHECK(p.p_holm >= p.p);
  }
}

TEST_CASE("per-dataset scores alone give the across-datasets analysis: Friedman, mean ranks, CD and Wilcoxon with Holm as scipy and statsmodels", "[leaderboard]") {
  for (const auto& c : test::fixture("leaderboard.json").at("across")) {
    // One "query" per dataset, named by the dataset, as a `dataset,sysA,sysB,…` table reads.
    std::vector<ScoreSeries> series;
    const auto& scores = c.at("scores");
    for (std::size_t j = 0; j < scores.size(); ++j)
      for (std::size_t i = 0; i < scores.at(0).size(); ++i)
        series.push_back({name('d', j), "m", name('s', i), {name('d', j)}, {scores.at(j).at(i).get<double>()}});
    const auto r = leaderboard(series, "", {});
    CHECK(r.boards.empty());
    REQUIRE(r.across);
    CHECK(r.across->friedman.statistic == Approx(c.at("friedman").at("statistic").get<double>()).epsilon(1e-10));
    for (std::size_t i = 0; i < r.across->mean_ranks.size(); ++i) CHECK(r.across->mean_ranks[i].second == Approx(c.at("mean_ranks").at(i).get<double>()));
    CHECK(r.across->critical_difference == Approx(c.at("critical_difference").at("0.05").get<double>()).epsilon(1e-7));
    REQUIRE(r.across->pairs.size() == c.at("pairs").size());
    for (std::size_t x = 0; x < r.across->pairs.size(); ++x) {
      const auto& want = c.at("pairs").at(x);
      CHECK(r.across->pairs[x].b_better == want.at("b_better").get<std::size_t>());
      CHECK(r.across->pairs[x].p == Approx(want.at("p").get<double>()).epsilon(1e-9));
      CHECK(r.across->pairs[x].p_holm == Approx(want.at("p_holm").get<double>()).epsilon(1e-9));
    }
  }
}

TEST_CASE("unmatched query ids stop the board unless intersected or scored zero", "[leaderboard]") {
  std::vector<ScoreSeries> s{{"", "m", "A", {"1", "2", "3"}, {0.1, 0.2, 0.3}}, {"", "m", "B", {"1", "2", "4"}, {0.2, 0.3, 0.1}},
                             {"", "m", "C", {"1", "2", "3"}, {0.3, 0.1, 0.2}}};
  CHECK_THROWS_AS(leaderboard(s, "", {}), Error);
  CHECK(leaderboard(s, "", {.resamples = 500, .bootstrap = 500, .missing = MissingPolicy::intersect}).boards.at(0).n == 2);
  CHECK(leaderboard(s, "", {.resamples = 500, .bootstrap = 500, .missing = MissingPolicy::zero}).boards.at(0).n == 4);
}

TEST_CASE("a system's scores twice in a dataset are refused naming the system, the dataset, the measure and both files, as compare refuses them", "[leaderboard]") {
  std::vector<ScoreSeries> s{{"mmlu", "acc", "A", {"1", "2"}, {1, 0}}, {"mmlu", "acc", "B", {"1", "2"}, {1, 1}}, {"mmlu", "acc", "A", {"1", "2"}, {0, 0}}};
  CHECK_THROWS_WITH(leaderboard(s, "acc", {}), "system 'A' appears twice in dataset 'mmlu' for acc; give each run its own name, or leave one of them out");
  s[0].file = "old/A/samples_mmlu.jsonl";
  s[1].file = "B/samples_mmlu.jsonl";
  s[2].file = "new/A/samples_mmlu.jsonl";
  CHECK_THROWS_WITH(leaderboard(s, "acc", {}),
                    "system 'A' appears twice in dataset 'mmlu' for acc (in old/A/samples_mmlu.jsonl and in new/A/samples_mmlu.jsonl); give each run its own name, or leave one of them out");
  s[2].file = s[0].file;
  CHECK_THROWS_WITH(leaderboard(s, "acc", {}), Catch::Contains("for acc (in old/A/samples_mmlu.jsonl); give"));
  s[2].file.clear();
  CHECK_THROWS_WITH(leaderboard(s, "acc", {}), Catch::Contains("for acc (one of them in old/A/samples_mmlu.jsonl); give"));
}

TEST_CASE("several measures without a choice, or one the input lacks, are refused by name, offering the measures it holds", "[leaderboard]") {
  std::vector<ScoreSeries> s{{"", "map", "A", {"1", "2"}, {0.1, 0.2}}, {"", "P_10", "A", {"1", "2"}, {0.1, 0.2}}};
  const auto refusal = [&](const std::string& measure) {
    try {
      leaderboard(s, measure, {});
    } catch (const Error& e) {
      return e;
    }
    FAIL("no error");
    return Error("", ErrorKind::invalid_value, "");  // not reached: FAIL throws
  };
  const std::vector<std::string> held{"map", "P_10"};  // for the page's chooser
  const auto none = refusal("");
  CHECK(none.field == "measure");
  CHECK(none.kind == ErrorKind::choose_one);
  CHECK(none.choices == held);
  const auto lacking = refusal("ndcg");
  CHECK(lacking.kind == ErrorKind::not_in_input);
  CHECK(lacking.choices == held);
  // A qid,score table beside them names no measure: which one it is must be chosen among the others'.
  s.push_back({"", "", "B", {"1", "2"}, {0.3, 0.4}});
  const auto unnamed = refusal("");
  CHECK(unnamed.kind == ErrorKind::choose_one);
  CHECK(unnamed.choices == held);
}

TEST_CASE("a pair's scores are paired as the board pairs them and their table reads back to the same numbers", "[leaderboard]") {
  std::vector<ScoreSeries> s{{"", "m", "A", {"1", "2", "3"}, {0.1, 1.0 / 3, 0.3}}, {"", "m", "B, large", {"1", "2", "4"}, {0.2, 2.0 / 3, 0.1}},
                             {"", "m", "C", {"1", "2", "3"}, {0.3, 0.1, 0.2}}};
  const auto p = pair_scores(s, "", "", "A", "B, large", MissingPolicy::zero);
  CHECK(p.qids == std::vector<std::string>{"1", "2", "3", "4"});
  CHECK(p.a == std::vector<double>{0.1, 1.0 / 3, 0.3, 0.0});
  CHECK(p.b == std::vector<double>{0.2, 2.0 / 3, 0.0, 0.1});
  const auto back = parse_scores(pair_scores_csv(p, "A", "B, large"));
  REQUIRE(back.series.size() == 2);
  CHECK(back.series[1].system == "B, large");
  CHECK(back.series[0].values == p.a);
  CHECK(back.series[1].values == p.b);
  CHECK(pair_scores(s, "", "", "A", "C", MissingPolicy::intersect).qids == std::vector<std::string>{"1", "2"});
  try {
    pair_scores(s, "", "", "A", "D", MissingPolicy::zero);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.field == "system");
  }
}

TEST_CASE("a leaderboard cut in parts and merged is exactly the leaderboard computed whole", "[leaderboard]") {
  const auto& c = test::fixture("leaderboard.json").at("boards").at(0);
  auto s = series_of(c.at("scores"));
  auto other = series_of(c.at("scores"));
  for (auto& x : other) x.dataset = "second";
  for (auto& x : s) x.dataset = "first";
  s.insert(s.end(), other.begin(), other.end());
  const LeaderboardOptions o{.resamples = 999, .bootstrap = 501, .seed = 4, .threads = 2};
  const auto whole = leaderboard_json(leaderboard(s, "m", o), o).dump();
  std::vector<LeaderboardPart> parts;
  for (unsigned p = 0; p < 3; ++p) parts.push_back(leaderboard_part(s, "m", {.resamples = 999, .bootstrap = 501, .seed = 4, .threads = 1}, p, 3));
  CHECK(leaderboard_json(leaderboard_merge(s, "m", o, parts), o).dump() == whole);
  parts.pop_back();
  CHECK_THROWS_AS(leaderboard_merge(s, "m", o, parts), Error);
}

TEST_CASE("parts that share the bootstrap and parts that each draw it whole merge into the leaderboard computed whole", "[leaderboard]") {
  // Many queries for few systems: the parts share the bootstrap out; few queries for many: each draws it whole.
  for (const auto& [k, n] : {std::pair<std::size_t, std::size_t>{4, 200}, {12, 20}}) {
    CHECK(whole_bootstrap_per_part(k, n) == (k == 12));
    std::vector<ScoreSeries> s;
    for (std::size_t i = 0; i < k; ++i) {
      ScoreSeries x{"", "m", std::string("S").append(std::to_string(i)), {}, {}};
      for (std::size_t q = 0; q < n; ++q) {
        x.qids.push_back(std::string("q").append(std::to_string(q)));
        x.values.push_back(0.01 * static_cast<double>((q * 37 + i * 11) % 97) + 0.002 * static_cast<double>(i));
      }
      s.push_back(std::move(x));
    }
    const LeaderboardOptions o{.resamples = 499, .bootstrap = 301, .seed = 9, .threads = 1};
    const auto whole = leaderboard_json(leaderboard(s, "m", o), o).dump();
    std::vector<LeaderboardPart> parts;
    for (unsigned p = 0; p < 2; ++p) parts.push_back(leaderboard_part(s, "m", o, p, 2));
    CHECK(parts[1].boards[0].boot_means.empty() == (k == 12));
    CHECK(std::isnan(parts[1].boards[0].pairs[0].ci_low) == (k == 4));
    CHECK(leaderboard_json(leaderboard_merge(s, "m", o, parts), o).dump() == whole);
  }
}

TEST_CASE("one file per system, some naming the measure in their header and some not, is one board of that measure, its values range-checked", "[leaderboard]") {
  std::vector<ScoreSeries> s;
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"bm25", "qid,ndcg\nq1,0.5\nq2,1.7\nq3,0.3\n"}, {"dense", "qid,score\nq1,0.55\nq2,0.42\nq3,0.35\n"}, {"splade", "qid,score\nq1,0.52\nq2,0.41\nq3,0.2\n"}})
    for (auto& x : parse_scores(text, InputFormat::auto_detect, name).series) s.push_back(std::move(x));
  const auto r = leaderboard(s, "", {.resamples = 300, .bootstrap = 300});
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].measure == "ndcg");
  CHECK(r.boards[0].k == 3);
  CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const Warning& w) { return w.code == "out_of_range" && w.message.find("1.7") != std::string::npos; }));
  // The warnings travel with the tables pasted elsewhere, not on stderr alone.
  for (const auto& w : r.warnings) {
    CHECK_THAT(leaderboard_markdown(r, {}), Catch::Contains("**Caveats**\n\n") && Catch::Contains("- ⚠ " + w.message + "\n"));
    CHECK_THAT(leaderboard_latex(r, {}), Catch::Contains("% caveat: " + w.message + "\n"));
  }
  CHECK(pair_scores(s, "", "", "bm25", "dense", MissingPolicy::error).b == std::vector<double>{0.55, 0.42, 0.35});
  // Two named measures stay two: the unnamed files join neither.
  s[0].measure = "map";
  s.push_back({"", "ndcg", "colbert", {"q1", "q2", "q3"}, {0.1, 0.2, 0.3}});
  CHECK_THROWS_AS(leaderboard(s, "", {.resamples = 300, .bootstrap = 300}), Error);
}

TEST_CASE("the shared leaderboard options refuse a seed of 2^53 + 1 by name and keep the defaults of settings not given", "[leaderboard]") {
  const LeaderboardOptions d{};
  const LeaderboardOptions o = leaderboard_options({});
  CHECK(o.alpha == d.alpha);
  CHECK(o.resamples == d.resamples);
  CHECK(o.bootstrap == d.bootstrap);
  CHECK(o.seed == d.seed);
  LeaderboardSettings largest;
  largest.seed = 9007199254740991.0;
  CHECK(leaderboard_options(largest).seed == 9007199254740991u);
  // 2^53 + 1 reaches the core as 2^53, the first double beyond JavaScript's safe integers.
  for (const double seed : {9007199254740993.0, 1.5, -1.0}) {
    try {
      LeaderboardSettings s;
      s.seed = seed;
      leaderboard_options(s);
      FAIL("seed " << seed << " was accepted");
    } catch (const Error& e) {
      CHECK(e.field == "seed");
    }
  }
  try {
    LeaderboardSettings s;
    s.bootstrap = 1;
    leaderboard_options(s);
    FAIL("one bootstrap resample was accepted");
  } catch (const Error& e) {
    CHECK(e.field == "bootstrap_resamples");
  }
}

TEST_CASE("a leaderboard's inputs read once give the parts and the merge exactly the answer of the inputs themselves", "[leaderboard]") {
  // Three runs of two measures, one run's texts kept.
  std::vector<ScoreSeries> s;
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"bm25", "ndcg\tq1\t0.5\nndcg\tq2\t0.7\nndcg\tq3\t0.3\nndcg\tq4\t0.6\nmap\tq1\t0.2\nmap\tq2\t0.3\nmap\tq3\t0.1\nmap\tq4\t0.4\n"},
           {"dense", "ndcg\tq1\t0.55\nndcg\tq2\t0.42\nndcg\tq3\t0.35\nndcg\tq4\t0.7\nmap\tq1\t0.25\nmap\tq2\t0.3\nmap\tq3\t0.2\nmap\tq4\t0.5\n"},
           {"splade", "ndcg\tq1\t0.52\nndcg\tq2\t0.41\nndcg\tq3\t0.2\nndcg\tq4\t0.66\nmap\tq1\t0.1\nmap\tq2\t0.2\nmap\tq3\t0.3\nmap\tq4\t0.45\n"}})
    for (auto& x : parse_scores(text, InputFormat::trec_eval, name, {"dense"}).series) s.push_back(std::move(x));
  const LeaderboardOptions o{.resamples = 499, .bootstrap = 301, .seed = 7};
  REQUIRE(std::any_of(s.begin(), s.end(), [](const ScoreSeries& x) { return !x.texts.empty(); }));
  const auto in = leaderboard_input(s, "map");
  CHECK(in.measure == "map");
  CHECK(in.measures == std::vector<std::string>{"ndcg", "map"});  // what else the board could rank by, in input order
  REQUIRE(in.series.size() == 3);
  for (const auto& x : in.series) {
    CHECK(x.measure == "map");
    CHECK(x.texts.empty());
  }
  std::vector<LeaderboardPart> parts, given;
  for (unsigned p = 0; p < 2; ++p) parts.push_back(leaderboard_part(in.series, in.measure, o, p, 2)), given.push_back(leaderboard_part(s, "map", o, p, 2));
  CHECK(leaderboard_json(leaderboard_merge(in.series, in.measure, o, parts), o).dump() == leaderboard_json(leaderboard_merge(s, "map", o, given), o).dump());
  CHECK_THROWS_AS(leaderboard_input(s, ""), Error);      // two measures: one must be chosen
  CHECK_THROWS_AS(leaderboard_input(s, "P_10"), Error);  // not in the input
  CHECK_THROWS_AS(leaderboard_input({}, ""), Error);
}

TEST_CASE("a board whose neighbours differ by the same amount on every query, or by millions, still ranks and plans in the scores' own units", "[leaderboard]") {
  // A − B is 0.1 on every query, up to rounding; C's scores are latencies in microseconds.
  std::vector<ScoreSeries> s{{"", "m", "A", {"1", "2", "3", "4"}, {0.5, 0.6, 0.2, 0.3}}, {"", "m", "B", {"1", "2", "3", "4"}, {0.4, 0.5, 0.1, 0.2}},
                             {"", "m", "C", {"1", "2", "3", "4"}, {5e6, 2.0, 9e6, 1.0}}};
  const auto r = leaderboard(s, "", {.resamples = 500, .bootstrap = 500});
  const auto& b = r.boards.at(0);
  const auto at = [&](const std::string& name) {
    const auto it = std::find_if(b.systems.begin(), b.systems.end(), [&](const BoardSystem& x) { return x.system == name; });
    REQUIRE(it != b.systems.end());
    return *it;
  };
  CHECK_FALSE(at("A").n_to_separate_next);
  // C is first, by millions over A, with an SD of its differences in the millions: n is planned, not refused.
  CHECK(at("C").rank == 1);
  CHECK(at("C").n_to_separate_next);
}

TEST_CASE("a file that names no measure or no dataset joins the others' one, takes the measure chosen among several, and is refused rather than left off the board", "[leaderboard]") {
  const LeaderboardOptions o{.resamples = 200, .bootstrap = 200};
  std::vector<ScoreSeries> s;
  const std::vector<std::pair<std::string, std::string>> inputs{
      {"model-a", "dataset,qid,measure,score\nsum,1,acc,1\nsum,2,acc,0\nsum,3,acc,1\nsum,1,acc_norm,0\nsum,2,acc_norm,0\nsum,3,acc_norm,1\n"},
      {"model-b", "dataset,qid,measure,score\nsum,1,acc,0\nsum,2,acc,0\nsum,3,acc,1\nsum,1,acc_norm,1\nsum,2,acc_norm,0\nsum,3,acc_norm,1\n"},
      {"mine", "qid,score\n1,1\n2,1\n3,0\n"}};
  for (const auto& [system, text] : inputs) {
    ScoreFile f = parse_scores(text, InputFormat::auto_detect, system.c_str());
    for (auto& x : f.series) {
      x.file = system + ".csv";
      s.push_back(std::move(x));
    }
  }
  // The chosen measure, and the others' one dataset: a board of all three.
  const auto r = leaderboard(s, "acc_norm", o);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].dataset == "sum");
  CHECK(r.boards[0].measure == "acc_norm");
  CHECK(r.boards[0].k == 3);
  CHECK(pair_scores(s, "acc_norm", "sum", "model-a", "mine", MissingPolicy::error).b == std::vector<double>{1, 1, 0});
  // No choice, or a measure the others lack: named, with its file, and the measures it could be (none of them empty).
  const std::string lacking = "the scores of mine in mine.csv name no measure (a qid,score table or a column of numbers), and the other inputs hold 2 (acc, acc_norm); choose the one they are";
  CHECK_THROWS_WITH(leaderboard(s, "", o), Catch::Equals(lacking) || Catch::EndsWith(": " + lacking));
  CHECK_THROWS_WITH(leaderboard(s, "bleu", o), Catch::EndsWith(lacking + std::string(" ('bleu' is not one of them)")));
  // Beside two datasets, which one the file is is not the input's to say.
  for (const auto& [system, text] : std::vector<std::pair<std::string, std::string>>{{"model-a", "dataset,qid,acc\ndiff,1,1\ndiff,2,0\ndiff,3,0\n"},
                                                                                     {"model-b", "dataset,qid,acc\ndiff,1,1\ndiff,2,1\ndiff,3,0\n"}})
    for (auto& x : parse_scores(text, InputFormat::auto_detect, system.c_str()).series) s.push_back(std::move(x));
  CHECK_THROWS_WITH(leaderboard(s, "acc", o), Catch::StartsWith("the scores of mine in mine.csv name no dataset (task), and the other inputs hold 2 (sum, diff); give them as"));
}

TEST_CASE("scores that name no dataset join only the ranked measure's one dataset, and only as systems it lacks", "[leaderboard]") {
  const LeaderboardOptions o{.resamples = 200, .bootstrap = 200};
  const std::vector<std::string> q{"q1", "q2", "q3", "q4"};
  // acc on two datasets, ndcg on none: ranked by ndcg, the ndcg board is its own, whatever acc's datasets.
  std::vector<ScoreSeries> s{{"d1", "acc", "X", q, {1, 0, 1, 1}}, {"d1", "acc", "Y", q, {0, 0, 1, 1}}, {"d2", "acc", "X", q, {1, 1, 1, 0}},
                             {"d2", "acc", "Y", q, {0, 1, 1, 0}}, {"", "ndcg", "P", q, {0.5, 0.2, 0.7, 0.4}}, {"", "ndcg", "Q", q, {0.6, 0.1, 0.9, 0.3}}};
  auto r = leaderboard(s, "ndcg", o);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].dataset.empty());
  CHECK(r.boards[0].k == 2);
  s.erase(s.begin() + 2, s.begin() + 4);  // acc on d1 only: still no dataset for ndcg
  r = leaderboard(s, "ndcg", o);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].dataset.empty());
  // A table without a dataset of the systems d1 already has is a dataset of its own, beside d1, as before the join.
  s.resize(2);
  s.push_back({"", "acc", "X", q, {0, 1, 1, 1}});
  s.push_back({"", "acc", "Y", q, {0, 0, 0, 1}});
  r = leaderboard(s, "acc", o);
  REQUIRE(r.boards.size() == 2);
  CHECK(r.boards[0].dataset == "d1");
  CHECK(r.boards[1].dataset.empty());
  CHECK(r.across.has_value());
  // A new system without a dataset is one more system of d1.
  s.resize(2);
  s.push_back({"", "acc", "Z", q, {1, 1, 0, 1}});
  r = leaderboard(s, "acc", o);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].dataset == "d1");
  CHECK(r.boards[0].k == 3);
}

TEST_CASE("scores without a dataset that cannot be placed are refused naming them, and the measure they lack is named as such", "[leaderboard]") {
  const LeaderboardOptions o{.resamples = 200, .bootstrap = 200};
  const std::vector<std::string> q{"q1", "q2", "q3", "q4"};
  std::vector<ScoreSeries> s{{"d1", "acc", "A", q, {1, 0, 1, 1}}, {"d1", "acc", "B", q, {0, 0, 1, 0}}, {"", "acc", "A", q, {1, 0, 0, 1}}};
  s[2].file = "A.csv";
  // One known system alone: not a board of its own, and said so rather than "needs at least 2 systems".
  CHECK_THROWS_WITH(leaderboard(s, "acc", o), Catch::StartsWith("the scores of A in A.csv name no dataset (task), and A is already in d1: a dataset of their own needs at least 2 systems"));
  // A known system and a new one: neither a dataset of their own nor more systems of d1 by the input's say.
  s.push_back({"", "acc", "C", q, {0, 1, 1, 1}});
  s[3].file = "C.csv";
  CHECK_THROWS_WITH(leaderboard(s, "acc", o), Catch::Contains("some are in the other inputs' datasets (d1) and some are not (C in C.csv)"));
  // No measure named anywhere: a measure asked for is said to be absent because none is named, with no empty name listed.
  const std::vector<ScoreSeries> plain{{"", "", "A", q, {1, 0, 1, 1}}, {"", "", "B", q, {0, 0, 1, 0}}};
  CHECK_THROWS_WITH(leaderboard(plain, "acc", o), Catch::Contains("'acc' is not in the input: its scores name no measure") && !Catch::Contains("has )"));
}

TEST_CASE("systems missing from a dataset are left out of the ranking across datasets with a warning naming them, and the boards stand without one", "[leaderboard]") {
  const LeaderboardOptions o{.resamples = 200, .bootstrap = 200};
  const std::vector<std::string> q{"q1", "q2", "q3", "q4"};
  const auto partial = [](const LeaderboardResult& r) {
    return std::find_if(r.warnings.begin(), r.warnings.end(), [](const Warning& w) { return w.code == "across_partial"; });
  };
  std::vector<ScoreSeries> s{{"d1", "m", "A", q, {0.1, 0.5, 0.3, 0.7}}, {"d1", "m", "B", q, {0.2, 0.4, 0.6, 0.3}}, {"d1", "m", "E", q, {0.9, 0.1, 0.5, 0.2}},
                             {"d2", "m", "A", q, {0.3, 0.2, 0.8, 0.4}}, {"d2", "m", "B", q, {0.5, 0.6, 0.1, 0.2}}};
  auto r = leaderboard(s, "m", o);
  REQUIRE(r.across.has_value());
  CHECK(r.across->mean_ranks.size() == 2);
  REQUIRE(partial(r) != r.warnings.end());
  CHECK(partial(r)->message == "The ranking across the 2 datasets leaves out E (not in d2); the per-dataset boards rank it.");
  // d2 of two other systems: nothing is in every dataset, and the two boards are still the answer.
  s[3].system = "C";
  s[4].system = "D";
  r = leaderboard(s, "m", o);
  CHECK_FALSE(r.across.has_value());
  CHECK(r.boards.size() == 2);
  REQUIRE(partial(r) != r.warnings.end());
  CHECK(partial(r)->message.rfind("No ranking across the 2 datasets: fewer than 2 systems are in every dataset (A (not in d2); B (not in d2); E (not in d2); C (not in d1); D (not in d1))", 0) == 0);
  // Every system everywhere: no such warning.
  s.erase(s.begin() + 2);
  s[2].system = "A";
  s[3].system = "B";
  r = leaderboard(s, "m", o);
  CHECK(r.across.has_value());
  CHECK(partial(r) == r.warnings.end());
}
