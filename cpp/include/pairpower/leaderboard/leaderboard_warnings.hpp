#pragma once
// Why a leaderboard's answers may not be trusted (the codes: base/warnings.hpp).
#include <string>
#include <vector>

#include "pairpower/base/warnings.hpp"

namespace pairpower {

struct ScoreSeries;
struct LeaderboardResult;
struct LeaderboardOptions;

/// A system some datasets lack, with those datasets ("" names the scores without a dataset).
struct LeftOut {
  std::string system;
  std::vector<std::string> lacking;
};

/// Everything that qualifies a leaderboard: values out of range (of the ranked
/// measure), boards too small for exact tests to separate or for bootstrap rank
/// intervals, and the systems `left_out` of the ranking across datasets.
std::vector<Warning> leaderboard_warnings(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardResult& r,
                                          const LeaderboardOptions& o, const std::vector<LeftOut>& left_out = {});

}  // namespace pairpower
