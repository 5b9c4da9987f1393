#pragma once
// Leaderboard test helpers shared by the Catch2 files: boards built as the
// series a wide table gives, and a board's systems and pairs found by name.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "pairpower/leaderboard/leaderboard.hpp"

namespace pairpower::test {

/// "s3", "q7", "d2": appended piecewise (GCC 12 warns, wrongly, on "s" + std::to_string chains).
inline std::string name(char prefix, std::size_t i) {
  std::string out(1, prefix);
  out += std::to_string(i);
  return out;
}

/// scores[system][query] as the series of a wide table: systems `names`,
/// queries q0, q1, …, measure "m".
inline std::vector<ScoreSeries> series_of(const std::vector<std::vector<double>>& scores, const std::vector<std::string>& names,
                                          const std::string& dataset = "") {
  std::vector<ScoreSeries> out;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    ScoreSeries s{dataset, "m", names[i], {}, {}};
    for (std::size_t j = 0; j < scores[i].size(); ++j) {
      s.qids.push_back(name('q', j));
      s.values.push_back(scores[i][j]);
    }
    out.push_back(std::move(s));
  }
  return out;
}

/// A fixture board (scores[system][query], or with `transpose` scores[query][system])
/// as the series of a wide table: systems s0, s1, …
inline std::vector<ScoreSeries> series_of(const nlohmann::json& scores, const std::string& dataset = "", bool transpose = false) {
  const std::size_t k = transpose ? scores.at(0).size() : scores.size(), n = transpose ? scores.size() : scores.at(0).size();
  std::vector<std::vector<double>> rows(k, std::vector<double>(n));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < k; ++i) {
    names.push_back(name('s', i));
    for (std::size_t j = 0; j < n; ++j) rows[i][j] = (transpose ? scores.at(j).at(i) : scores.at(i).at(j)).get<double>();
  }
  return series_of(rows, names, dataset);
}

/// The board's row of system `s` (a test failure when there is none).
inline const BoardSystem& system_of(const Board& b, const std::string& s) {
  for (const auto& x : b.systems)
    if (x.system == s) return x;
  FAIL("no system " << s);
  throw;
}

/// The pair with system_a == a and system_b == c exactly (a test failure when there is none).
inline const BoardPair& ordered_pair_of(const Board& b, const std::string& a, const std::string& c) {
  for (const auto& p : b.pairs)
    if (p.system_a == a && p.system_b == c) return p;
  FAIL("no pair " << a << "-" << c);
  throw;
}

/// The pair of a and c, whichever the board lists first (a test failure when there is none).
inline const BoardPair& pair_of(const Board& b, const std::string& a, const std::string& c) {
  for (const auto& p : b.pairs)
    if ((p.system_a == a && p.system_b == c) || (p.system_a == c && p.system_b == a)) return p;
  FAIL("no pair " << a << "-" << c);
  throw;
}

}  // namespace pairpower::test
