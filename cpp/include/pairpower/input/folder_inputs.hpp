#pragma once
// A folder given as input stands for the score files in it. One found there that cannot be read (a
// README beside the runs, a log of corpus-level metrics only) is left out with a warning naming it and
// why; a folder none of whose files reads is refused, as the option's fault when a file did not fit an
// option the user gave (a cluster field its records lack), else as the first file's. The CLI (cli/input_files.hpp), the page's
// Leaderboard (its chosen folder) and Analyze's (archive text marked as a folder, parse_archive) follow this one rule.
//
// Example:
//   left_out_of_folder("out", "out/README.md: three columns, …");  // {"left_out_of_folder", "left out of the folder 'out': out/README.md: …"}
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/warnings.hpp"

namespace pairpower {

/// A file of a folder left out because it could not be read: the folder, and the file with its fault
/// ("model-a/README.md: three columns, …").
struct LeftOutFile {
  std::string folder;
  std::string why;
  /// The fault's field and kind: a folder none of whose files reads is refused with one file's (refuse_unread_folder).
  std::string field = "scores";
  ErrorKind kind = ErrorKind::malformed_input;
};

/// Whether a reading's refusal is about an option the user gave rather than the file: records that lack the
/// cluster field asked for (a file of another kind refused with --cluster is still the file's fault).
inline bool about_an_option(std::string_view field, ErrorKind kind) { return field == "cluster" && kind == ErrorKind::not_in_input; }

/// Refuses a file the front end could not open (a broken gzip or zip): `why`, when not empty, is its reason.
/// Every reader of a folder's files calls it first, so such a file is named with that reason, not as empty.
inline void refuse_unopened(const std::string& why) {
  if (!why.empty()) throw InputError(why);
}

/// A file of `folder` named `name`, read by `read()` (which calls refuse_unopened).
/// When the reading fails with an Error, the file is left out (appended to `left_out`) and there is nothing.
template <class Read>
auto read_or_leave_out(std::string_view folder, const std::string& name, std::vector<LeftOutFile>& left_out, Read&& read) -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const Error& e) {
    left_out.push_back({std::string(folder), name + ": " + e.detail, e.field, e.kind});
    return std::nullopt;
  }
}

/// A refusal for another reason `e`, saying files were left out (files_left_out) and keeping what it offers to choose from.
Error with_files_left_out(const Error& e, const std::vector<LeftOutFile>& files);

/// Refuses a folder none of whose files could be read (`left_out` not empty), worded by folder_not_read: in the
/// first file's folder, the first fault about an option when there is one (the option is why nothing read), else
/// the first file's.
[[noreturn]] void refuse_unread_folder(const std::vector<LeftOutFile>& left_out);

/// The warning for a file of `folder` left out; `why` names the file and its fault.
Warning left_out_of_folder(std::string_view folder, std::string_view why);

/// The refusal of a folder none of whose files could be read, naming one file's fault (`first_why`) and how
/// many more there are (the CLI names each above it instead).
std::string folder_not_read(std::string_view folder, std::string_view first_why = {}, std::size_t more = 0);

/// What a refusal for another reason adds when files were left out (the CLI has named each above it):
/// one of them may have held what is missing. Folder by folder, in order, each with how many and the first.
std::string files_left_out(const std::vector<LeftOutFile>& files);

}  // namespace pairpower
