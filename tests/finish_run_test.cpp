// The end of a Plan run (jobs/finish_run): the paper's values beside the cells
// it prints, the Monte Carlo answer of a complete run, and its warnings, in one call.
#include "pairpower/jobs/finish_run.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

using namespace pairpower;

namespace {
CellResult cell(const PaperValue& v, std::uint64_t rejections) {
  return {v.model, v.n, v.delta, v.rho, v.test, rejections, make_estimate(rejections, paper_reps)};
}
}  // namespace

TEST_CASE("a finished run sets the paper's printed value beside each cell it prints, flagged by check_printed", "[finish_run]") {
  const PaperValue& v = paper_printed_values()[0];
  const auto near = static_cast<std::uint64_t>(std::llround(v.power * paper_reps));
  // A cell the paper does not print: an N off its grid.
  CellResult off = cell(v, near);
  off.n = 7;
  const auto done = finish_run(preset("paper").spec, {cell(v, near), off, cell(v, near > 500 ? 0 : 1000)}, {}, true);
  REQUIRE(done.checks.size() == 3);
  REQUIRE(done.checks[0]);
  CHECK(done.checks[0]->printed == v.power);
  CHECK(done.checks[0]->section == v.section);
  CHECK_FALSE(done.checks[0]->check.off_ours);
  CHECK_FALSE(done.checks[1]);
  REQUIRE(done.checks[2]);
  CHECK(done.checks[2]->check.off_ours);  // 0 or 1000 rejections of 1000, far from the printed value
}

TEST_CASE("the paper's values stay out of a run asking another question than the two-sided difference", "[finish_run]") {
  const PaperValue& v = paper_printed_values()[0];
  PlanSpec spec = preset("paper").spec;
  spec.grid.question = {Question::equivalence, 0.01};
  const auto done = finish_run(spec, {cell(v, 500)}, {}, true);
  REQUIRE(done.checks.size() == 1);
  CHECK_FALSE(done.checks[0]);
}

TEST_CASE("the paper's values stay out of a run on scores of another mean or SD, or at another alpha", "[finish_run]") {
  const PaperValue& v = paper_printed_values()[0];
  const PlanSpec paper = preset("paper").spec;
  REQUIRE(finish_run(paper, {cell(v, 500)}, {}, true).checks.at(0));
  for (const auto& change : {+[](GridSpec& g) { g.marginal.mean = 0.3; }, +[](GridSpec& g) { g.marginal.sd = 0.5; }, +[](GridSpec& g) { g.alpha = 0.01; }}) {
    PlanSpec spec = paper;
    change(spec.grid);
    const auto done = finish_run(spec, {cell(v, 500)}, {}, true);
    REQUIRE(done.checks.size() == 1);
    CHECK_FALSE(done.checks[0]);
  }
}

TEST_CASE("only a complete run gets the Monte Carlo answer, the one grid_answers gives at the spec's power", "[finish_run]") {
  const PlanSpec spec = preset("paper").spec;
  std::vector<CellResult> cells;
  for (const auto& v : paper_printed_values()) cells.push_back(cell(v, static_cast<std::uint64_t>(std::llround(v.power * paper_reps))));
  const auto expected = grid_answers(cells, spec.power, true);
  const auto done = finish_run(spec, cells, {}, true);
  REQUIRE(done.answers.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(done.answers[i].n == expected[i].n);
    CHECK(done.answers[i].estimate.power == expected[i].estimate.power);
  }
  CHECK(finish_run(spec, cells, {}, false).answers.empty());
  CHECK_THROWS_AS(finish_run(spec, cells, {0.5}, true), std::invalid_argument);
}

TEST_CASE("a finished run answers once per δ for a model that ignores ρ, at the grid's first ρ", "[finish_run]") {
  PlanSpec spec = preset("paper").spec;
  spec.grid.models = {ScoreModel::pilot, ScoreModel::normal};
  spec.grid.rho = {0.8, 0.3};
  std::vector<CellResult> cells;
  for (const auto m : spec.grid.models)
    for (const double rho : spec.grid.rho)
      cells.push_back({m, 500, 0.02, rho, PairedTest::t, 900, make_estimate(900, 1000)});
  const auto done = finish_run(spec, cells, {}, true);
  REQUIRE(done.answers.size() == 3);
  CHECK(done.answers[0].model == ScoreModel::pilot);
  CHECK(done.answers[0].rho == 0.8);
  CHECK(done.answers[1].model == ScoreModel::normal);
  CHECK(done.answers[2].model == ScoreModel::normal);
  CHECK(done.answers[2].rho == 0.3);
}
