#include "pairpower/plan_work.hpp"

#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "pairpower/errors.hpp"
#include "pairpower/paper.hpp"

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

TEST_CASE("the run's JSON carries the settings, the seed and one row per cell in the spec's order", "[plan_work]") {
  const PlanSpec spec = preset("paper").spec;
  GridSpec small = spec.grid;
  small.n = {100};
  small.rho = {0.5};
  small.delta = {0.01};
  small.models = {ScoreModel::clipped_normal};
  small.reps = 1000;
  const std::vector<CellResult> cells{{ScoreModel::clipped_normal, 100, 0.01, 0.5, PairedTest::wilcoxon, 120, make_estimate(120, 1000)},
                                      {ScoreModel::clipped_normal, 100, 0.01, 0.5, PairedTest::t, 131, make_estimate(131, 1000)}};
  const auto j = simulation_json(PlanSpec{small, 0.8}, cells, RunInfo{"test", 1, 0.5, false});
  CHECK(j["settings"]["n"] == nlohmann::json::array({100}));
  CHECK(j["settings"]["models"] == nlohmann::json::array({"normal"}));
  CHECK(j["settings"]["power"] == 0.8);
  CHECK(j["seed"] == 1);
  CHECK(j["alpha"] == 0.05);
  REQUIRE(j["results"].size() == 2);
  CHECK(j["results"][0]["test"] == "t");
  CHECK(j["results"][1]["test"] == "wilcoxon");
  CHECK(j["results"][0]["rejections"] == 131);
  CHECK(j["results"][0]["reps"] == 1000);
  // The analytic value of the cell (paired t, σ_d = 0.12): R's power.t.test gives 0.1309.
  CHECK(j["results"][0]["analytic_power"].get<double>() == Approx(0.1309).margin(5e-5));
  CHECK(j["pairs"] == 100 * 1000);
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
