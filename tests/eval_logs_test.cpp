// Evaluation logs (tests/fixtures/logs/, written by the tools; PROVENANCE.md):
// read without being told their format, and the ways a real record can vary
// (a NaN, a boolean, a filter, a corpus metric) made by editing a real record.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"

using namespace pairpower;
using test::slurp;

namespace {

const std::string logs_dir = std::string(PAIRPOWER_FIXTURES_DIR) + "/logs/";

const nlohmann::json& expected() {
  static const nlohmann::json j = nlohmann::json::parse(slurp(logs_dir + "expected.json"));
  return j;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) out.push_back(l);
  return out;
}

std::string joined(const std::vector<std::string>& ls) {
  std::string s;
  for (const auto& l : ls) s += l + "\n";
  return s;
}

// The first lm-eval file of the expected pairs, its path and records.
struct LmEvalLog {
  std::string path = logs_dir + expected().at("lm_eval").at("pairs")[0].at("files")[0].get<std::string>();
  std::vector<std::string> records = lines(slurp(path));
};

// `record` with the value of `key` replaced by the JSON text `value`.
std::string with_value(const std::string& record, const std::string& key, const std::string& value) {
  auto j = nlohmann::ordered_json::parse(record);
  j[key] = nlohmann::ordered_json::parse(value);
  return j.dump();
}

ScoreFile read(const std::string& text, const std::string& path, const std::string& cluster = "", InputFormat f = InputFormat::auto_detect) {
  ReadOptions o;
  o.system_name = "A";
  o.source_path = path;
  o.cluster_field = cluster;
  return parse_scores(text, f, o);
}

}  // namespace

TEST_CASE("an lm-eval samples file names its task from the file and its model from the folder", "[eval_logs]") {
  for (const auto& c : expected().at("lm_eval").at("pairs")) {
    for (int k = 0; k < 2; ++k) {
      const std::string path = logs_dir + c.at("files")[k].get<std::string>();
      INFO(path);
      const auto f = read(slurp(path), path);
      CHECK(f.format == InputFormat::lm_eval_samples);
      CHECK(f.datasets() == std::vector<std::string>{c.at("task").get<std::string>()});
      CHECK(f.systems() == std::vector<std::string>{c.at("systems")[k].get<std::string>()});
      CHECK(f.measures() == std::vector<std::string>{"acc", "acc_norm"});
      CHECK(f.queries() == c.at("n").get<std::size_t>());
      CHECK(f.describe() == "lm-evaluation-harness per-sample log, 2 measures, " + std::to_string(c.at("n").get<int>()) + " items");
    }
  }
}

TEST_CASE("an lm-eval file without its folder or its usual name still reads, named by the fallback", "[eval_logs]") {
  const LmEvalLog log;
  const auto f = parse_scores(joined(log.records), InputFormat::auto_detect, "pasted");
  CHECK(f.systems() == std::vector<std::string>{"pasted"});
  CHECK(f.datasets() == std::vector<std::string>{""});
  // A page names files by their names alone: the task still comes from it.
  const auto g = read(joined(log.records), "samples_arith_diff_2026-11-27T01-59-41.005071.jsonl");
  CHECK(g.datasets() == std::vector<std::string>{"arith_diff"});
  CHECK(g.systems() == std::vector<std::string>{"A"});
}

TEST_CASE("an lm-eval metric that is NaN or a list in any record is skipped and listed, the others read", "[eval_logs]") {
  const LmEvalLog log;
  for (const std::string bad : {"NaN", "Infinity", "-Infinity", "[\"ref\", [\"pred\"]]", "null", "\"x\""}) {
    INFO(bad);
    auto rs = log.records;
    rs[3] = with_value(rs[3], "acc_norm", "0");
    // nlohmann cannot write Python's bare NaN: put the raw text in place of the 0.
    const auto at = rs[3].rfind("\"acc_norm\":0");
    REQUIRE(at != std::string::npos);
    rs[3].replace(at, std::string("\"acc_norm\":0").size(), "\"acc_norm\": " + bad);
    const auto f = read(joined(rs), log.path);
    CHECK(f.measures() == std::vector<std::string>{"acc"});
    CHECK(f.nonscalar_measures == std::vector<std::string>{"acc_norm"});
    CHECK_THROWS_WITH(build_comparisons(f, &f, {"acc_norm"}, MissingPolicy::intersect),
                      Catch::Contains("'acc_norm' is not a number in every record of the log"));
  }
}

TEST_CASE("an lm-eval boolean metric reads as 1 and 0, and a filter other than none joins the measure's name", "[eval_logs]") {
  const LmEvalLog log;
  auto rs = log.records;
  for (std::size_t i = 0; i < rs.size(); ++i) {
    rs[i] = with_value(rs[i], "acc", i % 2 ? "true" : "false");
    rs[i] = with_value(rs[i], "filter", "\"strict-match\"");
  }
  const auto f = read(joined(rs), log.path);
  REQUIRE(f.measures() == std::vector<std::string>{"acc,strict-match", "acc_norm,strict-match"});
  CHECK(f.series[0].values[0] == 0.0);
  CHECK(f.series[0].values[1] == 1.0);
}

TEST_CASE("the same document twice under one filter is refused at its line; under two filters it is two measures", "[eval_logs]") {
  const LmEvalLog log;
  auto rs = log.records;
  rs.push_back(rs[0]);
  CHECK_THROWS_WITH(read(joined(rs), log.path),
                    Catch::Contains("line " + std::to_string(rs.size()) + ": item '0' appears twice"));
  rs.back() = with_value(rs.back(), "filter", "\"take_first\"");
  CHECK(read(joined(rs), log.path).measures().size() == 4);
}

TEST_CASE("a cut or broken lm-eval record is refused at its line, naming what is wrong", "[eval_logs]") {
  const LmEvalLog log;
  auto rs = log.records;
  rs[2] = rs[2].substr(0, rs[2].size() / 2);
  CHECK_THROWS_WITH(parse_scores(joined(rs), InputFormat::lm_eval_samples, "A"), Catch::StartsWith("line 3: the JSON is malformed"));
  rs = log.records;
  auto j = nlohmann::ordered_json::parse(rs[1]);
  j.erase("acc");
  rs[1] = j.dump();
  CHECK_THROWS_WITH(parse_scores(joined(rs), InputFormat::lm_eval_samples, "A"),
                    "line 2: the metric 'acc' is listed in \"metrics\" but the record has no value for it");
  rs = log.records;
  rs[4] = with_value(rs[4], "doc_id", "[1]");
  CHECK_THROWS_WITH(parse_scores(joined(rs), InputFormat::lm_eval_samples, "A"), "line 5: \"doc_id\" must be text or a whole number");
}

TEST_CASE("braces, brackets and escaped quotes inside an lm-eval record's texts do not confuse the reader", "[eval_logs]") {
  const LmEvalLog log;
  auto rs = log.records;
  rs[0] = with_value(rs[0], "target", R"("}]\" {\"acc\": 0, \\\\\" [")");
  const auto f = read(joined(rs), log.path);
  const auto g = read(joined(log.records), log.path);
  CHECK(f.series[0].values == g.series[0].values);
}

TEST_CASE("an lm-eval record's doc_id, filter, metrics and scores mean what JSON makes of them, however written", "[eval_logs]") {
  const LmEvalLog log;
  auto rs = log.records;
  REQUIRE(rs.size() >= 8);
  // As Python's json.loads reads them: -0 is the integer 0, escapes are their characters.
  const std::vector<std::pair<std::string, std::string>> ids = {{"7", "7"}, {"-3", "-3"}, {"-0", "0"}, {R"("d\u00e9")", "d\xc3\xa9"},
                                                                {R"("a\"b")", "a\"b"}, {"\"\xc3\xa9t\xc3\xa9\"", "\xc3\xa9t\xc3\xa9"}, {"12345678901234567890", "12345678901234567890"}, {"\"x y\"", "x y"}};
  const std::vector<std::pair<std::string, double>> scores = {{"1", 1}, {"1.0", 1}, {"0", 0}, {"0.0", 0}, {"-0.0", -0.0}, {"1e0", 1}, {"0.5", 0.5}, {"true", 1}};
  // A record that lists one metric among others that list two: its other score is not read.
  rs[1] = with_value(rs[1], "metrics", R"(["acc_norm"])");
  // The raw texts put in place of zeros last: nlohmann would write -0 as 0 and é as é.
  const auto put = [](std::string& record, const std::string& key, const std::string& raw) {
    const auto at = record.find("\"" + key + "\":0");
    REQUIRE(at != std::string::npos);
    record.replace(at, key.size() + 4, "\"" + key + "\": " + raw);
  };
  for (std::size_t i = 0; i < ids.size(); ++i) {
    rs[i] = with_value(with_value(rs[i], "doc_id", "0"), "acc", "0");
    put(rs[i], "doc_id", ids[i].first);
    put(rs[i], "acc", scores[i].first);
  }
  const auto f = read(joined(rs), log.path);
  REQUIRE(f.measures() == std::vector<std::string>{"acc", "acc_norm"});
  const auto& acc = f.series[0];
  CHECK(acc.qids.size() == rs.size() - 1);
  CHECK(f.series[1].qids.size() == rs.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    INFO(ids[i].first << " " << scores[i].first);
    const auto q = std::find(acc.qids.begin(), acc.qids.end(), ids[i].second);
    if (i == 1) {
      CHECK(q == acc.qids.end());
      continue;
    }
    REQUIRE(q != acc.qids.end());
    const double v = acc.values[static_cast<std::size_t>(q - acc.qids.begin())];
    CHECK(v == scores[i].second);
    CHECK(std::signbit(v) == std::signbit(scores[i].second));
  }
  rs[3] = with_value(rs[3], "doc_id", "1.5");
  CHECK_THROWS_WITH(read(joined(rs), log.path), "line 4: \"doc_id\" must be text or a whole number");
}

TEST_CASE("a real lm-eval log with only a corpus-level metric says there is nothing to compare per item", "[eval_logs]") {
  const std::string path = logs_dir + "lm_eval/eleutherai-pr-3506/google__gemma-2b/samples_masakhaner_luo_prompt_1_2026-01-16T15-23-47.285735.jsonl";
  CHECK_THROWS_WITH(read(slurp(path), path),
                    Catch::StartsWith("no per-item scores in this lm-eval log: f1,flexible-extract is not a number in each record"));
}

TEST_CASE("a field of each lm-eval record names the item's cluster, and a record without it is refused at its line", "[eval_logs]") {
  const auto& pair = expected().at("lm_eval").at("pairs");
  const auto c = std::find_if(pair.begin(), pair.end(), [](const nlohmann::json& x) { return x.contains("cluster"); });
  REQUIRE(c != pair.end());
  const std::string path = logs_dir + (*c).at("files")[0].get<std::string>();
  const auto f = read(slurp(path), path, "doc.group");
  REQUIRE(f.series.size() == 2);
  const std::set<std::string> clusters(f.series[0].clusters.begin(), f.series[0].clusters.end());
  CHECK(clusters.size() == (*c).at("cluster").at("clusters").get<std::size_t>());
  CHECK(f.series[0].clusters[0] == "g00");
  CHECK_THROWS_WITH(read(slurp(path), path, "doc.passage"), Catch::Contains("line 1: the record of doc_id 0 has no doc.passage"));
  // A table has its cluster column instead: the field is refused there, saying so.
  CHECK_THROWS_WITH(read("qid,A,B\nq1,1,0\nq2,0,1\n", "t.csv", "doc.group"), Catch::Contains("a table gives each item's cluster in a column named 'cluster'"));
}

namespace {

const std::string inspect_json = logs_dir + "inspect_ai/tests/2025-05-12T20-28-13-04-00_popularity.json";

// A .eval archive's entries made from the real .json log's parts, each sample
// given `epochs` epochs whose match letters come from `letters` in turn.
std::vector<ArchiveEntry> eval_entries(int epochs, const std::string& letters) {
  const auto log = nlohmann::json::parse(slurp(inspect_json));
  std::vector<ArchiveEntry> out{{"header.json", nlohmann::json{{"version", log.at("version")}, {"eval", log.at("eval")}}.dump()}};
  std::size_t k = 0;
  for (const auto& s : log.at("samples"))
    for (int e = 1; e <= epochs; ++e) {
      auto one = s;
      one["epoch"] = e;
      one["scores"]["match"]["value"] = std::string(1, letters[k++ % letters.size()]);
      out.push_back({"samples/" + s.at("id").dump() + "_epoch_" + std::to_string(e) + ".json", one.dump()});
    }
  return out;
}

}  // namespace

TEST_CASE("an inspect_ai .json log names its model and task, and reads each scorer's letters as 1, 0 and 0.5", "[eval_logs]") {
  const auto f = read(slurp(inspect_json), inspect_json);
  CHECK(f.format == InputFormat::inspect_ai);
  CHECK(f.systems() == std::vector<std::string>{"openai/gpt-4o-mini"});
  CHECK(f.datasets() == std::vector<std::string>{"popularity"});
  CHECK(f.measures() == std::vector<std::string>{"match"});
  CHECK(f.queries() == 3);
  const auto log = nlohmann::json::parse(slurp(inspect_json));
  for (std::size_t i = 0; i < 3; ++i) CHECK(f.series[0].values[i] == (log["samples"][i]["scores"]["match"]["value"] == "C" ? 1.0 : 0.0));
  CHECK(f.series[0].repeats.empty());
}

TEST_CASE("an inspect_ai log's epochs are averaged per sample, with their count and variance kept", "[eval_logs]") {
  ReadOptions o;
  const auto f = parse_archive(eval_entries(4, "CCIP"), o);
  REQUIRE(f.series.size() == 1);
  CHECK(f.series[0].values == std::vector<double>(3, (1 + 1 + 0 + 0.5) / 4));
  CHECK(f.series[0].repeats == std::vector<std::uint32_t>(3, 4));
  // Sample variance of 1, 1, 0, 0.5 (mean 0.625).
  const double v = (2 * 0.375 * 0.375 + 0.625 * 0.625 + 0.125 * 0.125) / 3;
  for (double x : f.series[0].repeat_variances) CHECK(x == Approx(v).epsilon(1e-14));
}

TEST_CASE("an inspect_ai sample's epoch given twice is refused naming both entries", "[eval_logs]") {
  auto entries = eval_entries(1, "C");
  entries.push_back(entries.back());
  entries.back().name = "samples/copy.json";
  ReadOptions o;
  CHECK_THROWS_WITH(parse_archive(entries, o), Catch::Contains("samples/copy.json: sample '") && Catch::Contains("epoch 1 appears twice (first in samples/"));
}

TEST_CASE("a zip of lm-eval output folders reads every log, each named by its folder and file", "[eval_logs]") {
  std::vector<ArchiveEntry> entries;
  for (const auto& c : expected().at("lm_eval").at("pairs"))
    for (const auto& f : c.at("files")) {
      const std::string rel = f.get<std::string>().substr(std::string("lm_eval/").size());
      if (std::none_of(entries.begin(), entries.end(), [&](const ArchiveEntry& e) { return e.name == rel; })) entries.push_back({rel, slurp(logs_dir + f.get<std::string>())});
    }
  entries.push_back({"dummy-a/", ""});
  ReadOptions o;
  const auto f = parse_archive(entries, o);
  CHECK(f.systems() == std::vector<std::string>{"dummy-a", "dummy-b"});
  CHECK(f.datasets().size() == 2);
}

TEST_CASE("an openai/evals log names its system from the spec's completion fns and its dataset from the eval", "[eval_logs]") {
  for (const auto& c : expected().at("openai_evals").at("pairs")) {
    for (int k = 0; k < 2; ++k) {
      const std::string path = logs_dir + c.at("files")[k].get<std::string>();
      INFO(path);
      const auto f = read(slurp(path), path);
      CHECK(f.format == InputFormat::openai_evals);
      CHECK(f.datasets() == std::vector<std::string>{c.at("task").get<std::string>()});
      CHECK(f.systems() == std::vector<std::string>{c.at("systems")[k].get<std::string>()});
      CHECK(f.measures().size() == c.at("measures").get<std::size_t>());
      CHECK(f.queries() == c.at("n").get<std::size_t>());
      // The text of the expected and picked answers is never a measure.
      for (const auto& m : f.measures()) CHECK((m.rfind("match.", 0) == 0 || m.rfind("metrics.", 0) == 0));
    }
  }
}

TEST_CASE("an openai/evals sample's several events of one type are averaged and kept as repeats", "[eval_logs]") {
  // A real log with each match event recorded a second time, its `correct` flipped: every sample then has two matches.
  const auto ls = lines(slurp(logs_dir + "openai_evals/fixture-includes.random_baseline.jsonl"));
  std::vector<std::string> twice = ls;
  for (const auto& l : ls) {
    auto j = nlohmann::json::parse(l);
    if (!j.contains("type") || j["type"] != "match") continue;
    j["data"]["correct"] = !j["data"]["correct"].get<bool>();
    twice.push_back(j.dump());
  }
  const auto f = read(joined(twice), "log.jsonl");
  REQUIRE(f.series.size() == 1);
  CHECK(f.series[0].values == std::vector<double>(24, 0.5));
  CHECK(f.series[0].repeats == std::vector<std::uint32_t>(24, 2));
  CHECK(f.series[0].repeat_variances == std::vector<double>(24, 0.5));  // of 0 and 1
}

TEST_CASE("a cut openai/evals event is refused at its line, and a log with no scored event says so", "[eval_logs]") {
  auto ls = lines(slurp(logs_dir + "openai_evals/test-match.dummy.jsonl"));
  auto cut = ls;
  cut[3] = cut[3].substr(0, cut[3].size() / 2);
  CHECK_THROWS_WITH(read(joined(cut), "log.jsonl"), Catch::StartsWith("line 4: "));
  // The spec and final report alone: a run that recorded no sample.
  CHECK_THROWS_WITH(read(joined({ls[0], ls[1]}), "log.jsonl"), Catch::Contains("the openai/evals log has no scored events"));
}
