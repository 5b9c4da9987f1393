#pragma once
// What an input's values themselves may say is wrong: values outside their
// measure's known range, and one system's scores on another scale than another's
// (a proportion against a percentage). Comparisons and boards both ask.
#include <span>
#include <string>
#include <vector>

#include "pairpower/base/units.hpp"
#include "pairpower/base/warnings.hpp"

namespace pairpower {

/// Values outside the measure's known range ([0, 1] for nDCG, AP, P@k, recall,
/// RR, success…; non-negative integers for counts), named by system and query
/// (or item: `unit`). An unknown measure's values are not checked. `system` names the values.
void range_warnings(const std::string& measure, const std::string& system, std::span<const std::string> qids,
                    std::span<const double> values, std::vector<Warning>& out, const Unit& unit = query_unit);

/// The least, greatest and median of some values.
struct ValueSpread {
  double min, max, median;
};
ValueSpread value_spread(std::span<const double> v);

/// Whether `high` looks like a percentage of `unit`'s proportion: `unit` within [0, 1], `high` within
/// [0, 100] with most above 1, their medians 25 to 400 times apart.
bool looks_like_percentage_of(const ValueSpread& high, const ValueSpread& unit);

/// The scale_mismatch message: `within`'s values lie in [0, 1], `beyond`'s reach past it; `what` names what
/// takes the values as given.
std::string scale_message(const std::string& within, const ValueSpread& w, const std::string& beyond, const ValueSpread& b, const std::string& what);

}  // namespace pairpower
