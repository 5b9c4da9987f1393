#include "pairpower/jobs/report_schema.hpp"

#include "pairpower/compare/report_types.hpp"
#include "pairpower/leaderboard/leaderboard_report_types.hpp"

namespace pairpower {

nlohmann::ordered_json report_schema() {
  nlohmann::ordered_json defs = nlohmann::ordered_json::object();
  described::add_schema<report::CompareReport>(defs);
  described::add_schema<report::LeaderboardReport>(defs);
  return {{"$defs", defs}};
}

}  // namespace pairpower
