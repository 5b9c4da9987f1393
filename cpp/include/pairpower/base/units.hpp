#pragma once
// What the paired units are called in sentences and labels: a retrieval run
// scores queries, an evaluation log scores items (questions, samples). The
// reader decides from the format (registry/input_formats.def); every sentence
// that counts units takes its words from here, and the reports carry them to
// the page.
//
// Example:
//   pairpower::item_unit.count(14042);  // "14,042 items"
//   pairpower::query_unit.count(1);     // "1 query"
//   pairpower::item_unit.a();           // "an item"
#include <cstdint>
#include <string>

#include "pairpower/base/described.hpp"
#include "pairpower/base/formatting.hpp"

namespace pairpower {

struct Unit {
  std::string one = "query", many = "queries";
  /// "1 query", "14,042 items".
  std::string count(std::uint64_t n) const { return thousands(n) + " " + (n == 1 ? one : many); }
  /// "a query", "an item".
  std::string a() const { return (one.find_first_of("aeiou") == 0 ? "an " : "a ") + one; }
  bool operator==(const Unit&) const = default;
};

inline const Unit query_unit{"query", "queries"};
inline const Unit item_unit{"item", "items"};

/// The unit of scores joined from two inputs: items when either counts items (a log paired with a
/// table of its items still scores items), queries otherwise.
inline const Unit& joined_unit(const Unit& a, const Unit& b) { return a == item_unit || b == item_unit ? item_unit : query_unit; }

template <> struct described::Description<Unit> {
  static constexpr std::string_view name = "Unit", doc = "What the paired units are called: query/queries, or item/items for evaluation logs (base/units.hpp).";
  static constexpr auto fields = std::tuple{Field{"one", &Unit::one}, Field{"many", &Unit::many}};
};

}  // namespace pairpower
