#pragma once
// The registry: the statistical facts the CLI and the page both show or check —
// paired tests, score models, input formats, the Plan fields with their bounds,
// the presets (the paper's grid among them), the Analyze settings with their
// defaults, and the limits. Each is written here once; `pairpower registry`
// prints it and the bindings export it, and the page's types, controls, hash
// keys and exports are generated from that (web/src/generated/registry.ts).
// Adding a test or a format is its module plus one entry here.
//
// Example:
//   for (const auto& t : pairpower::paired_tests()) std::puts(t.label);   // "paired t", …
//   const auto& rho = pairpower::plan_field("rho");                        // bounds and rule
//   nlohmann::ordered_json j = pairpower::registry_json();
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/power/family_power.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/input/score_input.hpp"
#include "pairpower/simulation/score_model.hpp"
#include "pairpower/power/solvers.hpp"

namespace pairpower {

struct TestInfo {
  PairedTest test;
  const char* id;           ///< "t", "wilcoxon", "sign": --tests, the hash, JSON
  const char* label;        ///< "paired t"
  const char* short_label;  ///< column heads: "t", "W", "sign"
  PowerMethod method;       ///< its analytic power
  bool solvable;            ///< the minimum-N and MDE solvers offer it (power monotone in n)
};
std::span<const TestInfo> paired_tests() noexcept;

struct ModelInfo {
  ScoreModel model;
  const char* id;     ///< "normal" is the paper's clipped normal; "unclipped" the exact one
  const char* label;  ///< the form's option text
  const char* title;  ///< table captions
  const char* param;  ///< the Plan field of its own parameter ("tau", …), "pilot" for the pilot data, "" for none
  ModelAnalytic analytic;
};
std::span<const ModelInfo> score_models() noexcept;

/// A choice of the "model" field: one model, or several ("both").
struct ModelChoice {
  const char* id;
  const char* label;
  std::vector<ScoreModel> models;
};
std::span<const ModelChoice> model_choices();
std::optional<std::vector<ScoreModel>> models_from_choice(std::string_view id);

/// A whole number JavaScript holds exactly (2^53 − 1): the largest seed, the largest count the page may send.
inline constexpr double max_safe_integer = 9007199254740991.0;

struct FormatInfo {
  InputFormat format;
  const char* id;     ///< --input-format / the page's chooser value
  const char* label;  ///< "trec_eval -q"
  const char* fuzz;   ///< the libFuzzer target's suffix (CMake and scripts/fuzz.sh read the list)
  const char* unit;   ///< what its ids name: "query", or "item" for an evaluation log (base/units.hpp)
};
std::span<const FormatInfo> input_formats() noexcept;

/// One field of a Plan (the page's form, the CLI's simulate flags).
enum class FieldKind { count_list, real_list, real, count, choice, choice_list, option };
struct Bounds {
  double min, max;
  bool min_open, max_open;  ///< strict inequality at that end
  bool contains(double x) const noexcept;
};
struct PlanField {
  const char* id;  ///< the hash key and the flag (--id)
  const char* label;
  const char* help;
  FieldKind kind;
  Bounds bounds;         ///< of each value (counts: the CLI's; the page may cap lower, see page_max)
  const char* rule;      ///< the message when a value is out of bounds: "must lie strictly between −1 and 1"
  double page_max = 0;   ///< 0: as bounds.max; else the page's lower cap, with the reason in page_cap_reason
  const char* page_cap_reason = "";
  const char* choices = "";  ///< option fields: the registry list their values come from ("alternatives", "questions")
};
std::span<const PlanField> plan_fields() noexcept;
const PlanField& plan_field(std::string_view id);

/// A Plan run: the grid and the target power for the minimum-N and MDE answers.
struct PlanSpec {
  GridSpec grid;
  double power = 0.8;
  /// The margin the form holds (grid.question.margin when a question is asked; kept otherwise).
  double margin = default_plan_margin;
};
struct Preset {
  const char* id;
  const char* label;
  PlanSpec spec;
};
std::span<const Preset> presets();
const Preset& preset(std::string_view id);
/// The preset the page opens with and whose σ and α the analytic commands assume.
const Preset& default_preset();
nlohmann::ordered_json to_json(const PlanSpec& s);

/// A rule across Plan fields: `field` must exceed `above` ("power" > "alpha").
struct PlanRule {
  const char* field;
  const char* above;
  const char* rule;  ///< the message: "the target power must exceed α"
};
std::span<const PlanRule> plan_rules() noexcept;
/// Throws Error(rule.field) when a spec breaks a rule.
void check_plan_rules(const PlanSpec& s);

/// One Analyze setting: its core name (in errors), the query key the page
/// sends, the CLI flag, and its default from CompareOptions.
struct AnalyzeSetting {
  const char* field;
  const char* key;
  const char* label;
  const char* help;
  double value;
  Bounds bounds;     ///< what the core accepts
  const char* rule;  ///< "" for whole numbers: "must be a whole number from min to max"
  bool integer;
  double page_max;   ///< 0: as bounds.max; else the page's lower cap (a tab's time and memory)
  void (*apply)(CompareOptions&, double);  ///< sets the option (a checked value)
  /// Non-null: the setting may be left out, and then the job derives it; this says from what ("1 − α").
  const char* unset = nullptr;
};
/// The questions (question.hpp): id, label and help. The id of a question with a margin is also the
/// field that carries the margin (its errors name it; the CLI and the page phrase it).
struct QuestionInfo {
  Question kind;
  const char* id;
  const char* label;
  const char* help;
};
std::span<const QuestionInfo> questions() noexcept;

/// The value read for a setting, checked against its bounds: throws Error naming the field.
double checked_setting(const AnalyzeSetting& s, double value);
std::span<const AnalyzeSetting> analyze_settings();

/// A named choice of a setting: unmatched query ids, or which direction is better.
struct Choice {
  const char* id;
  const char* label;
};
/// "error", "intersect", "zero" (MissingPolicy), the first the default.
std::span<const Choice> missing_policies() noexcept;
/// "two-sided", "greater", "less" (Alternative), the first the default.
std::span<const Choice> alternatives() noexcept;
/// How a family-wise p of a pair was computed (FamilyContext::procedure):
/// "randomized-tukey" (a leaderboard's randomized Tukey HSD), "tukey-hsd", "holm", "bonferroni".
std::span<const Choice> family_procedures() noexcept;
/// The corrections across a family of comparisons (family_power.hpp), the CLI's default first.
std::span<const Choice> corrections() noexcept;
/// What a family's smallest N aims at: every comparison detected, or at least one; the default first.
std::span<const Choice> family_targets() noexcept;
/// The kinds of score planning knows: per-item scores (the paired t family) or binary items (McNemar); continuous first.
std::span<const Choice> metric_kinds() noexcept;
/// The label of a family procedure's id; nullopt for anything else.
std::optional<std::string_view> family_procedure_label(std::string_view id) noexcept;
/// "higher", "lower" (CompareOptions::higher_is_better), the first the default.
std::span<const Choice> directions() noexcept;
/// true for "higher", false for "lower", nullopt for anything else.
std::optional<bool> higher_is_better(std::string_view direction) noexcept;

/// Limits of the page and of the core, with what each protects.
struct Limits {
  std::size_t values_max = 10000;        ///< values in one list field (N, δ, ρ)
  std::size_t input_bytes = max_input_bytes;
  std::size_t page_input_chars = 50'000'000;  ///< a pasted text in the page: two copies (JS and wasm) in one tab
  double page_confirm_seconds = 20;      ///< a Plan run estimated longer asks first
  double page_refuse_seconds = 600;      ///< … and longer than this is refused (the CLI has no limit)
  unsigned page_max_threads = 8;         ///< engine threads (or pool workers) in a page; cpp/bindings/CMakeLists.txt reads this line for the pool size
  std::size_t solver_n_max = pairpower::solver_n_max;  ///< the minimum-N search stops here
  std::size_t family_comparisons_max = pairpower::family_comparisons_max;  ///< K of a family of comparisons
};
const Limits& limits() noexcept;

/// Everything above, as `pairpower registry` prints it.
nlohmann::ordered_json registry_json();

}  // namespace pairpower
