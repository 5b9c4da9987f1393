// The Monte Carlo answer of a simulated grid: the smallest N of the grid whose
// Monte Carlo power reaches the target, for every model, test, δ and ρ.
#include "pairpower/simulation/grid_answer.hpp"

#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"

using namespace pairpower;

namespace {
CellResult cell(ScoreModel m, std::size_t n, double delta, PairedTest t, std::uint64_t rejections) {
  return {m, n, delta, 0.5, t, rejections, make_estimate(rejections, 1000)};
}
}  // namespace

TEST_CASE("the smallest N of the grid reaching the target is each model's and test's answer", "[grid_answer]") {
  const auto cn = ScoreModel::normal, beta = ScoreModel::beta_copula;
  const std::vector<CellResult> cells = {
      // Cells arrive in any order (the workers finish groups in any order).
      cell(cn, 500, 0.01, PairedTest::t, 850), cell(cn, 100, 0.01, PairedTest::t, 300), cell(cn, 200, 0.01, PairedTest::t, 800),
      cell(beta, 100, 0.01, PairedTest::t, 200), cell(beta, 500, 0.01, PairedTest::t, 700), cell(beta, 200, 0.01, PairedTest::t, 450),
      cell(cn, 100, 0.0, PairedTest::t, 50), cell(cn, 500, 0.0, PairedTest::t, 51),
  };
  const auto a = grid_answers(cells, 0.8, true);
  REQUIRE(a.size() == 2);  // δ = 0 is the type I error for a difference, not an answer
  CHECK(a[0].model == cn);
  REQUIRE(a[0].n);
  CHECK(*a[0].n == 200);  // 0.800 reaches 0.8; 500 reaches it too but is larger
  CHECK(a[0].estimate.power == 0.8);
  CHECK(a[1].model == beta);
  CHECK_FALSE(a[1].n);  // 0.2, 0.45, 0.7: no N of the grid reaches 0.8
  CHECK(a[1].estimate.power == 0.7);  // … and the estimate is the largest N's
  // For equivalence, δ = 0 is the usual planning case and is answered.
  CHECK(grid_answers(cells, 0.8, false).size() == 3);
  CHECK_THROWS_AS(grid_answers(cells, 1.0, true), Error);
}
