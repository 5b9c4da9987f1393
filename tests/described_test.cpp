// Described types write their JSON in their fields' order and state the same
// shape in the schema notation the page's build reads.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pairpower/base/described.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/jobs/report_schema.hpp"

namespace {
struct Inner {
  double x = 0;
};
struct Outer {
  std::string name;
  std::size_t count = 0;
  bool flag = false;
  std::optional<double> maybe;
  std::optional<Inner> extra;
  std::vector<Inner> items;
  std::vector<std::pair<std::string, double>> ranks;
  pairpower::Verdict verdict = pairpower::Verdict::hold;
};
}  // namespace

namespace pairpower::described {
template <> struct Description<Inner> {
  static constexpr std::string_view name = "Inner", doc = "an inner value";
  static constexpr auto fields = std::tuple{Field{"x", &Inner::x}};
};
template <> struct Description<Outer> {
  static constexpr std::string_view name = "Outer", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"name", &Outer::name}, Field{"count", &Outer::count}, Field{"flag", &Outer::flag}, Field{"maybe", &Outer::maybe},
      Field{"extra", &Outer::extra, {.doc = "only when set", .omit_empty = true}}, Field{"items", &Outer::items},
      Field{"ranks", &Outer::ranks, {.type = "Ranks"}}, Field{"verdict", &Outer::verdict, {.type = "VerdictName"}}};
};
}  // namespace pairpower::described

using pairpower::described::json_of;

TEST_CASE("a described value is written in its fields' order, an empty optional as null unless its key is left out", "[described]") {
  Outer o{"a", 3, true, std::nullopt, std::nullopt, {{1.5}, {2}}, {{"s", 1.25}, {"b", 2}}, pairpower::Verdict::ship};
  CHECK(json_of(o).dump() == R"({"name":"a","count":3,"flag":true,"maybe":null,"items":[{"x":1.5},{"x":2.0}],"ranks":{"s":1.25,"b":2.0},"verdict":"SHIP"})");
  o.maybe = 0.5;
  o.extra = Inner{7};
  CHECK(json_of(o).dump() == R"({"name":"a","count":3,"flag":true,"maybe":0.5,"extra":{"x":7.0},"items":[{"x":1.5},{"x":2.0}],"ranks":{"s":1.25,"b":2.0},"verdict":"SHIP"})");
}

TEST_CASE("a described type's schema names every field with its type, its optional keys with a question mark", "[described]") {
  pairpower::described::Json defs = pairpower::described::Json::object();
  pairpower::described::add_schema<Outer>(defs);
  CHECK(defs.dump() ==
        R"({"Outer":{"name":"string","count":"number","flag":"boolean","maybe":"number|null","extra?":"Inner // only when set",)"
        R"("items":"Inner[]","ranks":"Ranks","verdict":"VerdictName"},"Inner":{"$doc":"an inner value","x":"number"}})");
}

TEST_CASE("the report schema holds the compare and leaderboard reports and every type they reach", "[described]") {
  const auto defs = pairpower::report_schema().at("$defs");
  for (const char* name : {"CliReport", "CliComparison", "ReportSettings", "PairingReport", "LeaderboardReport", "BoardReport", "BoardSystem",
                           "AcrossDatasets", "Warning"})
    CHECK(defs.contains(name));
  CHECK(defs.at("CliComparison").at("equivalence?") == "EquivalenceResult // present when the equivalence question is asked (TOST, paired t)");
  CHECK(defs.at("BoardSystem").at("n_to_separate_next") == "number|null");
}
