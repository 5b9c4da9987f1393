#pragma once
// A leaderboard's results as the CLI prints them and the page shows them:
// JSON (`pairpower leaderboard --format json`) and a text table.
//
// Example:
//   std::puts(pairpower::leaderboard_json(r, options).dump(2).c_str());
#include <string>

#include <nlohmann/json.hpp>

#include "pairpower/leaderboard.hpp"

namespace pairpower {

/// {"settings", "leaderboards": [{dataset, measure, n, k, systems, pairs, anova, friedman, separable_share}], "across_datasets": null | {…}}
nlohmann::ordered_json leaderboard_json(const LeaderboardResult& r, const LeaderboardOptions& o);

/// Systems in rank order with mean ± interval, rank interval and tier letters, per dataset; then the across-datasets ranks.
std::string leaderboard_text(const LeaderboardResult& r, const LeaderboardOptions& o);

}  // namespace pairpower
