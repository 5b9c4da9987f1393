#pragma once
// Strict parsing of command-line values: every error names its flag.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower::cli {

/// Bad command-line input: printed as one line on stderr, exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A finite decimal number ("0.01", "-1e-3"); rejects "nan", "inf", "1x", "".
double parse_real(std::string_view flag, std::string_view text);

/// Comma-separated finite numbers.
std::vector<double> parse_real_list(std::string_view flag, std::string_view text);

/// A whole number ≥ min written with digits only ("200"; not "2e2", "-5", "1.5").
std::uint64_t parse_count(std::string_view flag, std::string_view text, std::uint64_t min);

/// Comma-separated whole numbers, each item either "k" or a range "start:stop:step".
std::vector<std::size_t> parse_count_list(std::string_view flag, std::string_view text, std::uint64_t min, std::size_t max_values);

/// Splits on commas; empty items are an error naming the flag.
std::vector<std::string> split_list(std::string_view flag, std::string_view text);

/// Checks a correlation lies strictly inside (−1, 1).
double check_rho(std::string_view flag, double rho);
/// Checks 0 < x < 1 (α, power, confidence).
double check_open_unit(std::string_view flag, double x);
/// Checks x > 0 (SDs).
double check_positive(std::string_view flag, double x);

}  // namespace pairpower::cli
