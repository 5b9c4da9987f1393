#include "binary_resampling.hpp"

#include <bit>

namespace pairpower::detail {

OnesTally::OnesTally(std::size_t systems)
    : systems_(systems), bytes_((systems + 7) / 8), lanes_(bytes_, OnesLanes{}), totals_(bytes_ * 8, 0) {}

void OnesTally::clear() noexcept {
  for (auto& l : lanes_) l = OnesLanes{};
  for (auto& t : totals_) t = 0;
  pending_ = 0;
}

void OnesTally::flush() noexcept {
  for (std::size_t b = 0; b < bytes_; ++b) {
    for (std::size_t l = 0; l < 8; ++l) totals_[8 * b + l] += lanes_[b][l];
    lanes_[b] = OnesLanes{};
  }
  pending_ = 0;
}

void OnesTally::read(double* out) noexcept {
  flush();
  for (std::size_t i = 0; i < systems_; ++i) out[i] = static_cast<double>(totals_[i]);
}

static bool all_binary(const std::vector<double>& exact) {
  for (const double v : exact)
    if (v != 0 && v != 1) return false;
  return true;
}

std::optional<BinaryItems> BinaryItems::of(const std::vector<double>& exact, std::size_t systems, std::size_t items) {
  if (!all_binary(exact)) return std::nullopt;
  BinaryItems b{systems, items, (systems + 7) / 8, {}, {}};
  b.patterns.assign(items * b.bytes, 0);
  for (std::size_t i = 0; i < systems; ++i)
    for (std::size_t q = 0; q < items; ++q)
      if (exact[i * items + q] == 1) b.patterns[q * b.bytes + i / 8] |= static_cast<std::uint8_t>(1u << (i % 8));
  if (b.bytes <= 4) {
    b.masks.assign(items, 0);
    for (std::size_t q = 0; q < items; ++q)
      for (std::size_t x = 0; x < b.bytes; ++x) b.masks[q] |= static_cast<std::uint32_t>(b.patterns[q * b.bytes + x]) << (8 * x);
  }
  return b;
}

std::optional<std::vector<std::uint64_t>> items_by_ones(const std::vector<double>& exact, std::size_t systems, std::size_t items) {
  if (!all_binary(exact)) return std::nullopt;
  std::vector<std::uint32_t> ones(items, 0);
  for (std::size_t i = 0; i < systems; ++i)
    for (std::size_t q = 0; q < items; ++q) ones[q] += exact[i * items + q] == 1;
  std::vector<std::uint64_t> with(systems + 1, 0);
  for (const std::uint32_t c : ones) ++with[c];
  return with;
}

SubsetMasks::SubsetMasks(std::size_t systems) : start_(systems + 2, 0) {
  const std::uint32_t all = std::uint32_t{1} << systems;
  masks_.resize(all);
  // A counting sort by popcount, each group in increasing order.
  for (std::uint32_t m = 0; m < all; ++m) ++start_[static_cast<std::size_t>(std::popcount(m)) + 1];
  for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
  std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
  for (std::uint32_t m = 0; m < all; ++m) masks_[next[static_cast<std::size_t>(std::popcount(m))]++] = m;
}

}  // namespace pairpower::detail
