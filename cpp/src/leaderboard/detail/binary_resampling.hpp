#pragma once
// Resampling kernels for a board of binary items (every score 0 or 1). An item
// is then a k-bit pattern, and a resample adds patterns: one table lookup and a
// vector add per 8 systems instead of k scalar loads and adds.
//
// Hand-written because no maintained library counts set bits column-wise across
// a stream of short bit masks; GCC/Clang vector extensions keep it portable
// (SSE/AVX natively, SIMD128 in the wasm, scalar code without either).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace pairpower::detail {

using OnesLanes = std::uint16_t __attribute__((vector_size(16)));

/// Lane l of entry b is bit l of b: a byte of a pattern spread over eight 16-bit counters.
inline const std::array<OnesLanes, 256> ones_of_byte = [] {
  std::array<OnesLanes, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned l = 0; l < 8; ++l) t[b][l] = static_cast<std::uint16_t>((b >> l) & 1u);
  return t;
}();

/// Each system's count of ones over a stream of k-bit patterns.
class OnesTally {
 public:
  explicit OnesTally(std::size_t systems);
  void clear() noexcept;
  /// Adds one pattern: byte b holds systems 8b … 8b + 7, lowest bit first.
  void add(const std::uint8_t* pattern) noexcept {
    for (std::size_t b = 0; b < bytes_; ++b) lanes_[b] += ones_of_byte[pattern[b]];
    if (++pending_ == flush_every) flush();
  }
  /// Adds `count` patterns of at most 32 systems, next() giving each in turn as a mask (bit i = system i).
  template <class Next>
  void add_masks(std::uint64_t count, Next next) noexcept {
    switch (bytes_) {
      case 1: return add_masks_in<1>(count, next);
      case 2: return add_masks_in<2>(count, next);
      case 3: return add_masks_in<3>(count, next);
      default: return add_masks_in<4>(count, next);
    }
  }
  /// Each system's count since clear(), as doubles (exact: counts stay below 2^53).
  void read(double* out) noexcept;

 private:
  // 16-bit lanes carry at most 65,535 additions before they are folded into 64-bit totals.
  static constexpr std::uint32_t flush_every = 65535;
  // The lanes are held in locals for the whole stream: a wasm engine keeps them in registers
  // only then, instead of loading and storing each lane per pattern.
  template <std::size_t B, class Next>
  void add_masks_in(std::uint64_t count, Next& next) noexcept {
    OnesLanes l[B];
    for (std::size_t b = 0; b < B; ++b) l[b] = lanes_[b];
    while (count > 0) {
      const std::uint32_t run = static_cast<std::uint32_t>(std::min<std::uint64_t>(count, flush_every - pending_));
      for (std::uint32_t x = 0; x < run; ++x) {
        const std::uint32_t m = next();
        for (std::size_t b = 0; b < B; ++b) l[b] += ones_of_byte[(m >> (8 * b)) & 0xffu];
      }
      count -= run;
      pending_ += run;
      if (pending_ == flush_every) {
        for (std::size_t b = 0; b < B; ++b) lanes_[b] = l[b], l[b] = OnesLanes{};
        flush();
      }
    }
    for (std::size_t b = 0; b < B; ++b) lanes_[b] = l[b];
  }
  void flush() noexcept;
  std::size_t systems_, bytes_;
  std::vector<OnesLanes> lanes_;
  std::vector<std::uint64_t> totals_;
  std::uint32_t pending_ = 0;
};

/// The board's items as patterns (ceil(k / 8) bytes each) when every exact value is 0 or 1; none otherwise.
/// `exact` holds the values system by system (system i, item q at i · items + q).
struct BinaryItems {
  std::size_t systems, items, bytes;
  std::vector<std::uint8_t> patterns;  ///< item q's pattern at q · bytes
  std::vector<std::uint32_t> masks;    ///< item q's pattern as a mask, when bytes ≤ 4 (else empty)
  static std::optional<BinaryItems> of(const std::vector<double>& exact, std::size_t systems, std::size_t items);
};

/// How many items have c ones (c = 0 … k) when every exact value is 0 or 1; none otherwise.
std::optional<std::vector<std::uint64_t>> items_by_ones(const std::vector<double>& exact, std::size_t systems, std::size_t items);

/// Every k-bit mask, grouped by its number of ones: a uniform draw from a group is
/// a uniform random set of c systems (k ≤ most_systems, the table's 2^k entries fitting in 4 MiB).
class SubsetMasks {
 public:
  static constexpr std::size_t most_systems = 20;
  explicit SubsetMasks(std::size_t systems);
  /// C(k, c): how many masks have c ones.
  std::uint32_t count(std::size_t c) const noexcept { return start_[c + 1] - start_[c]; }
  std::uint32_t mask(std::size_t c, std::uint32_t index) const noexcept { return masks_[start_[c] + index]; }

 private:
  std::vector<std::uint32_t> start_, masks_;
};

}  // namespace pairpower::detail
