#include "pairpower/base/errors.hpp"

#include <utility>

namespace pairpower {

std::string_view to_string(ErrorKind k) noexcept {
  switch (k) {
    case ErrorKind::invalid_value: return "invalid_value";
    case ErrorKind::not_in_input: return "not_in_input";
    case ErrorKind::not_per_query: return "not_per_query";
    case ErrorKind::choose_one: return "choose_one";
    case ErrorKind::ambiguous_format: return "ambiguous_format";
    case ErrorKind::malformed_input: return "malformed_input";
    case ErrorKind::unmatched_ids: return "unmatched_ids";
    case ErrorKind::not_enough_data: return "not_enough_data";
  }
  return "?";
}

Error::Error(std::string f, ErrorKind k, std::string d, std::string v)
    : std::invalid_argument(f == "scores" || f.empty() ? d : f + ": " + d), field(std::move(f)), kind(k), detail(std::move(d)), value(std::move(v)) {}

Error with_clause(const Error& e, std::string_view clause) {
  Error out(e.field, e.kind, e.detail + "; " + std::string(clause), e.value);
  out.choices = e.choices;
  return out;
}

InputError::InputError(std::string what, ErrorKind k) : Error("scores", k, std::move(what)) {}

}  // namespace pairpower
