#include "input_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include "archives.hpp"
#include "arguments.hpp"
#include "commands.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/evaluate/evaluate.hpp"

namespace pairpower::cli {
namespace {

// gzip data (RFC 1952), several members as `cat a.gz b.gz` makes them: zlib's inflate with gzip headers.
std::string gunzip(const std::string& data, const std::string& path, std::string_view flag) {
  std::string out;
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) throw UsageError(fmt::format("{}: cannot decompress '{}'", flag, path));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  char chunk[1 << 16];
  int rc = Z_OK;
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
    if (rc == Z_STREAM_END && z.avail_in > 0) {
      inflateReset(&z);
      continue;
    }
    if (rc != Z_OK) break;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) {
    const std::string why = fmt::format("not whole gzip data ({})", z.msg ? z.msg : "cut short");
    throw FileError(fmt::format("{}: '{}' is {}", flag, path, why), path + ": " + why);
  }
  return out;
}

bool is_folder(const std::string& path) {
  std::error_code ignored;
  return path != "-" && std::filesystem::is_directory(path, ignored);
}

// The files a path names: itself, or a folder's files that hold scores (holds_scores), recursively, in
// path order, without hidden ones, as the page reads a chosen folder. A folder without any is a UsageError naming `flag`.
std::vector<std::string> input_paths(const std::string& path, std::string_view flag) {
  if (!is_folder(path)) return {path};
  namespace fs = std::filesystem;
  std::vector<std::string> all;
  std::error_code e;
  // Linked folders are followed (a folder of links to each model's output), each real folder once: a link back up is no loop.
  std::set<fs::path> entered{fs::canonical(path, e)};
  const auto options = fs::directory_options::skip_permission_denied | fs::directory_options::follow_directory_symlink;
  for (fs::recursive_directory_iterator it(path, options, e), end; !e && it != end; it.increment(e)) {
    // The hidden files and folders a desktop or git leaves (".DS_Store", ".git/") hold no scores.
    if (it->path().filename().string().front() == '.') {
      if (it->is_directory(e)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory(e)) {
      if (!entered.insert(fs::canonical(it->path(), e)).second) it.disable_recursion_pending();
    } else if (it->is_regular_file(e)) {
      all.push_back(it->path().string());
    }
  }
  if (e) throw UsageError(fmt::format("{}: cannot read the folder '{}' ({})", flag, path, e.message()));
  // In path order, as a shell's * lists them: the systems in the same order on every machine.
  std::sort(all.begin(), all.end());
  const auto scores = holds_scores(all);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (scores[i]) out.push_back(all[i]);
  if (out.empty()) throw UsageError(fmt::format("{}: the folder '{}' holds no score files", flag, path));
  return out;
}

}  // namespace

std::vector<InputPath> expand_inputs(const std::vector<std::string>& given, std::string_view flag, const std::string& skip) {
  std::vector<InputPath> out;
  for (std::size_t g = 0; g < given.size(); ++g) {
    if (!is_folder(given[g])) {
      out.push_back({given[g], std::nullopt, g});
      continue;
    }
    for (auto& file : input_paths(given[g], flag)) {
      std::error_code ignored;
      if (!skip.empty() && std::filesystem::equivalent(file, skip, ignored)) continue;
      out.push_back({std::move(file), g, g});
    }
  }
  return out;
}

void InputWarnings::add(Warning w) {
  const std::lock_guard lock(mutex_);
  fmt::print(stderr, "warning: {}\n", w.message);
  kept_.push_back(std::move(w));
}

std::vector<Warning> InputWarnings::all() const {
  const std::lock_guard lock(mutex_);
  return kept_;
}

void warn_of_reading(ScoreFile& file, InputWarnings& warnings) {
  for (const auto& l : file.left_out) warnings.add(left_out_of_folder(l.folder, l.why));
  for (const auto& c : file.cut_short) warnings.add(cut_short_warning(c));
  file.left_out.clear();
  file.cut_short.clear();
}

std::string read_input(const std::string& path, std::string_view flag) {
  if (is_folder(path)) throw UsageError(fmt::format("{}: '{}' is a folder; give a file", flag, path));
  std::string data;
  if (path == "-") {
    std::ostringstream buf;
    buf << std::cin.rdbuf();
    data = buf.str();
  } else {
    // Read whole into its final string (a run can be hundreds of MB: no second copy).
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const auto size = in ? static_cast<std::streamoff>(in.tellg()) : -1;
    if (size < 0) throw FileError(fmt::format("{}: cannot read '{}'", flag, path), path + ": cannot be read");
    data.resize(static_cast<std::size_t>(size));
    in.seekg(0);
    in.read(data.data(), static_cast<std::streamsize>(data.size()));
    if (!in) throw FileError(fmt::format("{}: cannot read '{}'", flag, path), path + ": cannot be read");
  }
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b) return gunzip(data, path, flag);
  return data;
}

namespace {

// A run without a runid is named after its file: "runs/bm25.txt" → "bm25".
std::string label_of(const std::string& path, const char* fallback) { return path == "-" ? std::string(fallback) : file_label(path, fallback); }

// A samples file's model as the results file beside it names it ("google/gemma-2b"; the folder holds it sanitized, "google__gemma-2b").
std::optional<std::string> lm_eval_model_name(const std::string& samples_path) {
  const std::string results = lm_eval_results_path(samples_path);
  if (results.empty()) return std::nullopt;
  std::ifstream in(results, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return pairpower::lm_eval_model_name(text);
}

}  // namespace

std::vector<InputPath> run_paths(const std::string& qrels_path, const std::vector<std::string>& given) {
  return expand_inputs(given, "RUN", qrels_path);
}

ScoreFile runs_as_scores(const std::string& qrels_path, const std::vector<InputPath>& runs, const std::vector<std::string>& given,
                         const std::vector<std::string>& measures, std::vector<std::string>& names, InputWarnings& input_warnings) {
  EvaluateOptions o;
  try {
    o.measures = parse_measures(measures.empty() ? std::vector<std::string>{std::string(default_run_measure)} : measures);
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("--measure {}: {}", e.value, e.detail));
  }
  const auto named = [](const std::string& path, auto&& read) {
    try {
      return read();
    } catch (const pairpower::Error& e) {
      throw UsageError(fmt::format("{}: {}", path == "-" ? "stdin" : path, e.what()));
    }
  };
  const Qrels qrels = named(qrels_path, [&] { return read_qrels(read_input(qrels_path, "--qrels")); });
  // One run per core at a time: its text is dropped once scored, so a hundred large runs need the memory of a few.
  auto scored = read_inputs(runs, given, "RUN", input_warnings, [&](std::size_t i) {
    const std::string& path = runs[i].path;
    return named(path, [&] {
      const Run run = read_run(read_input(path, "RUN"), path.substr(path.find_last_of('/') + 1));
      std::pair<ScoreFile, std::vector<Warning>> one;
      one.first = scores_of_runs(qrels, {run}, {path}, o, qrels_path, &one.second);
      return one;
    });
  });
  ScoreFile out;
  for (auto& [one, warnings] : scored) {
    for (const auto& w : warnings) input_warnings.add(w);
    for (auto& s : one.series) out.series.push_back(std::move(s));
    out.records += one.records;
    out.format = one.format;
  }
  out.origin = runs_origin(scored.size(), qrels_path);
  for (const auto& n : o.measures.names())
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  return out;
}

ScoreFile parse_file(const std::string& path, InputFormat format, const char* fallback, std::string_view flag, const std::string& cluster_field,
                     InputWarnings& warnings) {
  if (is_folder(path)) {
    // One system's folder (a model's lm-eval output): its files read as one input, as the page reads a chosen folder.
    const std::vector<std::string> given{path};
    const auto files = expand_inputs(given, flag);
    ScoreFile out;
    for (auto& one : read_inputs(files, given, flag, warnings, [&](std::size_t i) { return parse_file(files[i].path, format, fallback, flag, cluster_field, warnings); }))
      append_scores(out, std::move(one));
    return out;
  }
  const std::string text = read_input(path, flag);
  try {
    ReadOptions o;
    o.cluster_field = cluster_field;
    if (is_zip(text)) {
      ScoreFile archive = parse_archive(read_zip(text, path == "-" ? "stdin" : path, flag), o);
      // Two archives hold entries of one name: the archive tells them apart.
      for (auto& s : archive.series) s.file = (path == "-" ? "stdin" : path) + ":" + s.file;
      for (auto& c : archive.cut_short) c.file = (path == "-" ? "stdin" : path) + ":" + c.file;
      return archive;
    }
    // The whole path: a log's folder names its model (lm-eval writes <model>/samples_<task>_<time>.jsonl).
    o.system_name = label_of(path, fallback);
    o.source_path = path == "-" ? std::string() : std::filesystem::absolute(path).lexically_normal().string();
    ScoreFile file = parse_scores(text, format, o);
    // Messages name the file as the user gave it; the absolute path above names a log's model.
    for (auto& s : file.series) s.file = path == "-" ? "stdin" : path;
    // A file of the page's archive text names the entry cut short after it, as a zip's does.
    for (auto& c : file.cut_short) c.file = (path == "-" ? "stdin" : path) + (c.file == o.source_path ? "" : ":" + c.file);
    if (file.format == InputFormat::lm_eval_samples && path != "-")
      if (const auto model = lm_eval_model_name(path))
        for (auto& s : file.series) s.system = *model;
    return file;
  } catch (const pairpower::Error& e) {
    const std::string message = fmt::format("{}: {}", path == "-" ? "stdin" : path, phrase(e));
    if (about_an_option(e.field, e.kind)) throw OptionError(message, flag_for(e.field));
    throw UsageError(message);
  }
}


}  // namespace pairpower::cli
