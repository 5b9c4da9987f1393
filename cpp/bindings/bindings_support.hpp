#pragma once
// What every Embind file shares: reading fields of a JavaScript object with
// errors that name them, JSON across the boundary, and `guarded`, which turns
// any C++ exception into {error, field, kind, detail, value, source} — the
// threaded build cannot let an exception cross into JavaScript.
#include <emscripten/val.h>

#include <cmath>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/errors.hpp"
#include "pairpower/registry.hpp"
#include "pairpower/score_input.hpp"

namespace pairpower::bindings {

using emscripten::val;

inline double number(const val& obj, const char* field) {
  const val v = obj[field];
  if (!v.isNumber()) throw std::invalid_argument(std::string(field) + ": must be a number");
  return v.as<double>();
}

inline std::size_t count(const val& obj, const char* field) {
  const double x = number(obj, field);
  if (!(x >= 0 && x <= pairpower::max_safe_integer && std::floor(x) == x))
    throw std::invalid_argument(std::string(field) + ": must be a whole number");
  return static_cast<std::size_t>(x);
}

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

// Parses one input, remembering which it was for the error's "source".
inline pairpower::ScoreFile parse_input(const std::string& text, pairpower::InputFormat format, const std::string& name, const char* source) {
  source_of_error = source;
  auto file = pairpower::parse_scores(text, format, name);
  source_of_error.clear();
  return file;
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
    if (!source_of_error.empty()) out.set("source", source_of_error);
    return out;
  } catch (const std::exception& e) {
    val out = val::object();
    out.set("error", std::string(e.what()));
    out.set("kind", std::string("internal"));
    return out;
  }
}

inline std::string text_field(const val& obj, const char* field) {
  const val v = obj[field];
  if (v.isUndefined() || v.isNull()) return {};
  if (!v.isString()) throw std::invalid_argument(std::string(field) + ": must be text");
  return v.as<std::string>();
}

inline pairpower::InputFormat format_from(const val& obj) {
  const std::string f = text_field(obj, "format");
  if (f.empty()) return pairpower::InputFormat::auto_detect;
  const auto parsed = pairpower::input_format_from_string(f);
  if (!parsed) throw std::invalid_argument("format: '" + f + "' is not a known format");
  return *parsed;
}

// JSON text across the boundary: one parse on each side, and the shapes are the core's own.
inline val from_json(const nlohmann::ordered_json& j) { return val::global("JSON").call<val>("parse", j.dump()); }

}  // namespace pairpower::bindings
