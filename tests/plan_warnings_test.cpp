// plan_warnings (warnings.hpp): the Plan's pilot model warns when its smallest N
// lies far beyond the pilot it resamples, and only then; a model that holds its
// scores to [0, 1] warns when B's mean, mean + δ, lies outside; a grid over
// several ρ with a model that does not read ρ says its cells there are one simulation.
#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/simulation/plan_warnings.hpp"

using namespace pairpower;

namespace {

// n differences alternating around 0 (0.02 ± 0.1): SD about 0.1.
std::shared_ptr<const std::vector<double>> pilot_of(std::size_t n) {
  std::vector<double> d(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = 0.02 + (i % 2 ? 0.1 : -0.1) * (1 + 0.1 * static_cast<double>(i % 3));
  return std::make_shared<const std::vector<double>>(std::move(d));
}

// The SD of the differences the pilot model draws: resampling with replacement, its divisor is n.
double resampled_sd(const std::vector<double>& d) {
  const double mean = std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(d.size());
  double ss = 0;
  for (double x : d) ss += (x - mean) * (x - mean);
  return std::sqrt(ss / static_cast<double>(d.size()));
}

PlanSpec pilot_plan(std::size_t pilot_n, std::vector<std::size_t> ns, std::vector<double> deltas) {
  PlanSpec s;
  s.grid.models = {ScoreModel::pilot};
  s.grid.n = std::move(ns);
  s.grid.delta = std::move(deltas);
  s.grid.rho = {0.5};
  s.grid.tests = {PairedTest::t};
  s.grid.params.pilot = pilot_of(pilot_n);
  s.power = 0.8;
  return s;
}

// A pilot-model cell of the t-test with the given power out of 1000 replicates.
CellResult cell(std::size_t n, double delta, double power) {
  const auto rejections = static_cast<std::uint64_t>(std::lround(power * 1000));
  return {ScoreModel::pilot, n, delta, 0.5, PairedTest::t, rejections, make_estimate(rejections, 1000)};
}

}  // namespace

TEST_CASE("a small pilot whose paired-t N is many times its size warns, naming the pilot, the N and the δ", "[warnings][plan]") {
  const PlanSpec s = pilot_plan(10, {100, 400}, {0, 0.01});
  const auto w = plan_warnings(s, {});
  REQUIRE(w.size() == 1);
  CHECK(w[0].code == "pilot_extrapolated");
  CHECK_THAT(w[0].message, Catch::Contains("a pilot of 10 queries") && Catch::Contains("at δ = 0.01") && Catch::Contains("closed form"));
  // The N it names is the paired t's: a little above the normal approximation ((z₀.₉₇₅ + z₀.₈) σ_d / δ)², computed here.
  const double sd = resampled_sd(*s.grid.params.pilot);
  const double normal_n = std::pow((1.959963984540054 + 0.8416212335729143) * sd / 0.01, 2);
  const auto at = w[0].message.find("about ") + 6;
  const std::string digits = w[0].message.substr(at, w[0].message.find(' ', at) - at);
  std::string plain;
  for (char c : digits)
    if (c != ',') plain += c;
  const double named = std::stod(plain);
  CHECK(named >= normal_n);
  CHECK(named <= normal_n + 5);
}

TEST_CASE("a pilot of similar size to the N it plans does not warn", "[warnings][plan]") {
  // σ_d ≈ 0.1, δ = 0.05: about 34 queries from a pilot of 30.
  CHECK(plan_warnings(pilot_plan(30, {20, 40, 80}, {0, 0.05}), {}).empty());
  CHECK(plan_warnings(pilot_plan(30, {20, 40, 80}, {0, 0.05}), {cell(20, 0.05, 0.5), cell(40, 0.05, 0.85), cell(80, 0.05, 0.99)}).empty());
}

TEST_CASE("the Monte Carlo answer of a run decides too: an N of the grid, or none of it, far beyond the pilot warns", "[warnings][plan]") {
  // δ = 0.1 with σ_d ≈ 0.1 needs about 10 queries by the closed form: below 5 × 8.
  const PlanSpec s = pilot_plan(8, {20, 60}, {0, 0.1});
  REQUIRE(plan_warnings(s, {}).empty());
  const auto reached = plan_warnings(s, {cell(20, 0, 0.05), cell(20, 0.1, 0.5), cell(60, 0, 0.05), cell(60, 0.1, 0.9)});
  REQUIRE(reached.size() == 1);
  CHECK_THAT(reached[0].message, Catch::Contains("about 60 queries by the Monte Carlo run") && Catch::Contains("a pilot of 8 queries"));
  const auto none = plan_warnings(s, {cell(20, 0.1, 0.5), cell(60, 0.1, 0.6)});
  REQUIRE(none.size() == 1);
  CHECK_THAT(none[0].message, Catch::Contains("more than 60 queries: no N of the grid reaches it"));
  CHECK(plan_warnings(s, {cell(20, 0.1, 0.85), cell(60, 0.1, 0.99)}).empty());
}

TEST_CASE("grids without the pilot model, and B's mean inside [0, 1], have no Plan warning", "[warnings][plan]") {
  PlanSpec s = pilot_plan(5, {1000}, {0.01});
  s.grid.models = {ScoreModel::normal};
  CHECK(plan_warnings(s, {}).empty());
}

namespace {
PlanSpec bounded_plan(std::vector<ScoreModel> models, double mean, std::vector<double> deltas) {
  PlanSpec s;
  s.grid.models = std::move(models);
  s.grid.n = {40};
  s.grid.delta = std::move(deltas);
  s.grid.rho = {0.5};
  s.grid.tests = {PairedTest::t};
  s.grid.marginal = {mean, 0.3};
  return s;
}
}  // namespace

namespace {
// E[clip to [0, 1] of N(m, s)] by Simpson's rule over ±12 SD: an integration independent of the core's closed form.
double clipped_mean_numeric(double m, double s) {
  const int steps = 40000;
  const double lo = m - 12 * s, h = 24 * s / steps;
  double sum = 0;
  for (int i = 0; i <= steps; ++i) {
    const double x = lo + i * h, z = (x - m) / s;
    const double f = std::clamp(x, 0.0, 1.0) * std::exp(-0.5 * z * z) / (s * std::sqrt(2 * M_PI));
    sum += f * (i == 0 || i == steps ? 1 : i % 2 ? 4 : 2);
  }
  return sum * h / 3;
}

// Every "about X at δ = D" of a message.
std::vector<std::pair<double, double>> stated(const std::string& message) {
  std::vector<std::pair<double, double>> out;
  for (std::size_t at = message.find("about "); at != std::string::npos; at = message.find("about ", at + 1)) {
    const double x = std::stod(message.substr(at + 6));
    const std::size_t d = message.find("δ = ", at);
    out.emplace_back(x, std::stod(message.substr(d + std::string("δ = ").size())));
  }
  return out;
}
}  // namespace

TEST_CASE("a clipped model whose mean difference misses δ by more than 10% warns once, stating the difference it simulates; the unclipped model and the paper's settings do not", "[warnings][plan]") {
  const auto w = plan_warnings(bounded_plan({ScoreModel::normal}, 0.95, {0.02, 0.1, 0.2}), {});
  REQUIRE(w.size() == 1);
  CHECK(w[0].code == "beyond_bounds");
  CHECK_THAT(w[0].message, Catch::StartsWith("Held to [0, 1], the scores do not carry the δ asked: the normal model (clipped) simulates a mean difference of about "));
  const auto said = stated(w[0].message);
  REQUIRE(said.size() == 3);  // δ = 0.02 too: mean + δ = 0.97 lies inside [0, 1], but a third of the scores are clipped
  for (const auto& [x, delta] : said) {
    INFO("δ = " << delta);
    // Four significant digits, against the numeric integral.
    CHECK(std::fabs(x - (clipped_mean_numeric(0.95 + delta, 0.3) - clipped_mean_numeric(0.95, 0.3))) < 1e-4);
    CHECK(x < 0.9 * delta);
  }
  // The heterogeneous model's B scores are wider (√(σ² + τ²)): the difference can even change sign.
  PlanSpec het = bounded_plan({ScoreModel::heterogeneous}, 0.95, {0.1});
  het.grid.params.tau = 0.5;
  const auto hw = plan_warnings(het, {});
  REQUIRE(hw.size() == 1);
  const auto hs = stated(hw[0].message);
  REQUIRE(hs.size() == 1);
  CHECK(std::fabs(hs[0].first - (clipped_mean_numeric(1.05, std::hypot(0.3, 0.5)) - clipped_mean_numeric(0.95, 0.3))) < 1e-4);
  CHECK(hs[0].first < 0);
  CHECK(plan_warnings(bounded_plan({ScoreModel::unclipped}, 0.95, {0.1, 0.2}), {}).empty());
  PlanSpec paper = bounded_plan({ScoreModel::normal, ScoreModel::beta_copula}, 0.65, {0.01, 0.02, 0.05, 0.1});
  paper.grid.marginal.sd = 0.12;
  CHECK(plan_warnings(paper, {}).empty());
}

TEST_CASE("the other bounded models warn where A's or B's mean lies outside what they hold, the Beta model's mean kept within 0.01 and 0.99", "[warnings][plan]") {
  // At mean 0.985: B's mean 1.005 at δ = 0.02 is outside both; 0.995 at δ = 0.01 only the Beta model's 0.99; 0.885 neither.
  const auto w = plan_warnings(bounded_plan({ScoreModel::lattice, ScoreModel::beta_copula}, 0.985, {-0.1, 0.01, 0.02}), {});
  REQUIRE(w.size() == 1);
  CHECK_THAT(w[0].message, Catch::Contains("the lattice model has A's or B's mean (mean, mean + δ) outside the [0, 1] it clips its scores to at δ = 0.02, "
                                           "which pulls its difference toward 0; the Beta model (copula) has A's or B's mean (mean, mean + δ) outside "
                                           "the [0.01, 0.99] it holds its mean to at δ = 0.01 and δ = 0.02, which pulls its difference toward 0."));
  // A's mean alone outside: the Beta model's 0.995, whatever δ.
  CHECK_THAT(plan_warnings(bounded_plan({ScoreModel::beta_copula}, 0.995, {-0.5}), {}).at(0).message, Catch::Contains("at δ = -0.5,"));
  // A's mean outside too: mean 1.2 with δ = −0.3 puts B inside but A above 1.
  PlanSpec a_out = bounded_plan({ScoreModel::heavy_tailed}, 1.2, {-0.3});
  CHECK(plan_warnings(a_out, {}).size() == 1);
  CHECK(plan_warnings(bounded_plan({ScoreModel::lattice}, 0.5, {0.1, -0.1}), {}).empty());
}

TEST_CASE("what the bound warning says holds: clipped at 1, B's scores give the paired t less power than the unclipped normal model's at the same δ", "[warnings][plan]") {
  // At mean 0.95 and δ = 0.1 the clipped model's difference is smaller than δ; the unclipped one simulates δ itself.
  GridSpec g = bounded_plan({ScoreModel::normal, ScoreModel::unclipped}, 0.95, {0.1}).grid;
  g.reps = 4000;
  g.seed = 3;
  const auto r = run_grid(g);
  REQUIRE(r.cells.size() == 2);
  const auto& clipped = r.cells[0].model == ScoreModel::normal ? r.cells[0] : r.cells[1];
  const auto& free = r.cells[0].model == ScoreModel::normal ? r.cells[1] : r.cells[0];
  // More than 6 combined Monte Carlo SEs apart (about 0.37 against 0.54 at R = 4000, SEs about 0.008).
  const double se = std::hypot(clipped.estimate.mc_se, free.estimate.mc_se);
  CHECK(free.estimate.power - clipped.estimate.power > 6 * se);
}

TEST_CASE("a grid over several rho with the pilot model runs one simulation at every rho and says so; one rho, or models that read rho, do not warn", "[warnings][plan]") {
  PlanSpec s = pilot_plan(40, {30}, {0.02});
  s.grid.rho = {0.2, 0.8};
  s.grid.reps = 400;
  s.grid.models = {ScoreModel::pilot, ScoreModel::unclipped};
  const GridResult r = run_grid(s.grid);
  const auto at = [&](ScoreModel m, double rho) {
    const auto c = std::find_if(r.cells.begin(), r.cells.end(), [&](const CellResult& x) { return x.model == m && x.rho == rho; });
    REQUIRE(c != r.cells.end());
    return c->rejections;
  };
  // The pilot model's cells are one simulation: equal counts, not counts that differ by Monte Carlo noise.
  CHECK(at(ScoreModel::pilot, 0.2) == at(ScoreModel::pilot, 0.8));
  // A model that reads ρ still simulates each ρ: the normal model's σ_d = σ√(2(1−ρ)) shrinks with ρ, its power rises.
  CHECK(at(ScoreModel::unclipped, 0.2) < at(ScoreModel::unclipped, 0.8));
  const auto w = plan_warnings(s, r.cells);
  const auto it = std::find_if(w.begin(), w.end(), [](const Warning& x) { return x.code == "rho_ignored"; });
  REQUIRE(it != w.end());
  CHECK_THAT(it->message, Catch::Contains("does not read ρ") && Catch::Contains("its Monte Carlo and analytic powers at ρ = 0.2 and 0.8 are equal by construction") &&
                               Catch::Contains("its smallest N is given once, for any ρ"));
  const auto warns = [](const PlanSpec& p) {
    const auto v = plan_warnings(p, {});
    return std::any_of(v.begin(), v.end(), [](const Warning& x) { return x.code == "rho_ignored"; });
  };
  s.grid.rho = {0.5};
  CHECK_FALSE(warns(s));
  s.grid.rho = {0.2, 0.8};
  s.grid.models = {ScoreModel::unclipped};
  CHECK_FALSE(warns(s));
}
