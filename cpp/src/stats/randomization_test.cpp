#include "pairpower/stats/randomization_test.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pairpower/base/count_ones.hpp"
#include "pairpower/base/random.hpp"

namespace pairpower {
namespace {

// For each block of 8 differences, the 256 sums Σ ±d_k (bit k set = sign flipped).
std::vector<double> byte_tables(std::span<const double> d) {
  const std::size_t blocks = (d.size() + 7) / 8;
  std::vector<double> t(blocks * 256);
  for (std::size_t b = 0; b < blocks; ++b)
    for (unsigned mask = 0; mask < 256; ++mask) {
      double s = 0;
      for (unsigned k = 0; k < 8; ++k) {
        const std::size_t i = 8 * b + k;
        if (i < d.size()) s += (mask >> k) & 1u ? -d[i] : d[i];
      }
      t[b * 256 + mask] = s;
    }
  return t;
}

// How many differences are nonzero and how many of those are positive, when all of them have one size.
struct EqualSizes {
  std::uint64_t nonzero = 0, positive = 0;
};
std::optional<EqualSizes> equal_sizes(std::span<const double> d) {
  EqualSizes e;
  double size = 0;
  for (const double x : d) {
    if (x == 0) continue;
    if (size == 0) size = std::fabs(x);
    else if (std::fabs(x) != size) return std::nullopt;
    ++e.nonzero;
    e.positive += x > 0;
  }
  if (e.nonzero == 0) return std::nullopt;
  return e;
}

struct Tally {
  std::uint64_t at_most = 0;   // T* ≤ t + γ
  std::uint64_t at_least = 0;  // T* ≥ t − γ
};

}  // namespace

RandomizationResult randomization_test(std::span<const double> d, const RandomizationOptions& opt) {
  const std::size_t n = d.size();
  if (n == 0) throw std::invalid_argument("randomization test needs at least one difference");
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(d[i])) throw std::invalid_argument("difference " + std::to_string(i + 1) + " is not a finite number");
  if (opt.resamples < 1) throw std::invalid_argument("resamples: must be at least 1");
  const std::size_t blocks = (n + 7) / 8;
  const double nn = static_cast<double>(n);
  double unflipped = 0;  // each block's sum with no flips (its table's entry 0), summed in the order the resamples use
  for (std::size_t b = 0; b < blocks; ++b) {
    double s = 0;
    for (std::size_t i = 8 * b; i < std::min(n, 8 * b + 8); ++i) s += d[i];
    unflipped += s;
  }
  const double observed = unflipped / nn;
  // scipy's tolerance for numerically distinct but equal statistics.
  const double gamma = std::max(1e-14, std::fabs(1e-14 * observed));
  Tally tally;
  auto count = [&](double sum) {
    const double stat = sum / nn;
    tally.at_most += stat <= observed + gamma;
    tally.at_least += stat >= observed - gamma;
  };
  RandomizationResult r{};
  r.statistic = observed;
  r.exact = n <= opt.max_exact_n && n < 63;
  if (r.exact) {
    const std::vector<double> table = byte_tables(d);
    const std::uint64_t total = std::uint64_t{1} << n;
    for (std::uint64_t mask = 0; mask < total; ++mask) {
      double s = 0;
      for (std::size_t b = 0; b < blocks; ++b) s += table[b * 256 + ((mask >> (8 * b)) & 0xff)];
      count(s);
    }
    r.resamples = total;
  } else if (const auto e = equal_sizes(d)) {
    // Every nonzero difference of one size (binary items: ±1): a resample's sum is the size times
    // (kept − flipped), and which ones flip does not matter, only how many. One random bit per
    // nonzero difference, counted 64 at a time; comparing counts keeps ties exact.
    Xoshiro128x8 rng(hash_words({opt.seed, 0x7369676e666c6970ULL /* "signflip" */, n}));
    const auto words32 = static_cast<std::size_t>((e->nonzero + 31) / 32);  // nonzero ≤ d.size()
    std::vector<std::uint32_t> bits((words32 + 7) / 8 * 8);
    const std::uint32_t last_mask = e->nonzero % 32 ? (std::uint32_t{1} << (e->nonzero % 32)) - 1 : ~std::uint32_t{0};
    for (std::uint64_t k = 0; k < opt.resamples; ++k) {
      rng.fill(bits.data(), bits.size());
      const std::uint64_t positive = count_ones(bits.data(), words32 - 1) + static_cast<std::uint64_t>(std::popcount(bits[words32 - 1] & last_mask));
      tally.at_most += positive <= e->positive;
      tally.at_least += positive >= e->positive;
    }
    r.resamples = opt.resamples;
  } else {
    // One random byte per block and resample; the generator is keyed by the seed.
    const std::vector<double> table = byte_tables(d);
    Xoshiro128x8 rng(hash_words({opt.seed, 0x7369676e666c6970ULL /* "signflip" */, n}));
    const std::size_t words = (blocks + 3) / 4;
    std::vector<std::uint32_t> bits((words + 7) / 8 * 8);
    for (std::uint64_t k = 0; k < opt.resamples; ++k) {
      rng.fill(bits.data(), bits.size());
      const auto* bytes = reinterpret_cast<const unsigned char*>(bits.data());
      // Two running sums in a fixed order: faster, and the same on every platform.
      double s0 = 0, s1 = 0;
      std::size_t b = 0;
      for (; b + 2 <= blocks; b += 2) {
        s0 += table[b * 256 + bytes[b]];
        s1 += table[(b + 1) * 256 + bytes[b + 1]];
      }
      if (b < blocks) s0 += table[b * 256 + bytes[b]];
      count(s0 + s1);
    }
    r.resamples = opt.resamples;
  }
  // Monte Carlo p-values count the observed arrangement as one of the resamples.
  const double adjust = r.exact ? 0.0 : 1.0;
  const double denom = static_cast<double>(r.resamples) + adjust;
  const double p_less = (static_cast<double>(tally.at_most) + adjust) / denom;
  const double p_greater = (static_cast<double>(tally.at_least) + adjust) / denom;
  const double k = static_cast<double>(r.resamples);
  if (opt.alternative != Alternative::two_sided) {
    r.p_value = opt.alternative == Alternative::greater ? p_greater : p_less;
    r.p_se = r.exact ? 0.0 : std::sqrt(r.p_value * (1 - r.p_value) / k);
    return r;
  }
  const double tail = std::min(p_less, p_greater);
  r.p_value = std::min(1.0, 2 * tail);
  // p = 2·(a binomial share): its Monte Carlo SE is twice the share's.
  r.p_se = r.exact ? 0.0 : 2 * std::sqrt(tail * (1 - tail) / k);
  return r;
}

}  // namespace pairpower
