// Monte Carlo coverage of the intervals pairpower reports for binary and
// clustered items (docs/statistics.md, "Coverage"): how often each 95% interval
// holds the true value, with its Monte Carlo SE. A report, not a test: the
// numbers describe the methods, and nothing here asserts them.
//
//   build/pairpower_interval_coverage [replicates]     (default 4000)
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "pairpower/stats/binary_paired.hpp"
#include "pairpower/stats/clustered.hpp"

using namespace pairpower;

namespace {

struct Tally {
  std::uint64_t hit = 0, total = 0;
  void add(bool in) { hit += in, ++total; }
  std::string text() const {
    const double p = static_cast<double>(hit) / static_cast<double>(total);
    return fmt::format("{:.3f} ± {:.3f}", p, std::sqrt(p * (1 - p) / static_cast<double>(total)));
  }
};

// Paired binary items: A right with probability pa; B right with pb, correlated through a shared latent normal (correlation rho).
void binary(std::uint64_t reps, std::mt19937_64& rng) {
  fmt::print("Binary items (Wilson for each accuracy, Newcombe method 10 for the difference), 95% nominal:\n");
  fmt::print("  {:>5} {:>5} {:>5} {:>5}  {:>16} {:>16}\n", "n", "p_A", "p_B", "rho", "Wilson (A)", "Newcombe (B − A)");
  std::normal_distribution<double> z;
  for (std::uint64_t n : {20u, 50u, 200u, 1000u})
    for (auto [pa, pb, rho] : {std::tuple{0.5, 0.6, 0.5}, std::tuple{0.9, 0.95, 0.5}, std::tuple{0.7, 0.7, 0.0}}) {
      // The latent normal's threshold c with P(Z > c) = p, by bisection: it gives the accuracies.
      const auto threshold = [](double p) {
        double lo = -10, hi = 10;
        for (int i = 0; i < 100; ++i) {
          const double mid = (lo + hi) / 2;
          (0.5 * std::erfc(mid / std::sqrt(2.0)) > p ? lo : hi) = mid;
        }
        return (lo + hi) / 2;
      };
      const double ca = threshold(pa), cb = threshold(pb);
      Tally wa, nd;
      for (std::uint64_t r = 0; r < reps; ++r) {
        BinaryTable t;
        for (std::uint64_t i = 0; i < n; ++i) {
          const double u = z(rng), v = rho * u + std::sqrt(1 - rho * rho) * z(rng);
          const bool a = u > ca, b = v > cb;
          (a && b ? t.both : a ? t.a_only : b ? t.b_only : t.neither)++;
        }
        const auto w = wilson_interval(t.correct_a(), n, 0.95);
        wa.add(w.low <= pa && pa <= w.high);
        const auto d = newcombe_interval(t, 0.95);
        nd.add(d.low <= pb - pa && pb - pa <= d.high);
      }
      fmt::print("  {:>5} {:>5} {:>5} {:>5}  {:>16} {:>16}\n", n, pa, pb, rho, wa.text(), nd.text());
    }
}

// Clustered differences: cluster effect ~ N(0, icc), item noise ~ N(0, 1 − icc), true mean 0.
void clustered(std::uint64_t reps, std::mt19937_64& rng) {
  fmt::print("\nClustered items (cluster-robust t with C − 1 df; cluster bootstrap percentile of 1,000 resamples, on the first {} replicates), 95% nominal:\n", std::min<std::uint64_t>(reps, 1000));
  fmt::print("  {:>8} {:>9} {:>5}  {:>16} {:>16} {:>16}\n", "clusters", "per clust", "ICC", "CR1 t", "cluster boot", "naive t (iid)");
  std::normal_distribution<double> z;
  for (std::uint32_t c : {5u, 10u, 20u, 50u})
    for (auto [m, icc] : {std::pair{4u, 0.2}, std::pair{10u, 0.5}}) {
      Tally cr, bo, naive;
      std::vector<std::string> names;
      for (std::uint32_t k = 0; k < c; ++k)
        for (std::uint32_t i = 0; i < m; ++i) names.push_back(std::to_string(k));
      const ClusterIds ids = cluster_ids(names);
      std::vector<double> x(names.size());
      const std::uint64_t boot_reps = std::min<std::uint64_t>(reps, 1000);
      for (std::uint64_t r = 0; r < reps; ++r) {
        for (std::uint32_t k = 0; k < c; ++k) {
          const double u = std::sqrt(icc) * z(rng);
          for (std::uint32_t i = 0; i < m; ++i) x[k * m + i] = u + std::sqrt(1 - icc) * z(rng);
        }
        const auto cm = clustered_mean(x, ids, 0.95);
        cr.add(cm.ci_low <= 0 && 0 <= cm.ci_high);
        if (r < boot_reps) {
          const auto b = cluster_bootstrap(x, ids, {1000, r + 1, 0.95, false});
          bo.add(b.low <= 0 && 0 <= b.high);
        }
        // The interval that treats items as independent: one cluster per item.
        std::vector<std::string> own(x.size());
        for (std::size_t i = 0; i < own.size(); ++i) own[i] = std::to_string(i);
        const auto iid = clustered_mean(x, cluster_ids(own), 0.95);
        naive.add(iid.ci_low <= 0 && 0 <= iid.ci_high);
      }
      fmt::print("  {:>8} {:>9} {:>5}  {:>16} {:>16} {:>16}\n", c, m, icc, cr.text(), bo.text(), naive.text());
    }
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t reps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 4000;
  std::mt19937_64 rng(20261127);
  fmt::print("Coverage of 95% intervals, {} replicates per row (± one Monte Carlo SE), seed 20261127\n\n", reps);
  binary(reps, rng);
  clustered(reps, rng);
}
