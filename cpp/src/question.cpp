#include "pairpower/question.hpp"

#include <cmath>

#include "pairpower/errors.hpp"
#include "pairpower/formatting.hpp"

namespace pairpower {

std::string_view to_string(Question q) noexcept {
  switch (q) {
    case Question::difference: return "difference";
    case Question::equivalence: return "equivalence";
    case Question::non_inferiority: return "non_inferiority";
  }
  return "?";
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
