#pragma once
// The question a paired comparison asks of Δ = mean(s_B − s_A):
//  - difference: is Δ ≠ 0 (or > 0, < 0: see alternative.hpp);
//  - equivalence: is |Δ| < M? Two one-sided tests at α (TOST, Schuirmann 1987):
//    reject both H₀: Δ ≤ −M (on d + M, "greater") and H₀: Δ ≥ +M (on d − M, "less");
//  - non-inferiority: is B worse than A by less than M? One test at α of
//    H₀: Δ ≤ −M (on d + M, "greater"); "worse" is a lower score.
// Any paired test can be used in either role; the power of the t-test has a
// closed form for both (analytic_power.hpp).
//
// Example:
//   pairpower::PlanQuestion q{pairpower::Question::equivalence, 0.01};
//   double p = pairpower::power_paired_t_equivalence(400, {0.0, 0.05}, q.margin, 0.05);
#include <optional>
#include <string>
#include <string_view>

#include "pairpower/stats/alternative.hpp"

namespace pairpower {

enum class Question { difference, equivalence, non_inferiority };
std::string_view to_string(Question q) noexcept;
std::optional<Question> question_from_string(std::string_view s) noexcept;

/// The heading of what the MDE solver answers for a question: "Minimum detectable effect",
/// "Largest |δ| still shown equivalent" or "Smallest δ shown non-inferior".
std::string_view mde_heading(Question q) noexcept;

/// What a question's claim is called, with its margin written as the caller writes numbers:
/// "equivalence within ±0.02", "non-inferiority at margin 0.02"; "" for the difference question.
/// The registry gives the page the same words with "{margin}" in the margin's place (claim_template).
std::string claim_words(Question q, std::string_view margin);
/// claim_words with "{margin}" for the margin.
std::string_view claim_template(Question q) noexcept;

/// A difference question asks no sample size at δ = 0 (there is nothing to detect); equivalence
/// and non-inferiority do (δ = 0 is their usual planning case).
constexpr bool asks_no_n(Question q, double delta) noexcept { return q == Question::difference && delta == 0; }

/// The margin a Plan starts with (the form's, the presets').
inline constexpr double default_plan_margin = 0.01;

/// A question with its margin M (0 for the difference question).
struct PlanQuestion {
  Question kind = Question::difference;
  double margin = 0;
};

/// Throws Error naming "equivalence" or "non_inferiority" unless the margin is finite and > 0
/// (and 0 for the difference question).
void validate(const PlanQuestion& q);
/// As above, and a question fixes its own one-sided tests: with one, the alternative must
/// stay two-sided (else Error naming "alternative").
void validate(const PlanQuestion& q, Alternative alt);

}  // namespace pairpower
