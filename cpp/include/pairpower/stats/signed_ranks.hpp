#pragma once
// Signed-rank sums of per-query differences: the shared core of the Wilcoxon
// and sign tests, on data and inside the simulation.
//
// Zeros are dropped (scipy's zero_method="wilcox"); tied |d| get average ranks.
//
// Example:
//   pairpower::SignedRanker ranker;
//   auto s = ranker.rank(d.data(), d.size());   // s.r_plus, s.n_nonzero, …
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pairpower {

struct SignedRankSums {
  double r_plus = 0;        ///< sum of ranks of positive differences
  double tie_term = 0;      ///< Σ (t³ − t) over groups of tied |d|
  std::uint32_t n_nonzero = 0;
  std::uint32_t n_positive = 0;
  std::uint32_t n_zero = 0;
};

/// Ranks |d| by sorting 64-bit keys (bits(|d|) << 1 | sign): exact double order,
/// so ties are exactly scipy's ties. Keeps scratch buffers between calls.
class SignedRanker {
 public:
  SignedRankSums rank(const double* d, std::size_t n);

 private:
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint64_t> tmp_;
};

/// Sorts keys ascending, in place or into scratch (which must hold 2n + 1 words),
/// and returns where the sorted keys are; max_key is the largest key. Above a
/// small size a bucket sort on |d| (hand-written: std::sort costs 3–4× more per
/// element at n = 1000, and a radix sort needs several passes over 256-entry tables).
const std::uint64_t* sort_keys(std::uint64_t* keys, std::uint64_t* scratch, std::size_t n, std::uint64_t max_key);

}  // namespace pairpower
