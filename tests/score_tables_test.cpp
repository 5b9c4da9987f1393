// CSV/TSV tables (score_input.hpp, read by input/detail/tables.cpp): which columns name what, and
// which cells must hold something.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/input/score_input.hpp"

using namespace pairpower;

TEST_CASE("a wide table's measure column names the measure when it holds words, and is a system when it holds numbers", "[input]") {
  const auto named = parse_scores("qid,metric,A,B\nq1,ndcg,0.5,0.6\nq2,ndcg,0.4,0.7\n");
  REQUIRE(named.series.size() == 2);
  for (const auto& s : named.series) CHECK(s.measure == "ndcg");
  const auto system = parse_scores("qid,metric,A\nq1,0.5,0.6\nq2,0.4,0.7\n");
  std::vector<std::string> systems;
  for (const auto& s : system.series) systems.push_back(s.system);
  CHECK(systems == std::vector<std::string>{"metric", "A"});
  // Judged by its first cell that holds anything: a system may lack the first query's score.
  const auto late = parse_scores("qid,metric,A\nq1,,0.6\nq2,0.4,0.7\nq3,0.3,0.2\n");
  REQUIRE(late.series.size() == 2);
  for (const auto& x : late.series) {
    CHECK(x.measure.empty());
    CHECK(x.qids == (x.system == "metric" ? std::vector<std::string>{"q2", "q3"} : std::vector<std::string>{"q1", "q2", "q3"}));
  }
  CHECK(late.series[0].system == "A");  // the first score read is A's (the metric cell of q1 is blank)
  CHECK(late.series[1].system == "metric");
}

TEST_CASE("a table's blank dataset, measure or system cell is refused at its line, and a row of blank scores only is skipped", "[input]") {
  CHECK_THROWS_WITH(parse_scores("dataset,qid,A,B\nsum,q1,0.5,0.6\n,q2,0.4,0.5\n"), Catch::Contains("line 3: field 1 (dataset) is empty"));
  CHECK_THROWS_WITH(parse_scores("qid,measure,A,B\nq1,ndcg,0.5,0.6\nq2,,0.4,0.5\n"), Catch::Contains("line 3: field 2 (measure) is empty"));
  CHECK_THROWS_WITH(parse_scores("qid,system,score\nq1,A,0.5\nq1,B,0.6\nq2,,0.4\n"), Catch::Contains("line 4: field 2 (system) is empty"));
  // A spreadsheet's trailing row of empty cells names nothing and scores nothing.
  const auto trailing = parse_scores("dataset,qid,A,B\nsum,q1,0.5,0.6\nsum,q2,0.4,0.5\n,,,\n");
  REQUIRE(trailing.series.size() == 2);
  for (const auto& x : trailing.series) {
    CHECK(x.dataset == "sum");
    CHECK(x.qids.size() == 2);
  }
}

TEST_CASE("an input's systems are named with the files holding them, systems with the same files together", "[input]") {
  ScoreFile f = parse_scores("qid,A,B\nq1,0.5,0.6\nq2,0.4,0.7\n");
  f.series.push_back(parse_scores("qid,score\nq1,0.1\nq2,0.2\n", InputFormat::auto_detect, "C").series.at(0));
  std::vector<const ScoreSeries*> all;
  for (const auto& s : f.series) all.push_back(&s);
  CHECK(systems_in_files(all) == "A, B, C");
  f.series[0].file = f.series[1].file = "wide.csv";
  f.series[2].file = "c.csv";
  CHECK(systems_in_files(all) == "A, B in wide.csv; C in c.csv");
  all.push_back(&f.series[0]);  // a system twice in one file is named once
  CHECK(systems_in_files(all) == "A, B in wide.csv; C in c.csv");
  // One model's folder: a file per task, the model named once.
  ScoreSeries task = f.series[2];
  task.file = "c2.csv";
  all.push_back(&task);
  CHECK(systems_in_files(all) == "A, B in wide.csv; C in c.csv, c2.csv");
}

TEST_CASE("a message names at most 10 groups of an input's systems, then how many systems more", "[input]") {
  std::vector<ScoreSeries> many(13);
  std::vector<const ScoreSeries*> all;
  for (std::size_t i = 0; i < many.size(); ++i) {
    many[i].system = "s" + std::to_string(i);
    many[i].file = "f" + std::to_string(i) + ".csv";
    all.push_back(&many[i]);
  }
  CHECK(systems_in_files(all) == "s0 in f0.csv; s1 in f1.csv; s2 in f2.csv; s3 in f3.csv; s4 in f4.csv; s5 in f5.csv; s6 in f6.csv; s7 in f7.csv; s8 in f8.csv; s9 in f9.csv and 3 more systems");
  all.resize(11);
  CHECK(systems_in_files(all).ends_with("s9 in f9.csv and 1 more system"));
}
