#include "pairpower/simulation/grid_answer.hpp"

#include <algorithm>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/stats/question.hpp"

namespace pairpower {

std::vector<GridAnswer> grid_answers(const std::vector<CellResult>& cells, double target, bool difference) {
  if (!(target > 0 && target < 1)) throw Error("power", ErrorKind::invalid_value, "must lie strictly between 0 and 1", format_csv(target));
  std::vector<GridAnswer> out;
  std::vector<std::size_t> largest;  // the N each answer's estimate is at while none reaches the target
  for (const auto& c : cells) {
    if (asks_no_n(difference ? Question::difference : Question::equivalence, c.delta)) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const GridAnswer& a) {
      return a.model == c.model && a.test == c.test && a.delta == c.delta && a.rho == c.rho;
    });
    if (it == out.end()) {
      out.push_back({c.model, c.test, c.delta, c.rho, std::nullopt, c.estimate});
      largest.push_back(c.n);
      it = out.end() - 1;
      if (c.estimate.power >= target) it->n = c.n;
      continue;
    }
    auto& seen = largest[static_cast<std::size_t>(it - out.begin())];
    const bool reaches = c.estimate.power >= target;
    if (reaches && (!it->n || c.n < *it->n)) {
      it->n = c.n;
      it->estimate = c.estimate;
    } else if (!it->n && c.n > seen) {
      it->estimate = c.estimate;
    }
    seen = std::max(seen, c.n);
  }
  return out;
}

std::vector<double> rhos_answered(const GridSpec& g, ScoreModel m) {
  if (model_reads_rho(m) || g.rho.empty()) return g.rho;
  return {g.rho.front()};
}

}  // namespace pairpower
