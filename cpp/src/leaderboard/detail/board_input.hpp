#pragma once
// A leaderboard's input as boards: each dataset's systems × queries of one
// measure, paired by query id under the missing-id policy, with the items'
// clusters when the inputs give them.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "pairpower/input/pairing.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/stats/board_matrix.hpp"

namespace pairpower::detail {

struct DatasetScores {
  std::string dataset;
  bool by_position = false;  ///< its columns have no query ids: paired row by row
  std::vector<std::string> systems;
  std::vector<std::string> qids;
  BoardMatrix board{0, 0};
  std::vector<std::string> clusters{};  ///< each query's cluster (as qids), empty when the inputs name none
  Unit unit{};                          ///< what the ids name: items when any input is an evaluation log
};

/// An input that names no measure (a qid,score file, a bare column) holds the others' one measure, or
/// `wanted` among several; one that names no dataset, and no system the others have, the others' one
/// dataset; beside several, refused. Returns `series` itself when nothing is renamed, else the copy in `storage`.
const std::vector<ScoreSeries>& unnamed_joined(const std::vector<ScoreSeries>& series, const std::string& wanted, std::vector<ScoreSeries>& storage);
/// The measures the series hold, each once in input order; "" when some name none.
std::vector<std::string> measures_in(const std::vector<ScoreSeries>& series);
/// `measures` without "": what a board can be asked to rank by.
std::vector<std::string> named_only(std::vector<std::string> measures);
/// The measure to rank by among `measures` (measures_in): `wanted`, or the only one; a refusal offers them.
std::string measure_of(const std::vector<std::string>& measures, const std::string& wanted);
inline std::string measure_of(const std::vector<ScoreSeries>& series, const std::string& wanted) { return measure_of(measures_in(series), wanted); }
/// Throws unless the board has 2 systems and 2 queries.
void check_size(const DatasetScores& d);
/// Every pair once, A before B in input order.
std::vector<std::pair<std::size_t, std::size_t>> pairs_of(std::size_t k);
/// Every dataset's board of measure `m`, in input order.
std::vector<DatasetScores> boards_of(const std::vector<ScoreSeries>& series, const std::string& m, MissingPolicy missing);
/// A table of per-dataset scores: one "query" per dataset.
bool per_dataset_only(const std::vector<DatasetScores>& sets);

}  // namespace pairpower::detail
