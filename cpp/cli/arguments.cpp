#include "arguments.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "commands.hpp"
#include "pairpower/errors.hpp"
#include "pairpower/registry.hpp"

namespace pairpower::cli {

std::string flag_for(const std::string& field) {
  if (field == "bootstrap_resamples") return "--bootstrap";
  if (field == "scores") return "";
  std::string flag = "--" + field;
  for (char& c : flag)
    if (c == '_') c = '-';
  return flag;
}

std::string phrase(const pairpower::Error& e) {
  switch (e.kind) {
    case ErrorKind::unmatched_ids:
      return e.detail + " Choose --missing intersect (drop them) or --missing zero (score them 0, as trec_eval -c).";
    case ErrorKind::ambiguous_format:
      return e.detail + "; name the format with --input-format (trec_eval, ir_measures, ranx or pytrec_eval)";
    case ErrorKind::malformed_input:
    case ErrorKind::not_enough_data:
      return e.detail;
    default: {
      const std::string flag = flag_for(e.field);
      return flag.empty() ? e.detail : flag + ": " + e.detail;
    }
  }
}

std::vector<std::string> split_list(std::string_view flag, std::string_view text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) throw UsageError(fmt::format("{}: empty item in list '{}'", flag, text));
    items.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

double parse_real(std::string_view flag, std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end)
    throw UsageError(fmt::format("{}: '{}' is not a number", flag, text));
  if (!std::isfinite(value)) throw UsageError(fmt::format("{}: '{}' is not a finite number", flag, text));
  return value;
}

std::vector<double> parse_real_list(std::string_view flag, std::string_view text) {
  std::vector<double> out;
  for (const std::string& item : split_list(flag, text)) out.push_back(parse_real(flag, item));
  return out;
}

std::uint64_t parse_count(std::string_view flag, std::string_view text, std::uint64_t min) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (!digits_only || ec != std::errc() || ptr != end)
    throw UsageError(fmt::format("{}: '{}' is not a whole number ≥ {}", flag, text, min));
  if (value < min) throw UsageError(fmt::format("{}: {} is below the minimum {}", flag, value, min));
  return value;
}

std::vector<std::size_t> parse_count_list(std::string_view flag, std::string_view text, std::uint64_t min, std::size_t max_values) {
  std::vector<std::size_t> out;
  for (const std::string& item : split_list(flag, text)) {
    const std::size_t c1 = item.find(':');
    if (c1 == std::string::npos) {
      out.push_back(parse_count(flag, item, min));
      continue;
    }
    const std::size_t c2 = item.find(':', c1 + 1);
    if (c2 == std::string::npos)
      throw UsageError(fmt::format("{}: range '{}' must read start:stop:step", flag, item));
    const std::uint64_t a = parse_count(flag, item.substr(0, c1), min);
    const std::uint64_t b = parse_count(flag, item.substr(c1 + 1, c2 - c1 - 1), min);
    const std::uint64_t step = parse_count(flag, item.substr(c2 + 1), 1);
    if (b < a) throw UsageError(fmt::format("{}: range '{}' ends before it starts", flag, item));
    if ((b - a) / step >= max_values) throw UsageError(fmt::format("{}: range '{}' has more than {} values", flag, item, max_values));
    for (std::uint64_t v = a; v <= b; v += step) out.push_back(v);
  }
  if (out.size() > max_values) throw UsageError(fmt::format("{}: at most {} values", flag, max_values));
  return out;
}

double check_rho(std::string_view flag, double rho) {
  if (!(rho > -1 && rho < 1)) throw UsageError(fmt::format("{}: {} must lie strictly between -1 and 1", flag, rho));
  return rho;
}

double check_open_unit(std::string_view flag, double x) {
  if (!(x > 0 && x < 1)) throw UsageError(fmt::format("{}: {} must lie strictly between 0 and 1", flag, x));
  return x;
}

double check_positive(std::string_view flag, double x) {
  if (!(x > 0)) throw UsageError(fmt::format("{}: {} must be greater than 0", flag, x));
  return x;
}

}  // namespace pairpower::cli
