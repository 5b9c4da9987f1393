#pragma once
// "Is B really better than A?" for per-query scores: every statistic of one
// paired comparison, the planning answers that follow from it, corrections
// across several comparisons, and a ship / hold / reject verdict.
//
// Example:
//   pairpower::PairedSample s{"robust04", "ndcg_cut_10", "A", "B", qids, a, b};
//   auto result = pairpower::compare_all({s}, pairpower::CompareOptions{});
//   result.comparisons[0].sentence;   // "B vs A on ndcg_cut_10: Δ = +0.015, 95% CI …"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pairpower/stats/alternative.hpp"
#include "pairpower/stats/binary_paired.hpp"
#include "pairpower/stats/clustered.hpp"
#include "pairpower/stats/repeats.hpp"
#include "pairpower/stats/bootstrap.hpp"
#include "pairpower/stats/question.hpp"
#include "pairpower/stats/randomization_test.hpp"
#include "pairpower/base/units.hpp"
#include "pairpower/input/paired_sample.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/power/pilot_estimates.hpp"

namespace pairpower {

/// A pair taken from a family of comparisons (a leaderboard's pairs). For "is
/// there a difference" the larger of its family-wise p and the pair's own p
/// decides the verdict, so a pair the family did not separate is never SHIP or
/// REJECT. An equivalence or non-inferiority claim for the pair is tested at the
/// family's Bonferroni level α/m (m = pairs), which bounds the family-wise error
/// of such claims over the family's pairs (question_alpha).
struct FamilyContext {
  std::uint64_t systems = 0;  ///< systems in the family (a board's K)
  std::uint64_t pairs = 0;    ///< comparisons in the family (K(K − 1)/2 for every pair of a board)
  std::string procedure;    ///< how the family-wise p was computed: an id of family_procedures() (registry.hpp)
  double p = 1;             ///< this pair's family-wise p
};

struct CompareOptions {
  double alpha = 0.05;
  double confidence = 0.95;
  std::uint64_t resamples = 100000;           ///< sign flips for the randomization test
  std::uint64_t bootstrap_resamples = 10000;
  std::uint64_t seed = 1;
  double min_effect = 0.0;      ///< smallest improvement worth shipping, in score units
  bool higher_is_better = true; ///< false for losses, latencies, error rates
  double planning_power = 0.8;
  bool power_curve = true;      ///< simulate power vs n from the pilot differences
  bool keep_bootstrap = false;  ///< keep the bootstrap distribution (for plots)
  /// Of the t, Wilcoxon, sign and randomization p-values, on D = B − A (scipy's `alternative`).
  /// The bootstrap and t intervals stay two-sided at `confidence`.
  Alternative alternative = Alternative::two_sided;
  /// > 0: the question is equivalence, |Δ| < margin, by two one-sided paired t-tests
  /// (TOST, Schuirmann 1987), and the verdict follows it. 0: off.
  double equivalence_margin = 0;
  /// > 0: the question is non-inferiority, "B is not worse than A by margin or more"
  /// (one-sided paired t against −margin, or +margin when lower is better). 0: off.
  double non_inferiority_margin = 0;
  /// Set: the samples are one pair of this family (see FamilyContext for how it decides).
  std::optional<FamilyContext> family{};
};

enum class Verdict { ship, hold, reject };
std::string_view to_string(Verdict v) noexcept;

struct CurvePoint {
  std::size_t n;
  double power;
  double mc_se;
  /// Power 1 or 0 (every replicate rejected, or none did), where mc_se is 0 and says nothing: the
  /// one-sided Clopper–Pearson bound at mc_bound_confidence (make_estimate's). None otherwise.
  std::optional<double> bound{};
};

/// The paired t-test of the differences (paired_t.hpp), as reported.
struct TSummary {
  double t, p, ci_low, ci_high, dz;
};

/// The Wilcoxon signed-rank test with the Hodges–Lehmann estimate and interval.
struct WilcoxonSummary {
  double statistic, p, hl, hl_ci_low, hl_ci_high;
  bool exact;
};

/// TOST for |Δ| < margin with the paired t (as statsmodels' ttost_paired):
/// p = max(p_lower, p_upper); the 1 − 2α t interval lies inside ±margin iff p < α.
/// p_outside: the test that Δ lies beyond the margin on either side: twice the smaller of
/// P(T ≥ (Δ − M)/se) and P(T ≤ (Δ + M)/se) (capped at 1); below α the 1 − α interval lies wholly outside.
struct EquivalenceSummary {
  double margin, p, p_lower, p_upper, ci_low, ci_high, ci_level, p_outside;
};

/// Non-inferiority with the paired t: p of "B is worse by less than margin"
/// (H₀: Δ ≤ −margin when higher is better, Δ ≥ +margin when lower is better);
/// p_outside of "B is worse by more than margin" (the opposite one-sided test).
struct NonInferioritySummary {
  double margin, t, p, p_outside;
};

/// Planning answers from the pilot (statistics/planning.cpp).
struct PilotPlanning {
  std::optional<double> mde;              ///< δ detectable at this n with planning_power (paired t); none when σ_d is 0 or a solver fails
  std::optional<std::size_t> n_required;  ///< n to detect the observed Δ (none if Δ = 0)
  std::vector<CurvePoint> curve;          ///< power vs n (paired t at α), resampling the shifted differences; reaches past n_required
  std::uint64_t curve_reps = 0;
  std::size_t curve_cap = 0;              ///< the largest n the curve simulates (it stops there when n_required lies beyond)
  std::string curve_note;                 ///< why the curve stops short of n_required or n, or is absent; empty when it covers them
  std::optional<PilotEstimates> estimates; ///< what the next eval's plan takes from these items; none when their differences are all equal (up to rounding) or their SD is above 1e6
};

/// The pilot power curve's bounds: no point above the cap is simulated, and its work,
/// Σ n × replicates over its points, stays within the draw budget whatever the pilot's n.
inline constexpr std::size_t pilot_curve_cap = 15'000;
inline constexpr std::uint64_t pilot_curve_draws_max = 20'000'000;
inline constexpr std::uint64_t pilot_curve_reps_max = 2'000;

/// Binary items (every score 0 or 1 under both systems): the table, McNemar's exact
/// test, Newcombe's interval of Δ (the difference of accuracies) and Wilson's of each accuracy.
struct BinarySummary {
  BinaryTable table;
  McNemarResult mcnemar;
  Interval newcombe, wilson_a, wilson_b;
};

/// Clustered items: cluster-robust statistics of Δ (clustered.hpp), which decide the verdict, and of each mean.
struct ClusterSummary {
  std::uint64_t clusters = 0;
  double se = 0, ci_low = 0, ci_high = 0, t = 0, p = 1;  ///< of Δ: CR1 standard error, t interval and p with C − 1 df
  double design_effect = 1, effective_n = 0;
  double se_a = 0, se_b = 0;                          ///< of each system's mean
  Interval bootstrap{0, 0};                           ///< percentile interval of Δ, resampling whole clusters
  RandomizationResult randomization{};                ///< sign flips of whole clusters
};

struct Comparison {
  std::string dataset, measure, system_a, system_b;
  std::size_t n = 0;
  Unit unit{};  ///< what n counts: queries, or items
  double mean_a = 0, mean_b = 0, delta = 0, sd_diff = 0, pearson = 0, spearman = 0;
  TSummary t{};
  WilcoxonSummary wilcoxon{};
  RandomizationResult randomization{};
  BootstrapResult bootstrap{};
  double sign_p = 1;
  double min_attainable_p = 1;
  std::optional<EquivalenceSummary> equivalence;        ///< when CompareOptions asks the equivalence question
  std::optional<NonInferioritySummary> non_inferiority; ///< when it asks the non-inferiority question
  std::optional<BinarySummary> binary;                  ///< when every score is 0 or 1
  std::optional<ClusterSummary> cluster;                ///< when the sample gives clusters
  std::optional<RepeatedItems> repeats;                 ///< when items were scored more than once (epochs)
  PilotPlanning planning{};
  double p_holm = 1, p_bonferroni = 1, p_bh = 1;
  /// The question's p (TOST or non-inferiority) and its p_outside, Holm-adjusted
  /// across comparisons (equal to the raw ones for a single comparison).
  double question_p_holm = 1, question_outside_p_holm = 1;
  Verdict verdict = Verdict::hold;
  std::string reason;    ///< why the verdict (comparison/prose.cpp)
  std::string sentence;  ///< the result in one quotable sentence
  bool identical = false;  ///< every difference is zero
  std::vector<Warning> warnings;  ///< why an answer here may not be trusted (warnings.hpp)
};

/// One system's record against the baseline: its comparisons (datasets ×
/// measures), how many show it significantly better or worse (deciding_p: the
/// Holm-adjusted own p when there are several comparisons), and its verdict.
struct SystemTally {
  std::string system;
  std::size_t comparisons = 0, better = 0, worse = 0;
  /// With an equivalence or non-inferiority question: comparisons shown within the
  /// margin (equivalent / not worse) and shown outside it (Holm-adjusted when several).
  std::size_t within = 0, outside = 0;
  Verdict verdict = Verdict::hold;
};

struct CompareResult {
  std::vector<Comparison> comparisons;
  std::string baseline;               ///< system A of the comparisons
  std::vector<SystemTally> by_system; ///< one per system compared with the baseline, in order of appearance
  Verdict overall;
  std::string summary;  ///< e.g. "Against bm25, after Holm: dense is significantly better on 1 of 3 comparisons and worse on 0 (HOLD); …"
  /// About every comparison at once (intervals at another level than the test's, too few sign flips for Holm
  /// over the set): each comparison's sentence carries them, so they are not any one comparison's.
  std::vector<Warning> warnings;
};

/// The pair's own test of "is there a difference": the cluster-robust t with clusters; exact McNemar on
/// binary items (where it is the randomization test's exact form); else the paired randomization test.
double own_p(const Comparison& c) noexcept;
std::string_view own_test_name(const Comparison& c) noexcept;  ///< "cluster-robust t", "exact McNemar" or "randomization"

/// The interval of Δ the verdict reads: the cluster-robust t interval with clusters, Newcombe's on binary
/// items, else the bootstrap's BCa.
Interval verdict_interval(const Comparison& c) noexcept;
std::string_view verdict_interval_name(const Comparison& c) noexcept;  ///< "cluster-robust t", "Newcombe" or "BCa"

/// The question a comparison answers, from the options (question.hpp).
Question question_of(const CompareOptions& o) noexcept;

/// What the pilot power curve simulates, for labels: "paired t-test at α on n items resampled …".
std::string pilot_curve_test(const Unit& unit);

/// Analyses every sample (p-values adjusted across them: Holm for the verdict).
/// Throws Error (field "alpha", "confidence", "min_effect", "resamples",
/// "bootstrap_resamples", "power", "equivalence", "non_inferiority", "family_p", "family_systems", "family_pairs", "family_procedure"; or "scores" for fewer than 2 pairs).
CompareResult compare_all(const std::vector<PairedSample>& samples, const CompareOptions& options);

/// The p that decides whether a comparison is significant: for a pair taken from a
/// family the larger of the family-wise p and the pair's own randomization p (the
/// verdict is no more permissive than either test), else the Holm-adjusted p with
/// several comparisons, else its randomization p.
double deciding_p(const Comparison& c, const CompareOptions& o, bool several) noexcept;

/// The level an equivalence or non-inferiority p is compared with: α, or for a
/// pair of a family α/m (Bonferroni over the family's m pairs).
double question_alpha(const CompareOptions& o) noexcept;

/// How the family decides for this question, in a sentence ("" without a family).
std::string family_rule(const CompareOptions& o);

/// Why the quick calculator plans a pair handed over from a board (o.family) at question_alpha, Bonferroni's
/// α over the family's pairs, as the board plans its pairs: enough for Holm or Bonferroni, not always for a
/// Tukey test, which pools the whole board's variance.
std::string family_planning_note(const CompareOptions& o);

/// The overall verdict: REJECT if any comparison is REJECT, SHIP if all are SHIP, else HOLD.
Verdict overall_verdict(const std::vector<Comparison>& comparisons);

/// The Wilcoxon caveat shown beside the results, with the tests the verdicts rest on.
std::string wilcoxon_note(const std::vector<Comparison>& comparisons, const CompareOptions& o);

}  // namespace pairpower
