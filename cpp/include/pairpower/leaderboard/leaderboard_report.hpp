#pragma once
// A leaderboard's results as the CLI prints them and the page shows them:
// JSON (`pairpower leaderboard --format json`), text, and the tables a paper
// includes (Markdown, LaTeX) or a spreadsheet reads (CSV).
//
// Example:
//   std::puts(pairpower::leaderboard_json(r, options).dump(2).c_str());
#include <string>

#include <nlohmann/json.hpp>

#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/leaderboard/leaderboard_report_types.hpp"

namespace pairpower {

/// The report's JSON as a value (leaderboard_report_types.hpp): settings, one board per dataset
/// (systems, pairs, tests, pairing), rank_set_note, warnings and across_datasets (null for one dataset).
report::LeaderboardReport leaderboard_report_of(const LeaderboardResult& r, const LeaderboardOptions& o);
/// leaderboard_report_of as JSON, in its described order.
nlohmann::ordered_json leaderboard_json(const LeaderboardResult& r, const LeaderboardOptions& o);

/// Systems in rank order with mean ± interval, rank set and tier letters, per dataset; then the across-datasets ranks.
std::string leaderboard_text(const LeaderboardResult& r, const LeaderboardOptions& o);
/// leaderboard_json as the CLI writes it (`leaderboard --format json`): the page's JSON export is this text.
std::string leaderboard_json_text(const LeaderboardResult& r, const LeaderboardOptions& o);

/// The table a paper includes, per dataset: systems in rank order, mean [interval], rank set, tier.
std::string leaderboard_markdown(const LeaderboardResult& r, const LeaderboardOptions& o);
std::string leaderboard_latex(const LeaderboardResult& r, const LeaderboardOptions& o);
/// One row per (dataset, system): dataset,measure,system,mean,ci_low,ci_high,rank,rank_set_low,rank_set_high,rank_marginal_low,rank_marginal_high,tier,tied_with_best.
std::string leaderboard_csv(const LeaderboardResult& r);

/// What a rank set is, at α: the line under every report's table and the page's caption.
std::string rank_set_note(const LeaderboardOptions& o);

}  // namespace pairpower
