#include "pairpower/leaderboard/leaderboard.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "pairpower/leaderboard/board_resampling.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/leaderboard/letter_display.hpp"
#include "pairpower/stats/multiple_testing.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/randomization_test.hpp"
#include "pairpower/power/solvers.hpp"
#include "pairpower/stats/wilcoxon.hpp"
#include "pairpower/leaderboard/leaderboard_warnings.hpp"
#include "detail/binary_board.hpp"
#include "detail/board_input.hpp"
#include "detail/clustered_board.hpp"
#include "detail/parallel_for.hpp"

namespace pairpower {
namespace {

using namespace detail;

// Part `part` of `parts` of a board's resampling: a slice of the Tukey resamples, and every
// parts-th pair's randomization test and HSD p. The bootstrap is shared out too, and the merge
// computes the pairs' Δ intervals; or, where it is cheap beside them, every part draws all of it
// and computes its own pairs' intervals (part 0 handing it on for the rank intervals).
BoardPart resample(const DatasetScores& d, const LeaderboardOptions& o, unsigned part, unsigned parts) {
  check_size(d);
  const BoardMatrix& b = d.board;
  const std::size_t n = b.queries();
  const auto slice = [&](std::uint64_t R) { return std::pair{R * part / parts, R * (part + 1) / parts}; };
  check_bootstrap_size(b.systems(), o.bootstrap);  // before any work
  BoardPart out;
  const auto [t0, t1] = slice(o.resamples);
  out.tukey_ranges = tukey_ranges(b, {o.resamples, o.seed, o.threads}, t0, t1);
  const bool whole = parts == 1 || whole_bootstrap_per_part(b.systems(), n);
  const auto [b0, b1] = whole ? std::pair<std::uint64_t, std::uint64_t>{0, o.bootstrap} : slice(o.bootstrap);
  BootstrapBoard boot = bootstrap_board(b, {o.bootstrap, o.seed, o.threads}, b0, b1);
  const std::vector<double> columns = whole ? bootstrap_by_system(boot) : std::vector<double>{};
  const auto B = static_cast<std::size_t>(o.bootstrap);
  const auto row = [&](std::size_t i) { return std::span<const double>(columns).subspan(i * B, B); };
  const auto anova = two_way_anova(b);
  const auto sums = b.exact_sums();
  // Differences in exact units: on a lattice every sign-flipped sum is exact, so equal sums give p = 1.
  const std::vector<double> exact = b.exact_values();
  const auto pairs = pairs_of(b.systems());
  std::vector<std::size_t> mine;
  for (std::size_t x = part; x < pairs.size(); x += parts) mine.push_back(x);
  out.pairs.resize(mine.size());
  detail::parallel_for(mine.size(), o.threads, [&](std::size_t y) {
    const auto [i, j] = pairs[mine[y]];
    std::vector<double> diff(n);
    for (std::size_t q = 0; q < n; ++q) diff[q] = exact[j * n + q] - exact[i * n + q];
    const auto rand = randomization_test(diff, {o.resamples, o.seed, 20});
    const auto [ci_low, ci_high] = whole ? pair_interval(row(i), row(j), o.confidence) : std::pair{std::nan(""), std::nan("")};
    out.pairs[y] = {rand.p_value, rand.p_se, tukey_hsd_p(anova, sums.difference(i, j)), ci_low, ci_high};
  });
  if (part == 0 || !whole) out.boot_means = std::move(boot.means);
  return out;
}

Board analyse(const DatasetScores& d, const std::string& measure, const LeaderboardOptions& o, const std::vector<const BoardPart*>& parts) {
  check_size(d);
  const BoardMatrix& b = d.board;
  const std::size_t k = b.systems(), n = b.queries();
  const auto pairs = pairs_of(k);
  // The parts joined in order: resample r and pair x land where one part alone would put them.
  std::vector<double> ranges;
  BootstrapBoard boot{k, o.bootstrap, {}};  // part 0's whole bootstrap, or every part's slice in order
  std::vector<PairResampling> stats(pairs.size());
  for (std::size_t part = 0; part < parts.size(); ++part) {
    const BoardPart& p = *parts[part];
    ranges.insert(ranges.end(), p.tukey_ranges.begin(), p.tukey_ranges.end());
    boot.means.insert(boot.means.end(), p.boot_means.begin(), p.boot_means.end());
    std::size_t y = 0;
    for (std::size_t x = part; x < pairs.size(); x += parts.size()) {
      if (y >= p.pairs.size()) throw Error("parts", ErrorKind::invalid_value, "a part lacks some of its pairs");
      stats[x] = p.pairs[y++];
    }
  }
  if (ranges.size() != o.resamples || boot.means.size() != o.bootstrap * k) throw Error("parts", ErrorKind::invalid_value, "the parts do not make up the resamples");
  std::vector<bool> left(pairs.size());  // the Δ intervals of parts that shared the bootstrap
  for (std::size_t x = 0; x < pairs.size(); ++x) left[x] = std::isnan(stats[x].ci_low);
  const auto intervals_left = pair_intervals(boot, pairs, left, o.confidence);

  Board out{d.dataset, measure, n, k, {}, {}, two_way_anova(b), friedman_test(b), 0, d.by_position};
  out.unit = d.unit;
  const auto sums = b.exact_sums();
  const auto means = b.system_means();
  const auto ranks = ranks_by_mean(means, o.higher_is_better);
  const auto tukey = tukey_from_ranges(sums, std::move(ranges));
  // One bootstrap of the queries serves the rank intervals and every pair's Δ interval.
  const auto intervals = rank_intervals(boot, means, o.confidence, o.higher_is_better);
  std::vector<std::size_t> order(k);
  for (std::size_t i = 0; i < k; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return ranks[x] < ranks[y]; });
  // Clustered items: each pair's cluster-robust test, Holm over the pairs, decides which differ (Tukey's shuffles treat items as independent).
  std::vector<BoardPair> clustered(pairs.size());
  ClusterIds ids;
  if (!d.clusters.empty()) {
    ids = cluster_ids(d.clusters);
    if (ids.clusters < 2) throw Error("cluster", ErrorKind::not_enough_data, "the " + d.unit.many + " of a board name " + std::to_string(ids.clusters) + " cluster; at least 2 are needed");
    detail::add_clustered_tests(clustered, b, ids, pairs, o.confidence);
    out.clusters = ids.clusters;
  }
  const auto pair_index = [&](std::size_t i, std::size_t j) {
    if (i > j) std::swap(i, j);
    return i * k - i * (i + 1) / 2 + (j - i - 1);
  };
  const auto differ = [&](std::size_t i, std::size_t j) {
    return out.clusters ? *clustered[pair_index(i, j)].cluster_p_holm < o.alpha : tukey.p(i, j) < o.alpha;
  };
  const auto tiers = letter_display(order, differ);
  // The same decisions give the simultaneous rank sets, so they agree with the tiers.
  const auto sets = rank_sets(means, differ, o.higher_is_better);

  out.pairs.resize(pairs.size());
  for (std::size_t x = 0; x < pairs.size(); ++x) {
    const auto [i, j] = pairs[x];
    const auto [ci_low, ci_high] = left[x] ? intervals_left[x] : std::pair{stats[x].ci_low, stats[x].ci_high};
    out.pairs[x] = {d.systems[i], d.systems[j], sums.difference(i, j), ci_low, ci_high, stats[x].p, stats[x].p_se, 0,
                    tukey.p(i, j), stats[x].p_tukey_hsd, differ(i, j), out.clusters ? *clustered[x].cluster_p_holm : tukey.p(i, j)};
    out.pairs[x].cluster = clustered[x].cluster;
    out.pairs[x].cluster_p_holm = clustered[x].cluster_p_holm;
  }
  std::vector<double> ps;
  for (const auto& p : stats) ps.push_back(p.p);
  const auto holm = adjust_p(ps, Adjustment::holm);
  for (std::size_t x = 0; x < out.pairs.size(); ++x) out.pairs[x].p_holm = holm[x];
  const bool binary = detail::add_binary_tests(out.pairs, b, pairs);

  // Adjacent pairs: queries for the paired t at a Bonferroni-corrected α over all pairs to reach the power.
  const double family_alpha = o.alpha / static_cast<double>(pairs.size());
  std::size_t separable = 0;
  for (std::size_t pos = 0; pos < k; ++pos) {
    const std::size_t i = order[pos];
    BoardSystem s{d.systems[i], means[i], 0, 0, ranks[i], sets[i].low, sets[i].high, intervals[i].low, intervals[i].high, tiers[i],
                  !differ(i, order[0]) || i == order[0], std::nullopt};
    if (binary) s.wilson = detail::wilson_of(b, i, o.confidence);
    // The mean's interval: cluster-robust with clusters; on binary items Wilson's (an accuracy's t
    // interval can leave [0, 1]); else the t interval.
    if (out.clusters) {
      const auto ci = detail::cluster_interval(b, i, ids, o.confidence);
      s.ci_low = ci[0];
      s.ci_high = ci[1];
    } else if (s.wilson) {
      s.ci_low = (*s.wilson)[0];
      s.ci_high = (*s.wilson)[1];
    } else {
      const auto t = paired_t_test(std::span<const double>(b.row(i), n), o.confidence);
      s.ci_low = t.ci_low;
      s.ci_high = t.ci_high;
    }
    if (pos + 1 < k) {
      const std::size_t next = order[pos + 1];
      std::vector<double> diff(n);
      for (std::size_t q = 0; q < n; ++q) diff[q] = b.at(i, q) - b.at(next, q);
      const auto dt = paired_t_test(diff, o.confidence);
      // Differences constant up to rounding have no n to plan; scores of any scale are planned in units the solvers take.
      if (const auto scaled = solver_scale(std::fabs(dt.mean_diff), dt.sd_diff); sums.difference(next, i) != 0 && scaled)
        if (const auto sol = min_sample_size(PowerMethod::paired_t, scaled->delta, scaled->sd_diff, family_alpha, o.power)) s.n_to_separate_next = sol->n;
      if (s.n_to_separate_next && *s.n_to_separate_next <= n) ++separable;
    }
    out.systems.push_back(std::move(s));
  }
  out.separable_share = k > 1 ? static_cast<double>(separable) / static_cast<double>(k - 1) : 0;
  return out;
}

// Each system some dataset lacks, in the order first seen, with the datasets lacking it.
std::vector<LeftOut> not_everywhere(const std::vector<DatasetScores>& sets) {
  std::vector<LeftOut> out;
  std::vector<std::string> seen;
  for (const auto& d : sets)
    for (const auto& s : d.systems)
      if (std::find(seen.begin(), seen.end(), s) == seen.end()) {
        seen.push_back(s);
        LeftOut l{s, {}};
        for (const auto& other : sets)
          if (std::find(other.systems.begin(), other.systems.end(), s) == other.systems.end()) l.lacking.push_back(other.dataset);
        if (!l.lacking.empty()) out.push_back(std::move(l));
      }
  return out;
}

// Systems every dataset has, in the first dataset's order.
std::vector<std::string> everywhere(const std::vector<DatasetScores>& sets) {
  std::vector<std::string> out;
  for (const auto& s : sets.front().systems)
    if (std::all_of(sets.begin(), sets.end(), [&](const DatasetScores& d) { return std::find(d.systems.begin(), d.systems.end(), s) != d.systems.end(); }))
      out.push_back(s);
  return out;
}

AcrossDatasets across(const std::vector<DatasetScores>& sets, const std::vector<Board>& boards, const LeaderboardOptions& o) {
  const std::vector<std::string> systems = everywhere(sets);
  if (systems.size() < 2) throw Error("scores", ErrorKind::not_enough_data, "fewer than 2 systems appear in every dataset: nothing to compare across datasets");
  const std::size_t k = systems.size(), D = sets.size();
  BoardMatrix m(k, D);
  for (std::size_t j = 0; j < D; ++j) {
    const auto& d = sets[j];
    const auto means = d.board.system_means();
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t row = static_cast<std::size_t>(std::find(d.systems.begin(), d.systems.end(), systems[i]) - d.systems.begin());
      m.at(i, j) = means[row];
    }
  }
  AcrossDatasets a{D, friedman_test(m), {}, nemenyi_critical_difference(k, D, o.alpha), {}};
  const auto r = mean_ranks(m, o.higher_is_better);
  for (std::size_t i = 0; i < k; ++i) a.mean_ranks.emplace_back(systems[i], r[i]);
  std::vector<double> ps;
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) {
      std::vector<double> diff(D);
      std::size_t better = 0, significant = 0;
      for (std::size_t q = 0; q < D; ++q) {
        diff[q] = m.at(j, q) - m.at(i, q);
        if (o.higher_is_better ? diff[q] > 0 : diff[q] < 0) ++better;
      }
      std::optional<std::size_t> sig;
      if (!boards.empty()) {
        for (const auto& bd : boards)
          for (const auto& p : bd.pairs)
            if (p.significant && ((p.system_a == systems[i] && p.system_b == systems[j] && (o.higher_is_better ? p.delta > 0 : p.delta < 0)) ||
                                  (p.system_a == systems[j] && p.system_b == systems[i] && (o.higher_is_better ? p.delta < 0 : p.delta > 0))))
              ++significant;
        sig = significant;
      }
      const double p = D >= 2 && std::any_of(diff.begin(), diff.end(), [](double x) { return x != 0; }) ? wilcoxon_signed_rank(diff).p_value : 1.0;
      a.pairs.push_back({systems[i], systems[j], better, sig, p, 0});
      ps.push_back(p);
    }
  const auto holm = adjust_p(ps, Adjustment::holm);
  for (std::size_t x = 0; x < a.pairs.size(); ++x) a.pairs[x].p_holm = holm[x];
  return a;
}

}  // namespace

LeaderboardInput leaderboard_input(const std::vector<ScoreSeries>& given, const std::string& measure) {
  std::vector<ScoreSeries> storage;
  const auto& series = unnamed_joined(given, measure, storage);
  if (series.empty()) throw Error("scores", ErrorKind::not_enough_data, "the input holds no scores");
  const auto present = measures_in(series);
  LeaderboardInput in{measure_of(present, measure), {}, named_only(present)};
  for (const auto& s : series)
    if (s.measure == in.measure) {
      in.series.push_back(s);
      in.series.back().texts.clear();
    }
  return in;
}

LeaderboardPart leaderboard_part(const std::vector<ScoreSeries>& given, const std::string& measure, const LeaderboardOptions& o, unsigned part,
                                 unsigned parts) {
  std::vector<ScoreSeries> storage;
  const auto& series = unnamed_joined(given, measure, storage);
  if (parts < 1 || part >= parts) throw Error("parts", ErrorKind::invalid_value, "part must be below parts");
  if (series.empty()) throw Error("scores", ErrorKind::not_enough_data, "the input holds no scores");
  const auto sets = boards_of(series, measure_of(series, measure), o.missing);
  LeaderboardPart out;
  if (!per_dataset_only(sets))
    for (const auto& d : sets) out.boards.push_back(resample(d, o, part, parts));
  return out;
}

LeaderboardResult leaderboard_merge(const std::vector<ScoreSeries>& given, const std::string& measure, const LeaderboardOptions& o,
                                    const std::vector<LeaderboardPart>& parts) {
  std::vector<ScoreSeries> storage;
  const auto& series = unnamed_joined(given, measure, storage);
  if (series.empty()) throw Error("scores", ErrorKind::not_enough_data, "the input holds no scores");
  if (parts.empty()) throw Error("parts", ErrorKind::invalid_value, "at least one part is needed");
  const std::string m = measure_of(series, measure);
  const std::vector<DatasetScores> sets = boards_of(series, m, o.missing);
  // A table of per-dataset scores reads as one "query" per dataset: only the across-datasets analysis applies.
  const bool only_across = per_dataset_only(sets);
  LeaderboardResult r;
  if (!only_across)
    for (std::size_t x = 0; x < sets.size(); ++x) {
      std::vector<const BoardPart*> mine;
      for (const auto& p : parts) {
        if (p.boards.size() != sets.size()) throw Error("parts", ErrorKind::invalid_value, "a part is of other inputs");
        mine.push_back(&p.boards[x]);
      }
      r.boards.push_back(analyse(sets[x], m, o, mine));
    }
  const std::vector<LeftOut> left_out = sets.size() >= 2 ? not_everywhere(sets) : std::vector<LeftOut>{};
  if (sets.size() >= 2 && (left_out.empty() || only_across || everywhere(sets).size() >= 2)) r.across = across(sets, r.boards, o);
  else if (only_across) throw Error("scores", ErrorKind::not_enough_data, "one dataset with one score per system: nothing to test (give per-query scores, or scores on two or more datasets)");
  r.warnings = leaderboard_warnings(series, m, r, o, left_out);
  return r;
}

void add_input_warnings(LeaderboardResult& r, const std::vector<Warning>& about_inputs) {
  r.warnings.insert(r.warnings.begin(), about_inputs.begin(), about_inputs.end());
}

LeaderboardResult leaderboard(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardOptions& o) {
  return leaderboard_merge(series, measure, o, {leaderboard_part(series, measure, o, 0, 1)});
}

PairScores pair_scores(const std::vector<ScoreSeries>& given, const std::string& measure, const std::string& dataset,
                       const std::string& system_a, const std::string& system_b, MissingPolicy missing) {
  std::vector<ScoreSeries> storage;
  const auto& series = unnamed_joined(given, measure, storage);
  const std::string m = measure_of(series, measure);
  const auto sets = boards_of(series, m, missing);
  const auto d = std::find_if(sets.begin(), sets.end(), [&](const DatasetScores& x) { return x.dataset == dataset; });
  if (d == sets.end()) throw Error("dataset", ErrorKind::not_in_input, "is not in the input", dataset);
  const auto row = [&](const std::string& name) {
    const auto it = std::find(d->systems.begin(), d->systems.end(), name);
    if (it == d->systems.end()) throw Error("system", ErrorKind::not_in_input, "is not on this leaderboard", name);
    return d->board.row(static_cast<std::size_t>(it - d->systems.begin()));
  };
  const double *a = row(system_a), *b = row(system_b);
  const std::size_t n = d->board.queries();
  PairScores p{d->qids, std::vector<double>(a, a + n), std::vector<double>(b, b + n)};
  p.a_text = scores_as_written(series, dataset, m, system_a, p.qids, p.a);
  p.b_text = scores_as_written(series, dataset, m, system_b, p.qids, p.b);
  p.clusters = d->clusters;
  p.unit = d->unit;
  p.dataset = dataset;
  p.measure = m;
  return p;
}

}  // namespace pairpower
