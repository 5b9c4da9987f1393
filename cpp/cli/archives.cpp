#include "archives.hpp"

#include <cstdint>
#include <cstring>
#include <memory>

#include <fmt/format.h>
#include <zlib.h>
#include <zstd.h>

#include "arguments.hpp"
#include "pairpower/input/score_input.hpp"

// The zip structure is read here, from the central directory: minizip, the zip
// reader Debian packages beside zlib, refuses entries compressed with zstd
// (method 93) even when asked for their raw bytes, and Debian 12's libzip
// predates zstd; inspect_ai writes its .eval logs with zstd. The entries' data
// is decompressed by zlib (deflate) and libzstd.
namespace pairpower::cli {
namespace {

constexpr std::uint16_t stored = 0, deflated = 8, zstd_method = 93;

struct Reader {
  std::string_view data;
  std::string where;

  [[noreturn]] void bad(const std::string& what) const { throw UsageError(fmt::format("{}: not a zip archive that can be read ({})", where, what)); }
  std::uint64_t le(std::size_t at, int bytes) const {
    if (at + static_cast<std::size_t>(bytes) > data.size() || at + static_cast<std::size_t>(bytes) < at) bad("it is cut short");
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(data[at + static_cast<std::size_t>(i)]);
    return v;
  }
};

std::string inflate_raw(std::string_view raw, std::uint64_t size, const std::string& where) {
  std::string out(size, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) throw UsageError(where + ": cannot decompress");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
  z.avail_in = static_cast<uInt>(raw.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  const auto produced = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != size) throw UsageError(where + ": its deflate data is damaged or cut short");
  return out;
}

std::string unzstd(std::string_view raw, std::uint64_t size, const std::string& where) {
  std::string out(size, '\0');
  const std::size_t rc = ZSTD_decompress(out.data(), out.size(), raw.data(), raw.size());
  if (ZSTD_isError(rc)) throw UsageError(fmt::format("{}: its zstd data cannot be read ({})", where, ZSTD_getErrorName(rc)));
  if (rc != size) throw UsageError(where + ": its zstd data is cut short");
  return out;
}

}  // namespace

bool is_zip(std::string_view data) { return data.size() >= 4 && data.substr(0, 4) == std::string_view("PK\x03\x04", 4); }

std::vector<ArchiveEntry> read_zip(std::string_view data, const std::string& path, std::string_view flag) {
  Reader r{data, fmt::format("{}: '{}'", flag, path)};
  // The end-of-central-directory record: the last "PK\5\6" within the 64 KiB comment's reach.
  if (data.size() < 22) r.bad("it is cut short");
  std::size_t eocd = std::string_view::npos;
  for (std::size_t i = data.size() - 22 + 1; i-- > 0 && data.size() - i <= 22 + 65535;)
    if (data.compare(i, 4, std::string_view("PK\x05\x06", 4)) == 0) {
      eocd = i;
      break;
    }
  if (eocd == std::string_view::npos) r.bad("no central directory");
  std::uint64_t count = r.le(eocd + 10, 2), dir = r.le(eocd + 16, 4);
  // Zip64: the locator just before points to the 64-bit record.
  if ((count == 0xFFFF || dir == 0xFFFFFFFF) && eocd >= 20 && data.compare(eocd - 20, 4, std::string_view("PK\x06\x07", 4)) == 0) {
    const std::uint64_t rec = r.le(eocd - 20 + 8, 8);
    if (r.le(rec, 4) != 0x06064b50) r.bad("a damaged zip64 record");
    count = r.le(rec + 32, 8);
    dir = r.le(rec + 48, 8);
  }
  std::vector<ArchiveEntry> out;
  std::uint64_t total = 0;
  std::size_t at = dir;
  for (std::uint64_t k = 0; k < count; ++k) {
    if (r.le(at, 4) != 0x02014b50) r.bad("a damaged central directory");
    const auto method = static_cast<std::uint16_t>(r.le(at + 10, 2));
    std::uint64_t packed = r.le(at + 20, 4), size = r.le(at + 24, 4), local = r.le(at + 42, 4);
    const std::size_t name_len = r.le(at + 28, 2), extra_len = r.le(at + 30, 2), comment_len = r.le(at + 32, 2);
    if (at + 46 + name_len > data.size()) r.bad("it is cut short");
    const std::string name(data.substr(at + 46, name_len));
    // Zip64 sizes and offset, in that order, for each field saturated above.
    for (std::size_t e = at + 46 + name_len; e + 4 <= at + 46 + name_len + extra_len;) {
      const auto id = r.le(e, 2), len = r.le(e + 2, 2);
      if (id == 1) {
        std::size_t p = e + 4;
        for (auto* field : {&size, &packed, &local})
          if (*field == 0xFFFFFFFF) {
            *field = r.le(p, 8);
            p += 8;
          }
      }
      e += 4 + len;
    }
    at += 46 + name_len + extra_len + comment_len;
    const std::string where = fmt::format("{}, {}", r.where, name);
    total += size;
    if (size > max_input_bytes || total > max_input_bytes) throw UsageError(fmt::format("{}: more than {} MiB once decompressed", where, max_input_bytes >> 20));
    if (r.le(local, 4) != 0x04034b50) r.bad("a damaged entry");
    const std::size_t start = local + 30 + r.le(local + 26, 2) + r.le(local + 28, 2);
    if (start > data.size() || packed > data.size() - start) r.bad("it is cut short");
    const std::string_view raw = data.substr(start, packed);
    if (method == stored) out.push_back({name, std::string(raw)});
    else if (method == deflated) out.push_back({name, inflate_raw(raw, size, where)});
    else if (method == zstd_method) out.push_back({name, unzstd(raw, size, where)});
    else throw UsageError(fmt::format("{}: compression method {} is not one pairpower reads (stored, deflate, zstd)", where, method));
  }
  return out;
}

}  // namespace pairpower::cli
