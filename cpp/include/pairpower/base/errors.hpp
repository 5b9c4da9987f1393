#pragma once
// Typed errors: the core says which field is wrong, what kind of wrong and the
// offending value; each front end phrases it in its own terms (the CLI with its
// flag names, the page with its field labels). No core message names a flag.
//
// Example:
//   try { pairpower::validate_alpha(1.5); }
//   catch (const pairpower::Error& e) { e.field;  /* "alpha" */  e.detail;  /* "must lie between 1e-10 and 1" */ }
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

enum class ErrorKind {
  invalid_value,    ///< a setting outside its bounds or not of its type
  not_in_input,     ///< a named measure, system or dataset the input does not hold
  not_per_query,    ///< a measure the input holds only as text or only in summary rows
  choose_one,       ///< the input holds several candidates and none was chosen
  ambiguous_format, ///< the input's structure fits more than one format
  malformed_input,  ///< the data themselves: a line, a field, the JSON
  unmatched_ids,    ///< the systems' query ids differ and the policy is to stop
  not_enough_data,  ///< too few queries to compute anything (keep last: the registry lists the kinds up to it)
};
std::string_view to_string(ErrorKind k) noexcept;  ///< "invalid_value", …

/// `field` is the core's name for the setting ("alpha", "min_effect",
/// "measure", "input_format", "missing", "baseline"; "scores" for the data);
/// `detail` says what is wrong without naming the field; `value` is the
/// offending value as given ("" when there is none).
struct Error : std::invalid_argument {
  Error(std::string field, ErrorKind kind, std::string detail, std::string value = {});
  std::string field;
  ErrorKind kind;
  std::string detail;
  std::string value;
  /// What the input offers when the error asks to choose (the measures a leaderboard can rank by), for a chooser.
  std::vector<std::string> choices{};
};

/// The same error with "; " + clause after its detail (what else the user should know of the input), all else kept.
Error with_clause(const Error& e, std::string_view clause);

/// Bad data (field "scores"): the message names the line (1-based) and the field
/// of the file, and is the whole of what() — the front end adds which input.
struct InputError : Error {
  explicit InputError(std::string what, ErrorKind k = ErrorKind::malformed_input);
};

}  // namespace pairpower
