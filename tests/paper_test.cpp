#include "pairpower/paper.hpp"

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
