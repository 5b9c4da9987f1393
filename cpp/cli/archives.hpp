#pragma once
// Zip archives named on the command line: an inspect_ai .eval log, or a zip of
// score files; entries stored, deflated (zlib) or compressed with zstd (libzstd),
// which inspect_ai writes by default.
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/input/score_input.hpp"

namespace pairpower::cli {

/// "PK\3\4": the bytes a zip archive starts with.
bool is_zip(std::string_view data);

/// Every file in the archive `data` (read from `path`), decompressed; a UsageError names `flag` and the path otherwise.
std::vector<ArchiveEntry> read_zip(std::string_view data, const std::string& path, std::string_view flag);

}  // namespace pairpower::cli
