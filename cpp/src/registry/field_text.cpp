#include "pairpower/registry/field_text.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void fail(std::string_view field, std::string detail, std::string_view value) {
  throw Error(std::string(field), ErrorKind::invalid_value, std::move(detail), std::string(value));
}

// 'text' in quotes (appended piecewise: GCC 12 warns, wrongly, on "'" + std::string(…) chains).
std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(text);
  out += '\'';
  return out;
}

std::string_view trim(std::string_view s) {
  constexpr std::string_view space = " \t\r\n\v\f";
  while (!s.empty() && space.find(s.front()) != std::string_view::npos) s.remove_prefix(1);
  while (!s.empty() && space.find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> items(std::string_view field, std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = trim(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (item.empty()) fail(field, "give a comma-separated list, e.g. 50,100", text);
    out.push_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (out.size() > limits().values_max) fail(field, "at most " + std::to_string(limits().values_max) + " values", text);
  return out;
}

struct Span {
  const PlanField& f;
  double max;  ///< the bound in force: the field's, or the page's cap
  bool capped;
};

Span span_of(std::string_view id, FieldReader where) {
  const PlanField& f = plan_field(id);
  const bool capped = where == FieldReader::page && f.page_max > 0;
  return {f, capped ? f.page_max : f.bounds.max, capped};
}

// A value out of bounds, in the registry's words (or the page cap's reason),
// echoing the value as typed. Fields without a rule are counts: their bounds are whole.
double within(const Span& s, double v, std::string_view typed) {
  Bounds b = s.f.bounds;
  b.max = s.max;
  if (b.contains(v)) return v;
  const auto whole = [](double x) { return std::to_string(static_cast<std::uint64_t>(x)); };
  const std::string t(trim(typed));
  std::string detail;
  if (s.capped && v > s.max) detail = t + " is above " + whole(s.max) + ": " + s.f.page_cap_reason;
  else if (!s.f.rule[0]) detail = t + " is outside " + whole(b.min) + " … " + whole(b.max);
  else if (std::string_view(s.f.rule).starts_with("must")) detail = t + " " + s.f.rule;
  else detail = s.f.rule;
  fail(s.f.id, detail, t);
}

json counts(const Span& s, std::string_view text) {
  const auto min = static_cast<std::uint64_t>(s.f.bounds.min);
  json out = json::array();
  for (std::string_view item : items(s.f.id, text)) {
    const std::size_t c1 = item.find(':');
    if (c1 == std::string_view::npos) {
      out.push_back(static_cast<std::uint64_t>(within(s, static_cast<double>(read_count(s.f.id, item)), item)));
      continue;
    }
    const std::size_t c2 = item.find(':', c1 + 1);
    if (c2 == std::string_view::npos || item.find(':', c2 + 1) != std::string_view::npos)
      fail(s.f.id, "range " + quoted(item) + " must read start:stop:step", item);
    const std::uint64_t a = read_count(s.f.id, item.substr(0, c1), min);
    const std::uint64_t b = read_count(s.f.id, item.substr(c1 + 1, c2 - c1 - 1), min);
    const std::uint64_t step = read_count(s.f.id, item.substr(c2 + 1), 1);
    if (b < a) fail(s.f.id, "range " + quoted(item) + " ends before it starts", item);
    within(s, static_cast<double>(b), item.substr(c1 + 1, c2 - c1 - 1));
    if ((b - a) / step >= limits().values_max) fail(s.f.id, "range " + quoted(item) + " has more than " + std::to_string(limits().values_max) + " values", item);
    for (std::uint64_t v = a; v <= b; v += step) out.push_back(v);
  }
  if (out.size() > limits().values_max) fail(s.f.id, "at most " + std::to_string(limits().values_max) + " values", text);
  return out;
}

// A list of registry ids ("both,unclipped"; "t,sign") as the ids they stand for, each once, in order.
template <class Entry, class Stands>
json ids(std::string_view field, std::string_view text, std::span<const Entry> table, Stands stands_for) {
  json out = json::array();
  for (std::string_view item : items(field, text)) {
    const auto it = std::find_if(table.begin(), table.end(), [&](const Entry& e) { return item == e.id; });
    if (it == table.end()) {
      std::string known;
      for (const auto& e : table) known += (known.empty() ? "" : ", ") + std::string(e.id);
      fail(field, quoted(item) + " is not one of " + known, item);
    }
    for (const auto& v : stands_for(*it))
      if (std::find(out.begin(), out.end(), to_string(v)) == out.end()) out.push_back(to_string(v));
  }
  return out;
}

}  // namespace

// [+-] (digits [. digits] | . digits) [(e|E) [+-] digits]: what a person types; no "inf", "nan", hex or spaces inside.
static bool decimal_syntax(std::string_view t) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i - from;
  };
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  const std::size_t whole = digits();
  std::size_t fraction = 0;
  if (i < t.size() && t[i] == '.') {
    ++i;
    fraction = digits();
  }
  if (whole == 0 && fraction == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == t.size();
}

double read_real(std::string_view field, std::string_view text) {
  const std::string t(trim(text));
  if (!decimal_syntax(t)) fail(field, quoted(text) + " is not a number", text);
  // strtod, not from_chars: an underflow is a tiny number (0), as JavaScript's Number() reads it.
  const double v = std::strtod(t.c_str(), nullptr);
  if (!std::isfinite(v)) fail(field, quoted(text) + " is not a finite number", text);
  return v;
}

std::uint64_t read_count(std::string_view field, std::string_view text, std::uint64_t min) {
  const std::string_view t = trim(text);
  std::uint64_t v = 0;
  const bool digits_only = !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (!digits_only || ec != std::errc() || ptr != t.data() + t.size()) {
    // The user's words for the two common slips: a minus sign, and more digits than 64 bits hold.
    const bool negative = t.size() > 1 && t[0] == '-' && t.find_first_not_of("0123456789", 1) == std::string_view::npos &&
                          t.find_first_not_of('0', 1) != std::string_view::npos;
    if (negative) fail(field, quoted(text) + " is negative: give a whole number", text);
    if (digits_only) fail(field, quoted(text) + " is too large", text);
    fail(field, quoted(text) + " is not a whole number", text);
  }
  if (v < min) fail(field, std::to_string(v) + " is below the minimum " + std::to_string(min), text);
  return v;
}

json read_plan_field(std::string_view id, std::string_view text, FieldReader where) {
  const Span s = span_of(id, where);
  switch (s.f.kind) {
    case FieldKind::count_list: return counts(s, text);
    case FieldKind::real_list: {
      json out = json::array();
      for (std::string_view item : items(id, text)) out.push_back(within(s, read_real(id, item), item));
      return out;
    }
    case FieldKind::real: return within(s, read_real(id, text), text);
    case FieldKind::count: return static_cast<std::uint64_t>(within(s, static_cast<double>(read_count(id, text)), text));
    case FieldKind::choice: return ids(id, text, model_choices(), [](const ModelChoice& c) { return c.models; });
    case FieldKind::choice_list: return ids(id, text, paired_tests(), [](const TestInfo& t) { return std::vector{t.test}; });
    case FieldKind::option: {
      // One of the registry's choices for the field (its `choices` list), as its id.
      const std::string_view t = trim(text);
      std::vector<std::string_view> known;
      if (std::string_view(s.f.choices) == "questions")
        for (const auto& q : questions()) known.push_back(q.id);
      else
        for (const auto& c : alternatives()) known.push_back(c.id);
      for (std::string_view k : known)
        if (t == k) return std::string(k);
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      fail(id, quoted(t) + " is not one of " + list, text);
    }
  }
  fail(id, "not a field of the registry", text);
}

}  // namespace pairpower
