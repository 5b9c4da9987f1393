// ir_measures' names beyond trec_eval's: the rel= threshold, RR@k and Judged@k, read and computed as
// ir_measures computes them (tests/evaluate_matches_ir_measures.sh compares them on real runs).
#include <catch2/catch.hpp>

#include <algorithm>

#include "pairpower/base/errors.hpp"
#include "pairpower/evaluate/evaluate.hpp"

using namespace pairpower;

namespace {

// One topic: e (2) and a (2), b (1), c (0), d judged with -1 (in the qrels, at no level); the run ranks
// x (not in the qrels), b, c, a, d, and misses e.
double value(const std::string& measure, std::int64_t level = 1) {
  const Qrels q = read_qrels("1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d -1\n1 0 e 2\n");
  const Run r = read_run("1 Q0 x 1 5 r\n1 Q0 b 2 4 r\n1 Q0 c 3 3 r\n1 Q0 a 4 2 r\n1 Q0 d 5 1 r\n", "r");
  EvaluateOptions o;
  o.relevance_level = level;
  o.measures = parse_measures({measure});
  const RunEvaluation e = evaluate_run(q, r, "r", o);
  REQUIRE(e.names.size() == 1);
  return e.topics.at(0).values.at(0);
}

}  // namespace

TEST_CASE("ir_measures' rel=, RR@k and Judged@k are read and printed by ir_measures' names", "[evaluate][ir_measures]") {
  const MeasureSet s = parse_measures({"P(rel=2)@10", "RR@10", "Judged@10", "NumRet(rel=2)", "NumRelRet(rel=2)", "RR(rel=2)@5,10", "Judged", "AP(rel=2)", "P@10"});
  // trec_eval's table order, then ir_measures' own measures; NumRelRet(rel=2) is NumRet(rel=2), asked twice.
  CHECK(s.names() == std::vector<std::string>{"NumRet(rel=2)", "AP(rel=2)", "P(rel=2)@10", "P_10", "RR@10", "RR(rel=2)@5", "RR(rel=2)@10", "Judged@10", "Judged"});
  CHECK(s.summaries().front() == Summary::sum);
  // A threshold is always printed, even the default one: P(rel=1)@10 stays 1 whatever the evaluation's level.
  CHECK(parse_measures({"P(rel=1)@10", "P@10", "RR(rel=1)"}).names() == std::vector<std::string>{"RR(rel=1)", "P(rel=1)@10", "P_10"});
  CHECK(parse_measures({"P( rel = 2 )@10"}).names() == std::vector<std::string>{"P(rel=2)@10"});
  // all_trec holds trec_eval's measures only.
  const auto all = parse_measures({"all_trec"}).names();
  CHECK(std::none_of(all.begin(), all.end(), [](const std::string& n) { return n.find_first_of("@(") != std::string::npos || n == "Judged"; }));
}

TEST_CASE("an ir_measures name pairpower cannot compute as ir_measures does is refused with the reason", "[evaluate][ir_measures]") {
  CHECK_THROWS_WITH(parse_measures({"P(rel=2)"}), Catch::Contains("needs a cutoff"));
  CHECK_THROWS_WITH(parse_measures({"RR(rel=2"}), Catch::Contains("not closed"));
  CHECK_THROWS_WITH(parse_measures({"nDCG(rel=2)@10"}), Catch::Contains("nDCG takes no rel="));
  CHECK_THROWS_WITH(parse_measures({"Judged(rel=1)@10"}), Catch::Contains("Judged takes no rel="));
  CHECK_THROWS_WITH(parse_measures({"NumRel(rel=2)"}), Catch::Contains("only at rel=1"));
  CHECK_THROWS_WITH(parse_measures({"P(judged_only=True)@10"}), Catch::Contains("only rel=N"));
  CHECK_THROWS_WITH(parse_measures({"P(rel=2,rel=3)@10"}), Catch::Contains("twice"));
  for (const char* bad : {"P(rel=0)@10", "P(rel=-1)@10", "P(rel=2.0)@10", "P(rel=)@10", "P(rel=1000001)@10"})
    CHECK_THROWS_WITH(parse_measures({bad}), Catch::Contains("from 1 to 1,000,000"));
  CHECK_THROWS_WITH(parse_measures({"P(rel=2)x"}), Catch::Contains("only a cutoff"));
  CHECK_THROWS_WITH(parse_measures({"Judged@x"}), Catch::Contains("is not"));
  // The internal roots of RR@k and Judged are no trec_eval names.
  CHECK_THROWS_AS(parse_measures({"judged"}), Error);
  CHECK_THROWS_AS(parse_measures({"recip_rank@10"}), Error);
  CHECK_THROWS_WITH(parse_measures({"Judged@0"}), Catch::Contains("ranks from 1"));
}

TEST_CASE("rel=N makes level N the threshold of a binary measure, whatever the evaluation's level", "[evaluate][ir_measures]") {
  CHECK(value("P@4") == 0.5);            // b and a
  CHECK(value("P(rel=2)@4") == 0.25);    // a only
  CHECK(value("P(rel=1)@4", 2) == 0.5);  // rel=1 holds under level 2
  CHECK(value("P@4", 2) == 0.25);
  CHECK(value("R(rel=2)@5") == 0.5);     // a of {a, e}
  CHECK(value("AP(rel=2)") == 0.125);    // (1/4) / 2
  CHECK(value("RR(rel=2)") == 0.25);
  CHECK(value("Success(rel=2)@3") == 0.0);
  CHECK(value("Success(rel=2)@4") == 1.0);
  CHECK(value("NumRet(rel=2)") == 1.0);
  CHECK(value("NumRelRet") == 2.0);
  CHECK(value("Rprec(rel=2)") == 0.0);   // the top 2 hold no document of level 2
}

TEST_CASE("RR@k is the reciprocal rank of the first relevant document within the top k, else 0", "[evaluate][ir_measures]") {
  CHECK(value("RR@1") == 0.0);
  CHECK(value("RR@2") == 0.5);
  CHECK(value("RR@1000") == value("RR"));
  CHECK(value("RR(rel=2)@3") == 0.0);
  CHECK(value("RR(rel=2)@4") == 0.25);
}

TEST_CASE("Judged@k is the share of the top k the qrels hold, over the ranking's length when shorter", "[evaluate][ir_measures]") {
  CHECK(value("Judged@1") == 0.0);   // x
  CHECK(value("Judged@2") == 0.5);   // x, b
  CHECK(value("Judged@5") == 0.8);   // d, judged at -1, counts
  CHECK(value("Judged@10") == 0.8);  // 4 of the 5 retrieved, not 4 of 10
  CHECK(value("Judged") == 0.8);
  CHECK(value("Judged@2", 2) == 0.5);  // levels play no part
}
