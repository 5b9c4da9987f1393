// The Analyze job: the rules between reading and the statistics, which the CLI's
// compare and the page's analyzeScores share.
#include "pairpower/jobs/analyze.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/registry/registry.hpp"

using namespace pairpower;

namespace {
const char* a_text = "map\t1\t0.20\nmap\t2\t0.30\nmap\t3\t0.25\nmap\t4\t0.40\nP_10\t1\t0.1\nP_10\t2\t0.3\nP_10\t3\t0.2\nP_10\t4\t0.5\nnum_ret\t1\t1000\nnum_ret\t2\t1000\nnum_ret\t3\t1000\nnum_ret\t4\t1000\n";
const char* b_text = "map\t1\t0.25\nmap\t2\t0.35\nmap\t3\t0.27\nmap\t4\t0.46\nP_10\t1\t0.2\nP_10\t2\t0.3\nP_10\t3\t0.4\nP_10\t4\t0.5\nnum_ret\t1\t1000\nnum_ret\t2\t1000\nnum_ret\t3\t1000\nnum_ret\t4\t1000\n";

AnalyzeRequest small() {
  AnalyzeRequest r;
  r.options.resamples = 200;
  r.options.bootstrap_resamples = 200;
  r.options.power_curve = false;
  return r;
}
}  // namespace

TEST_CASE("'all' among the measures asks for every measure both inputs hold, counts left out, whichever spelling", "[analyze_job]") {
  const auto a = parse_scores(a_text, InputFormat::trec_eval, "A"), b = parse_scores(b_text, InputFormat::trec_eval, "B");
  const std::vector<std::string> both = comparable_measures(a, &b);
  CHECK(both == std::vector<std::string>{"map", "P_10"});
  CHECK(requested_measures({"all"}, a, &b) == both);
  CHECK(requested_measures({"*"}, a, &b) == both);
  CHECK(requested_measures({"map", "all"}, a, &b) == both);
  CHECK(requested_measures({"P_10"}, a, &b) == std::vector<std::string>{"P_10"});
  auto r = small();
  r.measures = {"all"};
  const auto out = analyze(a, &b, r);
  REQUIRE(out.result.comparisons.size() == 2);
  CHECK(out.result.comparisons[0].measure == "map");
  CHECK(out.result.comparisons[1].measure == "P_10");
}

TEST_CASE("a handed-over pair's family counts every pair of its systems and names the registry's first procedure unless told", "[analyze_job]") {
  const auto c = family_context({0.03, 6, std::nullopt, std::nullopt});
  CHECK(c.pairs == 15);
  CHECK(c.procedure == std::string(family_procedures()[0].id));
  CHECK(c.p == 0.03);
  const auto told = family_context({0.03, 6, 5, std::string("holm")});
  CHECK(told.pairs == 5);
  CHECK(told.procedure == "holm");
}

TEST_CASE("the job's report settings state the policy, the inputs as read and the family it ran with", "[analyze_job]") {
  const auto a = parse_scores(a_text, InputFormat::trec_eval, "A"), b = parse_scores(b_text, InputFormat::trec_eval, "B");
  auto r = small();
  r.measures = {"map"};
  r.family = FamilyRequest{0.03, 6, std::nullopt, std::nullopt};
  const auto out = analyze(a, &b, r);
  CHECK(out.settings.missing == std::string(missing_policies()[0].id));
  REQUIRE(out.settings.detected.size() == 2);
  CHECK(out.settings.detected[0] == a.describe());
  REQUIRE(out.settings.options.family);
  CHECK(out.settings.options.family->pairs == 15);
  const auto json = report_json(out.result, out.settings);
  CHECK(json["settings"]["family"]["pairs"] == 15);
  r.missing = "sometimes";
  CHECK_THROWS_AS(analyze(a, &b, r), Error);
}

TEST_CASE("pilots are each comparison's differences B minus A by query, given only when asked", "[analyze_job]") {
  const auto a = parse_scores(a_text, InputFormat::trec_eval, "A"), b = parse_scores(b_text, InputFormat::trec_eval, "B");
  auto r = small();
  r.measures = {"map", "P_10"};
  CHECK(analyze(a, &b, r).pilots.empty());
  r.pilots = true;
  const auto out = analyze(a, &b, r);
  REQUIRE(out.pilots.size() == 2);
  // The inputs' own values: map 0.25−0.20, 0.35−0.30, 0.27−0.25, 0.46−0.40; P_10 0.2−0.1, 0, 0.4−0.2, 0.
  const std::vector<double> map{0.25 - 0.20, 0.35 - 0.30, 0.27 - 0.25, 0.46 - 0.40}, p10{0.2 - 0.1, 0.3 - 0.3, 0.4 - 0.2, 0.5 - 0.5};
  CHECK(out.pilots[0] == map);
  CHECK(out.pilots[1] == p10);
}

namespace {
// A folder as the page hands it over: archive text marked as a folder, a file the browser could not open named with why.
std::string folder_text(bool marked, const std::vector<std::pair<std::string, std::string>>& files, const std::string& folder = "run-1") {
  nlohmann::json head = {{std::string(archive_text_key), 1}, {"name", folder}};
  if (marked) head["folder"] = true;
  std::string out = head.dump() + "\n";
  for (const auto& [name, text] : files)
    out += (text == "unopened" ? nlohmann::json{{"name", name}, {"unreadable", "not whole gzip data"}} : nlohmann::json{{"name", name}, {"text", text}}).dump() + "\n";
  return out;
}
}  // namespace

TEST_CASE("a folder handed over as archive text leaves out the files it cannot read, and the job warns of each as the CLI does", "[analyze_job]") {
  const std::vector<std::pair<std::string, std::string>> files{{"run-1/README.md", "# two runs\n"}, {"run-1/a.txt", a_text}, {"run-1/b.txt.gz", "unopened"}};
  const auto a = parse_scores(folder_text(true, files), InputFormat::auto_detect, "A");
  CHECK(a.systems() == std::vector<std::string>{"a"});
  REQUIRE(a.left_out.size() == 2);
  CHECK(a.left_out[0].folder == "run-1");
  CHECK(a.left_out[0].why.rfind("run-1/README.md: ", 0) == 0);
  CHECK(a.left_out[1].folder == "run-1");
  CHECK(a.left_out[1].why == "run-1/b.txt.gz: not whole gzip data");
  // The same files as an archive file (a zip) are refused at the first that cannot be read.
  CHECK_THROWS_WITH(parse_scores(folder_text(false, {files[0], files[1]}), InputFormat::auto_detect, "A"), Catch::Contains(": run-1/README.md: three columns"));
  const auto b = parse_scores(b_text, InputFormat::trec_eval, "B");
  auto r = small();
  r.measures = {"map"};
  const auto job = analyze(a, &b, r);
  REQUIRE(job.settings.input_warnings.size() == 2);
  CHECK(job.settings.input_warnings[0].code == "left_out_of_folder");
  CHECK(job.settings.input_warnings[0].message == "left out of the folder 'run-1': " + a.left_out[0].why);
  CHECK(job.settings.input_warnings[1].message == "left out of the folder 'run-1': run-1/b.txt.gz: not whole gzip data");
  // A refusal says files were left out: one of them may have held what is missing.
  r.measures = {"ndcg"};
  CHECK_THROWS_WITH(analyze(a, &b, r), Catch::Contains("'ndcg' is not in the input") && Catch::EndsWith("; 2 files of the folder 'run-1' were left out, unread (the first, " + a.left_out[0].why + ")"));
}

TEST_CASE("a folder handed over as archive text none of whose files reads is refused, naming the first file's fault", "[analyze_job]") {
  const auto text = folder_text(true, {{"run-1/README.md", "# two runs\n"}, {"run-1/b.txt.gz", "unopened"}});
  CHECK_THROWS_WITH(parse_scores(text, InputFormat::auto_detect, "A"), Catch::Contains("no file in the folder 'run-1' could be read (run-1/README.md: three columns") && Catch::EndsWith("; and 1 more file)"));
  // Outside a folder, a file named as unopened is not an archive's file.
  CHECK_THROWS_WITH(parse_scores(folder_text(false, {{"run-1/a.txt", a_text}, {"run-1/b.txt.gz", "unopened"}}), InputFormat::auto_detect, "A"), Catch::Contains("one file of the archive"));
}

TEST_CASE("an empty file of a folder handed over as archive text is left out and named, as the CLI names it", "[analyze_job]") {
  const auto a = parse_scores(folder_text(true, {{"run-1/a.txt", a_text}, {"run-1/b.txt", ""}}), InputFormat::auto_detect, "A");
  REQUIRE(a.left_out.size() == 1);
  CHECK(a.left_out[0].why == "run-1/b.txt: the input is empty");
  // In an archive file (a zip) an empty entry holds nothing and is passed over.
  const auto archive = parse_scores(folder_text(false, {{"run-1/a.txt", a_text}, {"run-1/b.txt", ""}}), InputFormat::auto_detect, "A");
  CHECK(archive.systems() == std::vector<std::string>{"a"});
  CHECK(archive.left_out.empty());
}

TEST_CASE("files left out of two folders are warned of folder by folder, A's first, and a refusal names both folders", "[analyze_job]") {
  const auto a = parse_scores(folder_text(true, {{"run-1/README.md", "# run one\n"}, {"run-1/a.txt", a_text}}), InputFormat::auto_detect, "A");
  const auto b = parse_scores(folder_text(true, {{"run-2/b.txt", b_text}, {"run-2/x.gz", "unopened"}, {"run-2/y.gz", "unopened"}}, "run-2"),
                              InputFormat::auto_detect, "B");
  auto r = small();
  r.measures = {"map"};
  const auto job = analyze(a, &b, r);
  REQUIRE(job.settings.input_warnings.size() == 3);
  CHECK(job.settings.input_warnings[0].message == "left out of the folder 'run-1': " + a.left_out[0].why);
  CHECK(job.settings.input_warnings[1].message == "left out of the folder 'run-2': run-2/x.gz: not whole gzip data");
  CHECK(job.settings.input_warnings[2].message == "left out of the folder 'run-2': run-2/y.gz: not whole gzip data");
  r.measures = {"ndcg"};
  CHECK_THROWS_WITH(analyze(a, &b, r), Catch::EndsWith("; 1 file of the folder 'run-1' was left out, unread (" + a.left_out[0].why +
                                                      "); 2 files of the folder 'run-2' were left out, unread (the first, run-2/x.gz: not whole gzip data)"));
}

TEST_CASE("files left out are named folder by folder, each once, in the order the folders first appear, and a refusal keeps what it offers", "[analyze_job]") {
  const std::vector<LeftOutFile> files{{"a", "a/x: bad"}, {"b", "b/y: bad"}, {"a", "a/z: bad"}};
  const std::string named = "2 files of the folder 'a' were left out, unread (the first, a/x: bad); 1 file of the folder 'b' was left out, unread (b/y: bad)";
  CHECK(files_left_out(files) == named);
  Error e("measure", ErrorKind::choose_one, "choose one");
  e.choices = {"map", "P_10"};
  const Error refused = with_files_left_out(e, files);
  CHECK(std::string(refused.what()) == "measure: choose one; " + named);
  CHECK(refused.kind == ErrorKind::choose_one);
  CHECK(refused.choices == e.choices);
}

TEST_CASE("a folder none of whose files reads because its logs lack the asked cluster field is refused as that field's fault, not a stray file's", "[analyze_job]") {
  const std::string log = test::slurp(std::string(PAIRPOWER_FIXTURES_DIR) + "/logs/lm_eval/dummy-a/samples_arith_sum_2026-11-27T01-59-41.005071.jsonl");
  const auto text = folder_text(true, {{"run-1/README.md", "# notes\n"}, {"run-1/samples_arith_sum.jsonl", log}});
  ReadOptions o;
  o.system_name = "A";
  o.cluster_field = "doc.group";
  const auto read = parse_scores(text, InputFormat::auto_detect, o);
  CHECK(read.left_out.size() == 1);  // the README
  CHECK(read.series.front().clusters.size() == read.series.front().qids.size());
  o.cluster_field = "doc.passage";
  try {
    parse_scores(text, InputFormat::auto_detect, o);
    FAIL("a folder of which nothing read was taken");
  } catch (const Error& e) {
    CHECK(e.field == "cluster");
    CHECK(e.detail == "no file in the folder 'run-1' could be read (run-1/samples_arith_sum.jsonl: line 1: the record of doc_id 0 has no doc.passage "
                      "(text or a number) to name its cluster; and 1 more file)");
  }
  // A table refused with a cluster field is the file's kind, not a field its records lack: the first file's fault stands.
  CHECK_THROWS_MATCHES(parse_scores(folder_text(true, {{"run-1/README.md", "# notes\n"}, {"run-1/notes.csv", "model,notes\na,ok\n"}}), InputFormat::auto_detect, o),
                       Error, Catch::Predicate<Error>([](const Error& e) { return e.field == "scores" && e.detail.find("(run-1/README.md: ") != std::string::npos; }));
}

TEST_CASE("a confidence left unset follows alpha, and intervals at another level than 1 - alpha carry a warning", "[analyze_job]") {
  const auto a = parse_scores(a_text, InputFormat::trec_eval, "A"), b = parse_scores(b_text, InputFormat::trec_eval, "B");
  const auto warned = [](const AnalyzeResult& out) {
    // Said for the set, never on one comparison.
    std::size_t n = 0;
    for (const auto& c : out.result.comparisons)
      for (const auto& w : c.warnings) n += 100 * (w.code == "interval_level");
    for (const auto& w : out.result.warnings) n += w.code == "interval_level";
    return n;
  };
  auto r = small();
  r.measures = {"all"};
  r.options.alpha = 0.01;
  r.confidence_from_alpha = true;
  const auto follows = analyze(a, &b, r);
  CHECK(follows.settings.options.confidence == 1 - 0.01);
  CHECK(warned(follows) == 0);
  CHECK_THAT(follows.result.comparisons[0].sentence, Catch::Contains("99% CI"));

  // Given apart from alpha: kept, and said once for the set, with the level that would match.
  r.confidence_from_alpha = false;
  r.options.confidence = 0.95;
  const auto apart = analyze(a, &b, r);
  CHECK(apart.settings.options.confidence == 0.95);
  REQUIRE(warned(apart) == 1);
  CHECK_THAT(apart.result.warnings.back().message,
             Catch::StartsWith("The intervals are 95% but the test is at α = 0.01") && Catch::EndsWith("A confidence of 1 − α = 0.99 puts the interval at the test's level."));

  // One-sided, the verdict reads one bound of a two-sided interval: its matching level (1 − 2α) is the user's to choose, unwarned.
  r.options.alternative = Alternative::greater;
  CHECK(warned(analyze(a, &b, r)) == 0);
  r.options.alternative = Alternative::two_sided;

  // The defaults agree; an equivalence question's interval is TOST's own (1 − 2α), not the verdict's pair of criteria.
  auto defaults = small();
  defaults.measures = {"all"};
  CHECK(warned(analyze(a, &b, defaults)) == 0);
  r.options.equivalence_margin = 0.05;
  CHECK(warned(analyze(a, &b, r)) == 0);
}

TEST_CASE("ids one side lacks, scored 0 or left out, are said at the end of the quotable sentence", "[analyze_job]") {
  const auto a = parse_scores(a_text, InputFormat::trec_eval, "A");
  const auto b = parse_scores("map\t1\t0.25\nmap\t2\t0.35\nmap\t3\t0.27\nmap\t9\t0.5\nmap\t8\t0.5\n", InputFormat::trec_eval, "B");
  auto r = small();
  r.measures = {"map"};
  r.missing = "zero";
  const auto zero = analyze(a, &b, r).result.comparisons.at(0);
  CHECK(zero.n == 6);
  CHECK_THAT(zero.sentence, Catch::EndsWith(" Of these 6 queries, 1 that only A has is scored 0 for B and 2 that only B has are scored 0 for A (as trec_eval -c)."));
  r.missing = "intersect";
  const auto kept = analyze(a, &b, r).result.comparisons.at(0);
  CHECK(kept.n == 3);
  CHECK_THAT(kept.sentence, Catch::EndsWith(" Left out: 1 query only A has and 2 queries only B has."));
  // Every id matched: nothing is added.
  r.missing = "error";
  const auto b_full = parse_scores(b_text, InputFormat::trec_eval, "B");
  const auto full = analyze(a, &b_full, r).result.comparisons.at(0).sentence;
  CHECK_THAT(full, !Catch::Contains("Left out") && !Catch::Contains("scored 0"));
}
