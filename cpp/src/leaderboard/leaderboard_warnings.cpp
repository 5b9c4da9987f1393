// Why a leaderboard's answers may not be trusted (leaderboard_warnings.hpp): the checks and their words.
#include "pairpower/leaderboard/leaderboard_warnings.hpp"

#include <algorithm>

#include "pairpower/base/formatting.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/input/value_warnings.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/stats/p_floor.hpp"

namespace pairpower {

std::vector<Warning> leaderboard_warnings(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardResult& r,
                                          const LeaderboardOptions& o, const std::vector<LeftOut>& left_out) {
  std::vector<Warning> out;
  for (const auto& s : series)
    if (s.measure == measure)
      range_warnings(measure, s.dataset.empty() ? s.system : s.system + " (" + s.dataset + ")", s.qids, s.values, out, s.unit);
  // Per dataset, the first system that looks like a percentage of one within [0, 1] (a bare score only, as in compare).
  if (measure_range(measure) == MeasureRange::unknown) {
    std::vector<std::pair<const ScoreSeries*, ValueSpread>> board;  // each series' spread, sorted once
    for (const auto& s : series)
      if (s.measure == measure) board.emplace_back(&s, value_spread(s.values));
    std::vector<std::string> reported;  // one warning per dataset
    for (const auto& [high, hi] : board)
      for (const auto& [low, lo] : board)
        if (low->dataset == high->dataset && looks_like_percentage_of(hi, lo) &&
            std::find(reported.begin(), reported.end(), high->dataset) == reported.end()) {
          reported.push_back(high->dataset);
          const std::string& d = high->dataset;
          out.push_back({"scale_mismatch", scale_message(low->system, lo, high->system, hi, "The board's means, ranks, tiers and tests" + (d.empty() ? "" : " on " + d))});
        }
  }
  for (const auto& b : r.boards) {
    const std::string where = b.dataset.empty() ? "" : " on " + b.dataset;
    if (smallest_attainable_p(b.n, Alternative::two_sided) > o.alpha)
      out.push_back({"p_floor", "With " + b.unit.count(b.n) + where + ", the smallest two-sided p a pair's randomization (sign-flip) test can give is " +
                                    format_csv(smallest_attainable_p(b.n, Alternative::two_sided)) + ", above α = " + format_csv(o.alpha) +
                                    ": a pair's own randomization p and its Holm p cannot fall below α whatever the scores (they can from " +
                                    std::to_string(smallest_n_reaching(o.alpha, Alternative::two_sided)) +
                                    " " + b.unit.many + "). The tiers' randomized Tukey test shuffles all systems' scores within " + b.unit.a() + " and has a lower floor."});
    if (b.clusters)
      out.push_back({"clustered_board", "The " + b.unit.count(b.n) + where + " are in " + thousands(b.clusters) +
                                            " clusters: which systems differ (tiers, rank sets, 'significant') follows each pair's cluster-robust test, Holm over the pairs. "
                                            "The randomized Tukey p, each pair's randomization p, the bootstrap rank and Δ intervals, ANOVA, Friedman, " +
                                            (!b.pairs.empty() && b.pairs.front().mcnemar ? std::string("Wilson's intervals, McNemar's p ") : std::string()) +
                                            "and the " + b.unit.many + " to separate treat " + b.unit.many + " as independent, so they overstate what these " +
                                            b.unit.many + " show."});
    if (b.clusters && b.clusters < cluster_min_clusters)
      out.push_back({"few_clusters", "The cluster-robust tests" + where + " rest on " + thousands(b.clusters) + " clusters: below about " +
                                         std::to_string(cluster_min_clusters) + " clusters their standard errors tend to be too small, so the p's that decide are optimistic."});
    // Binary items without clusters: the tiers (randomized Tukey) and McNemar's exact test (Holm) can part ways on a pair.
    if (!b.clusters && !b.pairs.empty() && b.pairs.front().mcnemar) {
      std::vector<std::string> split;
      std::size_t count = 0;
      for (const auto& p : b.pairs)
        if (p.mcnemar_p_holm && p.significant != (*p.mcnemar_p_holm < o.alpha) && ++count <= 3)
          split.push_back(p.system_b + " vs " + p.system_a + " (" + (p.significant ? "tiers apart, McNemar not" : "McNemar apart, tiers not") + ")");
      if (count) {
        std::string list;
        for (std::size_t i = 0; i < split.size(); ++i) list += (i ? "; " : "") + split[i];
        if (count > split.size()) list += "; and " + std::to_string(count - split.size()) + " more";
        out.push_back({"binary_tests_disagree", "On " + std::to_string(count) + " of the " + std::to_string(b.pairs.size()) + " pairs" + where +
                                                    " the tiers and the exact McNemar tests (Holm) disagree: " + list +
                                                    ". Both hold the family-wise error over the pairs, by different procedures on different information: the tiers' randomized Tukey "
                                                    "test compares every " + b.unit.one + "'s scores, McNemar's only the " + b.unit.many +
                                                    " on which the two systems differ. Report such a pair as uncertain, not as shown different or alike."});
      }
    }
    if (b.n < bootstrap_min_queries)
      out.push_back({"few_queries", "The bootstrap rank and Δ intervals" + where + " rest on " + b.unit.count(b.n) + ": below about " +
                                        std::to_string(bootstrap_min_queries) + " " + b.unit.many +
                                        " bootstrap intervals are too narrow (they under-cover), so read them as rough."});
  }
  // Systems missing from a dataset cannot be ranked across datasets: said, with the boards that do rank them.
  if (!left_out.empty()) {
    std::vector<std::string> each;
    for (const auto& l : left_out) {
      std::vector<std::string> lacking;
      for (const auto& d : l.lacking) lacking.push_back(d.empty() ? "the scores without a dataset" : d);
      each.push_back(l.system + " (not in " + names_list(lacking) + ")");
    }
    const std::string listed = names_list(each, "; ");
    // Without a ranking across datasets each dataset has its board (a table of one score per system and dataset is refused then).
    const std::string datasets = std::to_string(r.across ? r.across->datasets : r.boards.size());
    out.push_back({"across_partial", r.across ? "The ranking across the " + datasets + " datasets leaves out " + listed + "; the per-dataset boards rank " +
                                                    (left_out.size() == 1 ? "it." : "them.")
                                              : "No ranking across the " + datasets + " datasets: fewer than 2 systems are in every dataset (" + listed +
                                                    "); the per-dataset boards stand."});
  }
  return out;
}

}  // namespace pairpower
