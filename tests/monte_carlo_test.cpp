#include "pairpower/simulation/monte_carlo.hpp"

#include <atomic>
#include <cmath>
#include <memory>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"

using namespace pairpower;

namespace {
const CellResult& find(const GridResult& r, ScoreModel m, std::size_t n, double delta, double rho, PairedTest t) {
  for (const auto& c : r.cells)
    if (c.model == m && c.n == n && c.delta == delta && c.rho == rho && c.test == t) return c;
  FAIL("cell not found");
  throw 0;
}

GridSpec mixed_grid() {
  GridSpec g;
  g.models = {ScoreModel::normal, ScoreModel::beta_copula, ScoreModel::unclipped};
  g.n = {20, 64, 65, 300};
  g.delta = {0.0, 0.02};
  g.rho = {0.5, 0.9};
  g.tests = {PairedTest::t, PairedTest::wilcoxon, PairedTest::sign};
  g.reps = 400;
  g.seed = 77;
  return g;
}
}  // namespace

TEST_CASE("rejections are identical with one and with two threads", "[monte_carlo]") {
  const GridSpec g = mixed_grid();
  RunOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const GridResult a = run_grid(g, one), b = run_grid(g, two);
  REQUIRE(a.cells.size() == 3 * 4 * 2 * 2 * 3);
  REQUIRE(a.cells.size() == b.cells.size());
  for (std::size_t i = 0; i < a.cells.size(); ++i) CHECK(a.cells[i].rejections == b.cells[i].rejections);
}

TEST_CASE("a cell's result is unchanged when other cells join the grid", "[monte_carlo]") {
  GridSpec alone;
  alone.models = {ScoreModel::beta_copula};
  alone.n = {65};
  alone.delta = {0.02};
  alone.rho = {0.9};
  alone.tests = {PairedTest::sign, PairedTest::t};
  alone.reps = 400;
  alone.seed = 77;
  const GridResult small = run_grid(alone);
  const GridResult big = run_grid(mixed_grid());
  for (const auto& c : small.cells) CHECK(c.rejections == find(big, c.model, c.n, c.delta, c.rho, c.test).rejections);
}

TEST_CASE("simulate_cell over disjoint replicate ranges adds up to the grid's counts", "[monte_carlo]") {
  const GridSpec g = mixed_grid();
  const GridResult r = run_grid(g);
  const CellSpec cell{Scenario{ScoreModel::normal, g.marginal, 0.02, 0.5}, 64, g.alpha, g.tests, g.seed};
  const auto first = simulate_cell(cell, 0, 123);
  const auto rest = simulate_cell(cell, 123, g.reps);
  for (std::size_t k = 0; k < g.tests.size(); ++k)
    CHECK(first[k] + rest[k] == find(r, ScoreModel::normal, 64, 0.02, 0.5, g.tests[k]).rejections);
}

TEST_CASE("simulate_group gives the grid's counts whatever the thread count and replicate split", "[monte_carlo]") {
  const GridSpec g = mixed_grid();
  const GridResult r = run_grid(g);
  const GroupSpec group{ScoreModel::beta_copula, 65, 0.9, g.marginal, g.delta, g.alpha, g.tests, g.seed};
  const auto whole = simulate_group(group, 0, g.reps, 1);
  const auto threaded = simulate_group(group, 0, g.reps, 3);
  auto split = simulate_group(group, 0, 150, 2);
  const auto rest = simulate_group(group, 150, g.reps, 1);
  for (std::size_t k = 0; k < split.size(); ++k) split[k] += rest[k];
  CHECK(whole == threaded);
  CHECK(whole == split);
  for (std::size_t d = 0; d < g.delta.size(); ++d)
    for (std::size_t k = 0; k < g.tests.size(); ++k)
      CHECK(whole[d * g.tests.size() + k] == find(r, ScoreModel::beta_copula, 65, g.delta[d], 0.9, g.tests[k]).rejections);
  CHECK_THROWS_WITH(simulate_group(GroupSpec{ScoreModel::normal, 1}, 0, 10), Catch::StartsWith("n"));
}

TEST_CASE("at delta = 0 the t and wilcoxon rejection rates lie between 0.04 and 0.06 at R = 20000 for every paper N",
          "[monte_carlo][calibration]") {
  GridSpec g;
  g.models = {ScoreModel::normal, ScoreModel::beta_copula};
  g.n = {50, 100, 200, 500, 1000};
  g.delta = {0.0};
  g.rho = {0.5, 0.8, 0.95};
  g.tests = {PairedTest::t, PairedTest::wilcoxon, PairedTest::sign};
  g.reps = 20000;
  g.seed = 2026;
  const GridResult r = run_grid(g);
  REQUIRE(r.cells.size() == 2 * 5 * 3 * 3);
  for (const auto& c : r.cells) {
    INFO(to_string(c.model) << " " << to_string(c.test) << " N = " << c.n << " rho = " << c.rho << ": " << c.estimate.power);
    if (c.test == PairedTest::sign) {
      // The sign test is discrete: its size is below α (0.0328 at N = 50), so it
      // is checked against its own exact size, within 4 Monte Carlo SEs.
      const boost::math::binomial_distribution<double> b(static_cast<double>(c.n), 0.5);
      double size = 0;
      for (std::size_t k = 0; 2 * k < c.n; ++k)
        if (2 * boost::math::cdf(b, static_cast<double>(k)) < g.alpha) size = 2 * boost::math::cdf(b, static_cast<double>(k));
      const double se = std::sqrt(size * (1 - size) / static_cast<double>(g.reps));
      CHECK(std::fabs(c.estimate.power - size) < 4 * se);
    } else {
      CHECK(c.estimate.power >= 0.04);
      CHECK(c.estimate.power <= 0.06);
    }
  }
}

TEST_CASE("monte carlo power of the unclipped normal model agrees with analytic power within 4 SE",
          "[monte_carlo][analytic]") {
  GridSpec g;
  g.models = {ScoreModel::unclipped};
  g.n = {10, 30, 100, 300};
  g.delta = {0.01, 0.02, 0.05};
  g.rho = {0.5, 0.8};
  g.tests = {PairedTest::t, PairedTest::wilcoxon, PairedTest::sign};
  g.reps = 20000;
  g.seed = 4242;
  const GridResult r = run_grid(g);
  int compared = 0;
  for (const auto& c : r.cells) {
    const PairedEffect e = PairedEffect::from_scores(c.delta, g.marginal.sd, c.rho);
    const double se = std::max(c.estimate.mc_se, 1.0 / static_cast<double>(g.reps));
    INFO(to_string(c.test) << " N = " << c.n << " delta = " << c.delta << " rho = " << c.rho << ": MC " << c.estimate.power);
    if (c.test == PairedTest::sign) {
      const double a = power_sign_test(c.n, e, g.alpha);  // exact for continuous D
      INFO("exact binomial " << a);
      CHECK(std::fabs(c.estimate.power - a) < 4 * se);
      ++compared;
    } else if (c.test == PairedTest::t) {
      const double a = power_paired_t(c.n, e, g.alpha);
      INFO("noncentral t " << a);
      CHECK(std::fabs(c.estimate.power - a) < 4 * se);
      ++compared;
    } else if (c.n >= 30) {
      // The moment method takes W₊ as normal. From N = 100 it is as good as
      // Monte Carlo can tell (4 SE); at N = 30 its own error is up to about
      // 0.015 (measured here), so that error is allowed for explicitly.
      const double a = power_wilcoxon_moments(c.n, e, g.alpha);
      const double approximation = c.n >= 100 ? 0.0 : 0.02;
      INFO("moments " << a);
      CHECK(std::fabs(c.estimate.power - a) < 4 * se + approximation);
      ++compared;
    }
  }
  CHECK(compared == 24 + 18 + 24);
}

TEST_CASE("progress reaches every cell and cancellation stops a run", "[monte_carlo]") {
  GridSpec g = mixed_grid();
  std::size_t calls = 0, last_cells = 0;
  std::uint64_t last_pairs = 0;
  bool monotone = true;
  RunOptions opt;
  opt.threads = 2;
  opt.on_progress = [&](const Progress& p) {
    ++calls;
    monotone = monotone && p.pairs_done >= last_pairs && p.cells_done >= last_cells;
    last_pairs = p.pairs_done;
    last_cells = p.cells_done;
    CHECK(p.cells_total == 3 * 4 * 2 * 2);
  };
  const GridResult r = run_grid(g, opt);
  CHECK(calls > 0);
  CHECK(monotone);
  CHECK(last_cells == 3 * 4 * 2 * 2);
  CHECK_FALSE(r.cancelled);

  std::atomic<bool> stop{true};
  RunOptions cancel;
  cancel.cancel = &stop;
  const GridResult c = run_grid(g, cancel);
  CHECK(c.cancelled);
  CHECK(c.cells.empty());

  // Cancel part-way: only finished cells are reported, each complete.
  std::atomic<bool> halfway{false};
  RunOptions partial;
  partial.threads = 1;
  partial.cancel = &halfway;
  partial.on_progress = [&](const Progress& p) {
    if (p.cells_done >= 4) halfway = true;
  };
  g.reps = 5000;
  const GridResult h = run_grid(g, partial);
  CHECK(h.cancelled);
  CHECK(!h.cells.empty());
  CHECK(h.cells.size() < 3 * 4 * 2 * 2 * 3);
  for (const auto& cell : h.cells) CHECK(cell.estimate.reps == 5000);
}

TEST_CASE("grid validation names the offending field", "[monte_carlo]") {
  GridSpec g;
  g.reps = 0;
  CHECK_THROWS_WITH(validate(g), Catch::StartsWith("reps"));
  g = GridSpec{};
  g.n = {1};
  CHECK_THROWS_WITH(validate(g), Catch::StartsWith("n"));
  g = GridSpec{};
  g.rho = {1.2};
  CHECK_THROWS_WITH(validate(g), Catch::StartsWith("rho"));
  g = GridSpec{};
  g.alpha = 0;
  CHECK_THROWS_WITH(validate(g), Catch::StartsWith("alpha"));
  g = GridSpec{};
  g.tests.clear();
  CHECK_THROWS_WITH(validate(g), Catch::StartsWith("tests"));
}

TEST_CASE("equivalence and non-inferiority power of every test under the clipped normal matches a numpy and scipy simulation of the model", "[monte_carlo]") {
  const auto& cases = test::fixture("questions.json").at("clipped_normal_mc");
  REQUIRE(cases.size() >= 4);
  for (const auto& c : cases) {
    GridSpec g;
    g.models = {ScoreModel::normal};
    g.n = {c["n"].get<std::size_t>()};
    g.delta = {c["delta"].get<double>()};
    g.rho = {c["rho"].get<double>()};
    g.marginal = {c["mean"].get<double>(), c["sd"].get<double>()};
    g.alpha = c["alpha"];
    g.tests = {PairedTest::t, PairedTest::wilcoxon, PairedTest::sign};
    g.question = {c["question"] == "equivalence" ? Question::equivalence : Question::non_inferiority, c["margin"].get<double>()};
    g.reps = 20000;
    g.seed = 4;
    const auto r = run_grid(g, RunOptions{.threads = 2, .on_progress = {}, .cancel = nullptr});
    const double their_reps = c["reps"];
    for (const auto& cell : r.cells) {
      const double theirs = c["power"][std::string(to_string(cell.test))];
      const double se = std::sqrt(theirs * (1 - theirs) / their_reps + cell.estimate.mc_se * cell.estimate.mc_se);
      INFO(c["question"] << " n " << g.n[0] << " δ " << g.delta[0] << " " << to_string(cell.test) << ": " << cell.estimate.power << " vs " << theirs);
      CHECK(std::fabs(cell.estimate.power - theirs) <= 4 * se + 1e-3);
    }
  }
}

TEST_CASE("the simulated TOST power of the t-test agrees with its closed form within 4 Monte Carlo SE", "[monte_carlo]") {
  GridSpec g;
  g.models = {ScoreModel::unclipped};
  g.n = {60, 250};
  g.delta = {0.0, 0.006};
  g.rho = {0.8};
  g.marginal = {0.5, 0.06};
  g.tests = {PairedTest::t};
  g.question = {Question::equivalence, 0.012};
  g.reps = 20000;
  const auto r = run_grid(g, RunOptions{.threads = 2, .on_progress = {}, .cancel = nullptr});
  for (const auto& c : r.cells) {
    const double a = power_paired_t_equivalence(c.n, PairedEffect::from_scores(c.delta, 0.06, 0.8), 0.012, g.alpha);
    INFO("n " << c.n << " δ " << c.delta << ": " << c.estimate.power << " vs " << a);
    CHECK(std::fabs(c.estimate.power - a) <= 4 * std::sqrt(a * (1 - a) / 20000) + 1e-9);
  }
}

TEST_CASE("a question with a one-sided alternative is refused, naming the alternative", "[monte_carlo]") {
  GridSpec g;
  g.question = {Question::non_inferiority, 0.01};
  g.alternative = Alternative::greater;
  try {
    validate(g);
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(e.field == "alternative");
  }
}

TEST_CASE("a beta copula group tabulates system A's shape, then system B's for each effect; other models none", "[monte_carlo]") {
  GroupSpec g;
  g.model = ScoreModel::beta_copula;
  g.marginal = {0.65, 0.12};
  g.deltas = {0.0, 0.05};
  const auto shapes = group_beta_shapes(g);
  REQUIRE(shapes.size() == 3);
  const auto same = [](BetaShape x, BetaShape y) { return x.a == y.a && x.b == y.b; };
  CHECK(same(shapes[0], beta_from_moments(0.65, 0.12)));
  CHECK(same(shapes[1], beta_from_moments(0.65, 0.12)));
  CHECK(same(shapes[2], beta_from_moments(0.65 + 0.05, 0.12)));  // μ + δ as the simulation adds it
  for (ScoreModel m : {ScoreModel::normal, ScoreModel::heavy_tailed, ScoreModel::binary}) {
    g.model = m;
    CHECK(group_beta_shapes(g).empty());
  }
}

TEST_CASE("a power estimate where every replicate rejected, or none did, carries the one-sided 95% Clopper-Pearson bound in place of an SE of 0", "[monte_carlo]") {
  using boost::math::binomial_distribution;
  for (std::uint64_t reps : {10u, 1000u, 2000u, 100000u}) {
    const auto all = make_estimate(reps, reps), none = make_estimate(0, reps);
    const double r = static_cast<double>(reps);
    CHECK(all.mc_se == 0);
    CHECK(none.mc_se == 0);
    CHECK_THAT(all.bound, Catch::Matchers::WithinRel(binomial_distribution<>::find_lower_bound_on_p(r, r, 0.05), 1e-12));
    CHECK_THAT(none.bound, Catch::Matchers::WithinRel(binomial_distribution<>::find_upper_bound_on_p(r, 0, 0.05), 1e-12));
  }
  // Anything between: the SE says the precision, and there is no bound.
  CHECK(std::isnan(make_estimate(1, 1000).bound));
  CHECK(std::isnan(make_estimate(999, 1000).bound));
}

TEST_CASE("a model's counts do not move with a setting it does not read: the binary model's SD, the pilot model's mean and SD", "[monte_carlo]") {
  GridSpec g;
  g.n = {40};
  g.delta = {0.05};
  g.rho = {0.5};
  g.reps = 300;
  g.tests = {PairedTest::t};
  const auto rejections = [&](ScoreModel m, double mean, double sd) {
    GridSpec x = g;
    x.models = {m};
    x.marginal.mean = mean;
    x.marginal.sd = sd;
    const GridResult r = run_grid(x);
    REQUIRE(r.cells.size() == 1);
    return r.cells.front().rejections;
  };
  CHECK(rejections(ScoreModel::binary, 0.6, 0.1) == rejections(ScoreModel::binary, 0.6, 0.2));
  g.params.pilot = std::make_shared<const std::vector<double>>(std::vector<double>{0.1, -0.05, 0.2, 0.0, -0.1, 0.15, 0.05, -0.02});
  CHECK(rejections(ScoreModel::pilot, 0.3, 0.1) == rejections(ScoreModel::pilot, 0.6, 0.2));
  // A setting the model reads still moves them: the binary model's success rate (four rates, not all one count).
  const auto first = rejections(ScoreModel::binary, 0.3, 0.1);
  bool moved = false;
  for (const double mean : {0.4, 0.5, 0.6}) moved = moved || rejections(ScoreModel::binary, mean, 0.1) != first;
  CHECK(moved);
}
