#pragma once
// The comparison report's JSON (`compare --format json`, the page's report and
// export) as described types (base/described.hpp): each struct's Description
// is both its JSON writer and its type for the page (`pairpower schema`). A
// report field is one member here and one Field in its description; the
// writer (comparison_report.cpp) fills it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "pairpower/base/described.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/compare/comparison.hpp"

namespace pairpower::report {

struct Family {
  std::uint64_t systems = 0, pairs = 0;
  std::string procedure, procedure_label;
  double p = 1, question_alpha = 0;
  std::string rule;
};

struct Settings {
  double alpha, confidence;
  std::uint64_t resamples, bootstrap_resamples, seed;
  double min_effect;
  std::string direction, missing;
  double planning_power;
  std::string baseline;
  std::vector<std::string> detected;
  Alternative alternative;
  double equivalence, non_inferiority;
  std::optional<Family> family;
};

struct Bootstrap {
  Interval bca, percentile;
  std::uint64_t resamples;
  std::optional<std::vector<double>> distribution;
};

struct Sign {
  double p;
};

/// The quick calculator's fields for planning the next eval from these items (power/pilot_estimates.hpp).
struct CalculatorInputs {
  std::uint64_t items;
  double sd_diff;
  std::optional<double> accuracy_a, accuracy_b, agreement;
  std::optional<double> cluster_size, icc;
  std::optional<double> repeats;
  std::optional<double> alpha;
  std::optional<std::string> family_note;
  std::vector<Warning> warnings;
};

struct Planning {
  std::optional<double> mde;
  std::optional<std::size_t> n_required;
  double target_power;
  std::vector<CurvePoint> curve;
  std::uint64_t curve_reps;
  std::size_t curve_cap;
  std::optional<std::string> curve_note;
  std::string curve_test;
  std::optional<CalculatorInputs> calculator;
};

struct Equivalence {
  double p, ci_low, ci_high, ci_level, margin, p_lower, p_upper, p_outside, p_holm, p_outside_holm;
};

struct NonInferiority {
  double p, t, margin, p_outside, p_holm, p_outside_holm;
};

struct FamilyP {
  double p;
};

struct PairData {
  std::vector<std::string> qids;
  std::vector<double> a, b;
};

struct Comparison {
  std::string dataset, measure, system_a, system_b;
  std::size_t n;
  Unit unit;
  double mean_a, mean_b, delta, sd_diff, pearson, spearman;
  TSummary t;
  WilcoxonSummary wilcoxon;
  RandomizationResult randomization;
  Bootstrap bootstrap;
  Sign sign;
  double min_attainable_p;
  Planning planning;
  double p_holm, p_bonferroni, p_bh;
  Verdict verdict;
  std::string reason, sentence;
  std::optional<Equivalence> equivalence;
  std::optional<NonInferiority> non_inferiority;
  std::optional<FamilyP> family;
  std::optional<ClusterSummary> cluster;
  std::optional<RepeatedItems> repeats;
  std::optional<McNemarResult> mcnemar;
  std::optional<BinaryTable> table;
  std::optional<std::array<double, 2>> newcombe, wilson_a, wilson_b;
  std::optional<PairData> data;
};

struct Pairing {
  std::string dataset, measure, system_a, system_b;
  std::size_t matched, only_a, only_b;
  std::vector<std::string> examples_only_a, examples_only_b;
  std::string paired_by, note;
};

struct ComparisonWarning {
  std::string code, message;
  std::optional<std::size_t> comparison;  ///< absent: the warning is about the inputs or every comparison
};

struct CompareReport {
  Settings settings;
  std::vector<Comparison> comparisons;
  std::vector<SystemTally> by_system;
  Verdict overall;
  std::string summary;
  std::vector<Pairing> pairing;
  std::string wilcoxon_note;
  std::vector<ComparisonWarning> warnings;
};

}  // namespace pairpower::report

namespace pairpower::described {

template <> struct Description<report::Family> {
  static constexpr std::string_view name = "ReportFamily";
  static constexpr std::string_view doc =
      "The family a pair was taken from; `rule`: the core's sentence of how it decides this question, `question_alpha`: the level of an "
      "equivalence or non-inferiority claim (α over the family's pairs).";
  static constexpr auto fields = std::tuple{
      Field{"systems", &report::Family::systems}, Field{"pairs", &report::Family::pairs}, Field{"procedure", &report::Family::procedure},
      Field{"procedure_label", &report::Family::procedure_label}, Field{"p", &report::Family::p}, Field{"question_alpha", &report::Family::question_alpha},
      Field{"rule", &report::Family::rule}};
};

template <> struct Description<report::Settings> {
  static constexpr std::string_view name = "ReportSettings", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"alpha", &report::Settings::alpha}, Field{"confidence", &report::Settings::confidence}, Field{"resamples", &report::Settings::resamples},
      Field{"bootstrap_resamples", &report::Settings::bootstrap_resamples}, Field{"seed", &report::Settings::seed}, Field{"min_effect", &report::Settings::min_effect},
      Field{"direction", &report::Settings::direction}, Field{"missing", &report::Settings::missing}, Field{"planning_power", &report::Settings::planning_power},
      Field{"baseline", &report::Settings::baseline}, Field{"detected", &report::Settings::detected},
      Field{"alternative", &report::Settings::alternative, {.type = "AlternativeName"}}, Field{"equivalence", &report::Settings::equivalence},
      Field{"non_inferiority", &report::Settings::non_inferiority}, Field{"family", &report::Settings::family}};
};

template <> struct Description<TSummary> {
  static constexpr std::string_view name = "PairedTResult", doc = "";
  static constexpr auto fields = std::tuple{Field{"t", &TSummary::t}, Field{"p", &TSummary::p}, Field{"ci_low", &TSummary::ci_low},
                                            Field{"ci_high", &TSummary::ci_high}, Field{"dz", &TSummary::dz}};
};

template <> struct Description<WilcoxonSummary> {
  static constexpr std::string_view name = "WilcoxonResult", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"statistic", &WilcoxonSummary::statistic}, Field{"p", &WilcoxonSummary::p}, Field{"exact", &WilcoxonSummary::exact},
      Field{"hl", &WilcoxonSummary::hl}, Field{"hl_ci_low", &WilcoxonSummary::hl_ci_low}, Field{"hl_ci_high", &WilcoxonSummary::hl_ci_high}};
};

template <> struct Description<RandomizationResult> {
  static constexpr std::string_view name = "RandomizationReport", doc = "";
  static constexpr auto fields = std::tuple{Field{"p", &RandomizationResult::p_value}, Field{"exact", &RandomizationResult::exact},
                                            Field{"resamples", &RandomizationResult::resamples}, Field{"p_se", &RandomizationResult::p_se}};
};

template <> struct Description<Interval> {
  static constexpr std::string_view name = "Interval", doc = "";
  static constexpr auto fields = std::tuple{Field{"ci_low", &Interval::low}, Field{"ci_high", &Interval::high}};
};

template <> struct Description<report::Bootstrap> {
  static constexpr std::string_view name = "BootstrapReport", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"bca", &report::Bootstrap::bca}, Field{"percentile", &report::Bootstrap::percentile}, Field{"resamples", &report::Bootstrap::resamples},
      Field{"distribution", &report::Bootstrap::distribution, {.doc = "the sorted resampled means: the page's plots only", .omit_empty = true}}};
};

template <> struct Description<report::Sign> {
  static constexpr std::string_view name = "SignTestResult", doc = "";
  static constexpr auto fields = std::tuple{Field{"p", &report::Sign::p}};
};

template <> struct Description<CurvePoint> {
  static constexpr std::string_view name = "CurvePoint", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"n", &CurvePoint::n}, Field{"power", &CurvePoint::power}, Field{"mc_se", &CurvePoint::mc_se},
      Field{"bound", &CurvePoint::bound, {.doc = "power 1 or 0: the one-sided 95% Clopper–Pearson bound, in place of an SE of 0", .omit_empty = true}}};
};

template <> struct Description<report::CalculatorInputs> {
  static constexpr std::string_view name = "CalculatorInputs",
                                    doc = "What these items say for planning the next eval (power/pilot_estimates.hpp).";
  static constexpr auto fields = std::tuple{
      Field{"items", &report::CalculatorInputs::items},
      Field{"sd_diff", &report::CalculatorInputs::sd_diff, {.doc = "SD of the per-item differences (of the item means when items average repeats)"}},
      Field{"accuracy_a", &report::CalculatorInputs::accuracy_a, {.doc = "binary items: A's share right", .omit_empty = true}},
      Field{"accuracy_b", &report::CalculatorInputs::accuracy_b, {.doc = "binary items: B's share right", .omit_empty = true}},
      Field{"agreement", &report::CalculatorInputs::agreement, {.doc = "binary items: share both right or both wrong", .omit_empty = true}},
      Field{"cluster_size", &report::CalculatorInputs::cluster_size, {.doc = "clustered: items per cluster (their mean)", .omit_empty = true}},
      Field{"icc", &report::CalculatorInputs::icc, {.doc = "clustered: the ICC that gives these items' design effect", .omit_empty = true}},
      Field{"repeats", &report::CalculatorInputs::repeats,
            {.doc = "the most samples averaged into an item: sd_diff is of those means, so plan with as many", .omit_empty = true}},
      Field{"alpha", &report::CalculatorInputs::alpha,
            {.doc = "a pair of a family (a board's): the α at which to plan one of its comparisons (Bonferroni over them)", .omit_empty = true}},
      Field{"family_note", &report::CalculatorInputs::family_note, {.doc = "a pair of a family: why alpha is what it is", .omit_empty = true}},
      Field{"warnings", &report::CalculatorInputs::warnings, {.doc = "what qualifies these estimates: a small pilot, few clusters, a clamped ICC"}}};
};

template <> struct Description<report::Planning> {
  static constexpr std::string_view name = "PilotPlanningReport", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"mde", &report::Planning::mde}, Field{"n_required", &report::Planning::n_required}, Field{"target_power", &report::Planning::target_power},
      Field{"curve", &report::Planning::curve}, Field{"curve_reps", &report::Planning::curve_reps}, Field{"curve_cap", &report::Planning::curve_cap},
      Field{"curve_note", &report::Planning::curve_note}, Field{"curve_test", &report::Planning::curve_test},
      Field{"calculator", &report::Planning::calculator,
            {.doc = "the quick calculator's fields for the next eval, from these items; absent when their differences are all equal (up to rounding) or their SD is above 1e6", .omit_empty = true}}};
};

template <> struct Description<report::Equivalence> {
  static constexpr std::string_view name = "EquivalenceResult", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"p", &report::Equivalence::p}, Field{"ci_low", &report::Equivalence::ci_low}, Field{"ci_high", &report::Equivalence::ci_high},
      Field{"ci_level", &report::Equivalence::ci_level}, Field{"margin", &report::Equivalence::margin}, Field{"p_lower", &report::Equivalence::p_lower},
      Field{"p_upper", &report::Equivalence::p_upper}, Field{"p_outside", &report::Equivalence::p_outside}, Field{"p_holm", &report::Equivalence::p_holm},
      Field{"p_outside_holm", &report::Equivalence::p_outside_holm}};
};

template <> struct Description<report::NonInferiority> {
  static constexpr std::string_view name = "NonInferiorityResult", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"p", &report::NonInferiority::p}, Field{"t", &report::NonInferiority::t}, Field{"margin", &report::NonInferiority::margin},
      Field{"p_outside", &report::NonInferiority::p_outside}, Field{"p_holm", &report::NonInferiority::p_holm},
      Field{"p_outside_holm", &report::NonInferiority::p_outside_holm}};
};

template <> struct Description<report::FamilyP> {
  static constexpr std::string_view name = "FamilyP", doc = "";
  static constexpr auto fields = std::tuple{Field{"p", &report::FamilyP::p}};
};

template <> struct Description<BinaryTable> {
  static constexpr std::string_view name = "BinaryTable", doc = "The items by outcome under A and B (present when every score is 0 or 1).";
  static constexpr auto fields = std::tuple{
      Field{"both", &BinaryTable::both, {.doc = "items both get right"}}, Field{"a_only", &BinaryTable::a_only, {.doc = "items only A gets right"}},
      Field{"b_only", &BinaryTable::b_only, {.doc = "items only B gets right"}}, Field{"neither", &BinaryTable::neither, {.doc = "items neither gets right"}}};
};

template <> struct Description<McNemarResult> {
  static constexpr std::string_view name = "McNemarResult", doc = "McNemar's exact test on the discordant items (present when every score is 0 or 1).";
  static constexpr auto fields = std::tuple{
      Field{"discordant_a", &McNemarResult::discordant_a, {.doc = "items only A gets right"}},
      Field{"discordant_b", &McNemarResult::discordant_b, {.doc = "items only B gets right"}}, Field{"p", &McNemarResult::p},
      Field{"p_mid", &McNemarResult::p_mid, {.doc = "the mid-p: the exact p less half the probability of the observed split"}}};
};

template <> struct Description<ClusterSummary> {
  static constexpr std::string_view name = "ClusterReport",
                                    doc = "Cluster-robust statistics of Δ (present when the queries carry clusters): they decide the verdict.";
  static constexpr auto fields = std::tuple{
      Field{"clusters", &ClusterSummary::clusters}, Field{"se", &ClusterSummary::se, {.doc = "CR1: deviations summed per cluster, factor C/(C − 1)"}},
      Field{"ci_low", &ClusterSummary::ci_low}, Field{"ci_high", &ClusterSummary::ci_high, {.doc = "t interval with C − 1 degrees of freedom"}},
      Field{"t", &ClusterSummary::t}, Field{"p", &ClusterSummary::p}, Field{"design_effect", &ClusterSummary::design_effect},
      Field{"effective_n", &ClusterSummary::effective_n}, Field{"se_a", &ClusterSummary::se_a, {.doc = "of A's mean"}},
      Field{"se_b", &ClusterSummary::se_b, {.doc = "of B's mean"}},
      Field{"bootstrap", &ClusterSummary::bootstrap, {.doc = "percentile interval, whole clusters resampled"}},
      Field{"randomization", &ClusterSummary::randomization, {.doc = "sign flips of whole clusters"}}};
};

template <> struct Description<RepeatedItems> {
  static constexpr std::string_view name = "RepeatsReport",
                                    doc = "Items scored several times (epochs): Miller's decomposition of the variance of the per-item differences.";
  static constexpr auto fields = std::tuple{
      Field{"k", &RepeatedItems::k, {.doc = "repeats per item (their mean when items differ)"}},
      Field{"within_share", &RepeatedItems::within_share, {.doc = "share of Var(d̄ᵢ) from the repeats themselves: what more repeats would remove"}},
      Field{"se", &RepeatedItems::se, {.doc = "of Δ, from the per-item means"}},
      Field{"se_double", &RepeatedItems::se_double, {.doc = "expected with twice the repeats"}},
      Field{"se_floor", &RepeatedItems::se_floor, {.doc = "with unlimited repeats: the between-item part alone"}},
      Field{"total_var", &RepeatedItems::total_var}, Field{"within_var", &RepeatedItems::within_var},
      Field{"within_share_one", &RepeatedItems::within_share_one, {.doc = "the within-item share for one sample per item: the within share planning asks for"}}};
};

template <> struct Description<report::PairData> {
  static constexpr std::string_view name = "PairData", doc = "";
  static constexpr auto fields = std::tuple{Field{"qids", &report::PairData::qids}, Field{"a", &report::PairData::a}, Field{"b", &report::PairData::b}};
};

template <> struct Description<report::Comparison> {
  using C = report::Comparison;
  static constexpr std::string_view name = "CliComparison", doc = "One comparison as the CLI writes it (comparison_report.cpp).";
  static constexpr auto fields = std::tuple{
      Field{"dataset", &C::dataset}, Field{"measure", &C::measure}, Field{"system_a", &C::system_a}, Field{"system_b", &C::system_b},
      Field{"n", &C::n}, Field{"unit", &C::unit, {.doc = "what n counts: query/queries, or item/items for an evaluation log"}}, Field{"mean_a", &C::mean_a}, Field{"mean_b", &C::mean_b}, Field{"delta", &C::delta}, Field{"sd_diff", &C::sd_diff},
      Field{"pearson", &C::pearson}, Field{"spearman", &C::spearman},
      // The tests that decide binary and clustered comparisons come first, where a reader looks.
      Field{"cluster", &C::cluster, {.doc = "clustered queries only: the cluster-robust test that decides the verdict", .omit_empty = true}},
      Field{"repeats", &C::repeats, {.doc = "items scored several times only: within- and between-item variance", .omit_empty = true}},
      Field{"mcnemar", &C::mcnemar, {.doc = "binary items only: the exact test that decides the verdict unless clusters are given", .omit_empty = true}},
      Field{"table", &C::table, {.doc = "binary items only: the 2×2 table of items McNemar's test reads (its discordant cells are a_only and b_only)", .omit_empty = true}},
      Field{"newcombe", &C::newcombe, {.doc = "binary items only: [low, high] of Δ, Newcombe's method 10, which the verdict reads unless clusters are given", .omit_empty = true}},
      Field{"wilson_a", &C::wilson_a, {.doc = "binary items only: [low, high] of A's accuracy (Wilson)", .omit_empty = true}},
      Field{"wilson_b", &C::wilson_b, {.doc = "binary items only: [low, high] of B's accuracy (Wilson)", .omit_empty = true}},
      Field{"t", &C::t}, Field{"wilcoxon", &C::wilcoxon},
      Field{"randomization", &C::randomization}, Field{"bootstrap", &C::bootstrap}, Field{"sign", &C::sign},
      Field{"min_attainable_p", &C::min_attainable_p}, Field{"planning", &C::planning}, Field{"p_holm", &C::p_holm},
      Field{"p_bonferroni", &C::p_bonferroni}, Field{"p_bh", &C::p_bh}, Field{"verdict", &C::verdict, {.type = "VerdictName"}},
      Field{"reason", &C::reason}, Field{"sentence", &C::sentence},
      Field{"equivalence", &C::equivalence, {.doc = "present when the equivalence question is asked (TOST, paired t)", .omit_empty = true}},
      Field{"non_inferiority", &C::non_inferiority, {.doc = "present when the non-inferiority question is asked (one-sided paired t)", .omit_empty = true}},
      Field{"family", &C::family, {.doc = "present for a pair taken from a family: the family-wise p that decided its verdict", .omit_empty = true}},
      Field{"data", &C::data, {.doc = "per-query data: the page's bindings only", .omit_empty = true}}};
};

template <> struct Description<SystemTally> {
  static constexpr std::string_view name = "SystemTally", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"system", &SystemTally::system}, Field{"comparisons", &SystemTally::comparisons}, Field{"better", &SystemTally::better},
      Field{"worse", &SystemTally::worse}, Field{"within", &SystemTally::within}, Field{"outside", &SystemTally::outside},
      Field{"verdict", &SystemTally::verdict, {.type = "VerdictName"}}};
};

template <> struct Description<report::Pairing> {
  static constexpr std::string_view name = "PairingReport", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"dataset", &report::Pairing::dataset}, Field{"measure", &report::Pairing::measure}, Field{"system_a", &report::Pairing::system_a},
      Field{"system_b", &report::Pairing::system_b}, Field{"matched", &report::Pairing::matched}, Field{"only_a", &report::Pairing::only_a},
      Field{"only_b", &report::Pairing::only_b}, Field{"examples_only_a", &report::Pairing::examples_only_a}, Field{"examples_only_b", &report::Pairing::examples_only_b},
      Field{"paired_by", &report::Pairing::paired_by,
            {.type = "'query id'|'position'", .doc = "'position' when neither input had query ids (bare columns): row i with row i, said in `note`"}},
      Field{"note", &report::Pairing::note}};
};

template <> struct Description<report::ComparisonWarning> {
  static constexpr std::string_view name = "ComparisonWarning", doc = "Why an answer may not be trusted (base/warnings.hpp).";
  static constexpr auto fields = std::tuple{Field{"code", &report::ComparisonWarning::code}, Field{"message", &report::ComparisonWarning::message},
                                            Field{"comparison", &report::ComparisonWarning::comparison, {.doc = "the comparison it qualifies; absent when it is about the inputs (a file left out of a folder, topics a run lacks) or about every comparison (interval_level, resample_floor)", .omit_empty = true}}};
};

template <> struct Description<report::CompareReport> {
  static constexpr std::string_view name = "CliReport", doc = "The comparison report: the CLI's JSON and the page's JSON export.";
  static constexpr auto fields = std::tuple{
      Field{"settings", &report::CompareReport::settings}, Field{"comparisons", &report::CompareReport::comparisons}, Field{"by_system", &report::CompareReport::by_system},
      Field{"overall", &report::CompareReport::overall, {.type = "VerdictName"}}, Field{"summary", &report::CompareReport::summary},
      Field{"pairing", &report::CompareReport::pairing}, Field{"wilcoxon_note", &report::CompareReport::wilcoxon_note},
      Field{"warnings", &report::CompareReport::warnings}};
};

}  // namespace pairpower::described
