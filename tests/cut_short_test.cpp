// A trec_eval -q file copied only in part (tests/fixtures/real/cut/, cut from trec_eval's own output
// with head; PROVENANCE.md) is read and flagged; whole files of every kind are not. The expected counts
// come from the files' lines, split on whitespace here, not from the reader.
#include <algorithm>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/jobs/analyze.hpp"

using namespace pairpower;
using test::slurp;

namespace {

const std::string real_dir = std::string(PAIRPOWER_FIXTURES_DIR) + "/real/";
const std::string whole_bm25 = real_dir + "trec_eval/te10rc3.q.org_manual_bm25.txt";
const std::string cut_lines = real_dir + "cut/te10rc3.q.org_manual_bm25.head-n-2000.txt";
const std::string cut_bytes = real_dir + "cut/te10rc3.q.org_manual_bm25.head-c-151103.txt";

struct Counted {
  std::size_t lines = 0, first_query_rows = 0, last_query_rows = 0, queries = 0;
  std::string last_qid, last_measure, last_value;
};

// The per-query rows (query id not "all") of a trec_eval -q text, counted line by line.
Counted count_rows(const std::string& text) {
  Counted c;
  std::istringstream in(text);
  std::string line, first_qid;
  std::set<std::string> qids;
  while (std::getline(in, line)) {
    ++c.lines;
    std::istringstream f(line);
    std::string measure, qid, value;
    f >> measure >> qid >> value;
    if (qid == "all") continue;
    if (first_qid.empty()) first_qid = qid;
    if (qid == first_qid) ++c.first_query_rows;
    c.last_query_rows = qid == c.last_qid ? c.last_query_rows + 1 : 1;
    c.last_qid = qid;
    c.last_measure = measure;
    c.last_value = value;
    qids.insert(qid);
  }
  c.queries = qids.size();
  return c;
}

AnalyzeRequest quick(const std::string& measure, const char* missing = nullptr) {
  AnalyzeRequest r;
  r.options = test::quick_compare_options();
  r.options.power_curve = false;
  r.measures = {measure};
  if (missing) r.missing = missing;
  return r;
}

}  // namespace

TEST_CASE("a trec_eval -q file cut between two lines is read, and flagged at the query it ends inside", "[cut_short]") {
  const std::string text = slurp(cut_lines);
  const Counted want = count_rows(text);
  ReadOptions o;
  o.system_name = "bm25";
  o.source_path = "bm25.txt";
  const auto f = parse_scores(text, InputFormat::auto_detect, o);
  CHECK(f.format == InputFormat::trec_eval);
  CHECK(f.queries() == want.queries);
  REQUIRE(f.cut_short.size() == 1);
  const CutShortRun& c = f.cut_short[0];
  CHECK(c.file == "bm25.txt");
  CHECK(c.system == "bm25");
  CHECK(c.qid == want.last_qid);
  CHECK(c.has == want.last_query_rows);
  CHECK(c.of == count_rows(slurp(whole_bm25)).first_query_rows);
  CHECK(c.others == want.queries - 1);
  CHECK(c.last_measure == want.last_measure);
  CHECK(c.line == want.lines);
  CHECK(c.last_value.empty());
  const Warning w = cut_short_warning(c);
  CHECK(w.code == "cut_short");
  CHECK(w.message == "bm25.txt looks cut short: run bm25 ends inside query 116_5, which holds only the first 2 of the 27 measures that every "
                     "other query (74) holds; its rows stop after num_rel at line 2000, and no summary rows (query 'all') follow, which "
                     "trec_eval -q writes last unless run with -n. The rest of 116_5 and any queries after it are missing from the scores read; "
                     "copy the whole file again, or rerun trec_eval -q.");
}

TEST_CASE("a trec_eval -q file cut inside a line names the value that may be cut with it", "[cut_short]") {
  const std::string text = slurp(cut_bytes);
  REQUIRE(text.back() != '\n');
  const Counted want = count_rows(text);
  const auto f = parse_scores(text, InputFormat::auto_detect, "bm25");
  REQUIRE(f.cut_short.size() == 1);
  const CutShortRun& c = f.cut_short[0];
  CHECK(c.qid == want.last_qid);
  CHECK(c.has == want.last_query_rows);
  CHECK(c.line == want.lines);
  CHECK(c.last_measure == want.last_measure);
  CHECK(c.last_value == want.last_value);
  CHECK(c.file.empty());
  CHECK(cut_short_warning(c).message.starts_with("the input looks cut short: run bm25 ends inside query 131_9, which holds only the first 8 of the 27 measures"));
  CHECK(cut_short_warning(c).message.find("; its rows stop after iprec_at_recall_0.00 at line 4247, whose value 0.83 has no line end: it may be cut too, "
                                          "and is read as written, and no summary rows") != std::string::npos);
  // Blank space after the last line's line end: the line is whole, and no value is called cut.
  const auto spaced = parse_scores(slurp(cut_lines) + "  \n \t", InputFormat::trec_eval, "bm25");
  REQUIRE(spaced.cut_short.size() == 1);
  CHECK(spaced.cut_short[0].last_value.empty());
}

TEST_CASE("a trec_eval -q file cut before its last line's value is refused at that line, which is said to look cut short", "[cut_short]") {
  // The whole file cut after the query id of its 2000th line, so that line holds two fields.
  const std::string whole = slurp(whole_bm25);
  std::size_t end = 0;
  for (int k = 0; k < 1999; ++k) end = whole.find('\n', end) + 1;
  std::istringstream row(whole.substr(end, whole.find('\n', end) - end));
  std::string measure, qid;
  row >> measure >> qid;
  const std::string text = whole.substr(0, whole.find(qid, end + measure.size()) + qid.size());
  const std::string hint = "line 2000: expected 3 fields like the first line, found 2; it is the last line and no line end follows it: the file looks cut short there";
  const std::string given = "line 2000: expected 3 fields (measure, qid, value), found 2; it is the last line and no line end follows it: the file looks cut short there";
  CHECK_THROWS_WITH(parse_scores(text, InputFormat::auto_detect, "bm25"), Catch::StartsWith(hint));
  CHECK_THROWS_WITH(parse_scores(text, InputFormat::trec_eval, "bm25"), Catch::StartsWith(given));
  // With its line end, the same short line is only a bad line: nothing says the file was cut.
  CHECK_THROWS_WITH(parse_scores(text + "\n", InputFormat::auto_detect, "bm25"), Catch::Equals("line 2000: expected 3 fields like the first line, found 2"));
  CHECK_THROWS_WITH(parse_scores(text + "\n", InputFormat::trec_eval, "bm25"), Catch::Equals("line 2000: expected 3 fields (measure, qid, value), found 2"));
  // ir_measures -q's output cut inside its 100th line's measure name (qid, measure, value): the same clause.
  const std::string irm = slurp(real_dir + "ir_measures/ir_measures-0.4.3.q.org_manual_bm25.tsv");
  std::size_t at = 0;
  for (int k = 0; k < 99; ++k) at = irm.find('\n', at) + 1;
  const std::string cut_irm = irm.substr(0, irm.find('\t', at) + 3);
  REQUIRE(cut_irm.back() != '\n');
  CHECK_THROWS_WITH(parse_scores(cut_irm, InputFormat::ir_measures, "bm25"),
                    Catch::StartsWith("line 100: expected 3 fields (qid, measure, value), found 2; it is the last line and no line end follows it"));
  CHECK_THROWS_WITH(parse_scores(cut_irm, InputFormat::auto_detect, "bm25"),
                    Catch::StartsWith("line 100: expected 3 fields like the first line, found 2; it is the last line and no line end follows it"));
}

TEST_CASE("whole outputs of trec_eval (with -n too), ir_measures, pytrec_eval and ranx are not flagged as cut short", "[cut_short]") {
  for (const char* path : {"trec_eval/te908.q.org_manual_bm25.txt", "trec_eval/te908.q.all_trec.org_manual_ance_bert.txt",
                           "trec_eval/te908.q.n.15topics.org_manual_bm25.txt", "trec_eval/te908.q.4topics.org_manual_ance_bert.txt",
                           "trec_eval/te10rc3.q.org_manual_ance_bert.txt", "ir_measures/ir_measures-0.4.3.q.org_manual_bm25.tsv",
                           "ir_measures/ir_measures-0.4.3.q.4topics.org_manual_ance_bert.tsv",
                           "pytrec_eval/pytrec_eval-0.5.four_measures.50topics.org_manual_ance_bert.json"}) {
    INFO(path);
    CHECK(parse_scores(slurp(real_dir + path), InputFormat::auto_detect, "A").cut_short.empty());
  }
}

TEST_CASE("a trec_eval -q file that stops at a query's end, inside its summary rows or in its first query is not flagged", "[cut_short]") {
  const std::string whole = slurp(whole_bm25);
  const auto first_lines = [&](std::size_t n) {
    std::size_t at = 0;
    for (std::size_t k = 0; k < n; ++k) at = whole.find('\n', at) + 1;
    return whole.substr(0, at);
  };
  const std::size_t of = count_rows(whole).first_query_rows;
  CHECK(parse_scores(first_lines(10 * of), InputFormat::trec_eval, "A").cut_short.empty());        // at a query's end: nothing to tell it by
  CHECK(parse_scores(first_lines(158 * of + 5), InputFormat::trec_eval, "A").cut_short.empty());   // inside the summary rows: every query whole
  CHECK(parse_scores(first_lines(of - 3), InputFormat::trec_eval, "A").cut_short.empty());         // no whole query to compare with
  CHECK(parse_scores(first_lines(of + 3), InputFormat::trec_eval, "A").cut_short.size() == 1);     // the second query cut: flagged
  // The same rows in ir_measures' columns (qid, measure, value): its files follow no order of measures, never flagged.
  std::string swapped;
  std::istringstream in(first_lines(of + 3));
  for (std::string line; std::getline(in, line);) {
    std::istringstream f(line);
    std::string m, q, v;
    f >> m >> q >> v;
    swapped += q + "\t" + m + "\t" + v + "\n";
  }
  CHECK(parse_scores(swapped, InputFormat::ir_measures, "A").cut_short.empty());
}

TEST_CASE("a query of other measures in the middle of a run, a last query of other measures, or summary rows after it are not called cut", "[cut_short]") {
  const std::string text = "map\t1\t0.2\nP_10\t1\t0.3\nmap\t2\t0.4\nmap\t3\t0.1\nP_10\t3\t0.2\nmap\t4\t0.5\n";
  CHECK(parse_scores(text, InputFormat::trec_eval, "A").cut_short.empty());
  const std::string same = "map\t1\t0.2\nP_10\t1\t0.3\nmap\t2\t0.4\nP_10\t2\t0.1\nmap\t3\t0.5\n";
  CHECK(parse_scores(same, InputFormat::trec_eval, "A").cut_short.size() == 1);
  // A short last query whose measures are not the first ones of the order: not a cut.
  CHECK(parse_scores("map\t1\t0.2\nP_10\t1\t0.3\nmap\t2\t0.4\nP_10\t2\t0.1\nP_10\t3\t0.5\n", InputFormat::trec_eval, "A").cut_short.empty());
  // Summary rows after it: trec_eval finished the run, so the short query is as trec_eval wrote it.
  CHECK(parse_scores(same + "map\tall\t0.37\n", InputFormat::trec_eval, "A").cut_short.empty());
}

TEST_CASE("of two runs in one file, the last one cut short is named by its runid", "[cut_short]") {
  const std::string whole = slurp(real_dir + "trec_eval/te10rc3.q.org_manual_ance_bert.txt");
  const auto f = parse_scores(whole + slurp(cut_lines), InputFormat::auto_detect, "both");
  REQUIRE(f.systems().size() == 2);
  REQUIRE(f.cut_short.size() == 1);
  CHECK(f.cut_short[0].system == f.systems()[1]);
  CHECK(f.cut_short[0].qid == "116_5");
}

TEST_CASE("the Analyze job warns of a run cut short, and its refusal of unmatched queries says the file may be why", "[cut_short]") {
  ReadOptions o;
  o.system_name = "bm25";
  o.source_path = "bm25.txt";
  const auto a = parse_scores(slurp(cut_lines), InputFormat::auto_detect, o);
  const auto b = parse_scores(slurp(real_dir + "trec_eval/te10rc3.q.org_manual_ance_bert.txt"), InputFormat::auto_detect, "ance");
  try {
    (void)analyze(a, &b, quick("map"));
    FAIL("the queries bm25.txt lacks were not refused");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::unmatched_ids);
    CHECK(e.detail.find("; bm25.txt looks cut short: run bm25 ends inside query 116_5") != std::string::npos);
  }
  // A refusal for another reason (a measure neither file holds) is not about the queries the file lacks.
  try {
    (void)analyze(a, &b, quick("ndcg_cut_10"));
    FAIL("a measure neither file holds was not refused");
  } catch (const Error& e) {
    CHECK(e.kind != ErrorKind::unmatched_ids);
    CHECK(e.detail.find("cut short") == std::string::npos);
  }
  const auto dropped = analyze(a, &b, quick("map", "intersect"));
  REQUIRE(dropped.result.comparisons.size() == 1);
  CHECK(dropped.result.comparisons[0].n == count_rows(slurp(cut_lines)).queries - 1);  // 116_5 stops before its map
  const auto& w = dropped.settings.input_warnings;
  CHECK(std::count_if(w.begin(), w.end(), [](const Warning& x) { return x.code == "cut_short"; }) == 1);
}
