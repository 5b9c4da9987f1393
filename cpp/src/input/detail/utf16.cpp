// UTF-16 with a byte-order mark, decoded to UTF-8 (score_input.hpp: decode_text).
#include <cstdint>

#include "reading.hpp"

namespace pairpower {
namespace {

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}


}  // namespace

bool is_utf16(std::string_view raw) noexcept {
  if (raw.size() < 2) return false;
  const auto b0 = static_cast<unsigned char>(raw[0]), b1 = static_cast<unsigned char>(raw[1]);
  return (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF);
}

// Hand-written: std::codecvt is deprecated and the wasm build has no iconv; a
// BOM-led UTF-16 file (PowerShell 5's `>`) is all this needs to read.
std::string decode_text(std::string_view raw) {
  if (!is_utf16(raw)) return std::string(reading::strip_bom(raw));
  const bool le = static_cast<unsigned char>(raw[0]) == 0xFF;
  std::string out;
  out.reserve(raw.size() / 2);
  auto unit = [&](std::size_t i) -> std::uint32_t {
    const auto lo = static_cast<unsigned char>(raw[le ? i : i + 1]), hi = static_cast<unsigned char>(raw[le ? i + 1 : i]);
    return static_cast<std::uint32_t>(hi) << 8 | lo;
  };
  for (std::size_t i = 2; i + 1 < raw.size(); i += 2) {
    std::uint32_t cp = unit(i);
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (i + 3 >= raw.size() || unit(i + 2) < 0xDC00 || unit(i + 2) > 0xDFFF)
        throw InputError("the UTF-16 text has an unpaired surrogate at byte " + std::to_string(i));
      cp = 0x10000 + ((cp - 0xD800) << 10) + (unit(i + 2) - 0xDC00);
      i += 2;
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      throw InputError("the UTF-16 text has an unpaired surrogate at byte " + std::to_string(i));
    }
    append_utf8(out, cp);
  }
  return out;
}


}  // namespace pairpower
