#pragma once
// Reading score files named on the command line (or - for stdin), shared by
// compare and leaderboard: a run without a runid is named after its file.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "arguments.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/input/folder_inputs.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower::cli {

/// Warnings about the inputs rather than the answers (a file left out of a folder, topics a run lacks),
/// collected while a command reads them: each printed on stderr as it arises, and all kept for the JSON
/// report's `warnings`.
class InputWarnings {
 public:
  void add(Warning w);
  std::vector<Warning> all() const;

 private:
  // read_inputs adds on its calling thread, as its workers read files only; a file replaced by a folder
  // between listing and reading would nest it on a worker, so adding stays safe across threads.
  mutable std::mutex mutex_;
  std::vector<Warning> kept_;
};

/// f(i) for i in [0, count), on as many threads as there are cores, the results in order; the first i
/// whose call threw rethrows. Files are independent: reading and scoring them is the parallel part of
/// evaluate, --qrels and a leaderboard of many files.
template <class F>
auto for_each_index(std::size_t count, F&& f) {
  using R = decltype(f(std::size_t{0}));
  std::vector<std::optional<R>> results(count);
  std::vector<std::exception_ptr> errors(count);
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i; (i = next++) < count;) {
      try {
        results[i].emplace(f(i));
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  const unsigned n = std::max(1u, std::min(std::thread::hardware_concurrency(), static_cast<unsigned>(count)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::vector<R> out;
  for (std::size_t i = 0; i < count; ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]);
    out.push_back(std::move(*results[i]));
  }
  return out;
}

/// f(path) for every path, as for_each_index.
template <class F>
auto for_each_file(const std::vector<std::string>& paths, F&& f) {
  return for_each_index(paths.size(), [&](std::size_t i) { return f(paths[i]); });
}

/// A path named on the command line, or a file found in a folder named there (`folder`: its index among them).
struct InputPath {
  std::string path;
  std::optional<std::size_t> folder;
  /// Its place among the paths named (a folder's files share their folder's): names what has no name of its own.
  std::size_t given = 0;
};

/// Every given path, each folder replaced by the files in it that hold scores (holds_scores), recursively,
/// in path order, without hidden ones, as the page reads a chosen folder (a folder without any is a
/// UsageError naming `flag`); a file equivalent to `skip` (the qrels inside a folder of runs) is left out.
std::vector<InputPath> expand_inputs(const std::vector<std::string>& given, std::string_view flag, const std::string& skip = "");

/// Warns of what reading the file found: the files left out of a folder it holds as the page's archive text
/// (ScoreFile::left_out) and runs cut short (ScoreFile::cut_short); forgets them, so none is warned of twice:
/// called on the command's thread as each input is taken, in input order.
void warn_of_reading(ScoreFile& file, InputWarnings& warnings);

/// read(i) for every input, side by side, in order. A file found in a folder that cannot be read, or does not
/// fit an option (OptionError), is left out with a warning (in `warnings`), and a folder none of whose files
/// reads stops the command (folder_inputs.hpp), naming the option when a file did not fit one; so does a file
/// named on the command line that cannot be read.
template <class F>
auto read_inputs(const std::vector<InputPath>& inputs, const std::vector<std::string>& given, std::string_view flag, InputWarnings& warnings, F&& read) {
  using R = decltype(read(std::size_t{0}));
  struct Read {
    std::optional<R> result;
    std::string why;     // a file of a folder left out: its fault
    std::string option;  // the flag the file did not fit, if that was its fault
  };
  auto results = for_each_index(inputs.size(), [&](std::size_t i) -> Read {
    if (!inputs[i].folder) return {read(i), {}, {}};
    try {
      return {read(i), {}, {}};
    } catch (const FileError& e) {
      return {std::nullopt, e.fault, {}};
    } catch (const OptionError& e) {
      return {std::nullopt, e.what(), e.flag};
    } catch (const UsageError& e) {
      return {std::nullopt, e.what(), {}};
    }
  });
  std::vector<R> out;
  std::vector<bool> folder_read(given.size());
  std::vector<std::string> option_of(given.size());  // per folder: the first option a file of it did not fit
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    auto& [r, why, option] = results[i];
    if (r) {
      if constexpr (std::is_same_v<R, ScoreFile>) warn_of_reading(*r, warnings);  // a saved folder's files, in their place
      out.push_back(std::move(*r));
      if (inputs[i].folder) folder_read[*inputs[i].folder] = true;
    } else {
      warnings.add(left_out_of_folder(given[*inputs[i].folder], why));
      if (option_of[*inputs[i].folder].empty()) option_of[*inputs[i].folder] = option;
    }
  }
  // A folder of which nothing read, where a file did not fit an option: that option, not the files, is why.
  for (const auto& in : inputs)
    if (in.folder && !folder_read[*in.folder])
      throw UsageError(fmt::format("{}: {} (each is named above)", option_of[*in.folder].empty() ? std::string(flag) : option_of[*in.folder],
                                   folder_not_read(given[*in.folder])));
  return out;
}

/// A file's text (- for stdin), gzip data decompressed; a file that cannot be read is a UsageError naming `flag`.
std::string read_input(const std::string& path, std::string_view flag);

/// The runs given (RUN…) as files: a folder of runs stands for every run in it, the qrels among them left out.
std::vector<InputPath> run_paths(const std::string& qrels, const std::vector<std::string>& given);

/// Runs (run_paths of `given`) scored against qrels (compare --qrels, leaderboard --qrels): one score file
/// holding a series per run and measure; `measures` in trec_eval's or ir_measures' names, none: nDCG@10. The
/// measures' printed names are added to `names` (what --measure then selects); a topic a run lacks is one of `warnings`.
ScoreFile runs_as_scores(const std::string& qrels, const std::vector<InputPath>& runs, const std::vector<std::string>& given,
                         const std::vector<std::string>& measures, std::vector<std::string>& names, InputWarnings& warnings);

/// Parses one file, or a folder's files as one input (expand_inputs); bad input is a UsageError naming the file (or stdin), the line and the field.
/// `cluster_field`: --cluster, the field of a log's records naming each item's cluster.
ScoreFile parse_file(const std::string& path, InputFormat format, const char* fallback, std::string_view flag, const std::string& cluster_field,
                     InputWarnings& warnings);

}  // namespace pairpower::cli
