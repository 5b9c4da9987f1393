#include "input_files.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "arguments.hpp"
#include "commands.hpp"
#include "pairpower/base/errors.hpp"

namespace pairpower::cli {
namespace {

std::string read_input(const std::string& path, std::string_view flag) {
  std::ostringstream buf;
  if (path == "-") {
    buf << std::cin.rdbuf();
    return buf.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("{}: cannot read '{}'", flag, path));
  buf << in.rdbuf();
  return buf.str();
}

// A run without a runid is named after its file: "runs/bm25.txt" → "bm25".
std::string label_of(const std::string& path, const char* fallback) {
  if (path == "-") return fallback;
  std::string name = path.substr(path.find_last_of('/') + 1);
  if (const auto dot = name.find_last_of('.'); dot != std::string::npos && dot > 0) name.resize(dot);
  return name.empty() ? std::string(fallback) : name;
}

}  // namespace

ScoreFile parse_file(const std::string& path, InputFormat format, const char* fallback, std::string_view flag) {
  const std::string text = read_input(path, flag);
  try {
    return parse_scores(text, format, label_of(path, fallback));
  } catch (const pairpower::Error& e) {
    throw UsageError(fmt::format("{}: {}", path == "-" ? "stdin" : path, phrase(e)));
  }
}


}  // namespace pairpower::cli
