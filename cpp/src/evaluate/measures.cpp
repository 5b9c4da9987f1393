#include "pairpower/evaluate/measures.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "detail/topic_measures.hpp"
#include "pairpower/base/errors.hpp"

namespace pairpower {
namespace {

// Printed by the job, not computed per topic.
bool printed_only(std::string_view root) { return root == "runid" || root == "num_q" || root == "relstring"; }

enum class Cutoffs { none, ranks, fractions };

struct MeasureDef {
  std::string_view root;
  Cutoffs cutoffs;
  std::vector<double> defaults;
  Summary summary;
};

const std::vector<double> rank_cutoffs{5, 10, 15, 20, 30, 100, 200, 500, 1000};
const std::vector<double> recall_points{0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

// trec_eval 10.0's table, in its order (the order it prints in), without the measures that need
// preference judgments or judgment groups; runid, num_q and relstring are printed, not values.
const std::vector<MeasureDef>& table() {
  static const std::vector<MeasureDef> t{
      {"runid", Cutoffs::none, {}, Summary::none},
      {"num_q", Cutoffs::none, {}, Summary::count},
      {"num_ret", Cutoffs::none, {}, Summary::sum},
      {"num_rel", Cutoffs::none, {}, Summary::sum},
      {"num_rel_ret", Cutoffs::none, {}, Summary::sum},
      {"map", Cutoffs::none, {}, Summary::mean},
      {"gm_map", Cutoffs::none, {}, Summary::geometric_mean},
      {"Rprec", Cutoffs::none, {}, Summary::mean},
      {"bpref", Cutoffs::none, {}, Summary::mean},
      {"recip_rank", Cutoffs::none, {}, Summary::mean},
      {"iprec_at_recall", Cutoffs::fractions, recall_points, Summary::mean},
      {"P", Cutoffs::ranks, rank_cutoffs, Summary::mean},
      {"relstring", Cutoffs::none, {}, Summary::none},
      {"recall", Cutoffs::ranks, rank_cutoffs, Summary::mean},
      {"infAP", Cutoffs::none, {}, Summary::mean},
      {"gm_bpref", Cutoffs::none, {}, Summary::geometric_mean},
      {"Rprec_mult", Cutoffs::fractions, {0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0}, Summary::mean},
      {"utility", Cutoffs::none, {}, Summary::mean},
      {"11pt_avg", Cutoffs::none, recall_points, Summary::mean},
      {"binG", Cutoffs::none, {}, Summary::mean},
      {"G", Cutoffs::none, {}, Summary::mean},
      {"ndcg", Cutoffs::none, {}, Summary::mean},
      {"ndcg_rel", Cutoffs::none, {}, Summary::mean},
      {"Rndcg", Cutoffs::none, {}, Summary::mean},
      {"ndcg_cut", Cutoffs::ranks, rank_cutoffs, Summary::mean},
      {"map_cut", Cutoffs::ranks, rank_cutoffs, Summary::mean},
      {"relative_P", Cutoffs::ranks, rank_cutoffs, Summary::mean},
      {"success", Cutoffs::ranks, {1, 5, 10}, Summary::mean},
      {"set_P", Cutoffs::none, {}, Summary::mean},
      {"set_relative_P", Cutoffs::none, {}, Summary::mean},
      {"set_recall", Cutoffs::none, {}, Summary::mean},
      {"set_map", Cutoffs::none, {}, Summary::mean},
      {"set_F", Cutoffs::none, {}, Summary::mean},
      {"num_nonrel_judged_ret", Cutoffs::none, {}, Summary::sum},
      {"rbp", Cutoffs::none, {}, Summary::mean},
      {"rbp_resid", Cutoffs::none, {}, Summary::mean},
      {"unj", Cutoffs::ranks, {5, 10, 20}, Summary::mean},
  };
  return t;
}

// ir_measures' own measures, which trec_eval lacks: never part of all_trec, printed by ir_measures' names.
// RR@k is recip_rank when the first relevant document is within the top k, 0 otherwise; Judged@k the share
// of the top k (of the ranking when shorter) that the qrels hold, and Judged that of the whole ranking.
const std::vector<MeasureDef>& ir_table() {
  static const std::vector<MeasureDef> t{
      {"recip_rank@", Cutoffs::ranks, {}, Summary::mean},
      {"judged@", Cutoffs::ranks, {}, Summary::mean},
      {"judged", Cutoffs::none, {}, Summary::mean},
  };
  return t;
}

// A root of trec_eval's table (the names users may give as trec_eval's).
const MeasureDef* find_trec(std::string_view root) {
  for (const auto& d : table())
    if (d.root == root) return &d;
  return nullptr;
}

const MeasureDef* find(std::string_view root) {
  if (const MeasureDef* d = find_trec(root)) return d;
  for (const auto& d : ir_table())
    if (d.root == root) return &d;
  return nullptr;
}

// trec_eval's named sets (its measures.c).
const std::vector<std::string_view> official{"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P"};
const std::vector<std::string_view> set_measures{"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall", "set_relative_P", "set_map", "set_F"};

// ir_measures' names: (name, root, takes @cutoff, takes its rel= parameter). NumRet(rel=N) is ir_measures'
// own spelling of NumRelRet at level N, so a root's first name that takes rel= is the one printed with it.
enum class Rel { no, may, must };
struct Alias {
  std::string_view name, root;
  bool cutoff;
  Rel rel;
};
constexpr Alias aliases[] = {
    {"nDCG", "ndcg", false, Rel::no},           {"nDCG", "ndcg_cut", true, Rel::no},
    {"AP", "map", false, Rel::may},             {"AP", "map_cut", true, Rel::may},
    {"P", "P", true, Rel::may},                 {"R", "recall", true, Rel::may},
    {"Success", "success", true, Rel::may},     {"Rprec", "Rprec", false, Rel::may},
    {"Bpref", "bpref", false, Rel::may},        {"infAP", "infAP", false, Rel::may},
    {"NumRet", "num_ret", false, Rel::no},      {"NumRet", "num_rel_ret", false, Rel::must},
    {"NumRel", "num_rel", false, Rel::no},      {"NumRelRet", "num_rel_ret", false, Rel::may},
    {"RR", "recip_rank", false, Rel::may},      {"RR", "recip_rank@", true, Rel::may},
    {"Judged", "judged", false, Rel::no},       {"Judged", "judged@", true, Rel::no},
};

// The name ir_measures prints for a value of root, with its threshold: "P(rel=2)", "RR", "NumRet(rel=2)".
std::string ir_name(std::string_view root, std::optional<std::int64_t> rel) {
  for (const Alias& a : aliases)
    if (a.root == root && (rel ? a.rel != Rel::no : a.rel != Rel::must))
      return std::string(a.name) + (rel ? "(rel=" + std::to_string(*rel) + ")" : "");
  return std::string(root);
}

std::string cutoff_name(std::string_view root, Cutoffs kind, double v) {
  char buf[64];
  if (kind == Cutoffs::ranks) std::snprintf(buf, sizeof buf, "%s_%lld", std::string(root).c_str(), static_cast<long long>(v));
  else std::snprintf(buf, sizeof buf, "%s_%3.2f", std::string(root).c_str(), v);
  return buf;
}

[[noreturn]] void bad(const std::string& spec, const std::string& why) { throw Error("measure", ErrorKind::invalid_value, why, spec); }

// "5,10,15" as trec_eval reads a cutoff list: sorted, positive (ranks), without duplicates.
std::vector<double> read_cutoffs(const std::string& spec, const MeasureDef& d, std::string_view list) {
  std::vector<double> out;
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    const std::string item(list.substr(at, end - at));
    char* stop = nullptr;
    const double v = d.cutoffs == Cutoffs::ranks ? static_cast<double>(std::strtoll(item.c_str(), &stop, 10)) : std::strtod(item.c_str(), &stop);
    if (item.empty() || *stop != '\0') bad(spec, "a cutoff is a number: \"" + item + "\" is not");
    out.push_back(v);
    at = end + 1;
  }
  std::sort(out.begin(), out.end());
  if (d.cutoffs == Cutoffs::ranks && out.front() <= 0) bad(spec, "cutoffs are ranks from 1");
  if (d.cutoffs == Cutoffs::fractions && out.front() < 0) bad(spec, "cutoffs are not negative");
  if (std::adjacent_find(out.begin(), out.end()) != out.end()) bad(spec, "a cutoff is given twice");
  return out;
}

void add(std::vector<MeasureRequest>& into, const MeasureDef& d, std::vector<double> cutoffs, std::optional<std::int64_t> rel = std::nullopt) {
  for (auto& r : into)
    if (r.root == d.root && r.rel == rel) {
      // A measure asked twice keeps every cutoff asked.
      for (double c : cutoffs)
        if (std::find(r.cutoffs.begin(), r.cutoffs.end(), c) == r.cutoffs.end()) r.cutoffs.push_back(c);
      std::sort(r.cutoffs.begin(), r.cutoffs.end());
      return;
    }
  into.push_back({d.root, std::move(cutoffs), rel});
}

// ir_measures' parameters in "Name(k=v,…)": only rel=N, a relevance level, is read.
std::optional<std::int64_t> read_rel(const std::string& spec, std::string_view params) {
  std::optional<std::int64_t> rel;
  const auto trim = [](std::string_view t) {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    return t;
  };
  std::size_t at = 0;
  while (at < params.size()) {
    std::size_t end = params.find(',', at);
    if (end == std::string_view::npos) end = params.size();
    const std::string_view item = params.substr(at, end - at);
    at = end + 1;
    const auto eq = item.find('=');
    const std::string_view key = trim(item.substr(0, eq)), value = eq == std::string_view::npos ? "" : trim(item.substr(eq + 1));
    if (key != "rel") bad(spec, "of ir_measures' parameters only rel=N (a relevance level) is read here, not \"" + std::string(item) + "\"");
    if (rel) bad(spec, "rel= is given twice");
    const bool digits = !value.empty() && value.size() <= 7 && value.find_first_not_of("0123456789") == std::string_view::npos;
    const std::int64_t level = digits ? std::stoll(std::string(value)) : 0;
    // From 1: ir_measures' pytrec_eval provider refuses a level 0.
    if (level < 1 || level > 1'000'000) bad(spec, "rel= takes a relevance level, a whole number from 1 to 1,000,000: \"" + std::string(value) + "\" is not");
    rel = level;
  }
  return rel;
}

// "Name", "Name@k", "Name(rel=N)" or "Name(rel=N)@k", as ir_measures reads them.
void add_ir(std::vector<MeasureRequest>& into, const std::string& spec) {
  const std::string_view s = spec;
  const std::size_t name_end = std::min(s.find('('), s.find('@'));
  const std::string_view name = s.substr(0, name_end);
  std::string_view rest = name_end == std::string_view::npos ? std::string_view() : s.substr(name_end);
  std::optional<std::int64_t> rel;
  if (!rest.empty() && rest.front() == '(') {
    const std::size_t close = rest.find(')');
    if (close == std::string_view::npos) bad(spec, "a parenthesis is not closed");
    rel = read_rel(spec, rest.substr(1, close - 1));
    rest.remove_prefix(close + 1);
    if (!rest.empty() && rest.front() != '@') bad(spec, "only a cutoff (@k) may follow the parameters");
  }
  const bool cutoff = !rest.empty();
  const auto named = [&](const Alias& a) { return a.name == name; };
  if (std::none_of(std::begin(aliases), std::end(aliases), named)) {
    if (cutoff && !rel && find_trec(name)) bad(spec, "no measure of this name takes a cutoff (@k): " + std::string(name));
    bad(spec, "not a measure ir_measures names here (nDCG, AP, P, R, RR, Success, Rprec, Bpref, infAP, Judged, NumRet, NumRel, NumRelRet)");
  }
  for (const Alias& a : aliases)
    if (named(a) && a.cutoff == cutoff && (rel ? a.rel != Rel::no : a.rel != Rel::must)) {
      const MeasureDef& d = *find(a.root);
      return add(into, d, cutoff ? read_cutoffs(spec, d, rest.substr(1)) : d.defaults, rel);
    }
  if (std::none_of(std::begin(aliases), std::end(aliases), [&](const Alias& a) { return named(a) && a.cutoff == cutoff; }))
    bad(spec, std::string(name) + (cutoff ? " takes no cutoff (@k)" : " needs a cutoff, as in " + std::string(name) + "@10"));
  bad(spec, std::string(name) + " takes no rel= parameter here" + (name == "NumRel" ? " (ir_measures computes it only at rel=1)" : ""));
}

void add_one(std::vector<MeasureRequest>& into, const std::string& spec) {
  const std::string_view s = spec;
  if (s == "all_trec") {
    for (const auto& d : table()) add(into, d, d.defaults);
    return;
  }
  if (s == "official" || s == "set") {
    for (auto root : s == "official" ? official : set_measures) add(into, *find_trec(root), find_trec(root)->defaults);
    return;
  }
  // ir_measures: Name, Name@k, Name(rel=N), Name(rel=N)@k (a name it shares with trec_eval, such as P, is trec_eval's).
  if (s.find_first_of("@(") != std::string_view::npos || std::any_of(std::begin(aliases), std::end(aliases), [&](const Alias& a) { return a.name == s && a.name != a.root; }))
    return add_ir(into, spec);
  // trec_eval: root, root.cutoffs, or a printed name root_cutoff.
  if (const MeasureDef* d = find_trec(s)) return add(into, *d, d->defaults);
  if (const auto dot = s.find('.'); dot != std::string_view::npos) {
    if (const MeasureDef* d = find_trec(s.substr(0, dot))) {
      if (d->cutoffs == Cutoffs::none) bad(spec, "this measure takes no parameters here: " + std::string(d->root));
      return add(into, *d, read_cutoffs(spec, *d, s.substr(dot + 1)));
    }
  }
  if (const auto us = s.rfind('_'); us != std::string_view::npos)
    if (const MeasureDef* d = find_trec(s.substr(0, us)); d && d->cutoffs != Cutoffs::none) return add(into, *d, read_cutoffs(spec, *d, s.substr(us + 1)));
  bad(spec, "not a measure trec_eval or ir_measures names (for example map, ndcg_cut.10, P_10, nDCG@10, all_trec)");
}

}  // namespace

MeasureSet parse_measures(const std::vector<std::string>& specs) {
  std::vector<MeasureRequest> asked;
  if (specs.empty()) add_one(asked, "official");
  for (const auto& spec : specs) {
    // "P.5,10" holds its own commas; "map,P.5" is two measures only when the part after a comma is not a number.
    add_one(asked, spec);
  }
  MeasureSet out;
  for (const auto* t : {&table(), &ir_table()})
    for (const auto& d : *t)
      for (const auto& r : asked)
        if (r.root == d.root) out.measures.push_back(r);
  return out;
}

std::vector<std::string> MeasureSet::names() const {
  std::vector<std::string> out;
  for (const auto& m : measures) {
    if (printed_only(m.root)) continue;
    const MeasureDef& d = *find(m.root);
    if (m.rel || !find_trec(m.root)) {
      // ir_measures' name: P(rel=2)@10, RR@10, Judged@10 (no trec_eval name says a level other than the evaluation's).
      const std::string name = ir_name(m.root, m.rel);
      if (d.cutoffs == Cutoffs::none) out.push_back(name);
      else
        for (double c : m.cutoffs) out.push_back(name + "@" + std::to_string(static_cast<long long>(c)));
    } else if (d.cutoffs == Cutoffs::none) {
      out.emplace_back(m.root);
    } else {
      for (double c : m.cutoffs) out.push_back(cutoff_name(m.root, d.cutoffs, c));
    }
  }
  return out;
}

std::vector<Summary> MeasureSet::summaries() const {
  std::vector<Summary> out;
  for (const auto& m : measures) {
    if (printed_only(m.root)) continue;
    const MeasureDef& d = *find(m.root);
    out.insert(out.end(), d.cutoffs == Cutoffs::none ? 1 : m.cutoffs.size(), d.summary);
  }
  return out;
}

bool MeasureSet::has(std::string_view root) const {
  return std::any_of(measures.begin(), measures.end(), [&](const MeasureRequest& m) { return m.root == root; });
}

std::size_t MeasureSet::values_before(std::string_view root) const {
  std::size_t n = 0;
  for (const auto& m : measures) {
    if (m.root == root) break;
    if (printed_only(m.root)) continue;
    n += find(m.root)->cutoffs == Cutoffs::none ? 1 : m.cutoffs.size();
  }
  return n;
}

namespace {
// The topic's counts as an evaluation at relevance level L would have made them (ir_measures' rel=L).
TopicRanking at_level(const TopicRanking& t, std::int64_t L) {
  TopicRanking out = t;
  out.num_rel = 0;
  for (std::size_t level = 0; level < t.rel_levels.size(); ++level)
    if (static_cast<std::int64_t>(level) >= L) out.num_rel += t.rel_levels[level];
  out.num_rel_ret = static_cast<std::int64_t>(std::count_if(t.rels.begin(), t.rels.end(), [&](std::int64_t r) { return r >= L; }));
  return out;
}
}  // namespace

void topic_values(const TopicRanking& t, const MeasureSet& set, std::int64_t relevance_level, std::span<double> out) {
  std::size_t at = 0;
  for (const auto& m : set.measures) {
    if (printed_only(m.root)) continue;
    const MeasureDef& d = *find(m.root);
    const std::size_t n = d.cutoffs == Cutoffs::none ? 1 : m.cutoffs.size();
    if (m.rel && *m.rel != relevance_level) detail::compute(at_level(t, *m.rel), m, *m.rel, out.data() + at);
    else detail::compute(t, m, relevance_level, out.data() + at);
    at += n;
  }
}

std::string relstring(const TopicRanking& t, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n && i < t.rels.size(); ++i) {
    const std::int64_t r = t.rels[i];
    s += r > 9 ? '>' : r >= 0 ? static_cast<char>('0' + r) : r == TopicRanking::not_in_pool ? '-' : r == TopicRanking::unjudged ? '.' : '<';
  }
  return s;
}

}  // namespace pairpower
