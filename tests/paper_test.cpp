#include "pairpower/registry/paper.hpp"

#include <cmath>

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
const GridResult& paper_run() {
  // Ten times the paper's replicates, so our own error is small beside its.
  static const GridResult r = [] {
    GridSpec g = paper_grid(10000, 20261121);
    return run_grid(g);
  }();
  return r;
}
}  // namespace

TEST_CASE("every value printed in the paper lies within 4 combined Monte Carlo SEs of ours", "[paper]") {
  const GridResult& r = paper_run();
  std::size_t matched = 0;
  for (const PaperValue& v : paper_printed_values()) {
    const CellResult* ours = nullptr;
    for (const auto& c : r.cells)
      if (c.model == v.model && c.test == v.test && c.n == v.n && c.delta == v.delta && c.rho == v.rho) ours = &c;
    REQUIRE(ours != nullptr);
    // SE of a difference of two binomial proportions (ours, R = 10000; the
    // paper's, R = 1000) at our estimate, kept off 0 and 1; plus the paper's
    // rounding to three decimals.
    const double reps = static_cast<double>(ours->estimate.reps);
    const double p = (static_cast<double>(ours->rejections) + 0.5) / (reps + 1);
    const double se = std::sqrt(p * (1 - p) * (1 / reps + 1.0 / paper_reps));
    INFO("§" << v.section << " " << to_string(v.model) << " " << to_string(v.test) << " N = " << v.n << " delta = " << v.delta
             << " rho = " << v.rho << ": paper " << v.power << ", ours " << ours->estimate.power << " ± " << ours->estimate.mc_se);
    CHECK(std::fabs(ours->estimate.power - v.power) <= 4 * se + 0.0005);
    ++matched;
  }
  CHECK(matched == paper_printed_values().size());
}

TEST_CASE("the paper grid has 150 cells per test and the paper's parameters", "[paper]") {
  const GridSpec g = paper_grid(1000, 1);
  CHECK(g.models.size() * g.n.size() * g.delta.size() * g.rho.size() == 150);
  CHECK(g.marginal.mean == 0.65);
  CHECK(g.marginal.sd == 0.12);
  CHECK(g.alpha == 0.05);
}

TEST_CASE("a printed value is flagged only when it is far from ours or from the analytic value", "[paper]") {
  // Printed 0.134 beside ours 131/1000 and analytic 0.1309: close to both.
  const auto near = check_printed(0.134, 131, 1000, 0.1309);
  CHECK_FALSE(near.off_ours);
  CHECK_FALSE(near.off_analytic);
  const auto far = check_printed(0.25, 131, 1000, 0.1309);
  CHECK(far.off_ours);
  CHECK(far.off_analytic);
  // Our estimate of exactly 1 still has a nonzero SE: 0.999 printed is not flagged.
  CHECK_FALSE(check_printed(0.999, 1000, 1000, 0.9993).off_ours);
  // Without an analytic value only our estimate is compared.
  CHECK_FALSE(check_printed(0.25, 131, 1000, std::nullopt).off_analytic);
}

TEST_CASE("find_printed finds the paper's cells and nothing else", "[paper]") {
  const auto* v = find_printed(ScoreModel::normal, PairedTest::t, 100, 0.01, 0.5);
  REQUIRE(v != nullptr);
  CHECK(v->power == 0.134);
  CHECK(std::string(v->section) == "4.2");
  CHECK(find_printed(ScoreModel::unclipped, PairedTest::t, 100, 0.01, 0.5) == nullptr);
}
