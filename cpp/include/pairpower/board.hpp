#pragma once
// A leaderboard's scores: k systems × n shared queries (or, across datasets,
// k systems × D datasets), one number per cell, stored system by system.
//
// Example:
//   pairpower::BoardMatrix b(3, 100);        // 3 systems, 100 queries
//   b.at(0, 7) = 0.42;                       // system 0, query 7
//   b.system_mean(0);
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
  double system_mean(std::size_t system) const noexcept;
  std::vector<double> system_means() const;

 private:
  std::size_t k_, n_;
  std::vector<double> x_;
};

}  // namespace pairpower
