#pragma once
// Reading score files named on the command line (or - for stdin), shared by
// compare and leaderboard: a run without a runid is named after its file.
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/input/score_input.hpp"

namespace pairpower::cli {

/// A file's text (- for stdin), gzip data decompressed; a file that cannot be read is a UsageError naming `flag`.
std::string read_input(const std::string& path, std::string_view flag);

/// Runs scored against qrels (compare --qrels, leaderboard --qrels): one score file holding a series per run
/// and measure; `measures` in trec_eval's or ir_measures' names, none: nDCG@10. The measures' printed names
/// are added to `names` (what --measure then selects); a topic a run lacks is a warning on stderr.
ScoreFile runs_as_scores(const std::string& qrels, const std::vector<std::string>& runs, const std::vector<std::string>& measures,
                         std::vector<std::string>& names);

/// Parses one file; bad input is a UsageError naming the file (or stdin), the line and the field.
ScoreFile parse_file(const std::string& path, InputFormat format, const char* fallback, std::string_view flag);

}  // namespace pairpower::cli
