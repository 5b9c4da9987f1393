#pragma once
// The top-level members of one JSON object, each value left as its raw text.
//
// Hand-written because evaluation logs carry kilobytes per record (prompts,
// documents, responses) of which a reader needs a few short fields: a DOM
// parser spends its time building what is thrown away, while this scan skips a
// nested value by finding its closing bracket, string-aware, with memchr-like
// searches. The values a reader uses are then parsed by nlohmann-json; skipped
// values are checked only for balanced brackets and closed strings.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pairpower::reading {

struct JsonMember {
  std::string_view key;    ///< as written, without quotes (escapes left in place)
  std::string_view value;  ///< raw JSON text of the value
};

/// The members of the object `text` (one line of JSON lines). Throws InputError
/// naming `line` when the text is not one object or a value is cut short.
/// Python's json module writes bare NaN, Infinity and -Infinity; they are
/// returned as raw values too (the caller decides what they mean).
std::vector<JsonMember> object_members(std::string_view text, std::size_t line);

/// The raw text of each element of the JSON list `text`, nested values skipped
/// as object_members skips them. Throws InputError naming `line` when it is not a list.
std::vector<std::string_view> array_elements(std::string_view text, std::size_t line);

/// The raw value of `key` among `members`, or an empty view.
std::string_view member(const std::vector<JsonMember>& members, std::string_view key);

/// The text of the field at the dotted `path` ("doc.group") of a record,
/// a string's text or a number or boolean as written; nullopt when a part of
/// the path is missing or the value is an object, a list or null.
std::optional<std::string> field_text(const std::vector<JsonMember>& members, std::string_view path);

/// The top-level keys of the JSON object on the first line (empty when the
/// line is not an object that scans): for detection.
std::vector<std::string_view> first_object_keys(std::string_view first_line);

}  // namespace pairpower::reading
