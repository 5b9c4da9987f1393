#pragma once
// How numbers are written for people: one p-value format everywhere (sentences,
// reasons, tables, the page, the CLI), counts with thousands separators, and
// CSV numbers without binary noise.
//
// Example:
//   pairpower::format_p(0.0341);      // "0.034"
//   pairpower::format_p(2e-5);        // "< 0.001"
//   pairpower::format_csv(0.48889000000000005);  // "0.48889"
#include <cstdint>
#include <string>
#include <string_view>

namespace pairpower {

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
/// A statistic of the comparison report by its JSON path ("t.p", "delta", "n"):
/// p-values as format_p, counts with separators, other numbers to 4 decimals
/// (scientific below 0.001).
std::string format_stat(std::string_view path, double value);

/// Text for a LaTeX table cell: _ & % # $ escaped.
std::string latex_escape(std::string_view s);

/// x, or 0 when |x| is below the rounding noise of values of magnitude `scale`
/// (a Hodges–Lehmann estimate of 2.8e-17 on data of magnitude 1 is 0).
double snap_noise(double x, double scale);

}  // namespace pairpower
