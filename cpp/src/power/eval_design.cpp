#include "pairpower/power/eval_design.hpp"

#include <cmath>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"

namespace pairpower {
namespace {

constexpr double most = 1e6;

[[noreturn]] void bad(const char* field, const char* detail, double value) {
  throw Error(field, ErrorKind::invalid_value, detail, format_csv(value));
}

}  // namespace

EvalDesign EvalDesign::make(double cluster_size, double icc, double repeats, double within_share) {
  if (!(cluster_size >= 1 && cluster_size <= most)) bad("cluster_size", "must be at least 1 item per cluster (and at most 1,000,000)", cluster_size);
  if (!(repeats >= 1 && repeats <= most && repeats == std::floor(repeats))) bad("repeats", "must be a whole number of samples per item from 1 to 1,000,000", repeats);
  if (!(within_share >= 0 && within_share < 1)) bad("within_share", "must lie in [0, 1): the share of one sample's variance that is sampling noise", within_share);
  if (repeats == 1 && within_share != 0) bad("within_share", "applies with several samples per item (repeats above 1)", within_share);
  if (!(icc >= 0 && icc <= 1 - within_share))
    bad("icc", within_share > 0 ? "must lie in [0, 1 − within_share]: sampling noise does not correlate across items" : "must lie in [0, 1]", icc);
  if (cluster_size == 1 && icc != 0) bad("icc", "applies to items in clusters (a cluster size above 1)", icc);
  return {cluster_size, icc, repeats, within_share};
}

DesignUnits design_units(std::size_t items, double sd_diff, const EvalDesign& d) {
  if (!d.clustered()) return {items, sd_diff * std::sqrt(d.item_factor())};
  return {static_cast<std::size_t>(std::floor(static_cast<double>(items) / d.cluster_size + 1e-9)), sd_diff * std::sqrt(d.variance_factor() / d.cluster_size)};
}

std::size_t design_items(std::size_t units, const EvalDesign& d) {
  if (!d.clustered()) return units;
  return static_cast<std::size_t>(std::ceil(static_cast<double>(units) * d.cluster_size - 1e-9));
}

}  // namespace pairpower
