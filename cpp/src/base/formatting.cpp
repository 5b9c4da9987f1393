#include "pairpower/base/formatting.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

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

std::string format_sig(double x) {
  constexpr NumberFormat f = number_format;
  if (std::isnan(x)) return "n/a";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return "0";
  const double a = std::fabs(x);
  if (a < f.stat_floor) return x > 0 ? "< 0.0001" : "> -0.0001";
  // Round to the significant digits first, so that 999.96 counts as 1000 and takes no decimals.
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", f.significant - 1, a);
  const double rounded = std::strtod(buf, nullptr);
  const std::string sign = x < 0 ? "-" : "";
  if (rounded >= 1000) {
    if (a < 9e15) return sign + thousands(static_cast<std::uint64_t>(std::llround(a)));
    // Past 2^53 every double is a whole number: its exact digits, grouped.
    std::snprintf(buf, sizeof buf, "%.0f", a);
    std::string out;
    const std::string digits = buf;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return sign + out;
  }
  const int exponent = static_cast<int>(std::floor(std::log10(rounded)));
  const int decimals = std::max(0, f.significant - 1 - exponent);
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string format_signed(double x) {
  const std::string s = format_sig(x);
  return x > 0 && s[0] != '<' ? "+" + s : s;
}

std::string format_se(double se) {
  constexpr NumberFormat f = number_format;
  if (std::isnan(se)) return "n/a";
  if (se < f.se_floor) return "< 0.0005";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*f", f.se_decimals, se);
  return buf;
}

std::string format_mc_bound(double power, double bound) {
  if (std::isnan(bound)) return "";
  const bool lower = power >= 1;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%s%.4f", lower ? "≥" : "≤", lower ? std::floor(bound * 1e4) / 1e4 : std::ceil(bound * 1e4) / 1e4);
  return buf;
}

std::string format_stat(std::string_view path, double v) {
  const std::string_view last = path.substr(path.rfind('.') == std::string_view::npos ? 0 : path.rfind('.') + 1);
  if (ends_with(path, "_se")) return format_se(v);
  const bool p_value = last == "p" || last.rfind("p_", 0) == 0 || last == "min_attainable_p";
  if (p_value) return format_p(v);
  const bool count = path == "n" || ends_with(path, "resamples") || ends_with(path, "curve_reps") || ends_with(path, "curve_cap") ||
                     ends_with(path, "n_required") || ends_with(path, "discordant_a") || ends_with(path, "discordant_b") ||
                     ends_with(path, "clusters");
  if (count && v >= 0 && v == std::floor(v) && v < 1.8e19) return thousands(static_cast<std::uint64_t>(v));
  return format_sig(v);
}

double snap_noise(double x, double scale) {
  // 1e-12 of the data's magnitude: far above rounding (~1e-16), far below any
  // difference a measure printed to 4–6 decimals can show.
  return std::fabs(x) <= 1e-12 * std::fabs(scale) ? 0.0 : x;
}

std::string names_list(const std::vector<std::string>& names, std::string_view separator) {
  constexpr std::size_t shown_at_most = 40;
  std::string s;
  for (std::size_t i = 0; i < names.size() && i < shown_at_most; ++i) {
    if (i) s += separator;
    s += names[i];
  }
  if (names.size() > shown_at_most) s += " and " + std::to_string(names.size() - shown_at_most) + " more";
  return s;
}

std::string latex_escape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    // < and > print as ¡ and ¿ in LaTeX's default text encoding: math mode draws them ("< 0.0001").
    if (ch == '<' || ch == '>') {
      out += ch == '<' ? "$<$" : "$>$";
      continue;
    }
    if (ch == '_' || ch == '&' || ch == '%' || ch == '#' || ch == '$') out += '\\';
    out += ch;
  }
  return out;
}

}  // namespace pairpower
