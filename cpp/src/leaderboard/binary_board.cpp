#include "detail/binary_board.hpp"

#include <span>

#include "pairpower/stats/binary_paired.hpp"
#include "pairpower/stats/multiple_testing.hpp"

namespace pairpower::detail {

bool add_binary_tests(std::vector<BoardPair>& out, const BoardMatrix& b, const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
  const std::size_t n = b.queries();
  const auto row = [&](std::size_t i) { return std::span<const double>(b.row(i), n); };
  if (pairs.empty()) return false;
  std::vector<BinaryTable> tables;
  for (const auto& [i, j] : pairs) {
    const auto t = binary_table(row(i), row(j));
    if (!t) return false;
    tables.push_back(*t);
  }
  std::vector<double> ps;
  for (std::size_t x = 0; x < pairs.size(); ++x) {
    out[x].mcnemar = mcnemar(tables[x]);
    ps.push_back(out[x].mcnemar->p);
  }
  const auto holm = adjust_p(ps, Adjustment::holm);
  for (std::size_t x = 0; x < pairs.size(); ++x) out[x].mcnemar_p_holm = holm[x];
  return true;
}

std::array<double, 2> wilson_of(const BoardMatrix& b, std::size_t i, double confidence) {
  std::uint64_t right = 0;
  for (std::size_t q = 0; q < b.queries(); ++q) right += b.at(i, q) == 1.0;
  const auto w = wilson_interval(right, b.queries(), confidence);
  return {w.low, w.high};
}

}  // namespace pairpower::detail
