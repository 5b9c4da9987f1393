// Lines, numbers and messages shared by every score reader.
#include "reading.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/find_byte.hpp"

namespace pairpower::reading {

std::string_view strip_bom(std::string_view t) { return t.substr(0, 3) == "\xEF\xBB\xBF" ? t.substr(3) : t; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Non-blank lines with their 1-based numbers; CR before LF is dropped.
std::vector<Line> lines_of(std::string_view text, std::size_t most) {
  std::vector<Line> out;
  std::size_t number = 0, start = 0;
  while (start <= text.size() && out.size() < most) {
    const std::size_t end = find_byte(text, start, '\n');
    std::string_view line = text.substr(start, end - start);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!trim(line).empty()) out.push_back({number, line});
    if (end == text.size()) break;
    start = end + 1;
  }
  return out;
}

bool last_line_unended(std::string_view text, const std::vector<Line>& lines) {
  if (lines.empty()) return false;
  const auto after = static_cast<std::size_t>(lines.back().text.data() + lines.back().text.size() - text.data());
  return text.find('\n', after) == std::string_view::npos;
}

std::string shown(std::string_view s) {
  std::string out(s.substr(0, 40));
  if (s.size() > 40) out += "…";
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 32) c = '?';
  return "'" + out + "'";
}

[[noreturn]] void fail_at(std::size_t line, const std::string& what) {
  throw InputError("line " + std::to_string(line) + ": " + what);
}

bool looks_numeric(std::string_view s) {
  s = trim(s);
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return false;
  return std::any_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool whole_number(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool comma_decimal(std::string_view s) {
  s = trim(s);
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  const auto comma = s.find(',');
  if (comma == std::string_view::npos || comma + 1 == s.size()) return false;
  std::string_view fraction = s.substr(comma + 1);
  if (const auto e = fraction.find_first_of("eE"); e != std::string_view::npos) {
    std::string_view exponent = fraction.substr(e + 1);
    fraction = fraction.substr(0, e);
    if (!exponent.empty() && (exponent.front() == '-' || exponent.front() == '+')) exponent.remove_prefix(1);
    if (!whole_number(exponent)) return false;
  }
  return (comma == 0 || whole_number(s.substr(0, comma))) && whole_number(fraction);
}

bool thousands_like(std::string_view s) {
  s = trim(s);
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  const auto comma = s.find(',');
  if (comma == std::string_view::npos || comma == 0 || comma > 3 || s.front() == '0' || !whole_number(s.substr(0, comma))) return false;
  for (std::size_t i = comma; i < s.size(); i += 4)
    if (s[i] != ',' || i + 4 > s.size() || !whole_number(s.substr(i + 1, 3))) return false;
  return true;
}

// A finite decimal number; anything else is an error naming line and field.
double number_at(std::string_view field, std::size_t line, const std::string& field_name, const NumberStyle& style) {
  const std::string_view as_written = trim(field);
  std::string_view t = as_written;
  std::string with_point;
  if (comma_decimal(t)) {
    if (!style.decimal_comma) fail_at(line, field_name + " is " + shown(t) + ", not a number; " + style.hint);
    with_point = std::string(t);
    with_point[with_point.find(',')] = '.';
    t = with_point;
  }
  std::string lower(t);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "nan" || lower == "-nan" || lower == "inf" || lower == "-inf" || lower == "+inf" || lower == "infinity" || lower == "-infinity")
    fail_at(line, field_name + " is " + shown(as_written) + ", not a finite number");
  if (!looks_numeric(t)) fail_at(line, field_name + " is " + shown(as_written) + ", not a number");
  const std::string buf(t);
  char* end = nullptr;
  const double v = std::strtod(buf.c_str(), &end);
  if (end != buf.c_str() + buf.size()) fail_at(line, field_name + " is " + shown(as_written) + ", not a number");
  // Beyond ±1e12 no metric lives, and sums of squares would overflow.
  if (!std::isfinite(v) || std::fabs(v) > max_abs_score) fail_at(line, field_name + " is " + shown(as_written) + ", too large to be a score (the limit is ±1e12)");
  return v;
}

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    const std::size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}


std::string lower(std::string_view s) {
  std::string out(trim(s));
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}





void sort_into(std::vector<std::string>& names, const std::set<std::string>& set, const std::vector<std::string>& order) {
  for (const auto& m : order)
    if (set.count(m) && std::find(names.begin(), names.end(), m) == names.end()) names.push_back(m);
}


[[noreturn]] void ambiguous(const std::string& detail) { throw Error("input_format", ErrorKind::ambiguous_format, detail); }

}  // namespace pairpower::reading
