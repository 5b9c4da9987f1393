#include "pairpower/evaluate/measures.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

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

const MeasureDef* find(std::string_view root) {
  for (const auto& d : table())
    if (d.root == root) return &d;
  return nullptr;
}

// trec_eval's named sets (its measures.c).
const std::vector<std::string_view> official{"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P"};
const std::vector<std::string_view> set_measures{"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall", "set_relative_P", "set_map", "set_F"};

// ir_measures' names for trec_eval measures: (name, root, takes @cutoff).
struct Alias {
  std::string_view name, root;
  bool cutoff;
};
constexpr Alias aliases[] = {
    {"nDCG", "ndcg", false},  {"nDCG", "ndcg_cut", true},    {"AP", "map", false},         {"AP", "map_cut", true},
    {"P", "P", true},         {"R", "recall", true},         {"Success", "success", true}, {"Rprec", "Rprec", false},
    {"Bpref", "bpref", false}, {"infAP", "infAP", false},    {"NumRet", "num_ret", false}, {"NumRel", "num_rel", false},
    {"NumRelRet", "num_rel_ret", false}, {"RR", "recip_rank", false},
};

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

void add(std::vector<MeasureRequest>& into, const MeasureDef& d, std::vector<double> cutoffs) {
  for (auto& r : into)
    if (r.root == d.root) {
      // A measure asked twice keeps every cutoff asked.
      for (double c : cutoffs)
        if (std::find(r.cutoffs.begin(), r.cutoffs.end(), c) == r.cutoffs.end()) r.cutoffs.push_back(c);
      std::sort(r.cutoffs.begin(), r.cutoffs.end());
      return;
    }
  into.push_back({d.root, std::move(cutoffs)});
}

void add_one(std::vector<MeasureRequest>& into, const std::string& spec) {
  const std::string_view s = spec;
  if (s == "all_trec") {
    for (const auto& d : table()) add(into, d, d.defaults);
    return;
  }
  if (s == "official" || s == "set") {
    for (auto root : s == "official" ? official : set_measures) add(into, *find(root), find(root)->defaults);
    return;
  }
  // ir_measures: Name or Name@k.
  if (const auto at = s.find('@'); at != std::string_view::npos || std::any_of(std::begin(aliases), std::end(aliases), [&](const Alias& a) { return a.name == s && a.name != a.root; })) {
    const std::string_view name = s.substr(0, at);
    for (const Alias& a : aliases)
      if (a.name == name && a.cutoff == (at != std::string_view::npos)) {
        const MeasureDef& d = *find(a.root);
        add(into, d, a.cutoff ? read_cutoffs(spec, d, s.substr(at + 1)) : d.defaults);
        return;
      }
    if (at != std::string_view::npos) bad(spec, "no measure of this name takes a cutoff (@k): " + std::string(name));
  }
  // trec_eval: root, root.cutoffs, or a printed name root_cutoff.
  if (const MeasureDef* d = find(s)) return add(into, *d, d->defaults);
  if (const auto dot = s.find('.'); dot != std::string_view::npos) {
    if (const MeasureDef* d = find(s.substr(0, dot))) {
      if (d->cutoffs == Cutoffs::none) bad(spec, "this measure takes no parameters here: " + std::string(d->root));
      return add(into, *d, read_cutoffs(spec, *d, s.substr(dot + 1)));
    }
  }
  if (const auto us = s.rfind('_'); us != std::string_view::npos)
    if (const MeasureDef* d = find(s.substr(0, us)); d && d->cutoffs != Cutoffs::none) return add(into, *d, read_cutoffs(spec, *d, s.substr(us + 1)));
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
  for (const auto& d : table())
    for (const auto& r : asked)
      if (r.root == d.root) out.measures.push_back(r);
  return out;
}

std::vector<std::string> MeasureSet::names() const {
  std::vector<std::string> out;
  for (const auto& m : measures) {
    if (printed_only(m.root)) continue;
    const MeasureDef& d = *find(m.root);
    if (d.cutoffs == Cutoffs::none) out.emplace_back(m.root);
    else
      for (double c : m.cutoffs) out.push_back(cutoff_name(m.root, d.cutoffs, c));
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

void topic_values(const TopicRanking& t, const MeasureSet& set, std::int64_t relevance_level, std::span<double> out) {
  std::size_t at = 0;
  for (const auto& m : set.measures) {
    if (printed_only(m.root)) continue;
    const MeasureDef& d = *find(m.root);
    const std::size_t n = d.cutoffs == Cutoffs::none ? 1 : m.cutoffs.size();
    detail::compute(t, m, relevance_level, out.data() + at);
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
