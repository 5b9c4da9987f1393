#pragma once
// Why one comparison's answers, or a set of comparisons tested together, may
// not be trusted (the codes: base/warnings.hpp).
#include <optional>
#include <vector>

#include "pairpower/base/warnings.hpp"

namespace pairpower {

struct PairedSample;
struct Comparison;
struct CompareOptions;

/// Everything that qualifies one comparison's answers.
std::vector<Warning> comparison_warnings(const PairedSample& s, const Comparison& c, const CompareOptions& o);

/// Whether a comparison's verdict rests on a Monte Carlo randomization p (a difference, neither binary nor
/// clustered, with too many differences for the exact test).
bool rests_on_sign_flips(const Comparison& c) noexcept;

/// Of comparisons tested together (their p-values Holm-adjusted), when those whose verdicts rest on a Monte
/// Carlo randomization p have too few sign flips for any of them to be significant after Holm: said once, for the set.
std::optional<Warning> resample_floor_warning(const std::vector<Comparison>& comparisons, const CompareOptions& o);

/// When the intervals' confidence is not 1 − α: a verdict asks both for p below α and for its interval to
/// clear 0 (or the minimum effect), so at other levels the two can disagree. Said once, for the set.
std::optional<Warning> interval_level_warning(const CompareOptions& o);

}  // namespace pairpower
