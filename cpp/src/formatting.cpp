#include "pairpower/formatting.hpp"

#include <cmath>
#include <cstdio>

namespace pairpower {

std::string format_p(double p) {
  char buf[32];
  if (p < 0.001) return "< 0.001";
  std::snprintf(buf, sizeof buf, p < 0.01 ? "%.4f" : "%.3f", p);
  return buf;
}

std::string p_equals(double p) { return p < 0.001 ? "p < 0.001" : "p = " + format_p(p); }

std::string thousands(std::uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_csv(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.12g", x);
  return buf;
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

namespace {
bool ends_with(std::string_view s, std::string_view tail) { return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail; }
}  // namespace

std::string format_stat(std::string_view path, double v) {
  // min_attainable_p (2^(1−n)) and p_se are not p-values of a test: numbers.
  const std::string_view last = path.substr(path.rfind('.') == std::string_view::npos ? 0 : path.rfind('.') + 1);
  const bool p_value = (last == "p" || last.rfind("p_", 0) == 0) && !ends_with(path, "p_se");
  if (p_value) return format_p(v);
  const bool count = path == "n" || ends_with(path, "resamples") || ends_with(path, "curve_reps") || ends_with(path, "curve_cap") ||
                     ends_with(path, "n_required");
  if (count && v >= 0 && v == std::floor(v) && v < 1.8e19) return thousands(static_cast<std::uint64_t>(v));
  char buf[40];
  if (v != 0 && std::fabs(v) < 1e-3) std::snprintf(buf, sizeof buf, "%.2e", v);
  else if (std::fabs(v) >= 1e6) std::snprintf(buf, sizeof buf, "%.4g", v);
  else std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

double snap_noise(double x, double scale) {
  // 1e-12 of the data's magnitude: far above rounding (~1e-16), far below any
  // difference a measure printed to 4–6 decimals can show.
  return std::fabs(x) <= 1e-12 * std::fabs(scale) ? 0.0 : x;
}

std::string latex_escape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    if (ch == '_' || ch == '&' || ch == '%' || ch == '#' || ch == '$') out += '\\';
    out += ch;
  }
  return out;
}

}  // namespace pairpower
