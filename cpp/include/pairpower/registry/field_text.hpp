#pragma once
// Reading a Plan field's text — the CLI's flag value and the page's form field
// take the same grammar: comma-separated lists, whole-number ranges
// start:stop:step, decimals with an optional sign and exponent, each value
// within the field's bounds (registry.hpp). The CLI reads its flags with it; the
// page's synchronous parser is held equal to it by tests/web/field_text.test.ts.
//
// Example:
//   pairpower::read_plan_field("n", "50:200:50");    // [50, 100, 150, 200]
//   pairpower::read_plan_field("rho", "0.5, 1");     // throws Error{"rho", …, "1 must lie strictly between −1 and 1"}
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pairpower {

/// A finite decimal ("0.01", "-1e-3", "+2"); throws Error(field) for "nan", "1x", "".
double read_real(std::string_view field, std::string_view text);
/// A whole number written with digits only ("200"; not "2e2", "-5", "1.5"), at least `min`.
std::uint64_t read_count(std::string_view field, std::string_view text, std::uint64_t min = 0);

/// Where the value is read: the CLI takes the field's bounds, the page its lower caps (page_max).
enum class FieldReader { cli, page };

/// One Plan field's text as its value: a list of counts or reals, a real, a count,
/// the model ids of a list of model choices, or the test ids (duplicates dropped).
/// Throws Error(field id, invalid_value, what is wrong, the offending text).
nlohmann::ordered_json read_plan_field(std::string_view id, std::string_view text, FieldReader where = FieldReader::cli);

}  // namespace pairpower
