// Runs and qrels read as trec_eval reads them, and the measure names users give.
#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/evaluate/evaluate.hpp"

using namespace pairpower;

TEST_CASE("measure names of trec_eval and ir_measures name the same values", "[evaluate]") {
  CHECK(parse_measures({"P.5,10", "nDCG@10", "AP", "R@100"}).names() == std::vector<std::string>{"map", "P_5", "P_10", "recall_100", "ndcg_cut_10"});
  CHECK(parse_measures({"P_10", "iprec_at_recall_0.10", "Rprec_mult_0.20"}).names() ==
        std::vector<std::string>{"iprec_at_recall_0.10", "P_10", "Rprec_mult_0.20"});
  CHECK(parse_measures({"P.10", "P_5"}).names() == std::vector<std::string>{"P_5", "P_10"});
  CHECK(parse_measures({}).names().front() == "num_ret");
  CHECK_THROWS_AS(parse_measures({"ndgc"}), Error);
  CHECK_THROWS_AS(parse_measures({"P.5,5"}), Error);
  CHECK_THROWS_AS(parse_measures({"map.5"}), Error);
}

TEST_CASE("a ranking is ordered by score, ties by docno descending, whatever the file's order or ranks", "[evaluate]") {
  const Qrels q = read_qrels("1 0 a 1\n1 0 c 0\n");
  const Run r = read_run("1 Q0 a 1 0.5 run\n1 Q0 c 2 0.5 run\n1 Q0 b 3 0.9 run\n", "x");
  const TopicRanking t = rank_topic(q.topics[0], &r.topics[0], EvaluateOptions{});
  // b (0.9), then the tie at 0.5: c before a.
  CHECK(t.rels == std::vector<std::int64_t>{TopicRanking::not_in_pool, 0, 1});
  CHECK(r.runid == "run");
}

TEST_CASE("a JSON run and JSON qrels score as their TREC forms do", "[evaluate]") {
  const Qrels tq = read_qrels("q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n");
  const Qrels jq = read_qrels(R"({"q1": {"d1": 2, "d2": 0}, "q2": {"d3": 1}})");
  const Run tr = read_run("q1 Q0 d2 1 3 r\nq1 Q0 d1 2 2 r\nq2 Q0 d3 1 1 r\nq2 Q0 d9 2 0.5 r\n", "r");
  const Run jr = read_run(R"({"q1": {"d2": 3, "d1": 2}, "q2": {"d3": 1, "d9": 0.5}})", "r");
  EvaluateOptions o;
  o.measures = parse_measures({"all_trec"});
  const auto a = evaluate_run(tq, tr, "t", o), b = evaluate_run(jq, jr, "j", o);
  CHECK(a.all == b.all);
  CHECK(b.run == "r");
}

TEST_CASE("a malformed line is named by its number", "[evaluate]") {
  CHECK_THROWS_WITH(read_run("1 Q0 a 1 0.5 r\n1 Q0 b\n", "x"), Catch::Contains("line 2"));
  CHECK_THROWS_WITH(read_qrels("1 0 a 1\n1 0 b 1 extra\n"), Catch::Contains("line 2"));
  CHECK_THROWS_WITH(read_qrels("{\"q\": [1]}"), Catch::Contains("not an object"));
}

TEST_CASE("a score that is not a finite number and a relevance level beyond any scale are refused by line", "[evaluate]") {
  CHECK_THROWS_WITH(read_run("1 Q0 a 1 nan r\n", "x"), Catch::Contains("line 1: the score 'nan' is not a finite number"));
  CHECK_THROWS_WITH(read_run("1 Q0 a 1 0.5 r\n1 Q0 b 2 inf r\n", "x"), Catch::Contains("line 2"));
  CHECK_THROWS_WITH(read_qrels("1 0 a 1\n1 0 b 99999999999999999999\n"), Catch::Contains("line 2: topic 1, document b: relevance level"));
  CHECK_THROWS_WITH(read_qrels(R"({"1": {"a": 1e300}})"), Catch::Contains("is beyond 1,000,000"));
  CHECK(read_qrels("1 0 a 1000000\n").topics[0].docs[0].rel == 1'000'000);
}

TEST_CASE("a topic ranking documents twice is refused naming the first such docno in byte order", "[evaluate]") {
  const Qrels q = read_qrels("1 0 a 1\n");
  const Run r = read_run("1 Q0 zz 1 0.9 run\n1 Q0 b 2 0.8 run\n1 Q0 zz 3 0.7 run\n1 Q0 b 4 0.6 run\n1 Q0 c 5 0.5 run\n", "x");
  CHECK_THROWS_WITH(rank_topic(q.topics[0], &r.topics[0], EvaluateOptions{}), "topic 1 ranks document b twice (trec_eval stops at this too)");
}

TEST_CASE("each ranked document meets its own judgment among many, judged, unjudged and outside the pool", "[evaluate]") {
  // 500 judgments (levels 0–3, every seventh unjudged) and 800 ranked documents, half of them judged:
  // the table's answers against the levels written beside each docno.
  std::string qrels, run;
  for (int d = 0; d < 500; ++d) qrels += "7 0 doc-" + std::to_string(2 * d) + " " + std::to_string(d % 7 == 0 ? -1 : d % 4) + "\n";
  for (int d = 0; d < 800; ++d) run += "7 Q0 doc-" + std::to_string(d) + " " + std::to_string(d + 1) + " " + std::to_string(1000 - d) + " run\n";
  const TopicRanking t = rank_topic(read_qrels(qrels).topics[0], &read_run(run, "x").topics[0], EvaluateOptions{});
  REQUIRE(t.rels.size() == 800);
  for (int d = 0; d < 800; ++d) {
    const std::int64_t want = d % 2 ? TopicRanking::not_in_pool : (d / 2) % 7 == 0 ? TopicRanking::unjudged : (d / 2) % 4;
    CHECK(t.rels[static_cast<std::size_t>(d)] == want);
  }
}

TEST_CASE("a run whose topics come back after others keeps each topic's documents together in file order", "[evaluate]") {
  const Run r = read_run("2 Q0 a 1 0.9 t\n1 Q0 b 1 0.8 t\n2 Q0 c 2 0.7 t\n1 Q0 d 2 0.6 t\n2 Q0 e 3 0.5 t\n", "x");
  REQUIRE(r.topics.size() == 2);
  CHECK(r.topics[0].qid == "1");
  CHECK(r.topics[1].qid == "2");
  std::vector<std::string_view> two;
  for (const auto& d : r.topics[1].docs) two.push_back(d.docno);
  CHECK(two == std::vector<std::string_view>{"a", "c", "e"});
  CHECK(r.topics[0].docs.size() == 2);
}

TEST_CASE("a JSON run or qrels with a number beyond a double's range is refused as bad input", "[evaluate]") {
  CHECK_THROWS_AS(read_run(R"({"1": {"d": 1e999}})", "x"), InputError);
  CHECK_THROWS_AS(read_qrels(R"({"1": {"d": 1e999}})"), InputError);
}
