#pragma once
// A compact letter display of a family of pairwise tests: letters such that two
// systems share a letter exactly when they are not significantly different —
// a leaderboard's "tiers". Built by Piepho's insert-absorb algorithm (Piepho
// 2004, J. Comput. Graph. Stat. 13:456–466); letters run from the best system.
//
// Example:
//   // order: systems best first; differ(i, j): significantly different
//   auto tiers = pairpower::letter_display(order, [&](std::size_t i, std::size_t j) { return t.p(i, j) < 0.05; });
//   tiers[order[0]];   // "a"
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace pairpower {

/// Letters per system (indexed by system, not by order). `order` lists the
/// systems best first; letters a … z, then A … Z, then "{27}", "{28}", ….
std::vector<std::string> letter_display(const std::vector<std::size_t>& order, const std::function<bool(std::size_t, std::size_t)>& differ);

}  // namespace pairpower
