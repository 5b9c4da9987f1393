#include "pairpower/leaderboard/leaderboard_report.hpp"

#include <algorithm>
#include <string>

#include <boost/math/distributions/binomial.hpp>
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

TEST_CASE("how many pairs differ, the omnibus tests and the ranks across datasets are the core's sentences in the JSON and the text", "[leaderboard]") {
  // Three systems 0.3 apart and one equal to the first, on 40 queries: five of the six pairs differ.
  std::vector<std::vector<double>> scores(4);
  for (int q = 0; q < 40; ++q) {
    for (int s = 0; s < 3; ++s) scores[s].push_back(0.1 + 0.3 * s + 0.01 * ((q * 7 + s * 3) % 5));
    scores[3].push_back(scores[0].back() + 0.001 * ((q % 3) - 1));
  }
  const LeaderboardOptions o{.alpha = 0.01, .resamples = 300, .bootstrap = 300};
  const auto r = leaderboard(test::series_of(scores, {"A", "B", "C", "D"}), "", o);
  const auto j = leaderboard_json(r, o)["leaderboards"][0];
  const auto differ = j["differ_note"].get<std::string>();
  CHECK(differ == "5 of 6 pairs differ (randomized Tukey HSD, α = 0.01); systems sharing a tier letter do not differ significantly, which does not show them equal");
  const auto omnibus = j["omnibus_note"].get<std::string>();
  CHECK_THAT(omnibus, Catch::StartsWith("ANOVA (system + query): F = ") && Catch::Contains("; Friedman χ² = "));
  const auto text = leaderboard_text(r, o);
  CHECK_THAT(text, Catch::Contains("  " + differ + ".\n"));
  CHECK_THAT(text, Catch::Contains("  " + omnibus + "; " + j["separable_note"].get<std::string>() + ".\n"));
  CHECK_FALSE(leaderboard_json(r, o).contains("across_note"));

  // Per-dataset means: Friedman over the datasets and Nemenyi's critical difference, once in words.
  const auto per_dataset = parse_scores("dataset,bm25,dense,splade\nnfcorpus,0.32,0.35,0.34\nscifact,0.66,0.70,0.69\nfiqa,0.23,0.30,0.33\ntrec-covid,0.59,0.65,0.71\n",
                                        InputFormat::auto_detect, "");
  const auto across = leaderboard(per_dataset.series, "", o);
  REQUIRE(across.across);
  const auto note = leaderboard_json(across, o)["across_note"].get<std::string>();
  CHECK_THAT(note, Catch::StartsWith("Friedman χ² = ") && Catch::EndsWith(" differ (Nemenyi critical difference, α = 0.01)"));
  CHECK_THAT(note, Catch::Contains("mean ranks further apart than " + format_sig(across.across->critical_difference) + " differ"));
  CHECK_THAT(leaderboard_text(across, o), Catch::Contains("Across 4 datasets: " + note + "\n"));
}

TEST_CASE("a board's intervals are at 1 - alpha unless their confidence is given", "[leaderboard]") {
  LeaderboardSettings given;
  given.alpha = 0.01;
  CHECK(leaderboard_options(given).confidence == 1 - 0.01);
  given.confidence = 0.9;
  CHECK(leaderboard_options(given).confidence == 0.9);
  CHECK(leaderboard_options({}).confidence == LeaderboardOptions{}.confidence);
  const auto series = test::series_of(std::vector<std::vector<double>>{{0.1, 0.2, 0.3, 0.4}, {0.2, 0.3, 0.5, 0.45}}, {"A", "B"});
  given = {};
  given.alpha = 0.01;
  given.resamples = given.bootstrap = 300;
  const auto o = leaderboard_options(given);
  CHECK_THAT(leaderboard_text(leaderboard(series, "", o), o), Catch::Contains("99% CI"));
}

TEST_CASE("a binary board warns of the pairs its tiers and McNemar's exact tests part ways on, and of none where they agree", "[leaderboard]") {
  // 60 items of three systems, each item's A, B, C right (1) or wrong (0) as the bits of one digit (A = 4, B = 2, C = 1).
  const std::string items = "310730760217156030075176061441503023753713377330040037000107";
  std::vector<std::vector<double>> scores(3);
  for (char d : items)
    for (int s = 0; s < 3; ++s) scores[s].push_back(((d - '0') >> (2 - s)) & 1);
  const LeaderboardOptions o{.resamples = 2000, .bootstrap = 200};
  const auto r = leaderboard(test::series_of(scores, {"A", "B", "C"}), "", o);
  // McNemar's exact test by hand: the binomial tail of the discordant items, doubled, then Holm over the three pairs.
  const auto& pairs = r.boards[0].pairs;
  REQUIRE(pairs.size() == 3);
  std::vector<double> p_exact;
  for (const auto& p : pairs) {
    const int a = p.system_a[0] - 'A', b = p.system_b[0] - 'A';
    int only_a = 0, only_b = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
      only_a += scores[a][i] == 1 && scores[b][i] == 0;
      only_b += scores[b][i] == 1 && scores[a][i] == 0;
    }
    const boost::math::binomial_distribution<double> flips(only_a + only_b, 0.5);
    p_exact.push_back(std::min(1.0, 2 * boost::math::cdf(flips, std::min(only_a, only_b))));
  }
  std::vector<std::size_t> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p_exact[x] < p_exact[y]; });
  std::vector<double> holm(3);
  double running = 0;
  for (std::size_t k = 0; k < 3; ++k) holm[order[k]] = running = std::max(running, std::min(1.0, static_cast<double>(3 - k) * p_exact[order[k]]));
  std::vector<std::string> parted;
  for (std::size_t i = 0; i < 3; ++i) {
    REQUIRE(pairs[i].mcnemar_p_holm);
    CHECK(*pairs[i].mcnemar_p_holm == Approx(holm[i]).epsilon(1e-9));
    if (pairs[i].significant != (holm[i] < o.alpha))
      parted.push_back(pairs[i].system_b + " vs " + pairs[i].system_a + (pairs[i].significant ? " (tiers apart, McNemar not)" : " (McNemar apart, tiers not)"));
  }
  REQUIRE(!parted.empty());
  const auto w = std::find_if(r.warnings.begin(), r.warnings.end(), [](const Warning& x) { return x.code == "binary_tests_disagree"; });
  REQUIRE(w != r.warnings.end());
  CHECK_THAT(w->message, Catch::StartsWith("On " + std::to_string(parted.size()) + " of the 3 pairs the tiers and the exact McNemar tests (Holm) disagree: "));
  for (const auto& pair : parted) CHECK_THAT(w->message, Catch::Contains(pair));

  // Items on which the systems agree far apart: both tests separate every pair, and nothing is said.
  std::vector<std::vector<double>> apart(3);
  for (int i = 0; i < 90; ++i)
    for (int s = 0; s < 3; ++s) apart[s].push_back(i < 30 * (s + 0) + 15 ? 0.0 : 1.0);
  const auto clear = leaderboard(test::series_of(apart, {"A", "B", "C"}), "", o);
  for (const auto& p : clear.boards[0].pairs) REQUIRE(p.significant == (*p.mcnemar_p_holm < o.alpha));
  CHECK(std::none_of(clear.warnings.begin(), clear.warnings.end(), [](const Warning& x) { return x.code == "binary_tests_disagree"; }));
}
