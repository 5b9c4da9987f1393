#include "pairpower/input/value_warnings.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "pairpower/base/formatting.hpp"
#include "pairpower/input/measures.hpp"

namespace pairpower {
namespace {

// A proportion against a percentage: one system's values within [0, 1], the other's within [0, 100] with most
// above 1, their medians 25 to 400 times apart (a percentage is 100 times its proportion, give or take a better
// or worse system). Latencies or counts a few times apart on one scale stay clear of that.
bool within_unit(const ValueSpread& s) { return s.min >= 0 && s.max <= 1 && s.median > 0; }
bool percentage_of(const ValueSpread& s, const ValueSpread& unit) {
  return s.min >= 0 && s.max <= 100 && s.median > 1 && s.median >= 25 * unit.median && s.median <= 400 * unit.median;
}

}  // namespace

void range_warnings(const std::string& measure, const std::string& system, std::span<const std::string> qids, std::span<const double> values,
                    std::vector<Warning>& out, const Unit& unit) {
  const MeasureRange range = measure_range(measure);
  if (range == MeasureRange::unknown) return;
  // trec_eval prints 4 decimals and tools sum in floating point: 1 + 1e-9 is a 1.
  constexpr double slack = 1e-9;
  const auto bad = [&](double v) {
    if (range == MeasureRange::count) return !(v >= 0) || std::fabs(v - std::round(v)) > slack;
    return !(v >= -slack && v <= 1 + slack);
  };
  std::size_t count = 0, first = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (bad(values[i]) && count++ == 0) first = i;
  if (count == 0) return;
  std::ostringstream s;
  s << measure << (range == MeasureRange::count ? " is a count (a whole number ≥ 0)" : " lies between 0 and 1") << ", but " << thousands(count)
    << " of " << system << "'s " << thousands(values.size()) << " values " << (count == 1 ? "lies" : "lie") << " outside that range ("
    << (count == 1 ? "" : "the first: ") << format_csv(values[first]);
  if (first < qids.size()) s << " for " << unit.one << " " << qids[first];
  s << "). The input may hold another measure under this name, or a broken run: the results below are computed from these values as given.";
  out.push_back({"out_of_range", s.str()});
}

ValueSpread value_spread(std::span<const double> v) {
  ValueSpread s{0, 0, 0};
  if (v.empty()) return s;
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  return {sorted.front(), sorted.back(), n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2};
}

std::string scale_message(const std::string& within, const ValueSpread& w, const std::string& beyond, const ValueSpread& b, const std::string& what) {
  return within + "'s scores all lie within [0, 1] while " + beyond + "'s reach " + format_sig(b.max) + " (medians " + format_sig(w.median) + " and " +
         format_sig(b.median) + "): they look like a proportion against a percentage (or two measures under one name). " + what +
         " take the values as given: put them on one scale first (if they already share one, this does not apply).";
}

bool looks_like_percentage_of(const ValueSpread& high, const ValueSpread& unit) { return within_unit(unit) && percentage_of(high, unit); }

}  // namespace pairpower
