// A leaderboard's pair as Analyze receives it: a `qid,[dataset,][measure,]A,B` table whose scores
// are the user's own text (0.3490 stays 0.3490) where the parser kept it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

#include "pairpower/base/formatting.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"

namespace pairpower {

std::vector<std::string> scores_as_written(const std::vector<ScoreSeries>& series, const std::string& dataset, const std::string& measure,
                                           const std::string& system, const std::vector<std::string>& qids, const std::vector<double>& values) {
  std::unordered_map<std::string, const std::string*> by_qid;
  for (const auto& s : series)
    if (s.system == system && s.dataset == dataset && s.measure == measure && s.texts.size() == s.values.size())
      for (std::size_t i = 0; i < s.qids.size(); ++i) by_qid.emplace(s.qids[i], &s.texts[i]);
  std::vector<std::string> out;
  if (by_qid.empty()) return out;
  for (std::size_t q = 0; q < qids.size(); ++q) {
    const auto it = by_qid.find(qids[q]);
    std::string t = it == by_qid.end() ? std::string() : *it->second;
    // A decimal comma becomes a point: the pair's table is comma-separated.
    if (t.find(',') != std::string::npos && t.find('.') == std::string::npos) std::replace(t.begin(), t.end(), ',', '.');
    // Only a plain decimal that reads back as the board's very value (an imputed score has no text).
    const bool plain = !t.empty() && t.find_first_not_of("0123456789.-eE") == std::string::npos;
    char* end = nullptr;
    const bool same = plain && std::strtod(t.c_str(), &end) == values[q] && end == t.c_str() + t.size();
    out.push_back(same ? t : std::string());
  }
  return out;
}

std::string pair_scores_csv(const PairScores& p, const std::string& system_a, const std::string& system_b) {
  // Without the input's text: the fewest significant digits that read back as the same double
  // (0.3492, not 0.34920000000000001).
  const auto exact = [](double x) {
    char buf[32];
    for (int digits = 15; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, x);
      if (std::strtod(buf, nullptr) == x) break;
    }
    return std::string(buf);
  };
  const auto cell = [&](const std::vector<std::string>& text, const std::vector<double>& v, std::size_t q) {
    return q < text.size() && !text[q].empty() ? text[q] : exact(v[q]);
  };
  // The items' clusters go with the pair: Analyze then tests it as the board did; and its dataset
  // and measure, which Analyze's sentence names.
  const bool clustered = !p.clusters.empty();
  std::string head = p.unit == item_unit ? "item," : "qid,", fixed;
  if (!p.dataset.empty()) head += "dataset,", fixed += csv_field(p.dataset) + ",";
  if (!p.measure.empty()) head += "measure,", fixed += csv_field(p.measure) + ",";
  std::string out = head + (clustered ? "cluster," : "") + csv_field(system_a) + "," + csv_field(system_b) + "\n";
  for (std::size_t q = 0; q < p.qids.size(); ++q)
    out += csv_field(p.qids[q]) + "," + fixed + (clustered ? csv_field(p.clusters[q]) + "," : std::string()) + cell(p.a_text, p.a, q) + "," + cell(p.b_text, p.b, q) + "\n";
  return out;
}

}  // namespace pairpower
