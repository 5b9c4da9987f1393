#pragma once
// How numbers are written for people: one format everywhere (sentences, reasons,
// tables, the page, the CLI): p-values as format_p, statistics to four
// significant digits with no exponent, standard errors as format_se, counts with
// thousands separators, and CSV numbers without binary noise. The page formats
// with the same rules (web/src/ui/format.ts, checked against these functions).
//
// Example:
//   pairpower::format_p(0.0341);      // "0.034"
//   pairpower::format_p(2e-5);        // "< 0.001"
//   pairpower::format_csv(0.48889000000000005);  // "0.48889"
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower {

/// The rules' numbers, exported to the page through the registry.
struct NumberFormat {
  double p_floor = 0.001;      ///< below it a p-value prints as "< 0.001"
  double p_fine_below = 0.01;  ///< below it (and ≥ p_floor) four decimals, else three
  int significant = 4;         ///< digits of a statistic
  double stat_floor = 1e-4;    ///< a non-zero statistic smaller in size prints as "< 0.0001"
  int se_decimals = 3;         ///< a standard error's decimals …
  double se_floor = 5e-4;      ///< … and below this (it would round to 0) "< 0.0005"
};
inline constexpr NumberFormat number_format{};

/// p ≥ 0.01: three decimals ("0.034"); 0.001 ≤ p < 0.01: four ("0.0042"); below: "< 0.001".
std::string format_p(double p);
/// "p = 0.034" or "p < 0.001".
std::string p_equals(double p);
/// 1234567 → "1,234,567".
std::string thousands(std::uint64_t v);
/// Twelve significant digits, trailing zeros dropped: enough for any score and
/// statistic, without the last-bit noise of a shortest round-trip.
std::string format_csv(double x);
/// A CSV cell (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote or line break.
std::string csv_field(std::string_view s);
/// A statistic: four significant digits in fixed notation, never an exponent
/// (12.3456 → "12.35", 0.012345 → "0.01235", 7456 → "7,456"); a non-zero value
/// smaller than 0.0001 in size → "< 0.0001" ("> -0.0001" when negative).
std::string format_sig(double x);
/// format_sig with a sign always shown ("+0.01235"), for differences and interval ends.
std::string format_signed(double x);
/// A standard error: three decimals ("0.012"), "< 0.0005" when that would print 0.000.
std::string format_se(double se);
/// A Monte Carlo power's bound where every replicate rejected or none did (PowerEstimate::bound), in place
/// of an SE of 0: "≥0.9985" for a power of 1, "≤0.0030" for 0, rounded away from the estimate so that it
/// stays a bound; "" when there is none (NaN).
std::string format_mc_bound(double power, double bound);
/// A statistic of the comparison report by its JSON path ("t.p", "delta", "n"):
/// p-values (and min_attainable_p) as format_p, standard errors (…_se) as
/// format_se, counts with separators, other numbers as format_sig.
std::string format_stat(std::string_view path, double value);

/// Names for a message: "map, P_10 and 94 more" (every name up to a screenful, then the count).
std::string names_list(const std::vector<std::string>& names, std::string_view separator = ", ");

/// Text for a LaTeX table cell: _ & % # $ escaped, < and > in math mode.
std::string latex_escape(std::string_view s);

/// x, or 0 when |x| is below the rounding noise of values of magnitude `scale`
/// (a Hodges–Lehmann estimate of 2.8e-17 on data of magnitude 1 is 0).
double snap_noise(double x, double scale);

}  // namespace pairpower
