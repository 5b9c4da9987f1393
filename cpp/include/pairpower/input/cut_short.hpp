#pragma once
// A trec_eval -q file copied or downloaded only in part still parses: it ends inside a query, and the
// queries after it are simply absent. trec_eval writes every query's measures in one order and its
// summary rows (query "all") last, so a last run without summary rows whose last query holds only the
// first measures every other query holds is flagged, not refused: the scores it holds are real. A file
// written with -n (no summary rows) whose queries are all whole is not flagged, nor are ir_measures'
// files, whose rows follow no such order.
//
// Example:
//   cut_short_warning(c).message;  // "bm25.txt looks cut short: run bm25 ends inside query 131_9, which holds 7 of …"
#include <cstddef>
#include <string>

#include "pairpower/base/warnings.hpp"

namespace pairpower {

/// Where a run of a trec_eval -q file stops short (ScoreFile::cut_short).
struct CutShortRun {
  std::string file;    ///< as ScoreSeries::file: the file as the user named it; empty when unnamed
  std::string system;  ///< the run
  std::string qid;     ///< its last query, the one cut
  std::size_t has = 0;     ///< measures that query holds
  std::size_t of = 0;      ///< measures each of the run's other queries holds
  std::size_t others = 0;  ///< the run's other queries
  std::string last_measure;
  std::size_t line = 0;    ///< the line of its last row
  std::string last_value;  ///< that row's value as written when the file's last line has no line end (it may be cut too); else empty
};

/// The warning (code `cut_short`) every front end shows for it, naming the file, the query and the line.
Warning cut_short_warning(const CutShortRun& c);

}  // namespace pairpower
