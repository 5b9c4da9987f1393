#pragma once
// Report types that describe their own JSON. A type's Description names its
// fields (JSON key → member, in the order written), so one function writes any
// described value as JSON (json_of) and one states its type for the page's
// build (add_schema: the short notation of scripts/gen-schema.mjs, printed by
// `pairpower schema`), and a report field is added to its struct and its
// description only: the TypeScript type and the validator follow.
//
// Hand-written because Debian's Boost (1.74) predates Boost.Describe and
// nlohmann's type macros write JSON without describing its types.
//
// Example:
//   struct Point { double x, y; };
//   template <> struct described::Description<Point> {
//     static constexpr std::string_view name = "Point", doc = "";
//     static constexpr auto fields = std::tuple{described::Field{"x", &Point::x}, described::Field{"y", &Point::y}};
//   };
//   described::json_of(Point{1, 2});  // {"x":1.0,"y":2.0}
#include <concepts>
#include <map>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace pairpower::described {

/// What a field's C++ type does not say.
struct Info {
  std::string_view type{};  ///< its schema type, when narrower than the C++ one: a registry list ("VerdictName"), literals ("'query id'|'position'")
  std::string_view doc{};   ///< one line for the TypeScript type
  bool omit_empty = false;  ///< an empty std::optional leaves the key out, instead of writing null
};

template <class T, class M>
struct Field {
  std::string_view key;
  M T::*member;
  Info info{};
};
template <class T, class M>
Field(std::string_view, M T::*, Info = {}) -> Field<T, M>;

/// Specialise with `name`, `doc` and `fields` (a std::tuple of Field).
template <class T>
struct Description;

template <class T>
concept Described = requires {
  Description<T>::name;
  Description<T>::fields;
};

template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_vector : std::false_type {};
template <class T> struct is_vector<std::vector<T>> : std::true_type {};
template <class T, std::size_t N> struct is_vector<std::array<T, N>> : std::true_type {};  // written as a JSON array too
/// An ordered map written as a JSON object (key order kept).
template <class T> struct is_pairs : std::false_type {};
template <class V> struct is_pairs<std::vector<std::pair<std::string, V>>> : std::true_type {};

using Json = nlohmann::ordered_json;

template <class V>
Json json_of(const V& v) {
  if constexpr (Described<V>) {
    Json j = Json::object();
    std::apply(
        [&](const auto&... f) {
          ([&] {
            const auto& m = v.*(f.member);
            if constexpr (is_optional<std::remove_cvref_t<decltype(m)>>::value)
              if (f.info.omit_empty && !m) return;
            j[std::string(f.key)] = json_of(m);
          }(), ...);
        },
        Description<V>::fields);
    return j;
  } else if constexpr (is_optional<V>::value) {
    return v ? json_of(*v) : Json(nullptr);
  } else if constexpr (is_pairs<V>::value) {
    Json j = Json::object();
    for (const auto& [k, x] : v) j[k] = json_of(x);
    return j;
  } else if constexpr (is_vector<V>::value) {
    Json j = Json::array();
    for (const auto& x : v) j.push_back(json_of(x));
    return j;
  } else if constexpr (std::is_enum_v<V>) {
    return Json(std::string(to_string(v)));  // the enum's own to_string, found by ADL
  } else {
    return Json(v);
  }
}

/// V's type in the schema notation, adding the definitions of the described types it holds to `defs`.
template <class V>
std::string type_of(Json& defs);

template <Described T>
void add_schema(Json& defs) {
  using D = Description<T>;
  const std::string name(D::name);
  if (defs.contains(name)) return;
  defs[name] = Json::object();  // first, so a type that holds itself ends here
  Json def = Json::object();
  if (!D::doc.empty()) def["$doc"] = std::string(D::doc);
  std::apply(
      [&](const auto&... f) {
        ([&] {
          using M = std::remove_cvref_t<decltype(std::declval<T>().*(f.member))>;
          std::string type;
          if constexpr (is_optional<M>::value)
            type = f.info.type.empty() ? (f.info.omit_empty ? type_of<typename M::value_type>(defs) : type_of<M>(defs)) : std::string(f.info.type);
          else
            type = f.info.type.empty() ? type_of<M>(defs) : std::string(f.info.type);
          if (!f.info.doc.empty()) type += " // " + std::string(f.info.doc);
          bool optional_key = false;
          if constexpr (is_optional<M>::value) optional_key = f.info.omit_empty;
          def[std::string(f.key) + (optional_key ? "?" : "")] = type;
        }(), ...);
      },
      D::fields);
  defs[name] = std::move(def);
}

template <class V>
std::string type_of(Json& defs) {
  if constexpr (Described<V>) {
    add_schema<V>(defs);
    return std::string(Description<V>::name);
  } else if constexpr (is_optional<V>::value) {
    return type_of<typename V::value_type>(defs) + "|null";
  } else if constexpr (is_pairs<V>::value) {
    throw std::logic_error("a map's schema type is a named def: give its field Info{.type = \"…\"}");
  } else if constexpr (is_vector<V>::value) {
    const std::string item = type_of<typename V::value_type>(defs);
    return item.find('|') == std::string::npos ? item + "[]" : "(" + item + ")[]";
  } else if constexpr (std::same_as<V, bool>) {
    return "boolean";
  } else if constexpr (std::is_enum_v<V>) {
    return "string";  // written by its to_string; a field narrows it with Info{.type}
  } else if constexpr (std::is_arithmetic_v<V>) {
    return "number";
  } else {
    static_assert(std::same_as<V, std::string>, "a described field is a number, boolean, string, optional, vector or described type");
    return "string";
  }
}

}  // namespace pairpower::described
