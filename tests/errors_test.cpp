#include "pairpower/base/errors.hpp"

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/compare/comparison.hpp"

#include <catch2/catch.hpp>

using namespace pairpower;

TEST_CASE("a bad setting is reported by field, kind and value, never by a command-line flag", "[errors]") {
  try {
    compare_all({{"", "", "A", "B", {"1", "2"}, {0.1, 0.2}, {0.2, 0.3}}}, CompareOptions{.confidence = 1.5});
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.field == "confidence");
    CHECK(e.kind == ErrorKind::invalid_value);
    CHECK(e.value == "1.5");
    CHECK(e.detail == "must lie strictly between 0 and 1");
    CHECK(std::string(e.what()) == "confidence: must lie strictly between 0 and 1");
    CHECK(std::string(e.what()).find("--") == std::string::npos);
  }
  CompareOptions o;
  o.min_effect = -1;
  CHECK_THROWS_MATCHES(compare_all({{"", "", "A", "B", {"1", "2"}, {0.1, 0.2}, {0.2, 0.3}}}, o), Error,
                       Catch::Predicate<Error>([](const Error& e) { return e.field == "min_effect"; }));
  CHECK_THROWS_MATCHES(validate_alpha(0), Error, Catch::Predicate<Error>([](const Error& e) { return e.field == "alpha"; }));
}

TEST_CASE("bad data are an input error whose message is the line and field alone", "[errors]") {
  const InputError e("line 3: field 2 (A) is 'x', not a number");
  CHECK(e.field == "scores");
  CHECK(e.kind == ErrorKind::malformed_input);
  CHECK(std::string(e.what()) == "line 3: field 2 (A) is 'x', not a number");
  CHECK(to_string(ErrorKind::ambiguous_format) == "ambiguous_format");
}
