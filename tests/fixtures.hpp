#pragma once
// Reads the expected values that the generators beside the fixtures (tests/fixtures/*.py) wrote from scipy and R.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/stats/board_matrix.hpp"

namespace pairpower::test {

const nlohmann::json& fixture(const std::string& name);
/// A file's bytes, as read (throws when it cannot be read).
std::string slurp(const std::string& path);

/// b − a element-wise, as numpy computes it.
std::vector<double> differences(const nlohmann::json& sample_case);

/// A fixture's scores[row][column] as a board: rows are systems, or (transpose) columns are.
BoardMatrix board(const nlohmann::json& scores, bool transpose = false);

/// |x − expected| ≤ rel · |expected| (and exact equality for 0).
bool close_rel(double x, double expected, double rel);

/// Compare options with fewer resamples, for tests that check structure rather than resampled values.
CompareOptions quick_compare_options();
/// Report settings carrying `options` and nothing else.
ReportSettings report_settings(const CompareOptions& options);

}  // namespace pairpower::test
