// The words of a comparison: why the verdict, the quotable sentence, and the
// summary of a whole run. Numbers are formatted by formatting.hpp only.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "parts.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/stats/p_floor.hpp"

namespace pairpower {

std::string pilot_curve_test(const Unit& unit) {
  return "paired t-test at α on n " + unit.many + " resampled from the pilot differences, shifted to mean Δ";
}

std::string wilcoxon_note(const std::vector<Comparison>& comparisons, const CompareOptions& o) {
  std::string out =
      "The Wilcoxon signed-rank test and its Hodges-Lehmann estimate concern the median of the Walsh averages, "
      "not the mean difference Δ that the t-test, the randomization test and the bootstrap address; the verdicts here rest on ";
  const Question q = question_of(o);
  if (q == Question::equivalence) return out + "two one-sided paired t-tests (TOST).";
  if (q == Question::non_inferiority) return out + "the one-sided paired t against the margin.";
  std::vector<std::string_view> tests;
  for (const auto& c : comparisons)
    if (std::find(tests.begin(), tests.end(), own_test_name(c)) == tests.end()) tests.push_back(own_test_name(c));
  for (std::size_t i = 0; i < tests.size(); ++i) out += std::string(i ? (i + 1 == tests.size() ? " and the " : ", the ") : "the ") + std::string(tests[i]);
  out += tests.size() == 1 ? " test" : " tests";
  if (comparisons.size() > 1) out += " (Holm over the " + std::to_string(comparisons.size()) + " comparisons)";
  if (o.family) out += " and the board's family-wise p";
  // Smucker, Allan & Carterette's comparison was made on retrieval runs: cited where it applies.
  const bool runs = std::any_of(comparisons.begin(), comparisons.end(), [](const Comparison& c) { return c.unit == query_unit; });
  if (runs && std::find(tests.begin(), tests.end(), std::string_view("randomization")) != tests.end())
    out += std::string(tests.size() == 1 ? ", which" : "; the randomization test is what") + " Smucker, Allan & Carterette (2007) recommend for IR evaluation";
  return out + ".";
}

}  // namespace pairpower

namespace pairpower::comparison {
namespace {

// "one-sided, B > A" for the alternative on D = B − A; "" when two-sided.
std::string sided(const Comparison& c, Alternative alt) {
  if (alt == Alternative::two_sided) return "";
  return "one-sided, " + c.system_b + (alt == Alternative::greater ? " > " : " < ") + c.system_a;
}

// A level as a percentage: "90", or "99.64" for a family's Bonferroni 1 − 2α/m.
std::string percent(double level) {
  const double v = level * 100;
  return std::fabs(v - std::round(v)) < 1e-9 ? std::to_string(std::llround(v)) : format_sig(v);
}

// "α = 0.05", or for a pair of a family "α/28 = 0.001786 (α = 0.05 over the board's 28 pairs, Bonferroni)".
std::string level_words(const CompareOptions& o) {
  if (!o.family) return "α = " + format_csv(o.alpha);
  return "α/" + thousands(o.family->pairs) + " = " + format_sig(question_alpha(o)) + " (α = " + format_csv(o.alpha) + " over the family's " +
         thousands(o.family->pairs) + " pairs, Bonferroni)";
}

std::string question_reason(const Comparison& c, const CompareOptions& o, bool several) {
  // "is 0.034, below α = 0.05"; "is < 0.001, below α/28 = …"; compared with the question's level.
  const auto p_is = [&](double x) { return "is " + format_p(x) + (x < question_alpha(o) ? ", below " : ", not below ") + level_words(o); };
  std::ostringstream why;
  const std::string adj = several ? "Holm-adjusted " : "";
  if (c.equivalence) {
    const auto& e = *c.equivalence;
    const std::string margin = "±" + format_csv(e.margin);
    const std::string ci = percent(e.ci_level) + "% t interval [" + format_signed(e.ci_low) + ", " +
                           format_signed(e.ci_high) + "]";
    if (c.verdict == Verdict::ship)
      why << c.system_b << " and " << c.system_a << " are equivalent within " << margin << ": both one-sided paired t-tests reject (" << adj
          << "TOST p " << p_is(c.question_p_holm) << "); the " << ci << " lies inside the margin.";
    else if (c.verdict == Verdict::reject)
      why << c.system_b << " and " << c.system_a << " differ by more than the margin " << format_csv(e.margin) << ": the " << adj
          << "p of |Δ| beyond " << margin << " (the smaller one-sided p, doubled) " << p_is(c.question_outside_p_holm) << "; the " << ci << ".";
    else
      why << "Equivalence within " << margin << " is not shown: the " << adj << "TOST p " << p_is(c.question_p_holm) << "; the " << ci
          << " reaches past the margin.";
  } else if (c.non_inferiority) {
    const auto& ni = *c.non_inferiority;
    const std::string m = format_csv(ni.margin);
    if (c.verdict == Verdict::ship)
      why << c.system_b << " is not worse than " << c.system_a << " by " << m << " or more: the " << adj << "one-sided paired t p " << p_is(c.question_p_holm) << ".";
    else if (c.verdict == Verdict::reject)
      why << c.system_b << " is worse than " << c.system_a << " by more than the margin " << m << ": the " << adj << "one-sided paired t p "
          << p_is(c.question_outside_p_holm) << ".";
    else
      why << "Non-inferiority at margin " << m << " is not shown: the " << adj << "one-sided paired t p " << p_is(c.question_p_holm) << ".";
  }
  return why.str();
}

// "randomized Tukey HSD over 28 pairs of 8 systems".
std::string family_words(const FamilyContext& f) {
  return std::string(family_procedure_label(f.procedure).value_or(f.procedure)) + " over " + thousands(f.pairs) + (f.pairs == 1 ? " pair" : " pairs") +
         " of " + thousands(f.systems) + " systems";
}

// " after Holm", " at the family-wise p (randomized Tukey HSD over 28 pairs of 8 systems)", or "".
std::string adjusted(const CompareOptions& o, bool several) {
  if (o.family) return " at the family-wise p (" + family_words(*o.family) + ")";
  return several ? " after Holm" : "";
}

}  // namespace

std::string reason(const Comparison& c, const CompareOptions& o, bool several) {
  const double p = deciding_p(c, o, several);
  const std::string side = sided(c, o.alternative);
  // With a family the larger of its family-wise p and the pair's own p decides (deciding_p): the name says which.
  const bool own_decides = o.family && own_p(c) > o.family->p;
  const std::string test = std::string(own_test_name(c)) + " p", ci_name = std::string(verdict_interval_name(c)) + " interval";
  const std::string p_name = !o.family ? (several ? "Holm-adjusted " + test : test) + (side.empty() ? "" : " (" + side + ")")
                             : own_decides ? "pair's own " + test + (side.empty() ? "" : " (" + side + ")") + ", larger than its family-wise " +
                                                 p_equals(o.family->p) + " (" + family_words(*o.family) + ")"
                                           : "family-wise p (" + family_words(*o.family) + ")";
  const double sign = o.higher_is_better ? 1.0 : -1.0;
  const int pct = static_cast<int>(std::lround(o.confidence * 100));
  // "is 0.034, below α = 0.05" / "is below 0.001"
  const auto p_is = [&](double x) { return x < 0.001 ? std::string("is below 0.001") : "is " + format_p(x) + (x < o.alpha ? ", below" : ", not below") + " α = " + format_csv(o.alpha); };
  std::ostringstream why;
  if (question_of(o) != Question::difference) {
    if (c.identical) why << c.system_a << " and " << c.system_b << " score identically on every " << c.unit.one << ". ";
    why << question_reason(c, o, several);
  } else if (c.identical) {
    why << c.system_a << " and " << c.system_b << " score identically on every " << c.unit.one << "; there is no difference to test.";
  } else if (c.verdict == Verdict::ship) {
    why << c.system_b << " is better: the " << pct << "% " << ci_name << " of the improvement lies above " << format_csv(o.min_effect) << " and the " << p_name
        << " " << p_is(p) << ".";
  } else if (c.verdict == Verdict::reject) {
    why << c.system_b << " is significantly worse: the " << pct << "% " << ci_name << " lies entirely on the wrong side of 0 and the " << p_name
        << " " << p_is(p) << ".";
  } else {
    const Alternative better = o.higher_is_better ? Alternative::greater : Alternative::less;
    if (p >= o.alpha) {
      why << "Inconclusive: the " << p_name << " " << p_is(p) << ".";
      if (o.alternative == better && sign * c.delta < 0)
        why << " A one-sided test for improvement cannot show that " << c.system_b << " is worse.";
      if (o.alternative == mirrored(better) && sign * c.delta > 0)
        why << " A one-sided test for a worse " << c.system_b << " cannot show that it is better.";
    } else if (o.alternative == mirrored(better))
      why << c.system_b << " is significantly worse (" << p_name << " " << p_is(p) << "), but the interval does not lie wholly on the wrong side of 0.";
    else {
      why << "Significant, but the " << pct << "% interval does not clear the minimum effect " << format_csv(o.min_effect) << ".";
      // The effect is detected: more items narrow the interval, which clears the bar only if the true effect does.
      if (sign * c.delta > 0 && sign * c.delta < o.min_effect)
        why << " The observed improvement itself, " << format_signed(sign * c.delta) << ", is below it: more " << c.unit.many
            << " would narrow the interval, which clears " << format_csv(o.min_effect) << " only if the true improvement is above it.";
    }
    // Within a family the pair's own p is not the answer: it is named as such.
    if (o.family && !own_decides)
      why << " This pair alone has " << test << " " << format_p(own_p(c)) << "; the larger of the two decides, since the board made "
          << thousands(o.family->pairs) << " comparisons.";
    // How many items an inconclusive comparison needs, said only where more would help: not for a pair of a family
    // (the pilot's n answers a single test at α, not the family's), and not when this n is already enough for a
    // single test (a correction over several comparisons, or the resamples, kept p above α). The exact
    // randomization test's floor counts the differences that are not 0 (2^nonzero sign patterns).
    const std::size_t reach = smallest_n_reaching(o.alpha, o.alternative);
    const double floor = (o.alternative == Alternative::two_sided ? 2.0 : 1.0) / static_cast<double>(c.randomization.resamples);
    if (!o.family && p >= o.alpha && sign * c.delta > 0) {
      if (c.randomization.exact && floor > o.alpha)
        why << " At least " << reach << " " << c.unit.many << " are needed: below that the randomization test cannot reach α = " << format_csv(o.alpha)
            << " whatever the effect.";
      else if (c.planning.n_required && *c.planning.n_required > c.n)
        why << " About " << c.unit.count(*c.planning.n_required) << " would detect an effect of this size with "
            << static_cast<int>(std::lround(o.planning_power * 100)) << "% power"
            << (several ? " in a single test at α = " + format_csv(o.alpha) + " (the correction over the comparisons asks for more)" : "")
            // The observed Δ of an inconclusive comparison is a noisy estimate: a plan resting on it is a guess.
            << ", if the true effect is as large as this estimate; plan on the smallest effect worth detecting instead.";
    }
  }
  return why.str();
}

std::string sentence(const Comparison& c, const CompareOptions& o, std::size_t comparisons) {
  // Of several comparisons, the p quoted is this one's alone; the Holm-adjusted p follows it.
  const bool several = comparisons > 1;
  const int pct = static_cast<int>(std::lround(o.confidence * 100));
  const std::string what = c.measure.empty() ? (c.dataset.empty() ? std::string("the scores") : c.dataset)
                                             : (c.dataset.empty() ? c.measure : c.measure + " (" + c.dataset + ")");
  std::ostringstream sent;
  if (c.identical) {
    sent << c.system_b << " and " << c.system_a << " score identically on " << what << " for all " << c.unit.count(c.n) << ".";
    return sent.str();
  }
  const std::string alone = (o.family ? "this pair alone, " : several ? "this comparison alone, " : "") + (o.alternative == Alternative::two_sided ? std::string() : sided(c, o.alternative) + ", ");
  if (c.cluster) {
    const ClusterSummary& k = *c.cluster;
    sent << c.system_b << " vs " << c.system_a << " on " << what << ": Δ = " << format_signed(c.delta) << ", " << pct << "% CI ["
         << format_signed(k.ci_low) << ", " << format_signed(k.ci_high) << "], " << p_equals(k.p) << " (cluster-robust t, " << alone
         << thousands(k.clusters) << " clusters, " << thousands(k.clusters - 1) << " df), n = " << c.unit.count(c.n) << "; design effect "
         << format_sig(k.design_effect) << ", effective n ≈ " << thousands(static_cast<std::uint64_t>(std::llround(k.effective_n))) << ".";
  } else if (c.binary) {
    const BinarySummary& b = *c.binary;
    sent << c.system_b << " vs " << c.system_a << " on " << what << ": accuracy " << format_sig(c.mean_b) << " vs " << format_sig(c.mean_a)
         << ", Δ = " << format_signed(c.delta) << ", " << pct << "% CI [" << format_signed(b.newcombe.low) << ", " << format_signed(b.newcombe.high)
         << "] (Newcombe), " << p_equals(b.mcnemar.p) << " (exact McNemar, " << alone << c.unit.count(b.mcnemar.discordant_b) << " only "
         << c.system_b << " gets right, " << thousands(b.mcnemar.discordant_a) << " only " << c.system_a << "; mid-p " << format_p(b.mcnemar.p_mid)
         << "), n = " << thousands(c.n) << ".";
    // No failure at all: the interval's width hides how little n says; the rule of three bounds the error rate.
    for (const auto& [system, right] : {std::pair{c.system_a, b.table.correct_a()}, std::pair{c.system_b, b.table.correct_b()}})
      if (right == c.n)
        sent << " " << system << " is right on all " << c.unit.count(c.n) << ": its error rate is below " << format_sig(rule_of_three(c.n))
             << " with 95% confidence (rule of three).";
  } else {
    sent << c.system_b << " vs " << c.system_a << " on " << what << ": Δ = " << format_signed(c.delta) << ", " << pct << "% CI ["
         << format_signed(c.bootstrap.bca.low) << ", " << format_signed(c.bootstrap.bca.high) << "], " << p_equals(c.randomization.p_value)
         << " (paired randomization, " << alone
         << (c.randomization.exact ? "exact over all " + thousands(c.randomization.resamples) + " sign flips"
                                   : thousands(c.randomization.resamples) + " sign flips, seed " + std::to_string(o.seed))
         << "), n = " << thousands(c.n) << ", Pearson r = " << std::fixed;
    sent.precision(2);
    sent << c.pearson << ".";
    sent.unsetf(std::ios::fixed);
  }
  const std::string over = "Holm-adjusted over the " + thousands(comparisons) + " comparisons: ";
  if (several) sent << " " << over << p_equals(c.p_holm) << "; the interval is this comparison's alone.";
  if (o.family)
    sent << " " << c.system_b << " and " << c.system_a << " are " << (o.family->p < o.alpha ? "separable" : "not separable") << " at family-wise "
         << p_equals(o.family->p) << " among " << thousands(o.family->pairs) << " pairs of " << thousands(o.family->systems) << " systems ("
         << family_procedure_label(o.family->procedure).value_or(o.family->procedure) << ", α = " << format_csv(o.alpha) << ").";
  // A pair of a family: the question's level is the family's Bonferroni level, said with the p.
  const std::string at = o.family ? ", tested at " + level_words(o) : "";
  if (c.equivalence)
    sent << " Equivalence within ±" << format_csv(c.equivalence->margin) << " (TOST, paired t): " << p_equals(c.equivalence->p) << at << (several ? " (" + over + p_equals(c.question_p_holm) + ")" : "") << ", "
         << percent(c.equivalence->ci_level) << "% CI [" << format_signed(c.equivalence->ci_low) << ", " << format_signed(c.equivalence->ci_high) << "].";
  if (c.non_inferiority)
    sent << " Non-inferiority at margin " << format_csv(c.non_inferiority->margin) << " (one-sided paired t): " << p_equals(c.non_inferiority->p) << at
         << (several ? " (" + over + p_equals(c.question_p_holm) + ")" : "") << ".";
  return sent.str();
}

std::string summary(const CompareResult& r, const CompareOptions& o, bool several) {
  std::ostringstream s;
  if (question_of(o) != Question::difference) {
    const bool eq = question_of(o) == Question::equivalence;
    const std::string shown = eq ? "shown equivalent to " + r.baseline + " within ±" + format_csv(o.equivalence_margin)
                                 : "shown not worse than " + r.baseline + " by " + format_csv(o.non_inferiority_margin) + " or more";
    for (std::size_t i = 0; i < r.by_system.size(); ++i) {
      const auto& t = r.by_system[i];
      s << (i ? " " : "") << t.system << " is " << shown << " on " << t.within << " of " << t.comparisons
        << (t.comparisons == 1 ? " comparison" : " comparisons") << (several ? " after Holm" : "") << (o.family ? " at " + level_words(o) : "")
        << "; shown outside the margin on " << t.outside
        << " (" << to_string(t.verdict) << ").";
    }
    return s.str();
  }
  // The larger count is said first, so that a skim of the line's start is not its opposite.
  const auto of = [](const SystemTally& t) {
    return " of " + std::to_string(t.comparisons) + (t.comparisons == 1 ? " comparison" : " comparisons");
  };
  const auto count = [](std::size_t x) { return x ? std::to_string(x) : std::string("none"); };
  const auto standing = [&](const SystemTally& t, const std::string& than, const std::string& adj, const std::string& sep) {
    const bool worse_first = t.worse > t.better;
    const auto [first, second] = worse_first ? std::pair{t.worse, t.better} : std::pair{t.better, t.worse};
    return std::string(worse_first ? "significantly worse" : "significantly better") + than + " on " + std::to_string(first) + of(t) + adj + sep +
           (worse_first ? "significantly better on " : "significantly worse on ") + count(second);
  };
  if (r.by_system.size() == 1 && r.by_system.front().better == 0 && r.by_system.front().worse == 0) {
    // Nothing separated: said as such, not as "significantly better on 0 of 1".
    const auto& t = r.by_system.front();
    s << (t.comparisons == 1 ? std::string("The comparison does not") : "None of the " + std::to_string(t.comparisons) + " comparisons does")
      << " separate " << t.system << " from " << r.baseline << adjusted(o, several) << ".";
  } else if (r.by_system.size() == 1) {
    const auto& t = r.by_system.front();
    s << t.system << " is " << standing(t, " than " + r.baseline, adjusted(o, several), "; ") << ".";
  } else {
    s << "Against " << r.baseline << (o.family || several ? "," + adjusted(o, several) : "") << ":";
    for (std::size_t i = 0; i < r.by_system.size(); ++i) {
      const auto& t = r.by_system[i];
      s << (i ? ";" : "") << " " << t.system << " is "
        << (t.better == 0 && t.worse == 0 ? "separated on none" + of(t) : standing(t, "", "", ", ")) << " (" << to_string(t.verdict) << ")";
    }
    s << ".";
  }
  return s.str();
}

}  // namespace pairpower::comparison

namespace pairpower {

std::string family_rule(const CompareOptions& o) {
  if (!o.family) return "";
  if (question_of(o) == Question::difference)
    return "The larger of its family-wise p and the pair's own p (cluster-robust t when clusters are given, else exact McNemar on binary items, else randomization) decides the verdict.";
  return std::string(question_of(o) == Question::equivalence ? "Equivalence" : "Non-inferiority") + " is tested at " + comparison::level_words(o) +
         ", which bounds the chance of any false such claim among the family's pairs.";
}

std::string family_planning_note(const CompareOptions& o) {
  if (!o.family) return "";
  const FamilyContext& f = *o.family;
  return "This pair is one of the board's " + thousands(f.pairs) + " comparisons (" + comparison::family_words(f) + ", family-wise α = " +
         format_csv(o.alpha) + "): plan at α = " + format_sig(question_alpha(o)) + " (" + format_csv(o.alpha) + " / " + thousands(f.pairs) +
         ", Bonferroni), as the board plans its pairs. Holm and Bonferroni then need no more items; a Tukey test pools the board's "
         "variance, so for a pair less noisy than the board's average it can need more.";
}

}  // namespace pairpower
