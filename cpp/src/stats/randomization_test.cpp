#include "pairpower/stats/randomization_test.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "pairpower/simulation/detail/random.hpp"

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
  const std::vector<double> table = byte_tables(d);
  const std::size_t blocks = table.size() / 256;
  const double nn = static_cast<double>(n);
  double unflipped = 0;  // every block's mask 0, summed in the order the resamples use
  for (std::size_t b = 0; b < blocks; ++b) unflipped += table[b * 256];
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
    const std::uint64_t total = std::uint64_t{1} << n;
    for (std::uint64_t mask = 0; mask < total; ++mask) {
      double s = 0;
      for (std::size_t b = 0; b < blocks; ++b) s += table[b * 256 + ((mask >> (8 * b)) & 0xff)];
      count(s);
    }
    r.resamples = total;
  } else {
    // One random byte per block and resample; the generator is keyed by the seed.
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
