#include "pairpower/simulation/plan_work.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/base/errors.hpp"

namespace pairpower {

std::vector<WorkUnit> plan_units(const std::vector<GroupSpec>& groups, std::uint64_t reps, std::uint64_t pairs_per_unit) {
  std::vector<std::size_t> order(groups.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return groups[a].n > groups[b].n; });
  std::vector<WorkUnit> units;
  for (std::size_t g : order) {
    const std::uint64_t per_rep = static_cast<std::uint64_t>(groups[g].n) * groups[g].deltas.size();
    const std::uint64_t step = std::max<std::uint64_t>(1, pairs_per_unit / std::max<std::uint64_t>(1, per_rep));
    for (std::uint64_t r = 0; r < reps; r += step) {
      const std::uint64_t end = std::min(reps, r + step);
      units.push_back({g, r, end, (end - r) * per_rep});
    }
  }
  return units;
}

std::vector<CellResult> group_cells(const GroupSpec& g, std::span<const std::uint64_t> counts, std::uint64_t reps) {
  if (counts.size() != g.deltas.size() * g.tests.size()) throw Error("counts", ErrorKind::invalid_value, "must hold one count per δ and test");
  if (!g.rhos.empty() && model_reads_rho(g.model)) throw Error("rhos", ErrorKind::invalid_value, "only a model that does not read ρ stands at several ρ");
  std::vector<CellResult> cells;
  const std::vector<double> rhos = cell_rhos(g);
  for (std::size_t d = 0; d < g.deltas.size(); ++d)
    for (double rho : rhos)
      for (std::size_t k = 0; k < g.tests.size(); ++k) {
        const std::uint64_t rejections = counts[d * g.tests.size() + k];
        cells.push_back({g.model, g.n, g.deltas[d], rho, g.tests[k], rejections, make_estimate(rejections, reps)});
      }
  return cells;
}

std::uint64_t grid_pairs(const GridSpec& g) {
  std::uint64_t pairs = 0;
  for (const GroupSpec& group : grid_groups(g)) pairs += static_cast<std::uint64_t>(group.n) * group.deltas.size() * g.reps;
  return pairs;
}

std::uint64_t simulated_pairs(const GridSpec& g, std::span<const CellResult> cells) {
  std::uint64_t pairs = 0;
  for (const CellResult& c : cells)
    if (c.test == g.tests.front() && (model_reads_rho(c.model) || g.rho.empty() || c.rho == g.rho.front()))
      pairs += static_cast<std::uint64_t>(c.n) * c.estimate.reps;
  return pairs;
}

double analytic_for_cell(const GridSpec& g, const CellResult& c) {
  const ModelAnalytic offered = model_analytic(c.model);
  if (offered == ModelAnalytic::none || (offered == ModelAnalytic::t_only && c.test != PairedTest::t)) return std::nan("");
  const auto sd_diff = model_sd_diff(Scenario{c.model, g.marginal, c.delta, c.rho, g.params});
  if (!sd_diff || !(*sd_diff > 0)) return std::nan("");
  const PairedEffect e = PairedEffect::from_sd_diff(c.delta, *sd_diff);
  switch (c.test) {
#define PAIRPOWER_PAIRED_TEST(en, id, label, short_label, method, solvable) \
  case PairedTest::en: return question_power(PowerMethod::method, c.n, e, g.alpha, g.alternative, g.question).value_or(std::nan(""));
#include "pairpower/registry/paired_tests.def"
#undef PAIRPOWER_PAIRED_TEST
  }
  return std::nan("");
}

namespace {

template <class T>
std::vector<T> list_of(const nlohmann::json& j, const char* field) {
  if (!j.contains(field) || !j[field].is_array()) throw Error(field, ErrorKind::invalid_value, "must be a list");
  try {
    return j[field].get<std::vector<T>>();
  } catch (const nlohmann::json::exception&) {
    throw Error(field, ErrorKind::invalid_value, "must be a list of numbers");
  }
}

double number_of(const nlohmann::json& j, const char* field) {
  if (!j.contains(field) || !j[field].is_number()) throw Error(field, ErrorKind::invalid_value, "must be a number");
  return j[field].get<double>();
}

// A whole number within the field's bounds, checked before it is cast.
std::uint64_t count_of(const nlohmann::json& j, const char* field) {
  const double v = number_of(j, field);
  const Bounds& b = plan_field(field).bounds;
  if (!(std::floor(v) == v && b.contains(v))) throw Error(field, ErrorKind::invalid_value, "must be a whole number from " + std::to_string(static_cast<std::uint64_t>(b.min)));
  return static_cast<std::uint64_t>(v);
}

template <class E, class F>
std::vector<E> names_of(const nlohmann::json& j, const char* field, F from_string) {
  std::vector<E> out;
  for (const auto& name : list_of<std::string>(j, field)) {
    const auto v = from_string(name);
    if (!v) throw Error(field, ErrorKind::invalid_value, "'" + name + "' is not known");
    out.push_back(*v);
  }
  return out;
}

}  // namespace

PlanSpec plan_spec_from_json(const nlohmann::json& j) {
  PlanSpec s;
  s.grid.n = list_of<std::size_t>(j, "n");
  s.grid.delta = list_of<double>(j, "delta");
  s.grid.rho = list_of<double>(j, "rho");
  s.grid.models = names_of<ScoreModel>(j, "models", score_model_from_string);
  s.grid.marginal = {number_of(j, "mean"), number_of(j, "sd")};
  // The models' own parameters: optional (a spec written before they existed keeps the defaults).
  if (j.contains("tau")) s.grid.params.tau = number_of(j, "tau");
  if (j.contains("df")) s.grid.params.df = number_of(j, "df");
  if (j.contains("zero_share")) s.grid.params.zero_share = number_of(j, "zero_share");
  if (j.contains("levels")) s.grid.params.levels = static_cast<unsigned>(count_of(j, "levels"));
  if (j.contains("alternative")) {
    const auto alt = j["alternative"].is_string() ? alternative_from_string(j["alternative"].get<std::string>()) : std::nullopt;
    if (!alt) throw Error("alternative", ErrorKind::invalid_value, "must be two-sided, greater or less");
    s.grid.alternative = *alt;
  }
  // The question and its margin: optional (a spec written before them asks for a difference).
  if (j.contains("margin")) s.margin = number_of(j, "margin");
  if (!plan_field("margin").bounds.contains(s.margin)) throw Error("margin", ErrorKind::invalid_value, plan_field("margin").rule);
  if (j.contains("question")) {
    const std::string id = j["question"].is_string() ? j["question"].get<std::string>() : "";
    const auto q = question_from_string(id);
    if (!q) throw Error("question", ErrorKind::invalid_value, "must be difference, equivalence or non_inferiority", id);
    if (*q != Question::difference) s.grid.question = {*q, s.margin};
  }
  if (j.contains("pilot")) {
    auto pilot = list_of<double>(j, "pilot");
    if (pilot.size() > limits().input_bytes) throw Error("pilot", ErrorKind::invalid_value, "too many pilot values");
    s.grid.params.pilot = std::make_shared<const std::vector<double>>(std::move(pilot));
  }
  s.grid.alpha = number_of(j, "alpha");
  s.grid.tests = names_of<PairedTest>(j, "tests", paired_test_from_string);
  s.grid.reps = count_of(j, "reps");
  s.grid.seed = count_of(j, "seed");
  s.power = number_of(j, "power");
  if (!plan_field("power").bounds.contains(s.power)) throw Error("power", ErrorKind::invalid_value, plan_field("power").rule);
  check_plan_rules(s);
  validate(s.grid);
  return s;
}

}  // namespace pairpower
