#include "pairpower/input/pairing.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "pairpower/base/formatting.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {

std::optional<MissingPolicy> missing_policy_from_string(std::string_view s) noexcept {
  // The registry lists the policies in the enum's order.
  const auto policies = missing_policies();
  for (std::size_t i = 0; i < policies.size(); ++i)
    if (s == policies[i].id) return static_cast<MissingPolicy>(i);
  return std::nullopt;
}

namespace {

std::string label(const std::string& dataset, const std::string& measure) {
  std::string s;
  if (!dataset.empty()) s += "dataset '" + dataset + "'";
  if (!measure.empty()) s += (s.empty() ? "" : ", ") + std::string("measure '") + measure + "'";
  return s.empty() ? std::string("the scores") : s;
}

std::string list(const std::vector<std::string>& ids, std::size_t total) {
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? ", " : "") + ids[i];
  if (total > ids.size()) s += ", …";
  return s;
}

// "; a leaves the score of q2 blank (a.csv, line 3)": the ids `other` has that `s` names with a blank
// score cell, so that the user looks for the cell, not for a missing id (at most three).
std::string blank_cells(const ScoreSeries& s, const ScoreSeries& other) {
  if (s.blanks.empty()) return "";
  std::unordered_set<std::string_view> in_other(other.qids.begin(), other.qids.end()), in_s(s.qids.begin(), s.qids.end());
  std::vector<std::string> shown;
  std::size_t total = 0;
  for (const auto& blank : s.blanks) {
    const std::string& qid = blank.first;
    if (!in_other.count(qid) || in_s.count(qid)) continue;  // only an id `s` lacks was refused
    if (++total <= 3) shown.push_back(qid + " (" + blank_place(s, qid) + ")");
  }
  if (!total) return "";
  std::string out = "; " + s.system + " leaves the score of ";
  for (std::size_t i = 0; i < shown.size(); ++i) out += (i ? ", " : "") + shown[i];
  if (total > shown.size()) out += " and " + std::to_string(total - shown.size()) + " more";
  return out + " blank";
}

PairedSample pair(const ScoreSeries& a, const ScoreSeries& b, MissingPolicy missing, PairingReport& report) {
  std::unordered_map<std::string, double> in_b;
  for (std::size_t i = 0; i < b.qids.size(); ++i) in_b.emplace(b.qids[i], b.values[i]);
  std::set<std::string> in_a(a.qids.begin(), a.qids.end());
  PairedSample s{a.dataset, a.measure, a.system, b.system, {}, {}, {}};
  s.unit = joined_unit(a.unit, b.unit);
  // Clusters from either input; where both give one for a query, they must agree.
  std::unordered_map<std::string, const std::string*> cluster_in_b;
  for (std::size_t i = 0; i < b.clusters.size(); ++i) cluster_in_b.emplace(b.qids[i], &b.clusters[i]);
  const bool clustered = !a.clusters.empty() || !b.clusters.empty();
  const std::string where = a.dataset.empty() && a.measure.empty() ? std::string() : label(a.dataset, a.measure) + ": ";
  const auto add_cluster = [&](const std::string& qid, const std::string* from_a) {
    if (!clustered) return;
    const auto it = cluster_in_b.find(qid);
    const std::string* from_b = it == cluster_in_b.end() ? nullptr : it->second;
    if (from_a && from_b && *from_a != *from_b)
      throw InputError(where + s.unit.one + " " + qid + " is in cluster " + *from_a + " for " + a.system + " but in cluster " + *from_b +
                       " for " + b.system + "; " + s.unit.a() + " belongs to one cluster");
    if (!from_a && !from_b)
      throw InputError(where + s.unit.one + " " + qid + " has no cluster, while other " + s.unit.many + " have one; give every " + s.unit.one + " its cluster");
    s.clusters.push_back(from_a ? *from_a : *from_b);
  };
  const auto a_cluster = [&](std::size_t i) { return a.clusters.empty() ? nullptr : &a.clusters[i]; };
  // Repeats travel with each value; an item a system lacks (scored 0 under MissingPolicy::zero) counts as one repeat.
  std::unordered_map<std::string, std::size_t> index_b;
  if (!b.repeats.empty())
    for (std::size_t i = 0; i < b.qids.size(); ++i) index_b.emplace(b.qids[i], i);
  const auto add_repeats = [&](std::optional<std::size_t> ia, std::optional<std::size_t> ib) {
    if (!a.repeats.empty()) {
      s.repeats_a.push_back(ia ? a.repeats[*ia] : 1);
      s.repeat_var_a.push_back(ia ? a.repeat_variances[*ia] : 0.0);
    }
    if (!b.repeats.empty()) {
      s.repeats_b.push_back(ib ? b.repeats[*ib] : 1);
      s.repeat_var_b.push_back(ib ? b.repeat_variances[*ib] : 0.0);
    }
  };
  const auto b_at = [&](const std::string& qid) -> std::optional<std::size_t> {
    const auto it = index_b.find(qid);
    return it == index_b.end() ? std::nullopt : std::optional(it->second);
  };
  report.dataset = a.dataset;
  report.measure = a.measure;
  report.system_a = a.system;
  report.system_b = b.system;
  report.by_position = a.by_position && b.by_position;
  if (report.by_position && a.values.size() != b.values.size())
    throw InputError((a.dataset.empty() && a.measure.empty() ? std::string() : label(a.dataset, a.measure) + ": ") + a.system + " has " + std::to_string(a.values.size()) + " values and " + b.system + " has " +
                     std::to_string(b.values.size()) + "; without query ids the scores are paired by position, so both need the same number of rows");
  for (std::size_t i = 0; i < a.qids.size(); ++i) {
    auto it = in_b.find(a.qids[i]);
    if (it != in_b.end()) {
      s.qids.push_back(a.qids[i]);
      s.a.push_back(a.values[i]);
      s.b.push_back(it->second);
      add_cluster(a.qids[i], a_cluster(i));
      add_repeats(i, b_at(a.qids[i]));
      ++report.matched;
    } else {
      ++report.only_a;
      if (report.examples_only_a.size() < 5) report.examples_only_a.push_back(a.qids[i]);
      if (missing == MissingPolicy::zero) {
        s.qids.push_back(a.qids[i]);
        s.a.push_back(a.values[i]);
        s.b.push_back(0.0);
        add_cluster(a.qids[i], a_cluster(i));
        add_repeats(i, std::nullopt);
      }
    }
  }
  for (std::size_t i = 0; i < b.qids.size(); ++i) {
    if (in_a.count(b.qids[i])) continue;
    ++report.only_b;
    if (report.examples_only_b.size() < 5) report.examples_only_b.push_back(b.qids[i]);
    if (missing == MissingPolicy::zero) {
      s.qids.push_back(b.qids[i]);
      s.a.push_back(0.0);
      s.b.push_back(b.values[i]);
      add_cluster(b.qids[i], nullptr);
      add_repeats(std::nullopt, i);
    }
  }
  if (missing == MissingPolicy::error && (report.only_a || report.only_b)) {
    // The remedy (the unmatched-ids policy) is phrased by each front end.
    std::string msg = label(a.dataset, a.measure) + ": " + s.unit.one + " ids do not match: ";
    if (report.only_a) msg += std::to_string(report.only_a) + " only in " + a.system + " (" + list(report.examples_only_a, report.only_a) + ")";
    if (report.only_a && report.only_b) msg += "; ";
    if (report.only_b) msg += std::to_string(report.only_b) + " only in " + b.system + " (" + list(report.examples_only_b, report.only_b) + ")";
    msg += blank_cells(a, b) + blank_cells(b, a);
    throw Error("missing", ErrorKind::unmatched_ids, msg + ".");
  }
  return s;
}

}  // namespace

void refuse_if_measures_unnamed(const std::string& wanted, const std::vector<std::string>& available) {
  if (available.size() == 1 && available.front().empty())
    throw Error("measure", ErrorKind::not_in_input,
                "'" + wanted + "' is not in the input: its scores name no measure (qid,score tables or columns of numbers); leave the measure out", wanted);
}

std::vector<std::string> split_measure_list(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  auto flush = [&] {
    std::string_view t = cur;
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    if (!t.empty()) out.emplace_back(t);
    cur.clear();
  };
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == ',' && depth == 0) flush();
    else cur += c;
  }
  flush();
  return out;
}

namespace {

bool contains(const std::vector<std::string>& xs, const std::string& x) { return std::find(xs.begin(), xs.end(), x) != xs.end(); }

// "first input (A: bm25 in bm25.csv)": an input as a refusal names it, by its side and its systems in
// their files (a folder given as one input has several).
std::string input_named(bool first, const ScoreFile& f) {
  std::vector<const ScoreSeries*> series;
  for (const auto& x : f.series) series.push_back(&x);
  return std::string(first ? "first input (A: " : "second input (B: ") + systems_in_files(series) + ")";
}

void check_measure(const std::string& m, const std::vector<std::string>& available, const ScoreFile& fa, const ScoreFile* fb) {
  if (contains(available, m)) return;
  refuse_if_measures_unnamed(m, available);
  auto in_either = [&](auto member) { return contains(fa.*member, m) || (fb && contains(fb->*member, m)); };
  if (in_either(&ScoreFile::text_measures))
    throw Error("measure", ErrorKind::not_per_query, "'" + m + "' holds text, not a score per query; choose a numeric measure (" + names_list(available) + ")", m);
  if (in_either(&ScoreFile::nonscalar_measures))
    throw Error("measure", ErrorKind::not_per_query,
                "'" + m + "' is not a number in every record of the log (a metric computed over the whole set, such as f1 or bleu, or a NaN); choose one of " +
                    names_list(available),
                m);
  if (in_either(&ScoreFile::summary_measures)) {
    const auto closest = closest_per_query_measure(m);
    std::string hint = closest && contains(available, *closest) ? "; the closest per-query measure is '" + *closest + "'" : "";
    if (m == "num_q") hint = "; it counts the queries, and there is nothing to compare per query";
    throw Error("measure", ErrorKind::not_per_query, "'" + m + "' is a per-run summary, not a per-query score" + hint, m);
  }
  if (fb && (contains(fa.measures(), m) || contains(fb->measures(), m)))
    throw Error("measure", ErrorKind::not_in_input,
                "'" + m + "' is in the " + (contains(fa.measures(), m) ? "first" : "second") + " file but not in the " +
                    (contains(fa.measures(), m) ? "second" : "first") + " (both have " + std::to_string(available.size()) + ": " + names_list(available) + ")",
                m);
  throw Error("measure", ErrorKind::not_in_input, "'" + m + "' is not in the input (it has " + std::to_string(available.size()) + ": " + names_list(available) + ")", m);
}

std::string disambiguated(const std::string& name, const std::string& other, const char* side) {
  return name == other ? name + " (" + side + ")" : name;
}

}  // namespace

std::vector<std::string> common_measures(const ScoreFile& a, const ScoreFile* b) {
  std::vector<std::string> out;
  for (const auto& m : a.measures())
    if (!b || contains(b->measures(), m)) out.push_back(m);
  return out;
}

std::vector<std::string> comparable_measures(const ScoreFile& a, const ScoreFile* b) {
  std::vector<std::string> out;
  for (const auto& m : common_measures(a, b))
    if (!is_count_measure(m)) out.push_back(m);
  return out;
}

ComparisonPlan build_comparisons(const ScoreFile& fa, const ScoreFile* fb, const std::vector<std::string>& measures,
                                 MissingPolicy missing, const std::string& baseline) {
  // A file that names no measure (qid,score; a bare column) beside one that names
  // one measure (qid,ndcg) holds that measure: one file per system is one comparison.
  if (fb) {
    const auto ma = fa.measures(), mb = fb->measures();
    const auto unnamed = [](const std::vector<std::string>& m) { return m.size() == 1 && m[0].empty(); };
    const auto one = [](const std::vector<std::string>& m) { return m.size() == 1 && !m[0].empty(); };
    if ((unnamed(ma) && one(mb)) || (one(ma) && unnamed(mb))) {
      ScoreFile a = fa, b = *fb;
      for (ScoreFile* f : {&a, &b})
        for (auto& x : f->series) x.measure = one(ma) ? ma[0] : mb[0];
      return build_comparisons(a, &b, measures, missing, baseline);
    }
    // Beside several measures (an lm-eval log's acc and acc_norm) it is the one chosen, when one of them is.
    if ((unnamed(ma) && mb.size() > 1) || (ma.size() > 1 && unnamed(mb))) {
      const bool first_unnamed = unnamed(ma);
      const ScoreFile& plain = first_unnamed ? fa : *fb;
      std::vector<std::string> named;
      for (const auto& m : first_unnamed ? mb : ma)
        if (!m.empty()) named.push_back(m);
      if (measures.size() == 1 && contains(named, measures[0])) {
        ScoreFile a = fa, b = *fb;
        for (auto& x : (first_unnamed ? a : b).series) x.measure = measures[0];
        return build_comparisons(a, &b, measures, missing, baseline);
      }
      const char* side = first_unnamed ? "A" : "B";
      const std::string why = measures.empty() ? std::string()
                              : measures.size() > 1 ? std::string(" (one: ") + side + "'s scores are of one measure)"
                                                    : " ('" + measures[0] + "' is not one of them)";
      throw Error("measure", ErrorKind::choose_one,
                  "the " + input_named(first_unnamed, plain) + " names no measure (a qid,score table or a column of numbers), and the " +
                      (first_unnamed ? "second (B)" : "first (A)") + " holds " + std::to_string(named.size()) + " (" + names_list(named) + "); choose the one " + side +
                      "'s scores are" + why);
    }
    // Likewise a dataset: a log read from stdin has no file name to name its task, and beside one task's log it is that task.
    const auto da = fa.datasets(), db = fb->datasets();
    if ((unnamed(da) && one(db)) || (one(da) && unnamed(db))) {
      ScoreFile a = fa, b = *fb;
      for (ScoreFile* f : {&a, &b})
        for (auto& x : f->series) x.dataset = one(da) ? da[0] : db[0];
      return build_comparisons(a, &b, measures, missing, baseline);
    }
    if ((unnamed(da) && db.size() > 1) || (da.size() > 1 && unnamed(db))) {
      const bool first_unnamed = unnamed(da);
      const auto& named = first_unnamed ? db : da;
      throw Error("scores", ErrorKind::not_in_input,
                  "the " + input_named(first_unnamed, first_unnamed ? fa : *fb) + " names no dataset (task), and the " +
                      (first_unnamed ? "second (B)" : "first (A)") + " holds " + std::to_string(named.size()) + " (" + names_list(named) +
                      "); give that input as a file whose name says its task (lm-eval's samples_<task>_<time>.jsonl) or as a table with a dataset column, or compare it with one dataset's scores");
    }
  }
  // One system's scores twice for a dataset and measure: neither is taken silently.
  for (const ScoreFile* f : {&fa, fb}) {
    if (!f) continue;
    std::map<std::tuple<std::string_view, std::string_view, std::string_view>, const ScoreSeries*> seen;
    for (const auto& s : f->series)
      if (const auto [at, fresh] = seen.emplace(std::tuple{std::string_view(s.system), std::string_view(s.dataset), std::string_view(s.measure)}, &s); !fresh)
        refuse_repeated_series(*at->second, s);
  }
  // Which measures: all when the input has one (or none); else those asked
  // for. With two files, a measure must be in both.
  const std::vector<std::string> available = common_measures(fa, fb);
  if (fb && available.empty() && !fa.measures().empty() && !fb->measures().empty())
    throw Error("measure", ErrorKind::not_in_input,
                "the two files have no measure in common (the first has " + names_list(fa.measures()) + "; the second has " + names_list(fb->measures()) + ")");
  std::vector<std::string> chosen = measures;
  if (chosen.empty()) {
    if (available.size() > 1)
      throw Error("measure", ErrorKind::choose_one,
                  "the input holds " + std::to_string(available.size()) + " measures (" + names_list(available) + "); choose one or more" +
                      (available.size() > 2 ? " (for example " + preferred_measure(available) + ")" : std::string()));
    chosen = available;
  }
  for (const auto& m : chosen) check_measure(m, available, fa, fb);
  auto keep = [&](const ScoreSeries& s) { return std::find(chosen.begin(), chosen.end(), s.measure) != chosen.end(); };

  ComparisonPlan plan;
  auto add = [&](const ScoreSeries& a, const ScoreSeries& b) {
    PairingReport report;
    plan.samples.push_back(pair(a, b, missing, report));
    plan.pairing.push_back(report);
  };
  if (fb) {
    if (fa.systems().size() != 1 || fb->systems().size() != 1) {
      // Two headerless numeric columns read as two systems (A, B); a file of one system's scores needs a header to say so.
      const bool bare = fa.format == InputFormat::csv_bare || fb->format == InputFormat::csv_bare;
      // Which input holds several (a folder of two models' logs, a table): said, with the way to compare them.
      const bool first = fa.systems().size() != 1;
      const auto held = first ? fa.systems() : fb->systems();
      throw InputError("with two files, each must hold one system's scores, and the " + std::string(first ? "first" : "second") + " holds " +
                       std::to_string(held.size()) + " (" + names_list(held) + "); give that input alone (each system is then compared with the baseline), or put several systems in one wide or long table" +
                       std::string(bare ? " (two numeric columns without a header are read as two systems, A and B; for query ids and one system's scores, add the header qid,score)" : ""));
    }
    const auto by_position = [](const ScoreFile& f) { return !f.series.empty() && f.series.front().by_position; };
    if (by_position(fa) != by_position(*fb))
      throw InputError(std::string("the ") + (by_position(fa) ? "first" : "second") +
                       " input is a column of numbers without query ids and the other has query ids; give query ids in both, or bare columns in both (paired by position)");
    const std::string name_a = disambiguated(fa.systems().front(), fb->systems().front(), "A");
    const std::string name_b = disambiguated(fb->systems().front(), fa.systems().front(), "B");
    const bool swap = !baseline.empty() && baseline != name_a;
    if (swap && baseline != name_b)
      throw Error("baseline", ErrorKind::not_in_input, "'" + baseline + "' is not one of the systems (" + name_a + ", " + name_b + ")", baseline);
    const ScoreFile& first = swap ? *fb : fa;
    const ScoreFile& second = swap ? fa : *fb;
    std::map<std::pair<std::string, std::string>, const ScoreSeries*> b_series;
    for (const auto& s : second.series) b_series[{s.dataset, s.measure}] = &s;
    // A dataset (a task) of the chosen measures in one input only is refused whichever input holds it:
    // comparing the others without a word would answer a question the user did not ask.
    const auto only_in = [&](const ScoreSeries& s, bool in_first) {
      const bool named_first = in_first != swap;
      if (s.dataset.empty())
        return Error("measure", ErrorKind::not_in_input,
                     label(s.dataset, s.measure) + " is in the " + (named_first ? "first" : "second") + " file but not in the " + (named_first ? "second" : "first"), s.measure);
      return Error("scores", ErrorKind::not_in_input,
                   label(s.dataset, s.measure) + " is in the " + (named_first ? "first input (A)" : "second input (B)") + " but not in the " +
                       (named_first ? "second (B)" : "first (A)") + "; give both the same datasets (for LLM-eval logs, the same tasks)",
                   s.measure);
    };
    std::set<std::pair<std::string_view, std::string_view>> in_first;
    for (const auto& s : first.series)
      if (keep(s)) in_first.emplace(s.dataset, s.measure);
    for (const auto& s : second.series)
      if (keep(s) && !in_first.count({s.dataset, s.measure})) throw only_in(s, false);
    for (const auto& s : first.series) {
      if (!keep(s)) continue;
      auto it = b_series.find({s.dataset, s.measure});
      if (it == b_series.end()) throw only_in(s, true);
      ScoreSeries a = s, b = *it->second;
      a.system = swap ? name_b : name_a;
      b.system = swap ? name_a : name_b;
      add(a, b);
    }
  } else {
    const auto systems = fa.systems();
    if (systems.size() < 2) throw InputError("the input holds one system's scores; give a second file, or a table with two or more systems");
    if (!baseline.empty() && !contains(systems, baseline))
      throw Error("baseline", ErrorKind::not_in_input, "'" + baseline + "' is not a system in the input (it has " + names_list(systems) + ")", baseline);
    const std::string& base_name = baseline.empty() ? systems.front() : baseline;
    // Every other system against the baseline, per dataset and measure.
    for (const auto& base : fa.series) {
      if (base.system != base_name || !keep(base)) continue;
      for (const auto& other : fa.series)
        if (other.system != base.system && other.dataset == base.dataset && other.measure == base.measure) add(base, other);
    }
  }
  if (plan.samples.empty()) throw InputError("nothing to compare in the input");
  return plan;
}

}  // namespace pairpower
