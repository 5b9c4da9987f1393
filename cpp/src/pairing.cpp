#include "pairpower/pairing.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace pairpower {

std::optional<MissingPolicy> missing_policy_from_string(std::string_view s) noexcept {
  if (s == "error") return MissingPolicy::error;
  if (s == "intersect") return MissingPolicy::intersect;
  if (s == "zero") return MissingPolicy::zero;
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

PairedSample pair(const ScoreSeries& a, const ScoreSeries& b, MissingPolicy missing, PairingReport& report) {
  std::unordered_map<std::string, double> in_b;
  for (std::size_t i = 0; i < b.qids.size(); ++i) in_b.emplace(b.qids[i], b.values[i]);
  std::set<std::string> in_a(a.qids.begin(), a.qids.end());
  PairedSample s{a.dataset, a.measure, a.system, b.system, {}, {}, {}};
  report.dataset = a.dataset;
  report.measure = a.measure;
  for (std::size_t i = 0; i < a.qids.size(); ++i) {
    auto it = in_b.find(a.qids[i]);
    if (it != in_b.end()) {
      s.qids.push_back(a.qids[i]);
      s.a.push_back(a.values[i]);
      s.b.push_back(it->second);
      ++report.matched;
    } else {
      ++report.only_a;
      if (report.examples_only_a.size() < 5) report.examples_only_a.push_back(a.qids[i]);
      if (missing == MissingPolicy::zero) {
        s.qids.push_back(a.qids[i]);
        s.a.push_back(a.values[i]);
        s.b.push_back(0.0);
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
    }
  }
  if (missing == MissingPolicy::error && (report.only_a || report.only_b)) {
    std::string msg = label(a.dataset, a.measure) + ": query ids do not match: ";
    if (report.only_a) msg += std::to_string(report.only_a) + " only in " + a.system + " (" + list(report.examples_only_a, report.only_a) + ")";
    if (report.only_a && report.only_b) msg += "; ";
    if (report.only_b) msg += std::to_string(report.only_b) + " only in " + b.system + " (" + list(report.examples_only_b, report.only_b) + ")";
    msg += ". Choose --missing intersect (drop them) or --missing zero (score them 0, as trec_eval -c).";
    throw InputError(msg);
  }
  return s;
}

}  // namespace

ComparisonPlan build_comparisons(const ScoreFile& fa, const ScoreFile* fb, const std::vector<std::string>& measures,
                                 MissingPolicy missing) {
  // Which measures: all when the input has one (or none); else those asked for.
  std::vector<std::string> available = fa.measures();
  if (fb)
    for (const auto& m : fb->measures())
      if (std::find(available.begin(), available.end(), m) == available.end()) available.push_back(m);
  std::vector<std::string> chosen = measures;
  if (chosen.empty()) {
    if (available.size() > 1) {
      std::string names;
      for (std::size_t i = 0; i < available.size() && i < 12; ++i) names += (i ? ", " : "") + available[i];
      if (available.size() > 12) names += ", …";
      throw InputError("the input holds " + std::to_string(available.size()) + " measures (" + names + "); choose one or more");
    }
    chosen = available;
  }
  for (const auto& m : chosen)
    if (std::find(available.begin(), available.end(), m) == available.end()) {
      std::string names;
      for (std::size_t i = 0; i < available.size() && i < 12; ++i) names += (i ? ", " : "") + available[i];
      throw InputError("measure '" + m + "' is not in the input (it has: " + names + ")");
    }
  auto keep = [&](const ScoreSeries& s) { return std::find(chosen.begin(), chosen.end(), s.measure) != chosen.end(); };

  ComparisonPlan plan;
  auto add = [&](const ScoreSeries& a, const ScoreSeries& b) {
    PairingReport report;
    plan.samples.push_back(pair(a, b, missing, report));
    plan.pairing.push_back(report);
  };
  if (fb) {
    if (fa.systems().size() != 1 || fb->systems().size() != 1)
      throw InputError("with two files, each must hold one system's scores; put several systems in one wide or long table instead");
    std::map<std::pair<std::string, std::string>, const ScoreSeries*> b_series;
    for (const auto& s : fb->series) b_series[{s.dataset, s.measure}] = &s;
    for (const auto& s : fa.series) {
      if (!keep(s)) continue;
      auto it = b_series.find({s.dataset, s.measure});
      if (it == b_series.end()) throw InputError(label(s.dataset, s.measure) + " is in the first file but not in the second");
      ScoreSeries a = s, b = *it->second;
      a.system = "A";
      b.system = "B";
      add(a, b);
    }
  } else {
    const auto systems = fa.systems();
    if (systems.size() < 2) throw InputError("the input holds one system's scores; give a second file, or a table with two or more systems");
    // Each later system against the first (the baseline), per dataset and measure.
    for (const auto& base : fa.series) {
      if (base.system != systems.front() || !keep(base)) continue;
      for (const auto& other : fa.series)
        if (other.system != base.system && other.dataset == base.dataset && other.measure == base.measure) add(base, other);
    }
  }
  if (plan.samples.empty()) throw InputError("nothing to compare in the input");
  return plan;
}

}  // namespace pairpower
