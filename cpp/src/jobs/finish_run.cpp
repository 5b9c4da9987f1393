#include "pairpower/jobs/finish_run.hpp"

#include <algorithm>
#include <stdexcept>

#include "pairpower/simulation/plan_work.hpp"
#include "pairpower/simulation/plan_warnings.hpp"

namespace pairpower {

FinishedRun finish_run(const PlanSpec& spec, const std::vector<CellResult>& cells, const std::vector<std::optional<double>>& analytic, bool complete) {
  if (!analytic.empty() && analytic.size() != cells.size()) throw std::invalid_argument("analytic: one value per cell, or none");
  FinishedRun out;
  const bool applies = paper_applies(spec.grid);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const CellResult& c = cells[i];
    const PaperValue* v = applies ? find_printed(c.model, c.test, c.n, c.delta, c.rho) : nullptr;
    if (!v) {
      out.checks.emplace_back();
      continue;
    }
    out.checks.push_back(PrintedBeside{v->power, v->section, check_printed(v->power, c.rejections, c.estimate.reps, analytic.empty() ? std::nullopt : analytic[i])});
  }
  const std::vector<CellResult> none;
  if (complete) out.answers = grid_answers(cells, spec.power, spec.grid.question.kind == Question::difference);
  std::erase_if(out.answers, [&](const GridAnswer& a) {
    const auto rhos = rhos_answered(spec.grid, a.model);
    return std::find(rhos.begin(), rhos.end(), a.rho) == rhos.end();
  });
  out.warnings = plan_warnings(spec, complete ? cells : none);
  out.pairs = simulated_pairs(spec.grid, cells);
  return out;
}

}  // namespace pairpower
