#include "pairpower/simulation/plan_export.hpp"

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/base/warnings.hpp"
#include "pairpower/registry/paper.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/simulation/plan_warnings.hpp"

using namespace pairpower;

namespace {
// A one-cell grid of the paper's (normal, N = 100, δ = 0.01, ρ = 0.5) with its two tests, finished out of order.
struct Run {
  PlanSpec spec;
  std::vector<CellResult> cells;
};
Run small_run() {

  const PlanSpec spec = preset("paper").spec;
  GridSpec small = spec.grid;
  small.n = {100};
  small.rho = {0.5};
  small.delta = {0.01};
  small.models = {ScoreModel::normal};
  small.reps = 1000;
  const std::vector<CellResult> cells{{ScoreModel::normal, 100, 0.01, 0.5, PairedTest::wilcoxon, 120, make_estimate(120, 1000)},
                                      {ScoreModel::normal, 100, 0.01, 0.5, PairedTest::t, 131, make_estimate(131, 1000)}};
  return {PlanSpec{small, 0.8}, cells};
}
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}
}  // namespace

TEST_CASE("the run's JSON carries the settings, the seed and one row per cell in the spec's order", "[plan_export]") {
  const Run r = small_run();
  const auto j = simulation_json(r.spec, r.cells, RunInfo{"test", 1, 0.5, false});
  CHECK(j["settings"]["n"] == nlohmann::ordered_json::array({100}));
  CHECK(j["settings"]["models"] == nlohmann::ordered_json::array({"normal"}));
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

TEST_CASE("the run's CSV has the JSON's columns plus the paper's printed value, rows in the spec's order", "[plan_export]") {
  const Run r = small_run();
  const auto lines = lines_of(simulation_csv(r.spec, r.cells));
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "model,n,delta,rho,test,reps,rejections,power,mc_se,power_bound,analytic_power,paper");
  CHECK(lines[1].starts_with("normal,100,0.01,0.5,t,1000,131,0.131,0.0106695"));
  // The paper prints 0.134 for this cell (§4.2).
  const PaperValue* printed = find_printed(ScoreModel::normal, PairedTest::t, 100, 0.01, 0.5);
  REQUIRE(printed != nullptr);
  const std::string paper_value = nlohmann::json(printed->power).dump();
  CHECK(lines[1].substr(lines[1].rfind(',') + 1) == paper_value);
  CHECK(lines[2].starts_with("normal,100,0.01,0.5,wilcoxon,1000,120,0.12,"));
}

TEST_CASE("the run's Markdown has a headline and one table row per cell to three decimals", "[plan_export]") {
  const Run r = small_run();
  const auto lines = lines_of(simulation_markdown(r.spec, r.cells));
  REQUIRE(lines.size() == 2 + 2 + 2);
  CHECK(lines[0].starts_with("Power by Monte Carlo (pairpower): 1000 replicates per cell, seed 1, α = 0.05"));
  CHECK(lines[4].starts_with("| normal | 100 | 0.01 | 0.5 | t | 0.131 | 0.011 | 0.131 | "));
}

TEST_CASE("the paper's printed values stand beside a run that asks what the paper answered only", "[plan_export]") {
  const Run r = small_run();
  // The CSV's last field and the Markdown's last cell hold the paper's value; the paper prints the t-test's.
  const auto paper_field = [](const std::string& csv) {
    const auto l = lines_of(csv);
    return l.at(1).substr(l.at(1).rfind(',') + 1);
  };
  const auto t_row = [](const std::string& md) {
    for (const auto& line : lines_of(md))
      if (line.find(" | t | ") != std::string::npos) return line;
    return std::string();
  };
  CHECK(paper_applies(r.spec.grid));
  CHECK_FALSE(paper_field(simulation_csv(r.spec, r.cells)).empty());
  CHECK_FALSE(t_row(simulation_markdown(r.spec, r.cells)).ends_with("|  |"));
  for (const auto& [q, alt] : {std::pair{PlanQuestion{Question::equivalence, 0.02}, Alternative::two_sided},
                               std::pair{PlanQuestion{Question::non_inferiority, 0.02}, Alternative::two_sided},
                               std::pair{PlanQuestion{}, Alternative::greater}}) {
    PlanSpec s = r.spec;
    s.grid.question = q;
    s.grid.alternative = alt;
    CHECK_FALSE(paper_applies(s.grid));
    CHECK(paper_field(simulation_csv(s, r.cells)).empty());
    CHECK(t_row(simulation_markdown(s, r.cells)).ends_with("|  |"));
  }
  // Scores of another mean or SD, or another α, have other powers at the same N, δ and ρ.
  const auto other = [&](auto change) {
    PlanSpec s = r.spec;
    change(s.grid);
    return s;
  };
  for (const PlanSpec& s : {other([](GridSpec& g) { g.marginal.mean = 0.3; }), other([](GridSpec& g) { g.marginal.sd = 0.5; }),
                            other([](GridSpec& g) { g.alpha = 0.01; })}) {
    CHECK_FALSE(paper_applies(s.grid));
    CHECK(paper_field(simulation_csv(s, r.cells)).empty());
    CHECK(t_row(simulation_markdown(s, r.cells)).ends_with("|  |"));
  }
}

TEST_CASE("a run's headline names only the score settings its models read: mean and SD, a binary model's success rate, a pilot's size", "[plan_export]") {
  GridSpec g;
  g.marginal = {0.6, 0.2};
  g.models = {ScoreModel::normal};
  CHECK(marginal_words(g) == ", mean 0.6, SD 0.2");
  g.models = {ScoreModel::binary};
  CHECK(marginal_words(g) == ", A's success rate 0.6");
  g.models = {ScoreModel::pilot};
  g.params.pilot = std::make_shared<const std::vector<double>>(std::vector<double>{0.1, -0.05, 0.2});
  CHECK(marginal_words(g) == ", a pilot of 3 differences");
  g.models = {ScoreModel::binary, ScoreModel::pilot, ScoreModel::beta_copula};
  CHECK(marginal_words(g) == ", mean 0.6, SD 0.2, a pilot of 3 differences");
  g.models = {ScoreModel::binary};
  CHECK_THAT(simulation_markdown(PlanSpec{g, 0.8}, {}), Catch::StartsWith("Power by Monte Carlo (pairpower): 1000 replicates per cell, seed 1, α = 0.05, A's success rate 0.6.\n"));
}

TEST_CASE("a run's Markdown lists the plan's warnings under its table, and a run without any has no caveats", "[plan_export]") {
  GridSpec g;
  g.models = {ScoreModel::normal};
  g.n = {40};
  g.delta = {0.1};
  g.rho = {0.5};
  g.marginal = {0.95, 0.3};
  const PlanSpec clipped{g, 0.8};
  const auto w = plan_warnings(clipped, {});
  REQUIRE(w.size() == 1);
  CHECK_THAT(simulation_markdown(clipped, {}), Catch::EndsWith("\n**Caveats**\n\n- ⚠ " + w[0].message + "\n"));
  g.marginal = {0.65, 0.12};
  CHECK_THAT(simulation_markdown(PlanSpec{g, 0.8}, {}), !Catch::Contains("Caveats"));
}

TEST_CASE("a cell where every replicate rejected carries its bound in every export, and the others none", "[plan_export]") {
  Run r = small_run();
  r.cells[1] = {ScoreModel::normal, 100, 0.01, 0.5, PairedTest::t, 1000, make_estimate(1000, 1000)};
  const auto j = simulation_json(r.spec, r.cells, RunInfo{"test", 1, 0.5, false});
  // Clopper–Pearson at 95%, one-sided, with all 1000 of 1000: R 4.2 binom.test(1000, 1000, alternative = "greater") gives 0.9970088.
  CHECK(j["results"][0]["power_bound"].get<double>() == Approx(0.9970088).margin(1e-7));
  CHECK(j["results"][1]["power_bound"].is_null());
  const auto csv = lines_of(simulation_csv(r.spec, r.cells));
  CHECK(csv[1].starts_with("normal,100,0.01,0.5,t,1000,1000,1.0,0.0,0.99700"));
  CHECK(csv[2].starts_with("normal,100,0.01,0.5,wilcoxon,1000,120,0.12,0.0102761"));
  const auto field = [](const std::string& line, std::size_t k) {
    std::vector<std::string> f(1);
    for (char ch : line)
      if (ch == ',') f.emplace_back();
      else f.back().push_back(ch);
    return f.at(k);
  };
  CHECK(field(csv[0], 9) == "power_bound");
  CHECK(field(csv[1], 9).starts_with("0.99700"));
  CHECK(field(csv[2], 9).empty());
  const std::string md = simulation_markdown(r.spec, r.cells);
  CHECK(md.find("| 1.000 | ≥0.9970 |") != std::string::npos);
  CHECK(md.find("with 95% confidence (one-sided Clopper–Pearson)") != std::string::npos);
  CHECK(simulation_markdown(small_run().spec, small_run().cells).find("Clopper") == std::string::npos);
}

TEST_CASE("the note under a table with bounds names the replicates and the confidence, and the page's label carries the confidence inline", "[plan_export]") {
  Run r = small_run();
  CHECK(mc_bound_note(r.cells).empty());
  r.cells[0].estimate = make_estimate(0, 1000);
  const std::string note = mc_bound_note(r.cells);
  CHECK_THAT(note, Catch::StartsWith("≥ / ≤ mark a bound: every one of the 1000 replicates rejected (or none did), so the SE is 0"));
  CHECK_THAT(note, Catch::EndsWith("with 95% confidence (one-sided Clopper–Pearson)."));
  // The Markdown export writes the same sentence as the CLI's tables.
  CHECK(simulation_markdown(r.spec, r.cells).find(note) != std::string::npos);
  // None of 1000 rejected: R 4.2 binom.test(0, 1000, alternative = "less") gives 0.002991215, written rounded up.
  CHECK(mc_bound_label(r.cells[0].estimate) == "≤0.0030 (95%)");
  CHECK(mc_bound_label(r.cells[1].estimate).empty());
}
