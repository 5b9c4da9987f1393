#include "pairpower/signed_ranks.hpp"

#include <algorithm>
#include "pairpower/bit_cast.hpp"
#include <cmath>
#include <cstring>

namespace pairpower {

void sort_keys(std::uint64_t* keys, std::uint64_t* scratch, std::size_t n) {
  if (n <= 24) {
    std::sort(keys, keys + n);
    return;
  }
  // Bucket sort: bucket b = ⌊|d| · n / max|d|⌋ is monotone in |d| (IEEE
  // multiplication and truncation are monotone), so keys only need ordering
  // within a bucket; smooth data put about one key in each. The insertion pass
  // does that, and hands over to std::sort if the data are so skewed (one huge
  // outlier, say) that it would turn quadratic.
  std::uint64_t max_key = 0;
  for (std::size_t i = 0; i < n; ++i) max_key = std::max(max_key, keys[i]);
  const double max_abs = pairpower::bit_cast<double>(max_key >> 1);
  const double scale = static_cast<double>(n) / max_abs;
  const auto last = static_cast<std::uint32_t>(n - 1);
  std::uint32_t* bucket = reinterpret_cast<std::uint32_t*>(scratch);  // n ids in the first half …
  std::uint32_t* start = bucket + n;                                  // … n + 1 counts in the second
  std::memset(start, 0, (n + 1) * sizeof(std::uint32_t));
  for (std::size_t i = 0; i < n; ++i) {
    const double a = pairpower::bit_cast<double>(keys[i] >> 1);
    // Clamp in double before converting: with subnormal |d| the scale is infinite.
    const double pos = a * scale;
    const std::uint32_t b = pos < static_cast<double>(last) ? static_cast<std::uint32_t>(pos) : last;
    bucket[i] = b;
    ++start[b + 1];
  }
  for (std::size_t b = 1; b <= n; ++b) start[b] += start[b - 1];
  std::uint64_t* out = scratch + n;  // scratch holds 2n words (see SignedRanker)
  for (std::size_t i = 0; i < n; ++i) out[start[bucket[i]]++] = keys[i];
  std::size_t moves = 0;
  for (std::size_t i = 1; i < n; ++i) {
    const std::uint64_t k = out[i];
    if (out[i - 1] <= k) continue;
    std::size_t j = i;
    while (j > 0 && out[j - 1] > k) {
      out[j] = out[j - 1];
      --j;
    }
    out[j] = k;
    moves += i - j;
    if (moves > 8 * n) {
      std::sort(out, out + n);
      break;
    }
  }
  std::memcpy(keys, out, n * sizeof(std::uint64_t));
}

SignedRankSums SignedRanker::rank(const double* d, std::size_t n) {
  if (keys_.size() < n) {
    keys_.resize(n);
    tmp_.resize(2 * n + 1);
  }
  std::uint64_t* keys = keys_.data();
  std::size_t m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double x = d[i];
    // |x| as raw bits orders like |x| (non-negative doubles); the low bit is the sign.
    const std::uint64_t key = (pairpower::bit_cast<std::uint64_t>(std::fabs(x)) << 1) | (x > 0 ? 1u : 0u);
    keys[m] = key;
    m += (x != 0) ? 1 : 0;
  }
  SignedRankSums s;
  s.n_nonzero = static_cast<std::uint32_t>(m);
  s.n_zero = static_cast<std::uint32_t>(n - m);
  sort_keys(keys, tmp_.data(), m);
  double r_plus = 0, tie_term = 0;
  std::uint32_t n_pos = 0;
  std::size_t i = 0;
  while (i < m) {
    const std::uint64_t mag = keys[i] >> 1;
    std::size_t j = i;
    std::uint32_t pos = 0;
    while (j < m && (keys[j] >> 1) == mag) {
      pos += static_cast<std::uint32_t>(keys[j] & 1u);
      ++j;
    }
    // Ranks i+1 … j share their average (i + 1 + j) / 2.
    const double t = static_cast<double>(j - i);
    r_plus += static_cast<double>(pos) * (static_cast<double>(i + 1 + j) * 0.5);
    if (j - i > 1) tie_term += t * t * t - t;
    n_pos += pos;
    i = j;
  }
  s.r_plus = r_plus;
  s.tie_term = tie_term;
  s.n_positive = n_pos;
  return s;
}

}  // namespace pairpower
