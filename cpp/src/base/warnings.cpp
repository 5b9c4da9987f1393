// When an answer cannot be trusted (warnings.hpp): the checks and their words.
#include "pairpower/base/warnings.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <iomanip>
#include <sstream>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/input/score_input.hpp"

namespace pairpower {
namespace {

std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(share * 100))) + "%"; }

// "0.125", "0.0625", "3.05e-05": an exact fraction is shown as it is.
std::string fraction(double x) { return format_csv(x); }

// "2⁴": an exponent as people write it.
std::string superscript(std::size_t e) {
  static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out;
  for (char c : std::to_string(e)) out += digits[c - '0'];
  return out;
}

std::string sided_word(Alternative alt) { return alt == Alternative::two_sided ? "two-sided" : "one-sided"; }

// "With 4 queries the smallest p … is 0.125 (2 of the 2⁴ = 16 sign patterns …)".
std::string floor_sentence(std::size_t nonzero, std::size_t n, const Unit& unit, Alternative alt, bool exact_wilcoxon, double alpha) {
  std::ostringstream s;
  const double floor = smallest_attainable_p(nonzero, alt);
  s << "With " << unit.count(n);
  if (nonzero < n) s << " (" << thousands(nonzero) << " with a non-zero difference)";
  s << ", the smallest " << sided_word(alt) << " p the randomization (sign-flip) test, the sign test"
    << (exact_wilcoxon ? " and the exact Wilcoxon test" : "") << " can give is " << fraction(floor);
  if (nonzero <= 30)
    s << " (" << (alt == Alternative::two_sided ? "2" : "1") << " of the 2" << superscript(nonzero) << " = " << thousands(std::uint64_t{1} << nonzero)
      << " sign patterns are as extreme as every difference on one side)";
  s << ", above α = " << format_csv(alpha) << ": at this n they cannot show a difference whatever the scores. They can reach α from "
    << smallest_n_reaching(alpha, alt) << " non-zero differences.";
  return s.str();
}

}  // namespace

double smallest_attainable_p(std::size_t nonzero, Alternative alt) noexcept {
  const int e = static_cast<int>(std::min<std::size_t>(nonzero, 1100));
  return alt == Alternative::two_sided ? std::min(1.0, std::ldexp(1.0, 1 - e)) : std::ldexp(1.0, -e);
}

std::size_t smallest_n_reaching(double alpha, Alternative alt) noexcept {
  std::size_t n = 1;
  while (n < 1100 && !(smallest_attainable_p(n, alt) <= alpha)) ++n;
  return n;
}

void range_warnings(const std::string& measure, const std::string& system, std::span<const std::string> qids, std::span<const double> values,
                    std::vector<Warning>& out, const Unit& unit) {
  const MeasureRange range = measure_range(measure);
  if (range == MeasureRange::unknown) return;
  // trec_eval prints 4 decimals and tools sum in floating point: 1 + 1e-9 is a 1.
  constexpr double slack = 1e-9;
  const auto bad = [&](double v) {
    if (range == MeasureRange::count) return !(v >= 0) || std::fabs(v - std::round(v)) > slack;
    return !(v >= -slack && v <= 1 + slack);
  };
  std::size_t count = 0, first = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (bad(values[i]) && count++ == 0) first = i;
  if (count == 0) return;
  std::ostringstream s;
  s << measure << (range == MeasureRange::count ? " is a count (a whole number ≥ 0)" : " lies between 0 and 1") << ", but " << thousands(count)
    << " of " << system << "'s " << thousands(values.size()) << " values " << (count == 1 ? "lies" : "lie") << " outside that range ("
    << (count == 1 ? "" : "the first: ") << format_csv(values[first]);
  if (first < qids.size()) s << " for " << unit.one << " " << qids[first];
  s << "). The input may hold another measure under this name, or a broken run: the results below are computed from these values as given.";
  out.push_back({"out_of_range", s.str()});
}

namespace {

struct Spread {
  double min, max, median;
};

Spread spread_of(std::span<const double> v) {
  Spread s{0, 0, 0};
  if (v.empty()) return s;
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  return {sorted.front(), sorted.back(), n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2};
}

// A proportion against a percentage: one system's values within [0, 1], the other's within [0, 100] with most
// above 1, their medians 25 to 400 times apart (a percentage is 100 times its proportion, give or take a better
// or worse system). Latencies or counts a few times apart on one scale stay clear of that.
bool within_unit(const Spread& s) { return s.min >= 0 && s.max <= 1 && s.median > 0; }
bool percentage_of(const Spread& s, const Spread& unit) {
  return s.min >= 0 && s.max <= 100 && s.median > 1 && s.median >= 25 * unit.median && s.median <= 400 * unit.median;
}

std::string scale_message(const std::string& within, const Spread& w, const std::string& beyond, const Spread& b, const std::string& what) {
  return within + "'s scores all lie within [0, 1] while " + beyond + "'s reach " + format_sig(b.max) + " (medians " + format_sig(w.median) + " and " +
         format_sig(b.median) + "): they look like a proportion against a percentage (or two measures under one name). " + what +
         " take the values as given: put them on one scale first (if they already share one, this does not apply).";
}

}  // namespace

bool rests_on_sign_flips(const Comparison& c) noexcept {
  return !c.equivalence && !c.non_inferiority && !c.identical && !c.randomization.exact && own_test_name(c) == "randomization";
}

std::optional<Warning> resample_floor_warning(const std::vector<Comparison>& cs, const CompareOptions& o) {
  // Holm adjusts every comparison's own p together. Those decided by a Monte Carlo randomization p cannot go below
  // k/(R + 1) (k = 2 two-sided, 1 one-sided); however small the others' p-values, the first of these mc comparisons
  // Holm meets is multiplied by at least mc, and the later ones are adjusted no lower. When mc·k/(R + 1) is not below
  // α, too few sign flips leave all of them HOLD whatever their effect.
  if (cs.size() < 2) return std::nullopt;
  const auto mc = static_cast<std::size_t>(std::count_if(cs.begin(), cs.end(), rests_on_sign_flips));
  if (mc == 0) return std::nullopt;
  const auto first = std::find_if(cs.begin(), cs.end(), rests_on_sign_flips);
  const double k = o.alternative == Alternative::two_sided ? 2.0 : 1.0, m = static_cast<double>(mc);
  const std::uint64_t r = first->randomization.resamples;
  if (m * k / (static_cast<double>(r) + 1) < o.alpha) return std::nullopt;
  // From R = ⌊mc·k/α⌋ sign flips on, mc·k/(R + 1) falls below α.
  const auto needed = static_cast<std::uint64_t>(std::floor(m * k / o.alpha));
  std::ostringstream product;  // 0.48, 0.09581: four significant digits, no trailing zeros (it is at least α)
  product << std::setprecision(4) << m * k / (static_cast<double>(r) + 1);
  const std::string of = mc == cs.size() ? "all " + thousands(mc) : thousands(mc) + " of the " + thousands(cs.size());
  return Warning{"resample_floor", "The verdicts of " + of + " comparisons tested together rest on a randomization p from " + thousands(r) +
                                       " sign flips, which cannot be below " + (k == 2 ? "2" : "1") + "/" + thousands(r + 1) + "; Holm multiplies the smallest of them by at least " +
                                       thousands(mc) + ", to " + product.str() + ", not below α = " + format_csv(o.alpha) +
                                       ": none of these can be found significant, whatever its effect. At least " + thousands(needed) +
                                       " sign flips make it possible at all; many more make the p-values precise."};
}

std::optional<Warning> interval_level_warning(const CompareOptions& o) {
  // Two-sided only: a one-sided verdict reads one bound of a two-sided interval, whose matching level
  // (1 − 2α) is the user's to choose.
  const double matching = 1 - o.alpha;
  if (o.alternative != Alternative::two_sided || std::fabs(o.confidence - matching) <= 1e-9 || question_of(o) != Question::difference) return std::nullopt;
  const auto percent = [](double x) { return format_csv(100 * x) + "%"; };
  return Warning{"interval_level", "The intervals are " + percent(o.confidence) + " but the test is at α = " + format_csv(o.alpha) +
                                       ": a verdict asks both for p below α and for its interval to clear 0 (or the minimum effect), and the two can disagree more "
                                       "than they need to. A confidence of 1 − α = " + format_csv(matching) + " puts the interval at the test's level."};
}

std::vector<Warning> comparison_warnings(const PairedSample& s, const Comparison& c, const CompareOptions& o) {
  std::vector<Warning> out;
  const std::string& measure = s.measure.empty() ? s.dataset : s.measure;
  range_warnings(measure, s.system_a, s.qids, s.a, out, s.unit);
  range_warnings(measure, s.system_b, s.qids, s.b, out, s.unit);
  // A measure of known range has its own check (out_of_range); a bare score does not.
  if (measure_range(measure) == MeasureRange::unknown) {
    const Spread a = spread_of(s.a), b = spread_of(s.b);
    if (within_unit(a) && percentage_of(b, a)) out.push_back({"scale_mismatch", scale_message(s.system_a, a, s.system_b, b, "Δ and every test here")});
    else if (within_unit(b) && percentage_of(a, b)) out.push_back({"scale_mismatch", scale_message(s.system_b, b, s.system_a, a, "Δ and every test here")});
  }
  if (c.identical) return out;  // nothing was tested: the reason says so
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < s.a.size() && i < s.b.size(); ++i) zeros += s.b[i] - s.a[i] == 0;
  const std::size_t n = c.n, nonzero = n - zeros;
  const bool difference = !c.equivalence && !c.non_inferiority;
  if (smallest_attainable_p(nonzero, o.alternative) > o.alpha) {
    std::string m = floor_sentence(nonzero, n, s.unit, o.alternative, c.wilcoxon.exact, o.alpha);
    if (!c.wilcoxon.exact)
      m += " The Wilcoxon test uses its normal approximation here (a difference is 0), which can give a p below this floor: at this n that p is "
           "rough, not evidence the exact tests lack.";
    if (difference && !c.cluster) m += " A verdict decided by the " + std::string(own_test_name(c)) + " p stays HOLD at this n.";
    m += " The paired t has no such floor, but at this n its p rests wholly on the differences being normal.";
    out.push_back({"p_floor", m});
  }
  if (n < bootstrap_min_queries)
    out.push_back({"few_queries",
                   "The bootstrap intervals rest on " + s.unit.count(n) + ": below about " +
                       std::to_string(bootstrap_min_queries) + " " + s.unit.many +
                       " BCa and percentile intervals are too narrow (they under-cover, since resampling so few values cannot show how "
                       "far the mean could lie), so an interval that excludes 0 is weaker evidence than its " +
                       std::to_string(static_cast<int>(std::lround(o.confidence * 100))) + "% says. The randomization p is the safer guide here."});
  // Binary items agree on most items by nature: McNemar is built on the discordant ones alone, and with
  // clusters the cluster-robust t keeps every item; neither is the Wilcoxon or sign test this warns of.
  if (n > 0 && static_cast<double>(zeros) >= many_zeros_share * static_cast<double>(n) && !c.binary)
    out.push_back({"many_zeros",
                   thousands(zeros) + " of " + thousands(n) + " differences (" + percent(static_cast<double>(zeros) / static_cast<double>(n)) +
                       ") are exactly 0. The Wilcoxon and sign tests drop them and decide on the other " + s.unit.count(nonzero) +
                       " alone (Wilcoxon then uses its normal approximation); the randomization test, the paired t and the bootstrap "
                       "keep them, which pulls Δ and its spread toward 0. Ties this common usually mean a coarse measure (P@k, success) "
                       "or two nearly identical runs."});
  if (c.cluster && c.cluster->clusters < cluster_min_clusters)
    out.push_back({"few_clusters",
                   "The cluster-robust standard error rests on " + thousands(c.cluster->clusters) + " clusters: below about " +
                       std::to_string(cluster_min_clusters) +
                       " clusters it tends to be too small even against t with C − 1 degrees of freedom (Cameron & Miller 2015), so the p that "
                       "decides is optimistic and the interval too narrow. The cluster sign-flip p (" +
                       format_p(c.cluster->randomization.p_value) + ") does not rest on that standard error."});
  if (const auto& need = c.planning.n_required) {
    const std::size_t reach = smallest_n_reaching(o.alpha, o.alternative);
    if (*need < reach)
      out.push_back({"planning_below_floor",
                     "The paired t would detect an effect of this size with about " + s.unit.count(*need) +
                         ", but below " + std::to_string(reach) + " " + s.unit.many + " the randomization, sign and exact Wilcoxon tests cannot reach p < " +
                         format_csv(o.alpha) + " whatever the effect: plan for at least " + std::to_string(reach) + "."});
    else if (static_cast<double>(*need) > pilot_extrapolation_factor * static_cast<double>(n))
      out.push_back({"pilot_extrapolated",
                     "The n to detect Δ (about " + s.unit.count(*need) + ") is extrapolated from a pilot of " + thousands(n) +
                         ", more than " + format_csv(pilot_extrapolation_factor) +
                         " times smaller. It rests on Δ and the SD of the differences as this pilot estimates them, and it grows with (SD/Δ)²: "
                         "a modest error in the pilot's Δ moves it a lot. Read it as an order of magnitude, and re-plan with a larger pilot."});
  }
  return out;
}

std::vector<Warning> leaderboard_warnings(const std::vector<ScoreSeries>& series, const std::string& measure, const LeaderboardResult& r,
                                          const LeaderboardOptions& o, const std::vector<LeftOut>& left_out) {
  std::vector<Warning> out;
  for (const auto& s : series)
    if (s.measure == measure)
      range_warnings(measure, s.dataset.empty() ? s.system : s.system + " (" + s.dataset + ")", s.qids, s.values, out, s.unit);
  // Per dataset, the first system that looks like a percentage of one within [0, 1] (a bare score only, as in compare).
  if (measure_range(measure) == MeasureRange::unknown) {
    std::vector<std::pair<const ScoreSeries*, Spread>> board;  // each series' spread, sorted once
    for (const auto& s : series)
      if (s.measure == measure) board.emplace_back(&s, spread_of(s.values));
    std::vector<std::string> reported;  // one warning per dataset
    for (const auto& [high, hi] : board)
      for (const auto& [low, lo] : board)
        if (low->dataset == high->dataset && within_unit(lo) && percentage_of(hi, lo) &&
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
                                    fraction(smallest_attainable_p(b.n, Alternative::two_sided)) + ", above α = " + format_csv(o.alpha) +
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
