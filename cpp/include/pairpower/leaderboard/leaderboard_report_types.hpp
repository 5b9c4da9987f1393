#pragma once
// The leaderboard report's JSON (`leaderboard --format json`, the page's
// export) as described types (base/described.hpp): each Description is both
// the JSON writer and the type the page's build reads (`pairpower schema`).
// A report field is one member and one Field; leaderboard_report.cpp fills it.
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "pairpower/base/described.hpp"
#include "pairpower/base/warnings.hpp"
#include "pairpower/compare/report_types.hpp"  // McNemarResult's description, shared with compare
#include "pairpower/leaderboard/leaderboard.hpp"

namespace pairpower::report {

struct LeaderboardSettings {
  double alpha, confidence;
  std::uint64_t resamples, bootstrap_resamples, seed;
  std::string direction;
  double planning_power;
};

struct BoardReport {
  std::string dataset, measure;
  std::size_t n;
  Unit unit;
  std::size_t k;
  std::vector<BoardSystem> systems;
  std::vector<BoardPair> pairs;
  TwoWayAnova anova;
  FriedmanResult friedman;
  double separable_share;
  std::string separable_note, differ_note, omnibus_note;
  std::string paired_by, note, family_procedure;
  std::optional<std::size_t> clusters{};
};

struct LeaderboardReport {
  LeaderboardSettings settings;
  std::vector<BoardReport> leaderboards;
  std::string rank_set_note;
  std::vector<Warning> warnings;
  std::optional<AcrossDatasets> across_datasets;
  std::optional<std::string> across_note{};
};

}  // namespace pairpower::report

namespace pairpower::described {

template <> struct Description<report::LeaderboardSettings> {
  using S = report::LeaderboardSettings;
  static constexpr std::string_view name = "LeaderboardSettings", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"alpha", &S::alpha}, Field{"confidence", &S::confidence}, Field{"resamples", &S::resamples},
      Field{"bootstrap_resamples", &S::bootstrap_resamples}, Field{"seed", &S::seed}, Field{"direction", &S::direction, {.type = "Direction"}},
      Field{"planning_power", &S::planning_power}};
};

template <> struct Description<BoardSystem> {
  using S = BoardSystem;
  static constexpr std::string_view name = "BoardSystem", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"system", &S::system}, Field{"mean", &S::mean}, Field{"ci_low", &S::ci_low, {.doc = "with ci_high, the mean's interval: a t interval; Wilson's on binary items; cluster-robust t on clustered items"}},
      Field{"ci_high", &S::ci_high}, Field{"rank", &S::rank},
      Field{"rank_set_low", &S::rank_set_low}, Field{"rank_set_high", &S::rank_set_high}, Field{"rank_marginal_low", &S::rank_marginal_low},
      Field{"rank_marginal_high", &S::rank_marginal_high}, Field{"tier", &S::tier}, Field{"tied_with_best", &S::tied_with_best},
      Field{"n_to_separate_next", &S::n_to_separate_next},
      Field{"wilson", &S::wilson, {.doc = "binary items only: [low, high] of the accuracy (Wilson)", .omit_empty = true}}};
};

template <> struct Description<BoardClusterTest> {
  using C = BoardClusterTest;
  static constexpr std::string_view name = "BoardClusterTest", doc = "A pair's cluster-robust test of Δ (CR1, t with C − 1 degrees of freedom).";
  static constexpr auto fields = std::tuple{Field{"clusters", &C::clusters}, Field{"se", &C::se}, Field{"ci_low", &C::ci_low}, Field{"ci_high", &C::ci_high},
                                            Field{"p", &C::p}, Field{"design_effect", &C::design_effect}};
};

template <> struct Description<BoardPair> {
  using P = BoardPair;
  static constexpr std::string_view name = "BoardPair", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"system_a", &P::system_a}, Field{"system_b", &P::system_b}, Field{"delta", &P::delta}, Field{"ci_low", &P::ci_low},
      Field{"ci_high", &P::ci_high}, Field{"p", &P::p}, Field{"p_se", &P::p_se}, Field{"p_holm", &P::p_holm}, Field{"p_tukey", &P::p_tukey},
      Field{"p_tukey_hsd", &P::p_tukey_hsd}, Field{"significant", &P::significant},
      Field{"p_family", &P::p_family, {.doc = "the family-wise p that decides `significant`: p_tukey, or cluster_p_holm when the items are clustered"}},
      Field{"mcnemar", &P::mcnemar, {.doc = "binary items only: the pair's exact McNemar test", .omit_empty = true}},
      Field{"mcnemar_p_holm", &P::mcnemar_p_holm, {.doc = "binary items only: its p, Holm over all pairs", .omit_empty = true}},
      Field{"cluster", &P::cluster, {.doc = "clustered items only: the pair's cluster-robust test", .omit_empty = true}},
      Field{"cluster_p_holm", &P::cluster_p_holm, {.doc = "clustered items only: its p, Holm over all pairs, which decides `significant`", .omit_empty = true}}};
};

template <> struct Description<TwoWayAnova> {
  static constexpr std::string_view name = "AnovaResult", doc = "The two-way ANOVA (system + query): F, its p and the residual mean square.";
  static constexpr auto fields = std::tuple{Field{"f", &TwoWayAnova::f}, Field{"p", &TwoWayAnova::p}, Field{"ms_residual", &TwoWayAnova::ms_residual}};
};

template <> struct Description<FriedmanResult> {
  static constexpr std::string_view name = "TestStatistic", doc = "";
  static constexpr auto fields = std::tuple{Field{"statistic", &FriedmanResult::statistic}, Field{"p", &FriedmanResult::p}};
};

template <> struct Description<report::BoardReport> {
  using B = report::BoardReport;
  static constexpr std::string_view name = "BoardReport", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"dataset", &B::dataset}, Field{"measure", &B::measure}, Field{"n", &B::n},
      Field{"unit", &B::unit, {.doc = "what n counts: query/queries, or item/items for evaluation logs"}}, Field{"k", &B::k}, Field{"systems", &B::systems},
      Field{"pairs", &B::pairs}, Field{"anova", &B::anova}, Field{"friedman", &B::friedman}, Field{"separable_share", &B::separable_share, {.doc = "share of adjacent pairs whose n_to_separate_next (paired t at their observed Δ, Bonferroni α, the planning power) is at most n"}},
      Field{"separable_note", &B::separable_note, {.doc = "separable_share in words with its criterion: the core's sentence, as the text board and the page give it"}},
      Field{"differ_note", &B::differ_note,
            {.doc = "how many pairs the family-wise tests separate and what a shared tier letter says: the core's sentence, as the text board and the page give it"}},
      Field{"omnibus_note", &B::omnibus_note, {.doc = "the two-way ANOVA and Friedman's test over all systems, in words"}},
      Field{"paired_by", &B::paired_by,
            {.type = "'query id'|'position'", .doc = "'position' when the inputs were bare columns without query ids: row i of each is one query, said in `note`"}},
      Field{"note", &B::note},
      Field{"family_procedure", &B::family_procedure,
            {.doc = "the registry's id of the test behind `p_family`, the tiers and the rank sets (its family_procedures)"}},
      Field{"clusters", &B::clusters,
            {.doc = "clustered items only: the clusters; the systems' intervals and `p_family` are then cluster-robust", .omit_empty = true}}};
};

template <> struct Description<AcrossPair> {
  using P = AcrossPair;
  static constexpr std::string_view name = "AcrossPair", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"system_a", &P::system_a}, Field{"system_b", &P::system_b}, Field{"b_better", &P::b_better},
      Field{"b_significantly_better", &P::b_significantly_better}, Field{"p", &P::p}, Field{"p_holm", &P::p_holm}};
};

template <> struct Description<AcrossDatasets> {
  using A = AcrossDatasets;
  static constexpr std::string_view name = "AcrossDatasets", doc = "";
  static constexpr auto fields = std::tuple{
      Field{"datasets", &A::datasets}, Field{"friedman", &A::friedman}, Field{"mean_ranks", &A::mean_ranks, {.type = "MeanRanks"}},
      Field{"critical_difference", &A::critical_difference}, Field{"pairs", &A::pairs}};
};

template <> struct Description<report::LeaderboardReport> {
  using R = report::LeaderboardReport;
  static constexpr std::string_view name = "LeaderboardReport",
                                    doc = "The leaderboard report: the CLI's JSON and the page's JSON export (leaderboard_report.cpp).";
  static constexpr auto fields = std::tuple{
      Field{"settings", &R::settings}, Field{"leaderboards", &R::leaderboards},
      Field{"rank_set_note", &R::rank_set_note, {.doc = "what a rank set is, at this α: the core's sentence, the caption of every board's table"}},
      Field{"warnings", &R::warnings}, Field{"across_datasets", &R::across_datasets},
      Field{"across_note", &R::across_note, {.doc = "several datasets only: Friedman's test over them and Nemenyi's critical difference, in words", .omit_empty = true}}};
};

}  // namespace pairpower::described
