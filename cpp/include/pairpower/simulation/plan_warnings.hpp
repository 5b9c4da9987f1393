#pragma once
// Why a Plan's answers may not be trusted (the codes: base/warnings.hpp).
#include <vector>

#include "pairpower/base/warnings.hpp"

namespace pairpower {

struct PlanSpec;
struct CellResult;

/// Everything that qualifies a Plan's answers (plan_warnings.cpp, apart so that the
/// small Plan build links no Analyze code). A model bounded to [0, 1] (bounded_to_unit)
/// whose scores do not carry some δ of the grid. With the pilot model: its smallest N
/// for the target power — the paired t's closed form at each δ, and, from `cells`
/// of a finished run, the smallest N of the grid (beyond its largest N when none
/// reaches the target) — more than pilot_extrapolation_factor times the pilot's
/// size. `cells` may be empty (before a run, or a cancelled one).
std::vector<Warning> plan_warnings(const PlanSpec& spec, const std::vector<CellResult>& cells);

}  // namespace pairpower
