#include "pairpower/stats/question.hpp"

#include <cmath>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"

namespace pairpower {

std::string_view to_string(Question q) noexcept {
  switch (q) {
    case Question::difference: return "difference";
    case Question::equivalence: return "equivalence";
    case Question::non_inferiority: return "non_inferiority";
  }
  return "?";
}

std::string_view mde_heading(Question q) noexcept {
  switch (q) {
    case Question::difference: return "Minimum detectable effect";
    case Question::equivalence: return "Largest |δ| still shown equivalent";
    case Question::non_inferiority: return "Smallest δ shown non-inferior";
  }
  return "?";
}

std::string_view claim_template(Question q) noexcept {
  switch (q) {
    case Question::difference: return "";
    case Question::equivalence: return "equivalence within ±{margin}";
    case Question::non_inferiority: return "non-inferiority at margin {margin}";
  }
  return "";
}

std::string claim_words(Question q, std::string_view margin) {
  std::string out(claim_template(q));
  if (const auto at = out.find("{margin}"); at != std::string::npos) out.replace(at, 8, margin);
  return out;
}

std::optional<Question> question_from_string(std::string_view s) noexcept {
  for (Question q : {Question::difference, Question::equivalence, Question::non_inferiority})
    if (s == to_string(q)) return q;
  return std::nullopt;
}

void validate(const PlanQuestion& q, Alternative alt) {
  validate(q);
  if (q.kind != Question::difference && alt != Alternative::two_sided)
    throw Error("alternative", ErrorKind::invalid_value, "applies to the difference question; equivalence and non-inferiority fix their own sides",
                std::string(to_string(alt)));
}

void validate(const PlanQuestion& q) {
  if (q.kind == Question::difference) {
    if (q.margin != 0) throw std::logic_error("a margin without an equivalence or non-inferiority question");
    return;
  }
  if (!(std::isfinite(q.margin) && q.margin > 0 && q.margin <= 1e6))
    throw Error(std::string(to_string(q.kind)), ErrorKind::invalid_value, "the margin must be a number > 0 (and at most 1e6)", format_csv(q.margin));
}

}  // namespace pairpower
