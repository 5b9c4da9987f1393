// A leaderboard of clustered items: each pair's cluster-robust test, Holm over
// the pairs, decides; each system's interval is cluster-robust (statsmodels and
// R's qt in tests/fixtures/clustered.py).
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/leaderboard/leaderboard_report.hpp"

using namespace pairpower;

namespace {

std::vector<ScoreSeries> board_series(const nlohmann::json& f, bool clustered) {
  std::vector<ScoreSeries> out;
  const auto& scores = f.at("scores");
  for (std::size_t i = 0; i < scores.size(); ++i) {
    ScoreSeries s{"", "m", std::string(1, static_cast<char>('A' + i)), {}, scores[i].get<std::vector<double>>()};
    for (std::size_t q = 0; q < s.values.size(); ++q) s.qids.push_back("q" + std::to_string(q));
    if (clustered) s.clusters = f.at("cluster").get<std::vector<std::string>>();
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

TEST_CASE("a board of clustered items tests each pair cluster-robustly, Holm over the pairs, as statsmodels does, and that decides", "[leaderboard][clustered]") {
  const auto& f = test::fixture("clustered.json").at("board");
  const LeaderboardOptions o{.resamples = 500, .bootstrap = 500};
  const auto r = leaderboard(board_series(f, true), "m", o);
  REQUIRE(r.boards.size() == 1);
  const Board& b = r.boards[0];
  CHECK(b.clusters == 18);
  for (const auto& want : f.at("pairs")) {
    const std::string a(1, static_cast<char>('A' + want.at("a").get<int>())), bsys(1, static_cast<char>('A' + want.at("b").get<int>()));
    const auto p = std::find_if(b.pairs.begin(), b.pairs.end(), [&](const BoardPair& x) { return x.system_a == a && x.system_b == bsys; });
    REQUIRE(p != b.pairs.end());
    REQUIRE(p->cluster);
    CHECK(test::close_rel(p->cluster->p, want.at("p").get<double>(), 1e-9));
    CHECK(test::close_rel(p->cluster->se, want.at("se").get<double>(), 1e-12));
    CHECK(test::close_rel(*p->cluster_p_holm, want.at("p_holm").get<double>(), 1e-9));
    CHECK(p->p_family == *p->cluster_p_holm);
    CHECK(p->significant == (*p->cluster_p_holm < o.alpha));
  }
  for (const auto& s : b.systems) {
    const auto& want = f.at("systems")[static_cast<std::size_t>(s.system[0] - 'A')];
    CHECK(test::close_rel(s.ci_low, want.at("ci")[0].get<double>(), 1e-10));
    CHECK(test::close_rel(s.ci_high, want.at("ci")[1].get<double>(), 1e-10));
  }
  // The report names the procedure, and warns that the resampling treats items as independent (and that 18 clusters are few).
  const auto j = leaderboard_json(r, o);
  CHECK(j["leaderboards"][0]["family_procedure"] == "cluster-holm");
  CHECK(j["leaderboards"][0]["clusters"] == 18);
  std::vector<std::string> codes;
  for (const auto& w : r.warnings) codes.push_back(w.code);
  CHECK(std::count(codes.begin(), codes.end(), "clustered_board") == 1);
  CHECK(std::count(codes.begin(), codes.end(), "few_clusters") == 1);
}

TEST_CASE("the same board without clusters is decided by the randomized Tukey test, and names no clusters", "[leaderboard][clustered]") {
  const auto& f = test::fixture("clustered.json").at("board");
  const LeaderboardOptions o{.resamples = 500, .bootstrap = 500};
  const auto r = leaderboard(board_series(f, false), "m", o);
  const Board& b = r.boards[0];
  CHECK(b.clusters == 0);
  for (const auto& p : b.pairs) {
    CHECK_FALSE(p.cluster);
    CHECK(p.p_family == p.p_tukey);
  }
  CHECK(leaderboard_json(r, o)["leaderboards"][0]["family_procedure"] == "randomized-tukey");
  CHECK_FALSE(leaderboard_json(r, o)["leaderboards"][0].contains("clusters"));
}

TEST_CASE("a board whose inputs disagree on an item's cluster, or where one names none, is refused naming both", "[leaderboard][clustered]") {
  const auto& f = test::fixture("clustered.json").at("board");
  auto series = board_series(f, true);
  series[2].clusters[7] = "elsewhere";
  CHECK_THROWS_WITH(leaderboard(series, "m", {}), Catch::Contains("query 'q7' is in cluster 'c1' for 'A' and in 'elsewhere' for 'C'"));
  series = board_series(f, true);
  series[1].clusters.clear();
  CHECK_THROWS_WITH(leaderboard(series, "m", {}), Catch::Contains("'B' names no clusters while other systems' inputs do"));
}
