#include "json_members.hpp"

#include <cstdint>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "pairpower/base/find_byte.hpp"
#include "reading.hpp"

namespace pairpower::reading {
namespace {

[[noreturn]] void malformed(std::size_t line, const std::string& what) { fail_at(line, "the JSON is malformed: " + what); }

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::size_t skip_blanks(std::string_view t, std::size_t i) {
  while (i < t.size() && blank(t[i])) ++i;
  return i;
}

#if defined(__wasm_simd128__)
// The next quote or bracket at or after i: '[' and ']' are '{' and '}' but for the bit 0x20. In the
// wasm build sixteen bytes a step (as find_byte), where a record's skipped values are most of its text.
std::size_t find_structural(std::string_view t, std::size_t i) {
  const char* p = t.data();
  const v128_t quote = wasm_i8x16_splat('"'), open = wasm_i8x16_splat('{'), close = wasm_i8x16_splat('}'), fold = wasm_i8x16_splat(0x20);
  for (; i + 16 <= t.size(); i += 16) {
    const v128_t v = wasm_v128_load(p + i), folded = wasm_v128_or(v, fold);
    const v128_t hit = wasm_v128_or(wasm_i8x16_eq(v, quote), wasm_v128_or(wasm_i8x16_eq(folded, open), wasm_i8x16_eq(folded, close)));
    if (const auto bits = static_cast<unsigned>(wasm_i8x16_bitmask(hit))) return i + static_cast<std::size_t>(__builtin_ctz(bits));
  }
  while (i < t.size() && p[i] != '"' && (p[i] | 0x20) != '{' && (p[i] | 0x20) != '}') ++i;
  return i;
}
#else
std::size_t find_structural(std::string_view t, std::size_t i) {
  while (i < t.size() && t[i] != '"' && t[i] != '{' && t[i] != '}' && t[i] != '[' && t[i] != ']') ++i;
  return i;
}
#endif

// Just past the closing quote of the string that opens at t[i].
std::size_t end_of_string(std::string_view t, std::size_t i, std::size_t line) {
  std::size_t from = i + 1;
  while (true) {
    const std::size_t at = find_byte(t, from, '"');
    if (at >= t.size()) malformed(line, "a string is not closed");
    std::size_t k = at;
    while (k > from && t[k - 1] == '\\') --k;
    if ((at - k) % 2 == 0) return at + 1;  // an even run of backslashes escapes itself, not the quote
    from = at + 1;
  }
}

// Just past the bracket that closes the object or list opening at t[i]; iterative, so depth cannot exhaust the stack.
std::size_t end_of_nested_bytewise(std::string_view t, std::size_t i, std::size_t line) {
  std::size_t depth = 0;
  while ((i = find_structural(t, i)) < t.size()) {
    if (t[i] == '"') {
      i = end_of_string(t, i, line);
      continue;
    }
    if (t[i] == '{' || t[i] == '[') ++depth;
    else if (--depth == 0) return i + 1;
    ++i;
  }
  malformed(line, "an object or list is not closed");
}

#if defined(__wasm_simd128__)
// Bit j: byte j of a 64-byte step equals c.
std::uint64_t bits_equal(const v128_t (&v)[4], v128_t c) {
  std::uint64_t m = 0;
  for (int k = 0; k < 4; ++k) m |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(wasm_i8x16_bitmask(wasm_i8x16_eq(v[k], c)))) << (16 * k);
  return m;
}

// end_of_nested_bytewise 64 bytes a step, for the wasm build, where a log record's skipped values (dozens of short
// strings each) would cost a search per string: the step's quotes, backslashes and brackets as bit masks, its
// strings marked by a running XOR of the quotes no backslash escapes, the depth counted over the brackets outside
// them. A backslash outside every string (no JSON has one) sends the value to the bytewise scan, whose reading it
// keeps: that scan only honours backslashes inside strings.
std::size_t end_of_nested(std::string_view t, std::size_t i, std::size_t line) {
  const v128_t quote = wasm_i8x16_splat('"'), backslash = wasm_i8x16_splat('\\'), open = wasm_i8x16_splat('{'), close = wasm_i8x16_splat('}'),
               fold = wasm_i8x16_splat(0x20);
  std::size_t depth = 0;
  std::uint64_t inside = 0;  // all ones while a string runs on from the previous step
  bool escapes_first = false;  // the previous step ended in a backslash that escapes this step's first byte
  alignas(16) char last[64];
  for (std::size_t at = i; at < t.size(); at += 64) {
    const char* p = t.data() + at;
    if (t.size() - at < 64) {  // the last bytes, padded with spaces (no byte of interest)
      std::memset(last, ' ', sizeof last);
      std::memcpy(last, p, t.size() - at);
      p = last;
    }
    v128_t v[4], folded[4];
    for (int k = 0; k < 4; ++k) {
      v[k] = wasm_v128_load(p + 16 * k);
      folded[k] = wasm_v128_or(v[k], fold);  // '[' and ']' are '{' and '}' but for the bit 0x20
    }
    const std::uint64_t quotes = bits_equal(v, quote), slashes = bits_equal(v, backslash);
    // Each backslash not itself escaped escapes the byte after it.
    std::uint64_t escaped = escapes_first ? 1 : 0;
    escapes_first = false;
    for (std::uint64_t b = slashes; b; b &= b - 1) {
      const int k = __builtin_ctzll(b);
      if (escaped >> k & 1) continue;
      if (k == 63) escapes_first = true;
      else escaped |= std::uint64_t{1} << (k + 1);
    }
    // Bit j set: byte j lies in a string (its opening quote included, its closing one not).
    std::uint64_t in = quotes & ~escaped;
    for (int shift = 1; shift < 64; shift *= 2) in ^= in << shift;
    in ^= inside;
    if (slashes & ~in) return end_of_nested_bytewise(t, i, line);
    inside = in >> 63 ? ~std::uint64_t{0} : 0;
    const std::uint64_t opens = bits_equal(folded, open) & ~in, closes = bits_equal(folded, close) & ~in;
    const auto closing = static_cast<std::size_t>(__builtin_popcountll(closes));
    if (depth > closing) {  // the value cannot end in this step
      depth = depth + static_cast<std::size_t>(__builtin_popcountll(opens)) - closing;
      continue;
    }
    for (std::uint64_t b = opens | closes; b; b &= b - 1) {
      const int k = __builtin_ctzll(b);
      if (opens >> k & 1) ++depth;
      else if (--depth == 0) return at + static_cast<std::size_t>(k) + 1;
    }
  }
  malformed(line, inside ? "a string is not closed" : "an object or list is not closed");
}
#else
std::size_t end_of_nested(std::string_view t, std::size_t i, std::size_t line) { return end_of_nested_bytewise(t, i, line); }
#endif

std::size_t end_of_value(std::string_view t, std::size_t i, std::size_t line) {
  if (i >= t.size()) malformed(line, "a value is missing");
  if (t[i] == '"') return end_of_string(t, i, line);
  if (t[i] == '{' || t[i] == '[') return end_of_nested(t, i, line);
  const std::size_t start = i;
  while (i < t.size() && !blank(t[i]) && t[i] != ',' && t[i] != '}' && t[i] != ']') ++i;
  if (i == start) malformed(line, "a value is missing");
  return i;
}

}  // namespace

std::vector<JsonMember> object_members(std::string_view t, std::size_t line) {
  std::vector<JsonMember> out;
  std::size_t i = skip_blanks(t, 0);
  if (i >= t.size() || t[i] != '{') malformed(line, "expected an object {…} on each line");
  i = skip_blanks(t, i + 1);
  if (i < t.size() && t[i] == '}') {
    i = skip_blanks(t, i + 1);
  } else {
    while (true) {
      if (i >= t.size() || t[i] != '"') malformed(line, "expected a quoted key");
      const std::size_t key_end = end_of_string(t, i, line);
      const std::string_view key = t.substr(i + 1, key_end - i - 2);
      i = skip_blanks(t, key_end);
      if (i >= t.size() || t[i] != ':') malformed(line, "expected ':' after the key \"" + std::string(key.substr(0, 40)) + "\"");
      i = skip_blanks(t, i + 1);
      const std::size_t value_end = end_of_value(t, i, line);
      out.push_back({key, t.substr(i, value_end - i)});
      i = skip_blanks(t, value_end);
      if (i < t.size() && t[i] == ',') {
        i = skip_blanks(t, i + 1);
        continue;
      }
      if (i < t.size() && t[i] == '}') {
        i = skip_blanks(t, i + 1);
        break;
      }
      malformed(line, "expected ',' or '}' after the value of \"" + std::string(key.substr(0, 40)) + "\"");
    }
  }
  if (i != t.size()) malformed(line, "text follows the object");
  return out;
}

std::vector<std::string_view> array_elements(std::string_view t, std::size_t line) {
  std::vector<std::string_view> out;
  std::size_t i = skip_blanks(t, 0);
  if (i >= t.size() || t[i] != '[') malformed(line, "expected a list […]");
  i = skip_blanks(t, i + 1);
  if (i < t.size() && t[i] == ']') return out;
  while (true) {
    const std::size_t end = end_of_value(t, i, line);
    out.push_back(t.substr(i, end - i));
    i = skip_blanks(t, end);
    if (i < t.size() && t[i] == ',') {
      i = skip_blanks(t, i + 1);
      continue;
    }
    if (i < t.size() && t[i] == ']') return out;
    malformed(line, "expected ',' or ']' in a list");
  }
}

std::string_view member(const std::vector<JsonMember>& members, std::string_view key) {
  for (const auto& m : members)
    if (m.key == key) return m.value;
  return {};
}

std::optional<std::string> field_text(const std::vector<JsonMember>& members, std::string_view path) {
  const auto dot = path.find('.');
  const auto raw = member(members, path.substr(0, dot));
  if (raw.empty()) return std::nullopt;
  auto j = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
  for (auto rest = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1); !rest.empty();) {
    const auto next = rest.find('.');
    const std::string key(rest.substr(0, next));
    if (!j.is_object() || !j.contains(key)) return std::nullopt;
    j = nlohmann::json(j[key]);
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
  }
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number() || j.is_boolean()) return j.dump();
  return std::nullopt;
}

std::vector<std::string_view> first_object_keys(std::string_view first_line) {
  std::vector<std::string_view> keys;
  try {
    for (const auto& m : object_members(first_line, 1)) keys.push_back(m.key);
  } catch (const InputError&) {
    keys.clear();
  }
  return keys;
}

}  // namespace pairpower::reading
