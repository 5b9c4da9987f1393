#include "clustered_board.hpp"

#include <span>

#include "pairpower/stats/multiple_testing.hpp"

namespace pairpower::detail {

void add_clustered_tests(std::vector<BoardPair>& out, const BoardMatrix& b, const ClusterIds& ids,
                         const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double confidence) {
  const std::size_t n = b.queries();
  std::vector<double> ps, diff(n);
  for (std::size_t x = 0; x < pairs.size(); ++x) {
    const auto [i, j] = pairs[x];
    for (std::size_t q = 0; q < n; ++q) diff[q] = b.at(j, q) - b.at(i, q);
    const ClusteredMean m = clustered_mean(diff, ids, confidence);
    out[x].cluster = BoardClusterTest{m.clusters, m.se, m.ci_low, m.ci_high, m.p, m.design_effect};
    ps.push_back(m.p);
  }
  const auto holm = adjust_p(ps, Adjustment::holm);
  for (std::size_t x = 0; x < pairs.size(); ++x) out[x].cluster_p_holm = holm[x];
}

std::array<double, 2> cluster_interval(const BoardMatrix& b, std::size_t i, const ClusterIds& ids, double confidence) {
  const ClusteredMean m = clustered_mean(std::span<const double>(b.row(i), b.queries()), ids, confidence);
  return {m.ci_low, m.ci_high};
}

}  // namespace pairpower::detail
