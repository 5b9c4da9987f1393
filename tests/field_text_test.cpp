#include "pairpower/registry/field_text.hpp"

#include <catch2/catch.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"

using namespace pairpower;
using json = nlohmann::ordered_json;

namespace {
std::string refusal(std::string_view id, std::string_view text, FieldReader where = FieldReader::cli) {
  try {
    read_plan_field(id, text, where);
  } catch (const Error& e) {
    CHECK(e.field == id);
    CHECK(e.kind == ErrorKind::invalid_value);
    return e.detail;
  }
  return "accepted";
}
}  // namespace

TEST_CASE("a list of queries reads values and start:stop:step ranges", "[field_text]") {
  CHECK(read_plan_field("n", "50:200:50, 300") == json{50, 100, 150, 200, 300});
  CHECK(read_plan_field("n", " 7 ") == json{7});
}

TEST_CASE("a count list refuses items below the minimum, backwards ranges, zero steps and too many values", "[field_text]") {
  CHECK(refusal("n", "1") == "1 is outside 2 … 1000000");
  CHECK(refusal("n", "10:2:1") == "range '10:2:1' ends before it starts");
  CHECK(refusal("n", "2:10:0") == "0 is below the minimum 1");
  CHECK(refusal("n", "2:100000:1").find("more than 10000 values") != std::string::npos);
  CHECK(refusal("n", "50,,60") == "give a comma-separated list, e.g. 50,100");
  CHECK(refusal("n", "1e2") == "'1e2' is not a whole number");
  // A negative number is said to be one, and more digits than 64 bits hold too large.
  CHECK(refusal("n", "-5") == "'-5' is negative: give a whole number");
  CHECK(refusal("seed", " -1") == "' -1' is negative: give a whole number");
  CHECK(refusal("seed", "-0") == "'-0' is not a whole number");
  CHECK(refusal("seed", "99999999999999999999") == "'99999999999999999999' is too large");
}

TEST_CASE("the page's cap on N names its reason while the CLI takes the field's bound", "[field_text]") {
  CHECK(read_plan_field("n", "200000") == json{200000});
  CHECK(refusal("n", "200000", FieldReader::page).find(plan_field("n").page_cap_reason) != std::string::npos);
}

TEST_CASE("decimals take a sign, a leading or trailing point and an exponent, and nothing else", "[field_text]") {
  CHECK(read_plan_field("delta", "+.5,-0.5,5e-1,1e-400") == json{0.5, -0.5, 0.5, 0.0});
  for (std::string bad : {"nan", "inf", "0x10", "1e", "--1", "+-1", "1-2", "."}) {
    INFO(bad);
    CHECK(refusal("delta", bad).ends_with("' is not a number"));
  }
  CHECK(refusal("delta", "1e400") == "'1e400' is not a finite number");
}

TEST_CASE("bounds and rules are the registry's", "[field_text]") {
  CHECK(refusal("rho", "1") == "1 " + std::string(plan_field("rho").rule));
  CHECK(refusal("delta", "1") == plan_field("delta").rule);
  CHECK(read_plan_field("alpha", "1e-10") == 1e-10);
  CHECK(refusal("alpha", "1e-11") != "accepted");
}

TEST_CASE("model choices and tests read as id lists without duplicates", "[field_text]") {
  CHECK(read_plan_field("model", "both,normal") == json{"normal", "beta"});
  CHECK(read_plan_field("tests", "sign,t,t") == json{"sign", "t"});
  CHECK(refusal("model", "foo").starts_with("'foo' is not one of normal"));
}
