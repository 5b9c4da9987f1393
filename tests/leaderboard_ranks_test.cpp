// Rank sets (simultaneous, from the tiers' family-wise tests) and exact ties on
// lattice measures.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "support/boards.hpp"
#include "pairpower/leaderboard/board_resampling.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/leaderboard/letter_display.hpp"
#include "pairpower/input/score_input.hpp"

using namespace pairpower;

using test::name;
using test::pair_of;
using test::series_of;
using test::system_of;

namespace {

bool share_letter(const std::string& a, const std::string& b) {
  return std::any_of(a.begin(), a.end(), [&](char ch) { return b.find(ch) != std::string::npos; });
}

// Every system's rank set recounted from the board's own pairwise decisions.
void check_rank_sets(const Board& b, bool higher_is_better = true) {
  for (const auto& s : b.systems) {
    std::size_t better = 0, worse = 0;
    for (const auto& o : b.systems) {
      if (o.system == s.system || !pair_of(b, s.system, o.system).significant) continue;
      ((o.mean > s.mean) == higher_is_better ? better : worse) += 1;
    }
    INFO(s.system << ": rank set " << s.rank_set_low << "–" << s.rank_set_high);
    CHECK(s.rank_set_low == 1 + better);
    CHECK(s.rank_set_high == b.k - worse);
    CHECK(s.rank_set_low <= s.rank);
    CHECK(s.rank <= s.rank_set_high);
  }
  for (const auto& p : b.pairs) {
    const auto &a = system_of(b, p.system_a), &c = system_of(b, p.system_b);
    if (!share_letter(a.tier, c.tier)) continue;
    INFO(a.system << " (" << a.tier << ") and " << c.system << " (" << c.tier << ") share a tier");
    CHECK(std::max(a.rank_set_low, c.rank_set_low) <= std::min(a.rank_set_high, c.rank_set_high));
  }
}

}  // namespace

TEST_CASE("a rank set runs from 1 + the systems significantly better to k − those significantly worse, and systems sharing a tier have overlapping sets",
          "[leaderboard]") {
  for (const auto& c : test::fixture("leaderboard.json").at("boards")) {
    if (c.at("k").get<int>() > 8) continue;
    const auto r = leaderboard(series_of(c.at("scores")), "m", {.resamples = 2000, .bootstrap = 500});
    check_rank_sets(r.boards.at(0));
  }
}

TEST_CASE("on 500 random boards, systems sharing a tier letter have overlapping rank sets, and each set holds the observed rank", "[leaderboard]") {
  std::mt19937_64 rng(99);
  std::normal_distribution<double> z;
  std::uniform_int_distribution<std::size_t> systems(2, 9), queries(5, 40);
  std::uniform_real_distribution<double> spread(0, 0.3);
  for (int rep = 0; rep < 500; ++rep) {
    const std::size_t k = systems(rng), n = queries(rng);
    const double d = spread(rng);
    BoardMatrix b(k, n);
    for (std::size_t q = 0; q < n; ++q)
      for (std::size_t i = 0; i < k; ++i) b.at(i, q) = d * static_cast<double>(i % 4) + 0.2 * z(rng);
    const auto tukey = randomized_tukey(b, {.resamples = 199, .seed = static_cast<std::uint64_t>(rep)});
    const auto differ = [&](std::size_t i, std::size_t j) { return tukey.p(i, j) < 0.05; };
    const auto means = b.system_means();
    const auto ranks = ranks_by_mean(means, true);
    std::vector<std::size_t> order(k);
    for (std::size_t i = 0; i < k; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return ranks[x] < ranks[y]; });
    const auto tiers = letter_display(order, differ);
    const auto sets = rank_sets(means, differ, true);
    for (std::size_t i = 0; i < k; ++i) {
      CHECK(sets[i].low <= ranks[i]);
      CHECK(ranks[i] <= sets[i].high);
      for (std::size_t j = i + 1; j < k; ++j) {
        if (!share_letter(tiers[i], tiers[j])) continue;
        INFO("board " << rep << ": systems " << i << " (" << tiers[i] << ") and " << j << " (" << tiers[j] << ")");
        CHECK(std::max(sets[i].low, sets[j].low) <= std::min(sets[i].high, sets[j].high));
      }
    }
  }
}

TEST_CASE("simultaneous rank sets hold every system's true rank in at least 1 − α of simulated boards", "[leaderboard]") {
  // Five systems on queries of varying difficulty: all tied in truth (where the
  // family-wise error is exactly α), and two pairs tied with a system between
  // them. The board's decisions (randomized Tukey HSD) and its rank-set rule, as
  // leaderboard() wires them (held above by recounting its output).
  const double alpha = 0.05;
  const std::size_t n = 40, boards = 2000;
  for (const std::vector<double>& truth : {std::vector<double>{0.5, 0.5, 0.5, 0.5, 0.5}, std::vector<double>{0.50, 0.50, 0.56, 0.62, 0.62}}) {
    const std::size_t k = truth.size();
    std::mt19937_64 rng(20240601);
    std::normal_distribution<double> z;
    std::size_t covered = 0, informative = 0;
    for (std::size_t rep = 0; rep < boards; ++rep) {
      BoardMatrix b(k, n);
      for (std::size_t q = 0; q < n; ++q) {
        const double query = 0.15 * z(rng);
        for (std::size_t i = 0; i < k; ++i) b.at(i, q) = truth[i] + query + 0.1 * z(rng);
      }
      const auto tukey = randomized_tukey(b, {.resamples = 499, .seed = rep + 1});
      const auto sets = rank_sets(b.system_means(), [&](std::size_t i, std::size_t j) { return tukey.p(i, j) < alpha; }, true);
      bool all = true, narrow = false;
      for (std::size_t i = 0; i < k; ++i) {
        // The true rank of a system tied in truth is every rank its tie spans.
        std::size_t above = 0, at_or_above = 0;
        for (std::size_t x = 0; x < k; ++x) {
          above += truth[x] > truth[i];
          at_or_above += truth[x] >= truth[i];
        }
        all = all && sets[i].low <= 1 + above && at_or_above <= sets[i].high;
        narrow = narrow || sets[i].high - sets[i].low + 1 < k;
      }
      covered += all;
      informative += narrow;
    }
    const double coverage = static_cast<double>(covered) / boards;
    const double se = std::sqrt((1 - alpha) * alpha / boards);
    INFO("true means " << truth[0] << " … " << truth[k - 1] << ": coverage " << coverage << " over " << boards << " boards (Monte Carlo SE " << se
                       << "); informative on " << informative);
    CHECK(coverage >= 1 - alpha - 3 * se);
    // Where systems differ in truth, not the trivial [1, k] everywhere: most boards separate some.
    if (truth.front() != truth.back()) CHECK(informative > boards / 2);
  }
}

TEST_CASE("equal sums on a P@10 lattice tie everywhere: shared rank, Δ = 0, every p = 1, one tier, one rank set", "[leaderboard]") {
  // P@10-like scores; "copy" is "base" listed again under another name, and
  // "reversed" holds base's scores in the opposite query order (the same sum,
  // which float sums in the two orders miss by a last bit).
  const std::size_t n = 30;
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> tenths(0, 10);
  std::vector<double> base(n), other(n), weak(n);
  for (std::size_t q = 0; q < n; ++q) {
    base[q] = tenths(rng) / 10.0;
    other[q] = std::min(10, tenths(rng) + 1) / 10.0;
    weak[q] = std::max(0, tenths(rng) - 4) / 10.0;
  }
  std::vector<double> reversed(base.rbegin(), base.rend());
  double forward = 0, backward = 0;
  for (std::size_t q = 0; q < n; ++q) {
    forward += base[q];
    backward += reversed[q];
  }
  REQUIRE(forward != backward);  // the data exercise the float trap
  const auto series = series_of({other, base, weak, base, reversed}, {"other", "base", "weak", "copy", "reversed"});
  for (const bool higher : {true, false}) {
    const auto r = leaderboard(series, "m", {.resamples = 2000, .bootstrap = 2000, .higher_is_better = higher});
    const Board& b = r.boards.at(0);
    const auto &s = system_of(b, "base"), &c = system_of(b, "copy"), &v = system_of(b, "reversed");
    for (const auto* t : {&c, &v}) {
      INFO(t->system << " against base, higher is better: " << higher);
      CHECK(t->mean == s.mean);
      CHECK(t->rank == s.rank);
      CHECK(t->tier == s.tier);
      CHECK(t->rank_set_low == s.rank_set_low);
      CHECK(t->rank_set_high == s.rank_set_high);
      CHECK(t->tied_with_best == s.tied_with_best);
      const auto& p = pair_of(b, "base", t->system);
      CHECK(p.delta == 0.0);
      CHECK(p.p == 1.0);
      CHECK(p.p_holm == 1.0);
      CHECK(p.p_tukey == 1.0);
      CHECK(p.p_tukey_hsd == 1.0);
      CHECK_FALSE(p.significant);
      CHECK(p.ci_low <= 0.0);
      CHECK(0.0 <= p.ci_high);
      // Against every other system the three are one: the same Δ and family-wise p.
      for (const char* o : {"other", "weak"}) {
        CHECK(std::fabs(pair_of(b, t->system, o).delta) == std::fabs(pair_of(b, "base", o).delta));
        CHECK(pair_of(b, t->system, o).p_tukey == pair_of(b, "base", o).p_tukey);
      }
    }
    // A duplicate resamples exactly as its original.
    CHECK(c.rank_marginal_low == s.rank_marginal_low);
    CHECK(c.rank_marginal_high == s.rank_marginal_high);
    CHECK(pair_of(b, "base", "copy").ci_low == 0.0);
    CHECK(pair_of(b, "base", "copy").ci_high == 0.0);
    // Next to a system of equal mean there is nothing to separate.
    for (std::size_t x = 0; x + 1 < b.systems.size(); ++x)
      if (b.systems[x].mean == b.systems[x + 1].mean) CHECK_FALSE(b.systems[x].n_to_separate_next);
    check_rank_sets(b, higher);
  }
}

TEST_CASE("a board detects the lattice its scores lie on, and none for scores with many digits", "[leaderboard]") {
  BoardMatrix b(2, 3);
  const double p10[] = {0.3, 0.7, 1.0, 0.1, 0.0, 0.9};
  for (std::size_t i = 0; i < 6; ++i) b.at(i / 3, i % 3) = p10[i];
  CHECK(b.lattice() == 10);
  b.at(0, 0) = 1.0 / 3;
  CHECK(b.lattice() == 30);
  b.at(0, 0) = 0.4101;  // trec_eval's four decimals
  CHECK(b.lattice() == 10000);
  b.at(0, 0) = 0.41013579246;
  CHECK(b.lattice() == 0);
  b.at(0, 0) = 0.1 + 0.2;  // arithmetic noise on a P@10 value is still the lattice
  CHECK(b.lattice() == 10);
  b.at(0, 0) = 0.5000000001;  // ten digits are data, not noise
  CHECK(b.lattice() == 0);
  b.at(0, 0) = 1e-17;  // a tiny score is never read as 0
  CHECK(b.lattice() == 0);
  const auto sums = b.exact_sums();
  CHECK(sums.unit == 1);
  CHECK(sums.mean(1) == Approx((0.1 + 0.0 + 0.9) / 3));
}

TEST_CASE("on six public TREC 2003 Robust runs, the two systems of tier c get overlapping rank sets where their marginal intervals do not",
          "[leaderboard]") {
  // trec_eval -q -m map outputs (tests/fixtures/real/robust03/PROVENANCE.md), read as the CLI reads one file per run.
  std::vector<ScoreSeries> series;
  for (const char* run : {"pircRBa1", "aplrob03a", "uwmtCR0", "UIUC03Rd1", "SABIR03BASE", "rutcor03100"}) {
    std::ifstream in(std::string(PAIRPOWER_FIXTURES_DIR) + "/real/robust03/" + run + ".txt", std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    for (auto& s : parse_scores(text.str(), InputFormat::auto_detect, run).series) series.push_back(std::move(s));
  }
  const LeaderboardOptions o{};  // the CLI's defaults
  const Board b = leaderboard(series, "map", o).boards.at(0);
  REQUIRE(b.k == 6);
  REQUIRE(b.n == 100);
  const auto &u = system_of(b, "UIUC03Rd1"), &s = system_of(b, "SABIR03BASE");
  CHECK(u.rank == 4);
  CHECK(s.rank == 5);
  CHECK(u.tier.find('c') != std::string::npos);
  CHECK(s.tier.find('c') != std::string::npos);
  CHECK_FALSE(pair_of(b, "UIUC03Rd1", "SABIR03BASE").significant);
  // Each marginal bootstrap interval alone pins its rank down: 4–4 and 5–5.
  CHECK(u.rank_marginal_low == 4);
  CHECK(u.rank_marginal_high == 4);
  CHECK(s.rank_marginal_low == 5);
  CHECK(s.rank_marginal_high == 5);
  // The rank sets leave both ranks open to both.
  CHECK(u.rank_set_low <= 4);
  CHECK(u.rank_set_high >= 5);
  CHECK(s.rank_set_low <= 4);
  CHECK(s.rank_set_high >= 5);
  check_rank_sets(b);
}
