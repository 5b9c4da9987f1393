#include "pairpower/input/score_input.hpp"

#include <string>

#include <catch2/catch.hpp>

#include "pairpower/base/warnings.hpp"
#include "pairpower/input/value_warnings.hpp"

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

TEST_CASE("a file's description counts the items of several datasets apart, as two tasks' item 0 are two items", "[score_input]") {
  const ScoreFile f = parse_scores("dataset,qid,A,B\narith_sum,0,1,0\narith_sum,1,0,1\narith_diff,0,1,1\n");
  CHECK(f.describe() == "CSV/TSV (wide: qid, one column per system), 2 datasets, 2 systems, 3 queries in all");
  CHECK(parse_scores("qid,A,B\n0,1,0\n1,0,1\n").describe() == "CSV/TSV (wide: qid, one column per system), 2 systems, 2 queries");
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

namespace {
// trec_eval -q layout: per-query rows per topic, then (unless -n) the summary rows.
std::string trec_file(const std::vector<std::string>& measures, int topics, const std::string& runid, bool summary) {
  std::string s;
  for (int q = 0; q < topics; ++q)
    for (const auto& m : measures) s += m + std::string(22 - std::min<std::size_t>(m.size(), 21), ' ') + "\t" + std::to_string(301 + q) + "\t0." + std::to_string(1000 + (q * 37 + static_cast<int>(m.size())) % 9000) + "\n";
  if (summary) {
    if (!runid.empty()) s += "runid                 \tall\t" + runid + "\n";
    s += "num_q                 \tall\t" + std::to_string(topics) + "\n";
    for (const auto& m : measures) s += m + "\tall\t0.2500\n";
    s += "gm_map                \tall\t0.2000\n";
  }
  return s;
}
const std::vector<std::string> default_measures = {"num_ret", "num_rel", "num_rel_ret", "map", "Rprec", "bpref", "recip_rank", "iprec_at_recall_0.00", "P_5", "P_10"};
}  // namespace

TEST_CASE("trec_eval -q is detected from its structure at 4 topics or 4,000, with or without -n", "[score_input]") {
  for (int topics : {4, 15, 4000})
    for (bool summary : {true, false}) {
      const auto f = parse_scores(trec_file(default_measures, topics, "bm25", summary));
      CHECK(f.format == InputFormat::trec_eval);
      CHECK(f.queries() == static_cast<std::size_t>(topics));
      CHECK(f.measures().size() == default_measures.size());
    }
  // One measure, four topics, no summary: the names decide, not counts.
  CHECK(parse_scores(trec_file({"map"}, 4, "x", false)).format == InputFormat::trec_eval);
}

TEST_CASE("ir_measures -q is detected from its measure column at any size", "[score_input]") {
  for (int topics : {4, 500}) {
    std::string s;
    for (int q = 0; q < topics; ++q)
      for (const char* m : {"P(rel=2,judged_only=True)@10", "nDCG@10", "RR(rel=2)", "AP"}) s += std::to_string(301 + q) + "\t" + m + "\t0.25\n";
    const auto f = parse_scores(s);
    CHECK(f.format == InputFormat::ir_measures);
    CHECK(f.measures() == std::vector<std::string>{"P(rel=2,judged_only=True)@10", "nDCG@10", "RR(rel=2)", "AP"});
    CHECK(f.queries() == static_cast<std::size_t>(topics));
  }
}

TEST_CASE("text measures are skipped while reading and summary-only measures are listed", "[score_input]") {
  std::string s = trec_file({"map", "P_10"}, 3, "bm25", true);
  s = "runid                 \tall\tbm25\n" + s;  // a summary row before any per-query row starts no new run
  s += "relstring             \t301\t''0001100''\n";
  const auto f = parse_scores(s);
  CHECK(f.measures() == std::vector<std::string>{"map", "P_10"});
  CHECK(f.text_measures == std::vector<std::string>{"runid", "relstring"});
  CHECK(f.summary_measures == std::vector<std::string>{"num_q", "gm_map"});
  CHECK(f.systems() == std::vector<std::string>{"bm25"});
}

TEST_CASE("text among a measure's numbers is an error at its line", "[score_input]") {
  CHECK_THROWS_WITH(parse_scores("map\t301\t0.2\nmap\t302\tn/a\n"), "line 2: field 3 (value) is 'n/a', not a number");
}

TEST_CASE("runs concatenated in one trec_eval file are split by their runid rows", "[score_input]") {
  const std::string s = trec_file({"map", "P_10"}, 5, "bm25", true) + trec_file({"map", "P_10"}, 5, "dense", true);
  const auto f = parse_scores(s, InputFormat::auto_detect, "runs");
  CHECK(f.systems() == std::vector<std::string>{"bm25", "dense"});
  CHECK(f.queries() == 5);
  CHECK(f.series.size() == 4);
  // Without runids the runs are numbered after the file's name.
  const std::string plain = trec_file({"map"}, 3, "", true) + trec_file({"map"}, 3, "", true);
  CHECK(parse_scores(plain, InputFormat::trec_eval, "runs").systems() == std::vector<std::string>{"runs run 1", "runs run 2"});
}

TEST_CASE("a run is named by its runid, else by the name given", "[score_input]") {
  CHECK(parse_scores(trec_file({"map"}, 3, "BM25-run", true), InputFormat::auto_detect, "file").systems() == std::vector<std::string>{"BM25-run"});
  CHECK(parse_scores(trec_file({"map"}, 3, "", false), InputFormat::auto_detect, "file").systems() == std::vector<std::string>{"file"});
}

TEST_CASE("UTF-16 with a byte-order mark reads as its UTF-8 text", "[score_input]") {
  const std::string utf8 = trec_file({"map"}, 3, "bm25", true);
  for (bool little : {true, false}) {
    std::string raw = little ? std::string("\xFF\xFE") : std::string("\xFE\xFF");
    for (char c : utf8) {
      raw += little ? std::string{c, '\0'} : std::string{'\0', c};
    }
    CHECK(decode_text(raw) == utf8);
    const auto f = parse_scores(raw);
    CHECK(f.format == InputFormat::trec_eval);
    CHECK(f.queries() == 3);
  }
  CHECK(decode_text(std::string("\xFF\xFE\x3D\xD8\x00\xDE", 6)) == "\xF0\x9F\x98\x80");  // a surrogate pair: U+1F600
  CHECK_THROWS_WITH(decode_text(std::string("\xFF\xFE\x00\xDC", 4)), Catch::Contains("unpaired surrogate"));
}

TEST_CASE("JSON is told apart by which level holds measure names, whatever the counts", "[score_input]") {
  // pytrec_eval with more measures than queries: 95 measures, 3 queries.
  std::string pte = "{";
  for (int q = 0; q < 3; ++q) {
    pte += (q ? "," : "") + std::string("\"") + std::to_string(301 + q) + "\": {";
    for (int k = 0; k < 95; ++k) pte += (k ? "," : "") + std::string("\"P_") + std::to_string(k + 1) + "\": 0.5";
    pte += "}";
  }
  pte += "}";
  const auto p = parse_scores(pte);
  CHECK(p.format == InputFormat::pytrec_eval_json);
  CHECK(p.measures().size() == 95);
  // ranx with more metrics than queries.
  const auto r = parse_scores(R"({"ndcg@10": {"q1": 0.5}, "map": {"q1": 0.4}, "mrr": {"q1": 1.0}, "precision@10": {"q1": 0.3}})");
  CHECK(r.format == InputFormat::ranx_json);
  CHECK(r.queries() == 1);
  // Flat {qid: score}.
  const auto flat = parse_scores(R"({"q1": 0.5, "q2": 0.25})", InputFormat::auto_detect, "run7");
  CHECK(flat.format == InputFormat::json_scores);
  CHECK(flat.systems() == std::vector<std::string>{"run7"});
  // Unknown names on both levels: say so, by field.
  CHECK_THROWS_MATCHES(parse_scores(R"({"foo": {"bar": 0.5}})"), Error,
                       Catch::Predicate<Error>([](const Error& e) { return e.kind == ErrorKind::ambiguous_format && e.field == "input_format"; }));
}

TEST_CASE("unknown measure names fall back on the column of whole-number query ids, else are ambiguous", "[score_input]") {
  CHECK(parse_scores("mymetric\t1\t0.5\nmymetric\t2\t0.5\n").format == InputFormat::trec_eval);
  CHECK(parse_scores("1\tmymetric\t0.5\n2\tmymetric\t0.5\n").format == InputFormat::ir_measures);
  CHECK_THROWS_MATCHES(parse_scores("foo\tbar\t0.5\n"), Error, Catch::Predicate<Error>([](const Error& e) { return e.kind == ErrorKind::ambiguous_format; }));
}

TEST_CASE("a long table whose system column is called runid is a table, not trec_eval", "[score_input]") {
  const auto f = parse_scores("runid\tqid\tscore\nbm25\t1\t0.5\ndense\t1\t0.6\nbm25\t2\t0.4\ndense\t2\t0.3\n");
  CHECK(f.format == InputFormat::csv_long);
  CHECK(f.systems() == std::vector<std::string>{"bm25", "dense"});
}

TEST_CASE("ir_measures output is recognised by its all rows, and a newer trec_eval measure among known ones does not confuse detection", "[score_input]") {
  CHECK(parse_scores("all\tFoo@3\t0.5\nq1\tFoo@3\t0.4\nq2\tFoo@3\t0.6\n").format == InputFormat::ir_measures);
  CHECK(parse_scores("map\tq1\t0.5\nbrand_new_measure\tq1\t0.4\nmap\tq2\t0.6\n").format == InputFormat::trec_eval);
}

TEST_CASE("ir_measures -o jsonl is read line by line, its all rows skipped", "[score_input]") {
  const auto f = parse_scores("{\"query_id\": \"q1\", \"measure\": \"nDCG@10\", \"value\": 0.5}\n{\"query_id\": \"q2\", \"measure\": \"nDCG@10\", \"value\": 0.25}\n"
                              "{\"query_id\": \"all\", \"measure\": \"nDCG@10\", \"value\": 0.375}\n");
  CHECK(f.format == InputFormat::ir_measures_jsonl);
  CHECK(f.queries() == 2);
  CHECK_THROWS_WITH(parse_scores("{\"query_id\": \"q1\", \"measure\": \"AP\", \"value\": 0.5}\n{\"qid\": \"q2\"}\n"), Catch::Contains("line 2: expected an object with query_id, measure and value"));
}

TEST_CASE("a ranx comparison report is refused as holding no per-query scores", "[score_input]") {
  CHECK_THROWS_WITH(parse_scores(R"({"stat_test": "student", "metrics": ["ndcg@10"], "model_names": ["a", "b"], "a": {"scores": {"ndcg@10": 0.5}}})"),
                    Catch::Contains("ranx comparison report"));
}

TEST_CASE("pytrec_eval's per-query runid, relstring, num_q and gm_ values are set aside, not offered as scores", "[score_input]") {
  const auto f = parse_scores(R"({"q1": {"map": 0.5, "runid": 0.0, "relstring": 0.0, "num_q": 1.0, "gm_map": -0.69}, "q2": {"map": 0.25, "runid": 0.0, "relstring": 0.0, "num_q": 1.0, "gm_map": -1.38}})");
  CHECK(f.format == InputFormat::pytrec_eval_json);
  CHECK(f.measures() == std::vector<std::string>{"map"});
  CHECK(f.text_measures == std::vector<std::string>{"relstring", "runid"});  // nlohmann::json keeps keys sorted
  CHECK(f.summary_measures == std::vector<std::string>{"gm_map", "num_q"});
}

TEST_CASE("runs concatenated without their summary rows are refused with the reason", "[score_input]") {
  CHECK_THROWS_WITH(parse_scores("map\t1\t0.1\nmap\t2\t0.2\nmap\t1\t0.3\nmap\t2\t0.4\n"), Catch::Contains("keep trec_eval's summary rows (run it without -n)"));
}

TEST_CASE("a header naming only a query id and one score column is one system, named after its file", "[score_input]") {
  for (const char* header : {"qid,score", "query_id,ndcg", "topic\tbm25", "QID;Value"}) {
    std::string text = header;
    const char d = text.find('\t') != std::string::npos ? '\t' : text.find(';') != std::string::npos ? ';' : ',';
    text += std::string("\n301") + d + "0.45\n302" + d + "0.10\n303" + d + "0.30\n";
    const auto f = parse_scores(text, InputFormat::auto_detect, "bm25");
    INFO(header);
    CHECK(f.format == InputFormat::csv_wide);
    CHECK(f.systems() == std::vector<std::string>{"bm25"});
    CHECK(f.series[0].qids == std::vector<std::string>{"301", "302", "303"});
    CHECK(f.series[0].values == std::vector<double>{0.45, 0.10, 0.30});
    CHECK_FALSE(f.series[0].by_position);
  }
  CHECK_THROWS_WITH(parse_scores("qid\n301\n302\n"), Catch::Contains("at least one score column"));
}

TEST_CASE("qid,score rows without a header are one system when the ids are not numbers", "[score_input]") {
  const auto f = parse_scores("q1,0.45\nq2,0.10\nq3,0.30\n", InputFormat::auto_detect, "dense");
  CHECK(f.format == InputFormat::csv_qid_score);
  CHECK(f.systems() == std::vector<std::string>{"dense"});
  CHECK(f.series[0].qids == std::vector<std::string>{"q1", "q2", "q3"});
  CHECK(f.series[0].values == std::vector<double>{0.45, 0.10, 0.30});
  // Numeric ids could as well be a first system's scores: refused unless the format is named (below).
  CHECK_THROWS_WITH(parse_scores("301,0.45\n302,0.10\n"), Catch::Contains("add the header qid,score"));
  CHECK(parse_scores("301,0.45\n302,0.10\n", InputFormat::csv_qid_score, "x").series[0].qids == std::vector<std::string>{"301", "302"});
  CHECK_THROWS_WITH(parse_scores("q1,0.45\nq2,0.10,0.3\n"), "line 2: expected 2 fields (query id, score), found 3");
}

TEST_CASE("one bare column of numbers is one system whose rows are paired by position", "[score_input]") {
  const auto f = parse_scores("0.45\n0.10\n0.30\n\n", InputFormat::auto_detect, "bm25");
  CHECK(f.format == InputFormat::csv_column);
  CHECK(f.systems() == std::vector<std::string>{"bm25"});
  CHECK(f.series[0].qids == std::vector<std::string>{"1", "2", "3"});
  CHECK(f.series[0].values == std::vector<double>{0.45, 0.10, 0.30});
  CHECK(f.series[0].by_position);
  // A blank row among them would shift every later row against the other input's: refused, not skipped.
  CHECK_THROWS_WITH(parse_scores("0.45\n0.10\n\n0.30\n"), Catch::StartsWith("line 3: a blank row among the values"));
  // A spreadsheet copy with its column's header cell.
  const auto headed = parse_scores("nDCG@10\n0.45\n0.10\n", InputFormat::auto_detect, "x");
  CHECK(headed.format == InputFormat::csv_column);
  CHECK(headed.series[0].values == std::vector<double>{0.45, 0.10});
  CHECK_THROWS_WITH(parse_scores("0.45\n0.10 0.2\n"), "line 2: expected one number per line (one column), found '0.10 0.2'");
  CHECK_THROWS_WITH(parse_scores("0.45\nabc\n"), "line 2: the value is 'abc', not a number");
  // Two bare columns are paired by position too.
  CHECK(parse_scores("0.5,0.6\n0.4,0.41\n").series[1].by_position);
}

TEST_CASE("decimal commas are read where columns are not separated by commas", "[score_input]") {
  const auto semi = parse_scores("qid;A;B\nq1;0,5;0,61\nq2;0,4;1\nq3;-0,25;0\n");
  CHECK(semi.series[0].values == std::vector<double>{0.5, 0.4, -0.25});
  CHECK(semi.series[1].values == std::vector<double>{0.61, 1.0, 0.0});
  const auto tabs = parse_scores("qid\tscore\n301\t0,4101\n302\t0,3\n", InputFormat::auto_detect, "bm25");
  CHECK(tabs.series[0].values == std::vector<double>{0.4101, 0.3});
  const auto longf = parse_scores("qid;system;score\n1;A;0,5\n1;B;0,25\n");
  CHECK(longf.series[1].values == std::vector<double>{0.25});
  CHECK(parse_scores("q1;0,45\nq2;0,5\n", InputFormat::auto_detect, "x").series[0].values == std::vector<double>{0.45, 0.5});
  CHECK(parse_scores("0,5;0,6\n0,4;0,41\n").series[1].values == std::vector<double>{0.6, 0.41});
  // A column of decimal commas: a whole number among them settles what the commas are.
  const auto column = parse_scores("0,4101\n1\n0,05\n", InputFormat::auto_detect, "x");
  CHECK(column.format == InputFormat::csv_column);
  CHECK(column.series[0].values == std::vector<double>{0.4101, 1.0, 0.05});
  CHECK(parse_scores("0,4101\n0,3\n", InputFormat::csv_column, "x").series[0].values == std::vector<double>{0.4101, 0.3});
}

TEST_CASE("a comma number that cannot be read says why and what to do", "[score_input]") {
  const char* hint = "if your file uses decimal commas, separate columns with ';' or tabs";
  CHECK_THROWS_WITH(parse_scores("qid,A,B\nq1,\"0,4101\",0.5\n"), std::string("line 2: field 2 (A) is '0,4101', not a number; ") + hint);
  CHECK_THROWS_WITH(parse_scores("map\t301\t0,4101\nmap\t302\t0.3\n"), std::string("line 1: field 3 (value) is '0,4101', not a number; ") + hint);
  CHECK_THROWS_WITH(parse_scores("qid;A;B\nq1;0,5;0.6\n"),
                    "line 2: field 2 (A) is '0,5', not a number; decimal commas are read only when no score is written with a decimal point, and '0.6' on line 2 is; write every score the same way");
  CHECK_THROWS_WITH(parse_scores("qid;A;B\nq1;0,5;0,6\nq2;1,250;0,7\n"),
                    "line 2: field 2 (A) is '0,5', not a number; decimal commas are read only when no score could be a thousands separator, and '1,250' on line 3 could; write scores with a decimal point");
  // Two whole numbers per line: two columns, or one with decimal commas? Nothing in the file says.
  CHECK_THROWS_WITH(parse_scores("0,4101\n0,3912\n"), Catch::Contains("two columns (A, B), or one column written with decimal commas"));
  CHECK(parse_scores("0,4101\n0,3912\n", InputFormat::csv_bare).series[1].values == std::vector<double>{4101, 3912});
}

namespace {
// The format a text is read as, or the kind of error it is refused with.
std::string read_as(const std::string& text) {
  try {
    return std::string(to_string(parse_scores(text, InputFormat::auto_detect, "x").format));
  } catch (const Error& e) {
    return e.kind == ErrorKind::ambiguous_format ? "ambiguous" : "error: " + e.detail;
  }
}
}  // namespace

TEST_CASE("two headerless numeric columns are two systems only when the first column cannot be query ids", "[score_input]") {
  // 0/1 columns of two systems: the first column repeats a value, so it holds no ids.
  CHECK(read_as("1\t0\n0\t1\n1\t1\n0\t0\n") == "csv-bare");
  CHECK(read_as("0.5,0.6\n0.4,0.41\n") == "csv-bare");          // a decimal in the first column
  CHECK(read_as("-1\t0.6\n2\t0.41\n") == "csv-bare");          // a sign: no query id
  CHECK(read_as("3\t0.6\n3\t0.41\n5\t0.2\n") == "csv-bare");  // a repeated whole number
  // Distinct whole numbers first: ids beside one system's scores, or a system's 0/1 or count scores.
  for (const char* text : {"1\t0\n2\t1\n3\t1\n", "301\t0.45\n302\t0.10\n303\t0.3\n", "301 0.45\n302 0.10\n", "1;0,5\n2;0,25\n",
                           "7,0.5\n3,0.4\n12,0.1\n"}) {
    INFO(text);
    CHECK(read_as(text) == "ambiguous");
  }
  CHECK_THROWS_WITH(parse_scores("1\t0\n2\t1\n3\t1\n"),
                    "input_format: two numeric columns without a header, and the first column's values are distinct whole numbers: query ids beside one system's "
                    "scores (then add the header qid,score), or one system's scores beside another's, paired by position");
  // Two whole numbers split by a comma could also be one number with a decimal comma: all three readings are named.
  CHECK_THROWS_WITH(parse_scores("1,0\n2,1\n3,1\n"), Catch::Contains("decimal commas") && Catch::Contains("or query ids and one system's scores (then add the header qid,score)"));
  CHECK_THROWS_WITH(parse_scores("1,0\n0,1\n1,1\n"), !Catch::Contains("query ids"));
  // Either remedy reads it: the header, or the format named.
  const auto headed = parse_scores("qid,score\n1,0\n2,1\n3,1\n", InputFormat::auto_detect, "bm25");
  CHECK(headed.systems() == std::vector<std::string>{"bm25"});
  CHECK(headed.series[0].qids == std::vector<std::string>{"1", "2", "3"});
  CHECK(parse_scores("1\t0\n2\t1\n3\t1\n", InputFormat::csv_qid_score, "x").series[0].values == std::vector<double>{0, 1, 1});
  const auto bare = parse_scores("1\t0\n2\t1\n3\t1\n", InputFormat::csv_bare);
  CHECK(bare.series[0].values == std::vector<double>{1, 2, 3});
  CHECK(bare.series[1].by_position);
}

TEST_CASE("a column header naming a known measure is the measure of one system's scores, so its range is checked", "[score_input]") {
  const auto measure_of = [](const char* text) { return parse_scores(text, InputFormat::auto_detect, "x").series.at(0).measure; };
  CHECK(measure_of("qid,ndcg\nq1,0.5\nq2,1.7\n") == "ndcg");
  CHECK(measure_of("query_id\tnDCG@10\n301\t0.5\n302\t0.1\n") == "nDCG@10");
  CHECK(measure_of("topic;map\n301;0,5\n302;0,1\n") == "map");
  CHECK(measure_of("qid,P_10\nq1,0.5\nq2,0.1\n") == "P_10");
  CHECK(measure_of("qid,MRR\nq1,0.5\nq2,0.1\n") == "MRR");
  CHECK(measure_of("nDCG@10\n0.45\n0.10\n") == "nDCG@10");  // a spreadsheet column under its header cell
  // A header that names no measure leaves it unnamed: a score, a system, a header cell of other words.
  CHECK(measure_of("qid,score\nq1,0.5\nq2,0.1\n").empty());
  CHECK(measure_of("qid,bm25\nq1,0.5\nq2,0.1\n").empty());
  CHECK(measure_of("bm25\n0.45\n0.10\n").empty());
  // Several systems: their column headers are systems, not measures.
  CHECK(parse_scores("qid,ndcg,map\nq1,0.5,0.4\nq2,0.1,0.2\n").measures() == std::vector<std::string>{""});
  const auto file = parse_scores("qid,ndcg\nq1,0.5\nq2,1.7\n", InputFormat::auto_detect, "bm25");
  std::vector<Warning> w;
  range_warnings(file.series[0].measure, "bm25", file.series[0].qids, file.series[0].values, w);
  REQUIRE(w.size() == 1);
  CHECK(w[0].code == "out_of_range");
  CHECK_THAT(w[0].message, Catch::Contains("1.7 for query q2"));
}
