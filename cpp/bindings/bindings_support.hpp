#pragma once
// What every Embind file shares: reading fields of a JavaScript object with
// errors that name them, JSON across the boundary, and `guarded`, which turns
// any C++ exception into {error, field, kind, detail, value, source} — the
// threaded build cannot let an exception cross into JavaScript.
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower::bindings {

using emscripten::val;

inline double number(const val& obj, const char* field) {
  const val v = obj[field];
  if (!v.isNumber()) throw std::invalid_argument(std::string(field) + ": must be a number");
  return v.as<double>();
}

// A JavaScript count reaches 2^53; wasm32's size_t holds 2^32, so counts stay 64-bit and a
// narrowing to size_t (`size`) refuses what does not fit instead of wrapping to a small valid value.
inline std::uint64_t count(const val& obj, const char* field) {
  const double x = number(obj, field);
  if (!(x >= 0 && x <= pairpower::max_safe_integer && std::floor(x) == x))
    throw std::invalid_argument(std::string(field) + ": must be a whole number");
  return static_cast<std::uint64_t>(x);
}

inline std::size_t to_size(double x, const char* field) {
  if (!(x >= 0 && x <= pairpower::max_safe_integer && std::floor(x) == x))
    throw std::invalid_argument(std::string(field) + ": must be a whole number");
  if (x > static_cast<double>(SIZE_MAX))
    throw pairpower::Error(field, pairpower::ErrorKind::invalid_value, "must be at most " + std::to_string(SIZE_MAX), std::to_string(static_cast<std::uint64_t>(x)));
  return static_cast<std::size_t>(x);
}

inline std::size_t size(const val& obj, const char* field) { return to_size(number(obj, field), field); }

inline std::vector<double> numbers(const val& obj, const char* field) {
  const val arr = obj[field];
  if (!arr.isArray()) throw std::invalid_argument(std::string(field) + ": must be a list of numbers");
  std::vector<double> out;
  const auto len = arr["length"].as<unsigned>();
  for (unsigned i = 0; i < len; ++i) {
    const val v = arr[i];
    if (!v.isNumber()) throw std::invalid_argument(std::string(field) + ": must be a list of numbers");
    out.push_back(v.as<double>());
  }
  return out;
}

// Which input ("a" or "b") the error being thrown came from; set while parsing.
inline std::string source_of_error;

// Parses one input, remembering which it was for the error's "source". The
// input's name (a file's name in the page) also names a log's task and model;
// `path` (a file's path in a chosen folder), when given, names them instead; `place`
// (Analyze's box, "A" or "B") names a lone lm-eval samples file (ReadOptions::place_name).
inline pairpower::ScoreFile parse_input(const std::string& text, pairpower::InputFormat format, const std::string& name, const char* source,
                                        const std::vector<std::string>& keep_text_of = {}, const std::string& path = {},
                                        const std::string& cluster_field = {}, const std::string& place = {}) {
  source_of_error = source;
  pairpower::ReadOptions o;
  o.system_name = name;
  o.place_name = place;
  o.keep_text_of = keep_text_of;
  o.source_path = path.empty() ? name : path;
  o.cluster_field = cluster_field;
  auto file = pairpower::parse_scores(text, format, o);
  source_of_error.clear();
  return file;
}

// A Float64Array copy of the values (a worker can transfer it on without another copy).
inline val f64(const std::vector<double>& v) { return val::global("Float64Array").new_(val(emscripten::typed_memory_view(v.size(), v.data()))); }

// A JavaScript array of the texts.
inline val strings(const std::vector<std::string>& xs) {
  val a = val::array();
  for (const auto& x : xs) a.call<void>("push", x);
  return a;
}

// Many short strings (a board's query ids) as one block of their bytes and each one's end: two typed
// arrays cross the boundary with two copies, where an array of strings costs an Embind call per string
// each way. Bytes, not text: an id that is not valid UTF-8 keeps its bytes and the ends stay right.
inline val packed_strings(const std::vector<std::string>& xs) {
  std::string bytes;
  std::vector<double> ends;
  ends.reserve(xs.size());
  for (const auto& x : xs) {
    bytes += x;
    ends.push_back(static_cast<double>(bytes.size()));
  }
  val out = val::object();
  out.set("bytes", val::global("Uint8Array").new_(val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data())))));
  out.set("ends", f64(ends));
  return out;
}

template <class F>
val guarded(F&& f) {
  source_of_error.clear();
  try {
    return f();
  } catch (const std::bad_alloc&) {
    val out = val::object();
    out.set("error", std::string("out of memory: this computation needs more memory than the page can have; reduce its size (N, replicates or resamples)"));
    return out;
  } catch (const pairpower::Error& e) {
    // Typed: the page phrases it with its own labels (field, kind, detail, value).
    val out = val::object();
    out.set("error", std::string(e.what()));
    out.set("field", e.field);
    out.set("kind", std::string(pairpower::to_string(e.kind)));
    out.set("detail", e.detail);
    out.set("value", e.value);
    if (!e.choices.empty()) out.set("choices", strings(e.choices));
    if (!source_of_error.empty()) out.set("source", source_of_error);
    return out;
  } catch (const std::exception& e) {
    val out = val::object();
    out.set("error", std::string(e.what()));
    out.set("kind", std::string("internal"));
    return out;
  }
}

// A spec's JSON text (a PlanSpec as the page sends it), parsed; not JSON is an error naming the spec.
inline nlohmann::json to_core(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument("spec: not JSON");
  }
}

inline std::string text_field(const val& obj, const char* field) {
  const val v = obj[field];
  if (v.isUndefined() || v.isNull()) return {};
  if (!v.isString()) throw std::invalid_argument(std::string(field) + ": must be text");
  return v.as<std::string>();
}

// A file's contents as text or as its bytes (a Uint8Array), copied in by the typed array's own set()
// (a memcpy). Embind's std::string conversion encodes a string to UTF-8 in a JavaScript loop (seconds
// for a few hundred MB of logs) and loops over bytes one by one; the browser's TextEncoder does it
// natively, and writes a lone surrogate as U+FFFD, as a file read as text has it.
inline std::string text_or_bytes(const val& obj, const char* field) {
  val v = obj[field];
  if (v.isUndefined() || v.isNull()) return {};
  if (v.isString()) v = val::global("TextEncoder").new_().call<val>("encode", v);
  else if (!v.instanceof(val::global("Uint8Array"))) throw std::invalid_argument(std::string(field) + ": must be text or bytes");
  std::string out(v["length"].as<std::size_t>(), '\0');
  // The view is made after the allocation: a heap that grew meanwhile would have detached an earlier one.
  val(emscripten::typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data()))).call<void>("set", v);
  return out;
}

// packed_strings' answer back into strings; throws naming `field` when the ends do not fit the bytes.
inline std::vector<std::string> unpacked_strings(const val& obj, const char* field) {
  const val p = obj[field];
  if (p.isUndefined() || p.isNull() || !p["ends"].instanceof(val::global("Float64Array"))) throw std::invalid_argument(std::string(field) + ": must be packed strings");
  const std::string bytes = text_or_bytes(p, "bytes");
  const auto ends = emscripten::convertJSArrayToNumberVector<double>(p["ends"]);
  std::vector<std::string> out;
  out.reserve(ends.size());
  std::size_t from = 0;
  for (const double e : ends) {
    if (!(e >= static_cast<double>(from) && e <= static_cast<double>(bytes.size()))) throw std::invalid_argument(std::string(field) + ": the ends do not fit the bytes");
    const auto to = static_cast<std::size_t>(e);
    out.emplace_back(bytes, from, to - from);
    from = to;
  }
  return out;
}

// Warnings as the page holds them: [{code, message}].
inline val warnings_js(const std::vector<pairpower::Warning>& warnings) {
  val out = val::array();
  for (const auto& w : warnings) {
    val x = val::object();
    x.set("code", w.code);
    x.set("message", w.message);
    out.call<void>("push", x);
  }
  return out;
}

// obj[field] as warnings ([{code, message}]); none when it is absent.
inline std::vector<pairpower::Warning> warnings_from(const val& obj, const char* field) {
  const val list = obj[field];
  if (list.isUndefined() || list.isNull()) return {};
  if (!list.isArray()) throw std::invalid_argument(std::string(field) + ": must be a list of warnings");
  std::vector<pairpower::Warning> out;
  for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i) out.push_back({text_field(list[i], "code"), text_field(list[i], "message")});
  return out;
}

inline pairpower::InputFormat format_from(const val& obj) {
  const std::string f = text_field(obj, "format");
  if (f.empty()) return pairpower::InputFormat::auto_detect;
  const auto parsed = pairpower::input_format_from_string(f);
  if (!parsed) throw std::invalid_argument("format: '" + f + "' is not a known format");
  return *parsed;
}

// The core's JSON shapes handed over as JS values, built member by member rather
// than dumped to text and parsed again: the Plan worker answers while a shared
// link's simulation runs, and the serializer's number formatting would be hot enough
// there for V8 to compile it with its optimising tier on the same cores.
// Values are JSON's: a non-finite number becomes null, as dump() writes it.
inline val from_json(const nlohmann::ordered_json& j) {
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::object: {
      val out = val::object();
      for (const auto& [key, item] : j.items()) out.set(key, from_json(item));
      return out;
    }
    case nlohmann::ordered_json::value_t::array: {
      val out = val::array();
      for (const auto& item : j) out.call<void>("push", from_json(item));
      return out;
    }
    case nlohmann::ordered_json::value_t::string: return val(j.get_ref<const std::string&>());
    case nlohmann::ordered_json::value_t::boolean: return val(j.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer: return val(static_cast<double>(j.get<std::int64_t>()));
    case nlohmann::ordered_json::value_t::number_unsigned: return val(static_cast<double>(j.get<std::uint64_t>()));
    case nlohmann::ordered_json::value_t::number_float: {
      const double x = j.get<double>();
      return std::isfinite(x) ? val(x) : val::null();
    }
    default: return val::null();  // null, and the binary and discarded kinds the core never writes
  }
}

}  // namespace pairpower::bindings
