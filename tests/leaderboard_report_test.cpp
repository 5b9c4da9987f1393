#include "pairpower/leaderboard/leaderboard_report.hpp"

#include <string>

#include <catch2/catch.hpp>

#include "pairpower/input/pairing.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/input/score_input.hpp"
#include "support/boards.hpp"

using namespace pairpower;

namespace {
// Each text one system's input, read as the CLI reads one file per system.
std::vector<ScoreSeries> inputs(const std::vector<std::pair<std::string, std::string>>& named_texts) {
  std::vector<ScoreSeries> out;
  for (const auto& [name, text] : named_texts)
    for (auto& s : parse_scores(text, InputFormat::auto_detect, name).series) out.push_back(std::move(s));
  return out;
}

const LeaderboardOptions quick{.resamples = 300, .bootstrap = 300};
}  // namespace

TEST_CASE("a board of bare columns says it is paired by position in its JSON, its text and its tables' captions", "[leaderboard]") {
  const auto series = inputs({{"bm25", "0.5\n0.4\n0.3\n0.45\n0.6\n0.2\n"}, {"dense", "0.55\n0.42\n0.35\n0.5\n0.61\n0.3\n"}, {"splade", "0.52\n0.41\n0.2\n0.5\n0.7\n0.25\n"}});
  const auto r = leaderboard(series, "", quick);
  REQUIRE(r.boards.size() == 1);
  CHECK(r.boards[0].by_position);
  const auto j = leaderboard_json(r, quick);
  CHECK(j["leaderboards"][0]["paired_by"] == "position");
  CHECK(j["leaderboards"][0]["note"] == std::string(by_position_note));
  const std::string note(by_position_note);
  CHECK_THAT(leaderboard_text(r, quick), Catch::Contains("\n  note: " + note + "\n"));
  CHECK_THAT(leaderboard_markdown(r, quick), Catch::Contains("6 queries (" + note + ")"));
  CHECK_THAT(leaderboard_latex(r, quick), Catch::Contains("6 queries (" + note + ")"));

  // The same scores under query ids: paired by id, and no note.
  const auto by_id = inputs({{"bm25", "qid,score\nq1,0.5\nq2,0.4\nq3,0.3\n"}, {"dense", "qid,score\nq1,0.55\nq2,0.42\nq3,0.35\n"}});
  const auto rid = leaderboard(by_id, "", quick);
  CHECK_FALSE(rid.boards[0].by_position);
  const auto jid = leaderboard_json(rid, quick);
  CHECK(jid["leaderboards"][0]["paired_by"] == "query id");
  CHECK(jid["leaderboards"][0]["note"] == "");
  CHECK_THAT(leaderboard_text(rid, quick), !Catch::Contains(note));
  CHECK_THAT(leaderboard_markdown(rid, quick), !Catch::Contains(note));
}

TEST_CASE("a board names the procedure behind its family-wise p by an id of the registry's family procedures", "[leaderboard]") {
  const auto series = test::series_of(std::vector<std::vector<double>>{{0.1, 0.2, 0.3}, {0.2, 0.3, 0.5}}, {"A", "B"});
  const auto j = leaderboard_json(leaderboard(series, "", quick), quick);
  CHECK(j["leaderboards"][0]["family_procedure"] == "randomized-tukey");
  CHECK(family_procedure_label(j["leaderboards"][0]["family_procedure"].get<std::string>()) == "randomized Tukey HSD");
}

TEST_CASE("what a rank set is, at the board's level, is one sentence of the core's in the JSON and under every table", "[leaderboard]") {
  const auto series = test::series_of(std::vector<std::vector<double>>{{0.1, 0.2, 0.3}, {0.2, 0.3, 0.5}}, {"A", "B"});
  const LeaderboardOptions o{.alpha = 0.1, .resamples = 300, .bootstrap = 300};
  const auto r = leaderboard(series, "", o);
  const std::string note = rank_set_note(o);
  CHECK_THAT(note, Catch::StartsWith("rank set: ") && Catch::Contains("with 90% confidence"));
  const auto j = leaderboard_json(r, o);
  CHECK(j["rank_set_note"].get<std::string>().substr(1) == note.substr(1) + ". Each system's bootstrap rank interval on its own (marginal, not simultaneous) "
                                                                       "is in the JSON as rank_marginal_low and rank_marginal_high.");
  CHECK_THAT(leaderboard_text(r, o), Catch::Contains(note));
  CHECK_THAT(leaderboard_markdown(r, o), Catch::Contains(note));
  CHECK_THAT(leaderboard_latex(r, o), Catch::Contains(note));
}

TEST_CASE("how many adjacent pairs the items can separate is one sentence of the core's, with its criterion, in the JSON and the text", "[leaderboard]") {
  // Three systems 0.3 apart on 40 queries with little noise: every adjacent pair is separable at 90% power.
  std::vector<std::vector<double>> scores(3);
  for (int q = 0; q < 40; ++q)
    for (int s = 0; s < 3; ++s) scores[s].push_back(0.1 + 0.3 * s + 0.01 * ((q * 7 + s * 3) % 5));
  const LeaderboardOptions o{.resamples = 300, .bootstrap = 300, .power = 0.9};
  const auto r = leaderboard(test::series_of(scores, {"A", "B", "C"}), "", o);
  REQUIRE(r.boards[0].separable_share == 1.0);
  const std::string note = "100% of adjacent pairs have the queries to separate them with 90% power at their observed Δ (paired t, Bonferroni α)";
  CHECK(leaderboard_json(r, o)["leaderboards"][0]["separable_note"] == note);
  CHECK_THAT(leaderboard_text(r, o), Catch::Contains("; " + note + ".\n"));
}
