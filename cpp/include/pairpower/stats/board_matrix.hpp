#pragma once
// A leaderboard's scores: k systems × n shared queries (or, across datasets,
// k systems × D datasets), one number per cell, stored system by system.
//
// Exact ties. On lattice measures (P@10, success@k, accuracy, any score written
// with a few decimals) two systems often have exactly equal sums, which float
// sums in different orders miss by a last bit. When every score is a whole
// multiple of a step 1/m (m ≤ 100, or a power of ten up to 10⁶), the board sums
// the whole numbers m·x — exact in double below 2⁵³ — so equal sums give equal
// means, Δ = 0 and tied resamples, whatever the order of the queries.
//
// Example:
//   pairpower::BoardMatrix b(3, 100);        // 3 systems, 100 queries
//   b.at(0, 7) = 0.42;                       // system 0, query 7
//   b.system_mean(0);
//   b.lattice();                             // 100: every score a multiple of 0.01
//   b.exact_sums().difference(0, 1);         // mean(1) − mean(0), 0 exactly for equal sums
#include <cstddef>
#include <vector>

namespace pairpower {

class BoardMatrix {
 public:
  BoardMatrix(std::size_t systems, std::size_t queries) : k_(systems), n_(queries), x_(systems * queries, 0.0) {}
  std::size_t systems() const noexcept { return k_; }
  std::size_t queries() const noexcept { return n_; }
  double& at(std::size_t system, std::size_t query) noexcept { return x_[system * n_ + query]; }
  double at(std::size_t system, std::size_t query) const noexcept { return x_[system * n_ + query]; }
  const double* row(std::size_t system) const noexcept { return x_.data() + system * n_; }
  /// m when every score is a whole multiple of 1/m and every sum of n of them
  /// stays exact; 0 otherwise.
  double lattice() const noexcept;
  /// The scores in exact units, system by system: m·x rounded to whole numbers
  /// on a lattice, the scores themselves otherwise.
  std::vector<double> exact_values() const;
  struct Sums {
    double unit;                ///< m on a lattice, 1 otherwise
    std::size_t queries;
    std::vector<double> sums;   ///< each system's sum in exact units
    double mean(std::size_t system) const noexcept { return sums[system] / (unit * static_cast<double>(queries)); }
    /// mean(b) − mean(a) from the sums: 0 exactly for equal sums.
    double difference(std::size_t a, std::size_t b) const noexcept { return (sums[b] - sums[a]) / (unit * static_cast<double>(queries)); }
  };
  Sums exact_sums() const;
  double system_mean(std::size_t system) const;
  std::vector<double> system_means() const;

 private:
  std::size_t k_, n_;
  std::vector<double> x_;
};

}  // namespace pairpower
