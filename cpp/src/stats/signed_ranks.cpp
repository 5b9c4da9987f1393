#include "pairpower/stats/signed_ranks.hpp"

#include <algorithm>
#include "pairpower/base/bit_cast.hpp"
#include "pairpower/base/floor_index.hpp"
#include <cmath>
#include <cstring>

namespace pairpower {

const std::uint64_t* sort_keys(std::uint64_t* keys, std::uint64_t* scratch, std::size_t n, std::uint64_t max_key) {
  if (n <= 24) {
    std::sort(keys, keys + n);
    return keys;
  }
  // Bucket sort: bucket b = ⌊|d| · n / max|d|⌋ is monotone in |d| (IEEE
  // multiplication and truncation are monotone), so keys only need ordering
  // within a bucket; smooth data put about one key in each. The insertion pass
  // does that, and hands over to std::sort if the data are so skewed (one huge
  // outlier, say) that it would turn quadratic.
  const double max_abs = pairpower::bit_cast<double>(max_key >> 1);
  const double scale = static_cast<double>(n) / max_abs;
  const auto last = static_cast<double>(n - 1);
  std::uint32_t* bucket = reinterpret_cast<std::uint32_t*>(scratch);  // n ids in the first half …
  std::uint32_t* start = bucket + n;                                  // … n + 1 counts in the second
  std::memset(start, 0, (n + 1) * sizeof(std::uint32_t));
  for (std::size_t i = 0; i < n; ++i) {
    const double a = pairpower::bit_cast<double>(keys[i] >> 1);
    // Clamp in double (with subnormal |d| the scale is infinite; NaN goes to the
    // last bucket), then the bucket number by floor_index, without a float-to-int
    // conversion (which made this loop 1.8× its native time in wasm).
    const double pos = a * scale;
    const double clamped = pos < last ? pos : last;
    double unused;
    const std::uint32_t b = floor_index(clamped, unused);
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
  return out;
}

SignedRankSums SignedRanker::rank(const double* d, std::size_t n) {
  if (keys_.size() < n) {
    keys_.resize(n);
    tmp_.resize(2 * n + 1);
  }
  std::uint64_t* keys = keys_.data();
  std::size_t m = 0;
  // The maximum is taken here rather than in a pass of its own: measured, that
  // pass alone cost the wasm build ~2 ns per difference.
  std::uint64_t max_key = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double x = d[i];
    // |x| as raw bits orders like |x| (non-negative doubles); the low bit is the sign.
    const std::uint64_t key = (pairpower::bit_cast<std::uint64_t>(std::fabs(x)) << 1) | (x > 0 ? 1u : 0u);
    keys[m] = key;
    max_key = std::max(max_key, key);
    m += (x != 0) ? 1 : 0;
  }
  SignedRankSums s;
  s.n_nonzero = static_cast<std::uint32_t>(m);
  s.n_zero = static_cast<std::uint32_t>(n - m);
  const std::uint64_t* sorted = sort_keys(keys, tmp_.data(), m, max_key);
  // Ranks as if untied, summed exactly in integers, in one branch-free pass that
  // also notices ties; only then (clipped or lattice scores) the slower walk
  // that gives tied |d| their average rank.
  std::uint64_t rank_sum = 0;
  std::uint32_t n_pos = 0;
  std::uint64_t previous = ~std::uint64_t{0};
  bool tied = false;
  for (std::size_t i = 0; i < m; ++i) {
    const std::uint64_t k = sorted[i];
    const auto positive = static_cast<std::uint32_t>(k & 1u);
    n_pos += positive;
    rank_sum += positive * (i + 1);
    tied |= (k >> 1) == previous;
    previous = k >> 1;
  }
  s.n_positive = n_pos;
  s.r_plus = static_cast<double>(rank_sum);
  if (!tied) return s;
  double r_plus = 0, tie_term = 0;
  std::size_t i = 0;
  while (i < m) {
    const std::uint64_t mag = sorted[i] >> 1;
    std::size_t j = i;
    std::uint32_t pos = 0;
    while (j < m && (sorted[j] >> 1) == mag) {
      pos += static_cast<std::uint32_t>(sorted[j] & 1u);
      ++j;
    }
    // Ranks i+1 … j share their average (i + 1 + j) / 2.
    const double t = static_cast<double>(j - i);
    r_plus += static_cast<double>(pos) * (static_cast<double>(i + 1 + j) * 0.5);
    if (j - i > 1) tie_term += t * t * t - t;
    i = j;
  }
  s.r_plus = r_plus;
  s.tie_term = tie_term;
  return s;
}

}  // namespace pairpower
