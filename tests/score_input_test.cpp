#include "pairpower/score_input.hpp"

#include <string>

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
const std::string trec =
    "runid                 \tall\tbm25\n"
    "ndcg_cut_10           \t301\t0.4523\n"
    "map                   \t301\t0.2100\n"
    "ndcg_cut_10           \t302\t0.1000\n"
    "map                   \t302\t0.0500\n"
    "ndcg_cut_10           \tall\t0.2761\n";
}

TEST_CASE("trec_eval -q output is detected and its all and runid rows are skipped", "[score_input]") {
  const auto f = parse_scores(trec);
  CHECK(f.format == InputFormat::trec_eval);
  CHECK(f.measures() == std::vector<std::string>{"ndcg_cut_10", "map"});
  CHECK(f.queries() == 2);
  CHECK(f.records == 4);
  CHECK(f.describe() == "trec_eval -q, 2 measures, 2 queries");
}

TEST_CASE("ir_measures -q output (qid first) is told apart from trec_eval", "[score_input]") {
  const auto f = parse_scores("301\tnDCG@10\t0.45\n302\tnDCG@10\t0.10\n303\tnDCG@10\t0.30\n");
  CHECK(f.format == InputFormat::ir_measures);
  CHECK(f.describe() == "ir_measures -q, measure nDCG@10, 3 queries");
}

TEST_CASE("ranx and pytrec_eval JSON are told apart by which side holds the metrics", "[score_input]") {
  const auto ranx = parse_scores(R"({"ndcg@10": {"q1": 0.5, "q2": 0.25, "q3": 0.1}})");
  CHECK(ranx.format == InputFormat::ranx_json);
  CHECK(ranx.measures() == std::vector<std::string>{"ndcg@10"});
  const auto pte = parse_scores(R"({"q1": {"map": 0.5, "P_10": 0.2}, "q2": {"map": 0.1, "P_10": 0.0}, "q3": {"map": 0.3, "P_10": 0.1}})");
  CHECK(pte.format == InputFormat::pytrec_eval_json);
  CHECK(pte.queries() == 3);
}

TEST_CASE("wide, long and bare CSV/TSV are read, with a BOM and CRLF line ends", "[score_input]") {
  const auto wide = parse_scores("\xEF\xBB\xBFqid,bm25,splade,colbert\r\n1,0.5,0.6,0.7\r\n2,0.4,0.45,\r\n");
  CHECK(wide.format == InputFormat::csv_wide);
  CHECK(wide.systems() == std::vector<std::string>{"bm25", "splade", "colbert"});
  CHECK(wide.series[2].qids.size() == 1);  // the empty cell is a missing score
  const auto longf = parse_scores("dataset\tqid\tsystem\tscore\nfiqa\t1\tA\t0.5\nfiqa\t1\tB\t0.6\nnq\t1\tA\t0.2\nnq\t1\tB\t0.1\n");
  CHECK(longf.format == InputFormat::csv_long);
  CHECK(longf.datasets() == std::vector<std::string>{"fiqa", "nq"});
  const auto bare = parse_scores("0.5,0.6\n0.4,0.41\n0.3,0.2\n");
  CHECK(bare.format == InputFormat::csv_bare);
  CHECK(bare.series[1].qids == std::vector<std::string>{"1", "2", "3"});
  const auto quoted = parse_scores("qid,\"system, one\",B\n\"q,1\",0.5,0.6\n");
  CHECK(quoted.systems()[0] == "system, one");
  CHECK(quoted.series[0].qids[0] == "q,1");
}

TEST_CASE("malformed input is refused with the line and field named", "[score_input]") {
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n1,0.5,0.6\n2,0.4,abc\n"), "line 3: field 3 (B) is 'abc', not a number");
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n1,0.5,nan\n"), "line 2: field 3 (B) is 'nan', not a finite number");
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n1,0.5,1e999\n"), Catch::Contains("line 2: field 3 (B)"));
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n1,0.5,0.6\n1,0.4,0.5\n"), Catch::Contains("line 3: query '1' appears twice"));
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n1,0.5\n"), "line 2: expected 3 fields as in the header, found 2");
  CHECK_THROWS_WITH(parse_scores("   \n\n"), "the input is empty");
  CHECK_THROWS_WITH(parse_scores("qid,A,B\n"), Catch::Contains("a header but no rows"));
  CHECK_THROWS_WITH(parse_scores(R"({"ndcg@10": {"q1": "x", "q2": 0.5}})"), Catch::Contains("is not a number"));
  CHECK_THROWS_WITH(parse_scores("{\"m\": {\"q1\": 0.5,\n}"), Catch::Contains("malformed"));
  CHECK_THROWS_WITH(parse_scores(std::string("a\0b", 3)), Catch::Contains("binary"));
  CHECK_THROWS_WITH(parse_scores("0.1 0.2 0.3 0.4\n"), Catch::Contains("no header"));
  CHECK_THROWS_WITH(parse_scores(trec + "ndcg_cut_10\t303\n"), Catch::Contains("line 7: expected 3 fields"));
}

TEST_CASE("the format can be forced", "[score_input]") {
  CHECK(parse_scores("301 m 0.5\n302 m 0.4\n", InputFormat::ir_measures).format == InputFormat::ir_measures);
  CHECK(input_format_from_string("trec_eval") == InputFormat::trec_eval);
  CHECK_FALSE(input_format_from_string("xml").has_value());
}
