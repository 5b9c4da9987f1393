#pragma once
// Reads the expected values that the generators beside the fixtures (tests/fixtures/*.py) wrote from scipy and R.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/leaderboard/board.hpp"

namespace pairpower::test {

const nlohmann::json& fixture(const std::string& name);

/// b − a element-wise, as numpy computes it.
std::vector<double> differences(const nlohmann::json& sample_case);

/// A fixture's scores[row][column] as a board: rows are systems, or (transpose) columns are.
BoardMatrix board(const nlohmann::json& scores, bool transpose = false);

/// |x − expected| ≤ rel · |expected| (and exact equality for 0).
bool close_rel(double x, double expected, double rel);

}  // namespace pairpower::test
