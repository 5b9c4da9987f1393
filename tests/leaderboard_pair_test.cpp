// A leaderboard's pair handed to Analyze keeps the scores as the user wrote
// them (leaderboard_pair.cpp): the texts of the two systems asked for, nothing
// kept otherwise.
#include <catch2/catch.hpp>

#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/input/score_input.hpp"

using namespace pairpower;

namespace {
std::string pair_csv(const std::string& text, const std::string& a, const std::string& b, MissingPolicy missing = MissingPolicy::error) {
  const auto file = parse_scores(text, InputFormat::auto_detect, "S1", {a, b});
  return pair_scores_csv(pair_scores(file.series, "", "", a, b, missing), a, b);
}
}  // namespace

TEST_CASE("a pair from a wide table keeps trailing zeros and every digit the user wrote", "[leaderboard-pair]") {
  const std::string text = "qid,bm25,dense,splade\nq1,0.3490,0.12345678901234567,0.5\nq2,0.1,1.000,0.25\nq3,0,0.70,1\n";
  CHECK(pair_csv(text, "bm25", "dense") == "qid,bm25,dense\nq1,0.3490,0.12345678901234567\nq2,0.1,1.000\nq3,0,0.70\n");
  // The order asked for is the table's order of columns, whichever system comes first in the input.
  CHECK(pair_csv(text, "dense", "bm25") == "qid,dense,bm25\nq1,0.12345678901234567,0.3490\nq2,1.000,0.1\nq3,0.70,0\n");
}

TEST_CASE("only the two systems of the pair keep their text, and a plain parse keeps none", "[leaderboard-pair]") {
  const std::string text = "qid,bm25,dense,splade\nq1,0.3490,0.120,0.5\nq2,0.1,1.000,0.25\n";
  for (const auto& s : parse_scores(text).series) CHECK(s.texts.empty());
  for (const auto& s : parse_scores(text, InputFormat::auto_detect, "A", {"bm25", "dense"}).series)
    CHECK(s.texts.size() == (s.system == "splade" ? 0u : s.values.size()));
}

TEST_CASE("a pair from trec_eval runs and from a long table keeps the text too", "[leaderboard-pair]") {
  const std::string trec = "map\tq1\t0.3490\nmap\tq2\t0.1000\nrunid\tall\tbm25\nmap\tq1\t0.12345678901234567\nmap\tq2\t0.20\nrunid\tall\tdense\n";
  CHECK(pair_csv(trec, "bm25", "dense") == "qid,measure,bm25,dense\nq1,map,0.3490,0.12345678901234567\nq2,map,0.1000,0.20\n");
  const std::string longer = "qid,system,score\nq1,bm25,0.3490\nq1,dense,0.50\nq2,bm25,0.10\nq2,dense,0.2500\n";
  CHECK(pair_csv(longer, "bm25", "dense") == "qid,bm25,dense\nq1,0.3490,0.50\nq2,0.10,0.2500\n");
}

TEST_CASE("decimal commas are handed over with a point, and an imputed score in its shortest exact form", "[leaderboard-pair]") {
  CHECK(pair_csv("qid;bm25;dense\nq1;0,3490;0,50\nq2;0,10;0,2500\n", "bm25", "dense") == "qid,bm25,dense\nq1,0.3490,0.50\nq2,0.10,0.2500\n");
  // q2 is missing for dense; the zero policy scores it 0, which the input never wrote.
  const std::string text = "qid,system,score\nq1,bm25,0.3490\nq1,dense,0.50\nq2,bm25,0.10\n";
  CHECK(pair_csv(text, "bm25", "dense", MissingPolicy::zero) == "qid,bm25,dense\nq1,0.3490,0.50\nq2,0.10,0\n");
}

TEST_CASE("a pair's table names its board's dataset and measure, and reads back as that comparison", "[leaderboard-pair]") {
  const std::string text = "dataset,qid,system,measure,score\nrobust,q1,bm25,ndcg,0.30\nrobust,q1,dense,ndcg,0.50\nrobust,q2,bm25,ndcg,0.10\n"
                           "robust,q2,dense,ndcg,0.25\nrobust,q3,bm25,ndcg,0.40\nrobust,q3,dense,ndcg,0.45\n";
  const auto file = parse_scores(text, InputFormat::auto_detect, "S1", {"bm25", "dense"});
  const std::string table = pair_scores_csv(pair_scores(file.series, "ndcg", "robust", "bm25", "dense", MissingPolicy::error), "bm25", "dense");
  CHECK(table == "qid,dataset,measure,bm25,dense\nq1,robust,ndcg,0.30,0.50\nq2,robust,ndcg,0.10,0.25\nq3,robust,ndcg,0.40,0.45\n");
  const auto back = parse_scores(table);
  REQUIRE(back.series.size() == 2);
  for (const auto& s : back.series) {
    CHECK(s.dataset == "robust");
    CHECK(s.measure == "ndcg");
    CHECK(s.qids == std::vector<std::string>{"q1", "q2", "q3"});
  }
}
