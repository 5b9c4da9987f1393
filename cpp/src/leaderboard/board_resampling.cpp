#include "pairpower/leaderboard/board_resampling.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/random.hpp"
#include "detail/binary_resampling.hpp"

namespace pairpower {
namespace {

// One resample's scalar generator: SplitMix64 keyed by (seed, tag, r), each
// 64-bit output serving two draws (its halves), since the draws are the cost.
struct Draws {
  std::uint64_t state;
  std::uint64_t word = 0;
  bool spare = false;
  std::uint32_t bits() noexcept {
    if (spare) {
      spare = false;
      return static_cast<std::uint32_t>(word);
    }
    word = splitmix64(state);
    spare = true;
    return static_cast<std::uint32_t>(word >> 32);
  }
  std::uint32_t below(std::uint32_t m) noexcept {  // uniform in [0, m), Lemire's multiply-shift (bias < m / 2^32)
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(bits()) * m) >> 32);
  }
  // Uniform in [0, m) without bias (Lemire 2019, rejecting the few products that would favour some values),
  // for ranges of up to C(20, 10) subsets, where m / 2^32 would no longer be negligible.
  std::uint32_t exactly_below(std::uint32_t m) noexcept {
    std::uint64_t x = static_cast<std::uint64_t>(bits()) * m;
    if (static_cast<std::uint32_t>(x) < m) {
      const std::uint32_t floor = (0u - m) % m;
      while (static_cast<std::uint32_t>(x) < floor) x = static_cast<std::uint64_t>(bits()) * m;
    }
    return static_cast<std::uint32_t>(x >> 32);
  }
};

// A few resamples in a call of their own. A wasm engine swaps in a function's
// optimised code only between its calls (it has no on-stack replacement), so
// one call looping over every resample would run its baseline code to the end.
template <class Scratch, class Body>
[[gnu::noinline]] void resample_span(const Body& body, Scratch& scratch, std::uint64_t begin, std::uint64_t end) {
  for (std::uint64_t r = begin; r < end; ++r) body(r, scratch);
}

// Runs body(r, scratch) for r in [first, last) on `threads` threads, each with its
// own scratch; bodies write results indexed by r, so no merging is needed.
template <class Scratch, class Body>
void for_resamples(std::uint64_t first, std::uint64_t last, unsigned threads, Scratch init, Body body) {
  const std::uint64_t R = last - first;
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::uint64_t>(1, R / 64))));
  std::vector<Scratch> parts(threads, init);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    const std::uint64_t begin = first + R * t / threads, end = first + R * (t + 1) / threads;
    auto run = [&, t, begin, end] {
      for (std::uint64_t r = begin; r < end; r += 16) resample_span(body, parts[t], r, std::min<std::uint64_t>(end, r + 16));
    };
    if (t + 1 == threads) run();
    else pool.emplace_back(run);
  }
  for (auto& th : pool) th.join();
}

void check_board(const BoardMatrix& b, const ResamplingOptions& o) {
  if (b.systems() < 2 || b.queries() < 1) throw Error("scores", ErrorKind::not_enough_data, "a leaderboard needs at least 2 systems and 1 query");
  if (o.resamples < 1) throw Error("resamples", ErrorKind::invalid_value, "must be at least 1");
}

}  // namespace

double RandomizedTukey::p_se(std::size_t i, std::size_t j) const noexcept {
  const double q = p(i, j);
  return std::sqrt(q * (1 - q) / static_cast<double>(resamples));
}

std::vector<double> tukey_ranges(const BoardMatrix& b, const ResamplingOptions& o, std::uint64_t first, std::uint64_t last) {
  check_board(b, o);
  if (first > last || last > o.resamples) throw Error("resamples", ErrorKind::invalid_value, "a part must lie within the resamples");
  const std::size_t k = b.systems(), n = b.queries();
  // Each resample gives the range of the permuted means; a pair's p counts ranges ≥ its |Δ|.
  // The scores query by query (k contiguous values), as each resample deals them out.
  // In exact units: on a lattice every permuted sum is exact, so a range equals a Δ exactly when their sums do.
  const std::vector<double> exact = b.exact_values();
  const double scale = b.exact_sums().unit * static_cast<double>(n);
  std::vector<double> ranges(static_cast<std::size_t>(last - first));
  if (const auto with_ones = k <= detail::SubsetMasks::most_systems ? detail::items_by_ones(exact, k, n) : std::nullopt) {
    // A binary item with c ones deals them to a uniform random c of the k systems, so only how many items
    // have each c matters; items all systems agree on add the same to every sum and leave the range alone.
    const detail::SubsetMasks masks(k);
    struct Tally {
      detail::OnesTally ones;
      std::vector<double> sums;
    };
    for_resamples(first, last, o.threads, Tally{detail::OnesTally(k), std::vector<double>(k)}, [&](std::uint64_t r, Tally& t) {
      Draws draws{hash_words({o.seed, 0x74756b6579ULL /* "tukey" */, r})};
      t.ones.clear();
      for (std::size_t c = 1; c < k; ++c) {
        const std::uint32_t subsets = masks.count(c);
        t.ones.add_masks((*with_ones)[c], [&] { return masks.mask(c, draws.exactly_below(subsets)); });
      }
      t.ones.read(t.sums.data());
      const auto [lo, hi] = std::minmax_element(t.sums.begin(), t.sums.end());
      ranges[static_cast<std::size_t>(r - first)] = (*hi - *lo) / scale;
    });
    return ranges;
  }
  std::vector<double> by_query(k * n);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < n; ++j) by_query[j * k + i] = exact[i * n + j];
  std::vector<std::uint32_t> identity(k);
  for (std::size_t i = 0; i < k; ++i) identity[i] = static_cast<std::uint32_t>(i);
  struct Partial {
    std::vector<double> sums;
    std::vector<std::uint32_t> deal;
  };
  for_resamples(
      first, last, o.threads, Partial{std::vector<double>(k), identity},
      [&](std::uint64_t r, Partial& part) {
        Draws draws{hash_words({o.seed, 0x74756b6579ULL /* "tukey" */, r})};
        std::fill(part.sums.begin(), part.sums.end(), 0.0);
        std::copy(identity.begin(), identity.end(), part.deal.begin());  // a resample's draws are its own, whatever thread runs it
        for (std::size_t j = 0; j < n; ++j) {
          // Fisher–Yates on the deal (starting from the last query's permutation is as good as from the identity).
          for (std::size_t i = k - 1; i > 0; --i) std::swap(part.deal[i], part.deal[draws.below(static_cast<std::uint32_t>(i + 1))]);
          const double* column = &by_query[j * k];
          for (std::size_t i = 0; i < k; ++i) part.sums[i] += column[part.deal[i]];
        }
        const auto [lo, hi] = std::minmax_element(part.sums.begin(), part.sums.end());
        ranges[static_cast<std::size_t>(r - first)] = (*hi - *lo) / scale;
      });
  return ranges;
}

RandomizedTukey tukey_from_ranges(const BoardMatrix::Sums& sums, std::vector<double> ranges) {
  const std::size_t k = sums.sums.size();
  if (ranges.empty()) throw Error("resamples", ErrorKind::invalid_value, "must be at least 1");
  std::sort(ranges.begin(), ranges.end());
  const auto R = static_cast<double>(ranges.size());
  RandomizedTukey t{k, ranges.size(), std::vector<double>(k * k, 1.0)};
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) {
      // |Δ| from the sums, as the ranges are computed: on a lattice both are exact, and equal sums give Δ = 0, p = 1.
      const double d = std::fabs(sums.difference(i, j));
      // Off a lattice, ranges within rounding of |Δ| count as reaching it (as the randomization test does).
      const double reach = d * (1 - 1e-14);
      const auto at_least = static_cast<double>(ranges.end() - std::lower_bound(ranges.begin(), ranges.end(), reach));
      t.p_values[i * k + j] = t.p_values[j * k + i] = (at_least + 1) / (R + 1);
    }
  return t;
}

RandomizedTukey randomized_tukey(const BoardMatrix& b, const ResamplingOptions& o) {
  return tukey_from_ranges(b.exact_sums(), tukey_ranges(b, o, 0, o.resamples));
}

std::vector<std::size_t> ranks_by_mean(const std::vector<double>& means, bool higher_is_better) {
  // 1 + how many are strictly better, counted in a sorted copy: ties share a rank.
  std::vector<double> sorted(means);
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> rank(means.size());
  for (std::size_t i = 0; i < means.size(); ++i) {
    const auto better = higher_is_better ? sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), means[i])
                                         : std::lower_bound(sorted.begin(), sorted.end(), means[i]) - sorted.begin();
    rank[i] = 1 + static_cast<std::size_t>(better);
  }
  return rank;
}

std::vector<RankSet> rank_sets(const std::vector<double>& means, const std::function<bool(std::size_t, std::size_t)>& differ, bool higher_is_better) {
  const std::size_t k = means.size();
  std::vector<RankSet> out(k, RankSet{1, k});
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t x = 0; x < k; ++x) {
      if (x == j || means[x] == means[j] || !differ(x, j)) continue;
      if ((means[x] > means[j]) == higher_is_better) ++out[j].low;
      else --out[j].high;
    }
  return out;
}

void check_bootstrap_size(std::size_t systems, std::uint64_t resamples) {
  // Every system's mean on every resample is held at once, and beside them a copy system by system that
  // the pairs' intervals read: 2^26 means (512 MiB) and the copy fit the 2 GiB a page's worker can reach
  // with room to spare, and no 32-bit size can wrap below them.
  constexpr std::uint64_t most_means = std::uint64_t{1} << 26;
  if (std::uint64_t{systems} * resamples > most_means)
    throw Error("bootstrap", ErrorKind::invalid_value,
                std::to_string(systems) + " systems × " + std::to_string(resamples) + " resamples would hold " + std::to_string(std::uint64_t{systems} * resamples) +
                    " means, over the " + std::to_string(most_means) + " (512 MiB) a run may hold: at most " + std::to_string(most_means / systems) +
                    " resamples for this board");
}

BootstrapBoard bootstrap_board(const BoardMatrix& b, const ResamplingOptions& o, std::uint64_t first, std::uint64_t last) {
  check_board(b, o);
  if (first > last || last > o.resamples) throw Error("bootstrap", ErrorKind::invalid_value, "a part must lie within the resamples");
  const std::size_t k = b.systems(), n = b.queries();
  check_bootstrap_size(k, o.resamples);
  const auto held = static_cast<std::size_t>(last - first);
  BootstrapBoard boot{k, held, std::vector<double>(k * held)};
  // In exact units: on a lattice resamples with equal sums get equal means, so ties among them stay ties.
  const std::vector<double> exact = b.exact_values();
  const double scale = b.exact_sums().unit * static_cast<double>(n);
  // Each resample writes its own row: no merging, and the order is that of r whatever the threads.
  if (const auto binary = detail::BinaryItems::of(exact, k, n)) {
    // The same draws as below; a drawn item's pattern adds to every system's count at once.
    struct Tally {
      std::vector<std::uint32_t> pick;
      detail::OnesTally ones;
      std::vector<double> sums;
    };
    for_resamples(first, last, o.threads, Tally{std::vector<std::uint32_t>(binary->masks.empty() ? n : 0), detail::OnesTally(k), std::vector<double>(k)},  // picks only for patterns over 4 bytes
                  [&](std::uint64_t r, Tally& t) {
                    Draws draws{hash_words({o.seed, 0x72616e6bULL /* "rank" */, r})};
                    t.ones.clear();
                    if (!binary->masks.empty()) {
                      t.ones.add_masks(n, [&] { return binary->masks[draws.below(static_cast<std::uint32_t>(n))]; });
                    } else {
                      for (auto& q : t.pick) q = draws.below(static_cast<std::uint32_t>(n));
                      for (const std::uint32_t q : t.pick) t.ones.add(&binary->patterns[q * binary->bytes]);
                    }
                    t.ones.read(t.sums.data());
                    for (std::size_t i = 0; i < k; ++i) boot.means[static_cast<std::size_t>(r - first) * k + i] = t.sums[i] / scale;
                  });
    return boot;
  }
  for_resamples(
      first, last, o.threads, std::vector<std::uint32_t>(n),
      [&](std::uint64_t r, std::vector<std::uint32_t>& pick) {
        Draws draws{hash_words({o.seed, 0x72616e6bULL /* "rank" */, r})};
        for (auto& q : pick) q = draws.below(static_cast<std::uint32_t>(n));
        for (std::size_t i = 0; i < k; ++i) {
          const double* row = exact.data() + i * n;
          double s = 0;
          for (std::uint32_t q : pick) s += row[q];
          boot.means[static_cast<std::size_t>(r - first) * k + i] = s / scale;
        }
      });
  return boot;
}

BootstrapBoard bootstrap_board(const BoardMatrix& b, const ResamplingOptions& o) { return bootstrap_board(b, o, 0, o.resamples); }

std::vector<RankInterval> rank_intervals(const BootstrapBoard& boot, const std::vector<double>& means, double confidence, bool higher_is_better) {
  if (!(confidence > 0 && confidence < 1)) throw Error("confidence", ErrorKind::invalid_value, "must lie strictly between 0 and 1");
  const std::size_t k = boot.systems;
  std::vector<std::uint64_t> counts(k * k, 0);  // system i had rank r + 1
  for_resamples(0, boot.resamples, 1, std::vector<double>(k), [&](std::uint64_t r, std::vector<double>& row) {
    std::copy_n(boot.means.begin() + static_cast<std::ptrdiff_t>(r * k), k, row.begin());
    const auto ranks = ranks_by_mean(row, higher_is_better);
    for (std::size_t i = 0; i < k; ++i) ++counts[i * k + ranks[i] - 1];
  });
  const auto observed = ranks_by_mean(means, higher_is_better);
  const double tail = (1 - confidence) / 2, R = static_cast<double>(boot.resamples);
  std::vector<RankInterval> out(k);
  for (std::size_t i = 0; i < k; ++i) {
    RankInterval& ri = out[i];
    ri.rank = observed[i];
    ri.distribution.resize(k);
    double cum = 0;
    ri.low = 0;
    ri.high = k;
    for (std::size_t r = 0; r < k; ++r) {
      ri.distribution[r] = static_cast<double>(counts[i * k + r]) / R;
      const double before = cum;
      cum += ri.distribution[r];
      // The smallest rank whose cumulative share exceeds the lower tail, and the smallest reaching 1 − tail.
      if (ri.low == 0 && cum > tail) ri.low = r + 1;
      if (before < 1 - tail && cum >= 1 - tail - 1e-12) ri.high = r + 1;
    }
  }
  return out;
}

std::vector<RankInterval> rank_intervals(const BoardMatrix& b, const ResamplingOptions& o, double confidence, bool higher_is_better) {
  return rank_intervals(bootstrap_board(b, o), b.system_means(), confidence, higher_is_better);
}

namespace {

// numpy's linear percentile from two order statistics of d: a selection, not a sort (a board has k(k − 1)/2 pairs).
std::pair<double, double> percentile_interval(std::vector<double>& d, double confidence) {
  if (!(confidence > 0 && confidence < 1)) throw Error("confidence", ErrorKind::invalid_value, "must lie strictly between 0 and 1");
  const auto at = [&d](double q) {
    const double pos = q * static_cast<double>(d.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    std::nth_element(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(lo), d.end());
    const double x = d[lo];
    if (lo + 1 >= d.size()) return x;
    const double y = *std::min_element(d.begin() + static_cast<std::ptrdiff_t>(lo) + 1, d.end());
    return x + (pos - static_cast<double>(lo)) * (y - x);
  };
  const double tail = (1 - confidence) / 2;
  const double low = at(tail);
  return {low, at(1 - tail)};
}

}  // namespace

std::pair<double, double> pair_interval(const BootstrapBoard& boot, std::size_t a, std::size_t b, double confidence) {
  std::vector<double> d(static_cast<std::size_t>(boot.resamples));
  for (std::size_t r = 0; r < d.size(); ++r) d[r] = boot.means[r * boot.systems + b] - boot.means[r * boot.systems + a];
  return percentile_interval(d, confidence);
}

std::vector<double> bootstrap_by_system(const BootstrapBoard& boot) {
  const auto R = static_cast<std::size_t>(boot.resamples);
  std::vector<double> out(boot.means.size());
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t i = 0; i < boot.systems; ++i) out[i * R + r] = boot.means[r * boot.systems + i];
  return out;
}

std::vector<std::pair<double, double>> pair_intervals(const BootstrapBoard& boot, const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                                      const std::vector<bool>& wanted, double confidence) {
  std::vector<std::pair<double, double>> out(pairs.size(), {std::nan(""), std::nan("")});
  if (std::find(wanted.begin(), wanted.end(), true) == wanted.end()) return out;
  const std::vector<double> columns = bootstrap_by_system(boot);
  const auto R = static_cast<std::size_t>(boot.resamples);
  const auto row = [&](std::size_t i) { return std::span<const double>(columns).subspan(i * R, R); };
  for (std::size_t x = 0; x < pairs.size(); ++x)
    if (wanted[x]) out[x] = pair_interval(row(pairs[x].first), row(pairs[x].second), confidence);
  return out;
}

bool whole_bootstrap_per_part(std::size_t systems, std::size_t queries) noexcept {
  return 2 * static_cast<std::uint64_t>(queries) < 20 * static_cast<std::uint64_t>(systems - 1);
}

std::pair<double, double> pair_interval(std::span<const double> a, std::span<const double> b, double confidence) {
  if (a.size() != b.size()) throw Error("bootstrap", ErrorKind::invalid_value, "the two systems' resamples differ in number");
  std::vector<double> d(a.size());
  for (std::size_t r = 0; r < d.size(); ++r) d[r] = b[r] - a[r];
  return percentile_interval(d, confidence);
}

}  // namespace pairpower
