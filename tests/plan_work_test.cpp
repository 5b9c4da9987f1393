#include "pairpower/simulation/plan_work.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/registry/paper.hpp"

using namespace pairpower;

TEST_CASE("the paper's grid simulates 55.5 million pairs at R = 1000", "[plan_work]") {
  CHECK(grid_pairs(paper_grid(1000, 1)) == 55'500'000);
}

TEST_CASE("work units cover every replicate of every group exactly once, larger N first", "[plan_work]") {
  const GridSpec g = paper_grid(1000, 1);
  const auto groups = grid_groups(g);
  REQUIRE(groups.size() == 2 * 5 * 3);
  for (std::uint64_t per_unit : {1ULL, 50'000ULL, 250'000ULL, 1'000'000'000ULL}) {
    const auto units = plan_units(groups, 1000, per_unit);
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      std::uint64_t next = 0;
      for (const auto& u : units)
        if (u.group == gi) {
          CHECK(u.rep_begin == next);
          CHECK(u.pairs == (u.rep_end - u.rep_begin) * groups[gi].n * groups[gi].deltas.size());
          next = u.rep_end;
        }
      CHECK(next == 1000);
    }
    for (std::size_t i = 1; i < units.size(); ++i) CHECK(groups[units[i - 1].group].n >= groups[units[i].group].n);
  }
}

TEST_CASE("a group's counts become its cells in delta-major order with binomial SEs", "[plan_work]") {
  GroupSpec g;
  g.n = 50;
  g.rho = 0.8;
  g.deltas = {0, 0.02};
  g.tests = {PairedTest::t, PairedTest::wilcoxon};
  const std::vector<std::uint64_t> counts{5, 6, 40, 38};
  const auto cells = group_cells(g, counts, 100);
  REQUIRE(cells.size() == 4);
  CHECK((cells[0].delta == 0 && cells[0].test == PairedTest::t && cells[0].rejections == 5));
  CHECK((cells[1].delta == 0 && cells[1].test == PairedTest::wilcoxon && cells[1].rejections == 6));
  CHECK((cells[2].delta == 0.02 && cells[2].test == PairedTest::t && cells[2].rejections == 40));
  CHECK((cells[3].delta == 0.02 && cells[3].test == PairedTest::wilcoxon && cells[3].rejections == 38));
  CHECK(cells[2].estimate.mc_se == Approx(std::sqrt(0.4 * 0.6 / 100)).epsilon(1e-15));
  CHECK_THROWS_AS(group_cells(g, std::vector<std::uint64_t>{1, 2, 3}, 100), Error);
}

TEST_CASE("a spec read back from its JSON is the same spec", "[plan_work]") {
  for (const auto& p : presets()) {
    const auto back = plan_spec_from_json(nlohmann::json::parse(to_json(p.spec).dump()));
    CHECK(to_json(back) == to_json(p.spec));
  }
  auto bad = nlohmann::json::parse(to_json(preset("quick").spec).dump());
  bad["models"] = {"gamma"};
  CHECK_THROWS_AS(plan_spec_from_json(bad), Error);
}

TEST_CASE("a spec's question and margin are read back: the margin is kept for the difference and asked for the others", "[plan_work]") {
  auto j = nlohmann::json::parse(to_json(preset("quick").spec).dump());
  CHECK(j["question"] == "difference");
  CHECK(j["margin"] == default_plan_margin);
  j["margin"] = 0.03;
  auto s = plan_spec_from_json(j);
  CHECK(s.grid.question.kind == Question::difference);
  CHECK(s.margin == 0.03);
  CHECK(to_json(s)["margin"] == 0.03);
  j["question"] = "equivalence";
  s = plan_spec_from_json(j);
  CHECK(s.grid.question.kind == Question::equivalence);
  CHECK(s.grid.question.margin == 0.03);
  CHECK(grid_groups(s.grid).front().question.margin == 0.03);
  for (auto [key, value] : {std::pair{"question", nlohmann::json("sideways")}, std::pair{"margin", nlohmann::json(0.0)}}) {
    auto bad = j;
    bad[key] = value;
    try {
      plan_spec_from_json(bad);
      FAIL("accepted " << key);
    } catch (const Error& e) {
      CHECK(e.field == key);
    }
  }
  // A one-sided alternative with a question is refused by the grid's validation.
  j["alternative"] = "greater";
  CHECK_THROWS_AS(plan_spec_from_json(j), Error);
}

TEST_CASE("a model that does not read rho is simulated once per N, its cells standing at every rho as one run per rho would give them", "[plan_work]") {
  GridSpec g;
  g.n = {30, 60};
  g.delta = {0, 0.05};
  g.rho = {0.2, 0.5, 0.8};
  g.reps = 200;
  g.tests = {PairedTest::t, PairedTest::wilcoxon};
  g.params.pilot = std::make_shared<const std::vector<double>>(std::vector<double>{0.1, -0.05, 0.2, 0.0, -0.1, 0.15, 0.05, -0.02, 0.12, -0.01});
  // Each model alone, each ρ alone: one group per (model, n, ρ), as before any sharing.
  const auto alone = [&](ScoreModel m, double r) {
    GridSpec one = g;
    one.models = {m};
    one.rho = {r};
    return run_grid(one).cells;
  };
  for (const auto& models : {std::vector{ScoreModel::pilot, ScoreModel::normal}, std::vector{ScoreModel::normal, ScoreModel::pilot}}) {
    g.models = models;
    const std::size_t pilot_at = models.front() == ScoreModel::pilot ? 0 : 6;
    const auto groups = grid_groups(g);
    REQUIRE(groups.size() == 2 + 2 * 3);
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const bool shared = i >= pilot_at && i < pilot_at + 2;
      CHECK(groups[i].model == (shared ? ScoreModel::pilot : ScoreModel::normal));
      CHECK(cell_rhos(groups[i]) == (shared ? g.rho : std::vector<double>{groups[i].rho}));
    }
    CHECK(grid_pairs(g) == (30 + 60) * 2 * (1 + 3) * 200);

    Progress last{};
    RunOptions opt;
    opt.on_progress = [&](const Progress& p) { last = p; };
    const GridResult all = run_grid(g, opt);
    CHECK(all.pairs == grid_pairs(g));
    CHECK(simulated_pairs(g, all.cells) == grid_pairs(g));
    CHECK((last.cells_done == last.cells_total && last.cells_total == 2 * 2 * 2 * 3));
    CHECK((last.pairs_done == last.pairs_total && last.pairs_total == grid_pairs(g)));
    // The documented nesting, models × n × δ × ρ × tests, every cell once, with the counts of its model and ρ alone.
    std::size_t i = 0;
    REQUIRE(all.cells.size() == 2 * 2 * 2 * 3 * 2);
    for (ScoreModel m : g.models)
      for (std::size_t n : g.n)
        for (double d : g.delta)
          for (double r : g.rho)
            for (PairedTest t : g.tests) {
              const CellResult& c = all.cells[i++];
              CHECK((c.model == m && c.n == n && c.delta == d && c.rho == r && c.test == t));
              const auto own = alone(m, r);
              const auto same = std::find_if(own.begin(), own.end(), [&](const CellResult& x) { return x.n == n && x.delta == d && x.test == t; });
              REQUIRE(same != own.end());
              CHECK(c.rejections == same->rejections);
            }
    // The page's way: a group's counts become its cells at each ρ it stands at, δ × ρ × tests.
    const GroupSpec& shared = groups[pilot_at];
    const auto cells = group_cells(shared, simulate_group(shared, 0, g.reps), g.reps);
    REQUIRE(cells.size() == 2 * 3 * 2);
    const std::size_t first_cell = pilot_at == 0 ? 0 : 24;
    for (std::size_t k = 0; k < cells.size(); ++k) {
      CHECK(cells[k].rho == g.rho[(k / 2) % 3]);
      CHECK(cells[k].rejections == all.cells[first_cell + k].rejections);
    }
  }
  // Only a model that does not read ρ may stand at several.
  GroupSpec normal;
  normal.rhos = {0.2, 0.5};
  CHECK_THROWS_AS(group_cells(normal, std::vector<std::uint64_t>(normal.deltas.size() * normal.tests.size(), 0), 10), Error);
}
