// What the paired units are called (base/units.hpp): an evaluation log's
// comparisons, boards and pairs speak of items, a retrieval run's of queries,
// in every sentence, warning and report the core writes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/leaderboard/leaderboard_report.hpp"

using namespace pairpower;
using test::slurp;

namespace {

const std::string fixtures = std::string(PAIRPOWER_FIXTURES_DIR);

ScoreFile read(const std::string& path, const std::string& system) {
  ReadOptions o;
  o.system_name = system;
  o.source_path = path;
  return parse_scores(slurp(path), InputFormat::auto_detect, o);
}

// Every sentence, reason, note and warning of a compare run, in one text.
std::string words_of(const CompareResult& r) {
  std::string out;
  for (const auto& c : r.comparisons) {
    out += c.reason + "\n" + c.sentence + "\n" + c.planning.curve_note + "\n";
    for (const auto& w : c.warnings) out += w.message + "\n";
  }
  return out;
}

// Two lm-eval logs of one task (arith_diff: 40 items, binary accuracy).
struct LmEvalPair {
  nlohmann::json pair = nlohmann::json::parse(slurp(fixtures + "/logs/expected.json")).at("lm_eval").at("pairs")[0];
  ScoreFile a = read(fixtures + "/logs/" + pair.at("files")[0].get<std::string>(), "a");
  ScoreFile b = read(fixtures + "/logs/" + pair.at("files")[1].get<std::string>(), "b");
  std::string measure = pair.at("measure").get<std::string>();
};

}  // namespace

TEST_CASE("a unit counts in its own words", "[units]") {
  CHECK(item_unit.count(1) == "1 item");
  CHECK(item_unit.count(14042) == "14,042 items");
  CHECK(query_unit.count(0) == "0 queries");
}

TEST_CASE("an evaluation log's comparison speaks of items in its sentence, its reasons, its warnings and its JSON", "[units]") {
  const LmEvalPair logs;
  CHECK(logs.a.describe().find("40 items") != std::string::npos);
  const auto plan = build_comparisons(logs.a, &logs.b, {logs.measure}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 1);
  CHECK(plan.samples[0].unit == item_unit);
  // A cluster per 10 items: the cluster sentence and the few-clusters warning count too.
  PairedSample clustered = plan.samples[0];
  for (std::size_t i = 0; i < clustered.qids.size(); ++i) clustered.clusters.push_back(std::to_string(i / 10));
  for (const auto& samples : {plan.samples, std::vector<PairedSample>{clustered}}) {
    const auto r = compare_all(samples, test::quick_compare_options());
    REQUIRE(r.comparisons.size() == 1);
    CHECK(r.comparisons[0].unit == item_unit);
    const std::string words = words_of(r);
    CHECK(words.find("item") != std::string::npos);
    CHECK(words.find("quer") == std::string::npos);
    ReportSettings settings;
    settings.options = test::quick_compare_options();
    const auto j = nlohmann::json::parse(report_json_text(r, settings));
    CHECK(j.at("comparisons")[0].at("unit") == nlohmann::json{{"one", "item"}, {"many", "items"}});
  }
}

TEST_CASE("a retrieval run's comparison still speaks of queries", "[units]") {
  const std::string dir = fixtures + "/real/trec_eval/";
  const auto a = read(dir + "te908.q.4topics.org_manual_bm25.txt", "bm25"), b = read(dir + "te908.q.4topics.org_manual_ance_bert.txt", "ance");
  const auto plan = build_comparisons(a, &b, {"map"}, MissingPolicy::error);
  REQUIRE(plan.samples.size() == 1);
  CHECK(plan.samples[0].unit == query_unit);
  const auto r = compare_all(plan.samples, test::quick_compare_options());
  const std::string words = words_of(r);
  CHECK(words.find("With 4 queries") != std::string::npos);
  CHECK(words.find("item") == std::string::npos);
}

TEST_CASE("a board of evaluation logs counts shared items, and its pair goes to Analyze headed item", "[units]") {
  const LmEvalPair logs;
  std::vector<ScoreSeries> series = logs.a.series;
  series.insert(series.end(), logs.b.series.begin(), logs.b.series.end());
  const LeaderboardOptions o{.resamples = 500, .bootstrap = 200};
  const auto r = leaderboard(series, logs.measure, o);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].unit == item_unit);
  const std::string text = leaderboard_text(r, o);
  CHECK(text.find("2 systems on 40 shared items (intervals: Wilson)") != std::string::npos);
  CHECK(text.find("quer") == std::string::npos);
  const auto j = nlohmann::json::parse(leaderboard_json_text(r, o));
  CHECK(j.at("leaderboards")[0].at("unit").at("many") == "items");

  const std::string a = logs.a.systems().at(0), b = logs.b.systems().at(0);
  const PairScores p = pair_scores(series, logs.measure, r.boards[0].dataset, a, b, MissingPolicy::error);
  const std::string table = pair_scores_csv(p, a, b);
  const std::string dataset = r.boards[0].dataset.empty() ? "" : "dataset,";
  CHECK(table.rfind("item," + dataset + "measure," + a + "," + b + "\n", 0) == 0);
  const ScoreFile back = parse_scores(table, InputFormat::auto_detect, "pair");
  REQUIRE_FALSE(back.series.empty());
  for (const auto& s : back.series) CHECK(s.unit == item_unit);
  CHECK(back.describe().find("40 items") != std::string::npos);
}

TEST_CASE("clustered queries of a table stay queries in the comparison's and the board's words", "[units]") {
  // 12 queries in 3 clusters, three systems; few clusters, so the few-clusters warnings speak too.
  std::string table = "qid,cluster,A,B,C\n";
  for (int q = 0; q < 12; ++q)
    table += "q" + std::to_string(q) + ",c" + std::to_string(q % 3) + "," + std::to_string(0.3 + 0.01 * q) + "," + std::to_string(0.35 + 0.02 * (q % 5)) + "," +
             std::to_string(0.5 - 0.01 * q) + "\n";
  const ScoreFile f = parse_scores(table, InputFormat::auto_detect, "t");
  for (const auto& s : f.series) CHECK(s.unit == query_unit);
  const auto plan = build_comparisons(f, nullptr, {}, MissingPolicy::error);
  const auto r = compare_all(plan.samples, test::quick_compare_options());
  REQUIRE(r.comparisons.at(0).cluster.has_value());
  const std::string words = words_of(r);
  CHECK(words.find("queries") != std::string::npos);
  CHECK(words.find("item") == std::string::npos);

  const LeaderboardOptions o{.resamples = 200, .bootstrap = 100};
  const auto board = leaderboard(f.series, "", o);
  REQUIRE(board.boards.at(0).clusters == 3);
  std::string text = leaderboard_text(board, o);
  for (const auto& w : board.warnings) text += w.message + "\n";
  CHECK(text.find("12 queries") != std::string::npos);
  CHECK(text.find("item") == std::string::npos);
}
