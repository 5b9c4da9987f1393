#include "input_files.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <zlib.h>

#include "arguments.hpp"
#include "commands.hpp"
#include "pairpower/base/errors.hpp"

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
  if (rc != Z_STREAM_END) throw UsageError(fmt::format("{}: '{}' is not whole gzip data ({})", flag, path, z.msg ? z.msg : "cut short"));
  return out;
}

}  // namespace

std::string read_input(const std::string& path, std::string_view flag) {
  std::ostringstream buf;
  if (path == "-") {
    buf << std::cin.rdbuf();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError(fmt::format("{}: cannot read '{}'", flag, path));
    buf << in.rdbuf();
  }
  std::string data = buf.str();
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b) return gunzip(data, path, flag);
  return data;
}

namespace {

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
