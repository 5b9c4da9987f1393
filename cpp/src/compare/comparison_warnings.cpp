// Why a comparison's answers may not be trusted (comparison_warnings.hpp): the checks and their words.
#include "pairpower/compare/comparison_warnings.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "pairpower/base/formatting.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/input/value_warnings.hpp"
#include "pairpower/stats/p_floor.hpp"

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
    const ValueSpread a = value_spread(s.a), b = value_spread(s.b);
    if (looks_like_percentage_of(b, a)) out.push_back({"scale_mismatch", scale_message(s.system_a, a, s.system_b, b, "Δ and every test here")});
    else if (looks_like_percentage_of(a, b)) out.push_back({"scale_mismatch", scale_message(s.system_b, b, s.system_a, a, "Δ and every test here")});
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

}  // namespace pairpower
