#include "pairpower/evaluate/trec_input.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <unordered_map>

#include <fast_float/fast_float.h>
#include <nlohmann/json.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/find_byte.hpp"

namespace pairpower {
namespace {

// C's isspace in the "C" locale: trec_eval splits its fields with it. A table: one load per byte of a
// 25 M-line board instead of six comparisons.
constexpr auto space_table = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r'}) t[c] = true;
  return t;
}();
constexpr bool space(char c) noexcept { return space_table[static_cast<unsigned char>(c)]; }

// The whitespace-separated fields of one line, up to `most` (the rest of the line is left in `rest`).
struct Fields {
  std::string_view f[6];
  int n = 0;
  std::string_view rest;
};
Fields split(std::string_view line, int most) {
  Fields out;
  std::size_t i = 0;
  while (out.n < most) {
    while (i < line.size() && space(line[i])) ++i;
    if (i == line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && !space(line[i])) ++i;
    out.f[out.n++] = line.substr(start, i - start);
  }
  while (i < line.size() && space(line[i])) ++i;
  out.rest = line.substr(i);
  return out;
}

// Calls f(line, number) for each line that is neither blank nor a `#` comment.
template <class F>
void each_line(std::string_view text, F&& f) {
  std::size_t number = 0, at = 0;
  while (at < text.size()) {
    const std::size_t end = find_byte(text, at, '\n');
    const std::string_view line = text.substr(at, end - at);
    ++number;
    at = end + 1;
    std::size_t first = 0;
    while (first < line.size() && space(line[first])) ++first;
    if (first == line.size() || line[first] == '#') continue;
    f(line, number);
  }
}

// atof and atol as trec_eval reads its numbers: the longest prefix that parses, 0 when none. A field is
// copied to a terminated buffer on the stack (no allocation per line); a longer one than any number is cut.
template <class Parse>
auto c_number(std::string_view s, Parse&& parse) {
  char buf[128];
  const std::size_t n = std::min(s.size(), sizeof buf - 1);
  std::copy_n(s.data(), n, buf);
  buf[n] = '\0';
  return parse(buf);
}
double c_double(std::string_view s) {
  // A field fast_float reads whole rounds as strtod rounds it (both correctly), many times faster, and
  // in the wasm too, where musl's strtod works in software 128-bit floating point; anything else (a '+',
  // hex, an underflow, a trailing tag) takes strtod's own path, as trec_eval's atof reads it.
  double v = 0;
  const auto [end, ec] = fast_float::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc() && end == s.data() + s.size()) return v;
  return c_number(s, [](const char* z) { return std::strtod(z, nullptr); });
}
std::int64_t c_long(std::string_view s) {
  return c_number(s, [](const char* z) { return static_cast<std::int64_t>(std::strtoll(z, nullptr, 10)); });
}

// Levels index per-level counts and the ideal ranking's walk: beyond this, a qrels file is not a judgment scale.
constexpr std::int64_t max_level = 1'000'000;

std::string line_error(std::size_t line, const std::string& what) { return "line " + std::to_string(line) + ": " + what; }

// A JSON object of objects ({qid: {docid: value}}) copied into one text, so documents can be views as in a TREC file.
template <class Value, class Make>
void read_json_nested(const std::string& text, std::shared_ptr<const std::string>& owner, Make&& make) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError("the JSON does not parse at byte " + std::to_string(e.byte) + ": " + e.what());
  } catch (const nlohmann::json::exception& e) {  // a number beyond a double's range (out_of_range.406)
    throw InputError(std::string("the JSON does not parse: ") + e.what());
  }
  if (!j.is_object()) throw InputError("the JSON is not an object of topics ({qid: {docid: value}})");
  auto storage = std::make_shared<std::string>();
  std::vector<std::pair<std::size_t, std::vector<std::pair<std::size_t, Value>>>> topics;  // offsets into storage
  std::vector<std::size_t> lengths;
  for (const auto& [qid, docs] : j.items()) {
    if (!docs.is_object()) throw InputError("topic \"" + qid + "\": its value is not an object {docid: value}");
    topics.emplace_back(storage->size(), std::vector<std::pair<std::size_t, Value>>{});
    storage->append(qid);
    storage->push_back('\n');
    for (const auto& [doc, v] : docs.items()) {
      if (!v.is_number()) throw InputError("topic \"" + qid + "\", document \"" + doc + "\": the value is not a number");
      // Read as a double first: a relevance level beyond any integer type is refused by the level check, not cast.
      const double x = v.template get<double>();
      if (!std::isfinite(x)) throw InputError("topic \"" + qid + "\", document \"" + doc + "\": the value is not a finite number");
      Value value{};
      if constexpr (std::is_integral_v<Value>) value = std::fabs(x) > max_level ? static_cast<Value>(x > 0 ? max_level + 1 : -max_level - 1) : static_cast<Value>(x);
      else value = x;
      topics.back().second.emplace_back(storage->size(), value);
      storage->append(doc);
      storage->push_back('\n');
    }
  }
  owner = storage;
  const std::string_view all(*storage);
  const auto view_at = [&](std::size_t at) { return all.substr(at, find_byte(all, at, '\n') - at); };
  for (const auto& [q, docs] : topics) make(view_at(q), docs, view_at);
}

}  // namespace

namespace {
constexpr EvaluateInputInfo inputs_table[] = {
#define PAIRPOWER_EVALUATE_INPUT(e, id, kind, description) {EvaluateInput::e, id, #kind, description, #e},
#include "pairpower/registry/evaluate_inputs.def"
#undef PAIRPOWER_EVALUATE_INPUT
};

bool as_json(const std::string& text, EvaluateInput format) {
  return format == EvaluateInput::run_json || format == EvaluateInput::qrels_json || (format == EvaluateInput::auto_detect && is_json_text(text));
}
}  // namespace

std::span<const EvaluateInputInfo> evaluate_inputs() noexcept { return inputs_table; }

bool is_json_text(std::string_view text) noexcept {
  for (char c : text)
    if (!space(c)) return c == '{';
  return false;
}

Qrels read_qrels(std::string text, EvaluateInput format) {
  Qrels out;
  struct Line {
    std::string_view qid, docno;
    std::int64_t rel;
    std::size_t number;
  };
  std::vector<Line> lines;
  if (as_json(text, format)) {
    read_json_nested<std::int64_t>(text, out.text, [&](std::string_view qid, const auto& docs, const auto& view_at) {
      for (const auto& [at, rel] : docs) lines.push_back({qid, view_at(at), rel, 0});
    });
  } else {
    out.text = std::make_shared<const std::string>(std::move(text));
    each_line(*out.text, [&](std::string_view line, std::size_t number) {
      const Fields f = split(line, 4);
      if (f.n < 4) throw InputError(line_error(number, "a qrels line has four fields (topic, iteration, document, relevance); this one has " + std::to_string(f.n)));
      if (!f.rest.empty()) throw InputError(line_error(number, "a qrels line has four fields (topic, iteration, document, relevance); this one has more"));
      lines.push_back({f.f[0], f.f[2], c_long(f.f[3]), number});
    });
  }
  if (lines.empty()) throw InputError("the qrels hold no judgments");
  for (const Line& l : lines)
    if (l.rel > max_level)
      throw InputError((l.number ? line_error(l.number, "") : std::string()) + "topic " + std::string(l.qid) + ", document " + std::string(l.docno) +
                       ": relevance level " + std::to_string(l.rel) + " is beyond 1,000,000");
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.qid != b.qid ? a.qid < b.qid : a.docno < b.docno; });
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    if (out.topics.empty() || out.topics.back().qid != l.qid) out.topics.push_back({l.qid, {}});
    auto& docs = out.topics.back().docs;
    if (!docs.empty() && docs.back().docno == l.docno)
      throw InputError((l.number ? line_error(std::max(l.number, lines[i - 1].number), "") : std::string()) + "topic " + std::string(l.qid) +
                       " judges document " + std::string(l.docno) + " twice (trec_eval stops here too)");
    docs.push_back({l.docno, l.rel});
  }
  return out;
}

Run read_run(std::string text, std::string_view name, EvaluateInput format) {
  Run out;
  // Topics by qid, each topic's documents in file order: grouped through a hash map as they are read, then
  // the few topics sorted (a run's lines are many, its topics few). A run's lines come topic by topic: the
  // topic is looked up only when it changes.
  std::unordered_map<std::string_view, std::size_t> index;
  std::string_view current_qid;
  std::size_t current = 0;
  bool any = false;
  const auto add = [&](std::string_view qid, std::string_view docno, double score) {
    if (!any || qid != current_qid) {
      const auto [it, added] = index.try_emplace(qid, out.topics.size());
      if (added) out.topics.push_back({qid, {}});
      current = it->second;
      current_qid = qid;
      any = true;
    }
    out.topics[current].docs.push_back({docno, score});
  };
  if (as_json(text, format)) {
    out.runid = std::string(name);
    read_json_nested<double>(text, out.text, [&](std::string_view qid, const auto& docs, const auto& view_at) {
      for (const auto& [at, score] : docs) add(qid, view_at(at), score);
    });
  } else {
    out.text = std::make_shared<const std::string>(std::move(text));
    std::string_view runid;  // the last line's tag
    each_line(*out.text, [&](std::string_view line, std::size_t number) {
      const Fields f = split(line, 6);
      if (f.n < 6)
        throw InputError(line_error(number, "a run line has six fields (topic, Q0, document, rank, score, run tag); this one has " + std::to_string(f.n)));
      const double score = c_double(f.f[4]);
      // trec_eval orders by these scores: NaN has no order, and ±inf is no score a system writes.
      if (!std::isfinite(score)) throw InputError(line_error(number, "the score '" + std::string(f.f[4]) + "' is not a finite number"));
      add(f.f[0], f.f[2], score);
      runid = f.f[5];
    });
    out.runid = std::string(runid);
  }
  if (!any) throw InputError("the run holds no ranked documents");
  std::sort(out.topics.begin(), out.topics.end(), [](const RunTopic& a, const RunTopic& b) { return a.qid < b.qid; });
  return out;
}

}  // namespace pairpower
