#include "pairpower/registry/registry.hpp"

#include "pairpower/evaluate/trec_input.hpp"
#include "pairpower/evaluate/measures.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/power/family_power.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/registry/paper.hpp"

namespace pairpower {

bool Bounds::contains(double x) const noexcept {
  const bool above = min_open ? x > min : x >= min;
  const bool below = max_open ? x < max : x <= max;
  return above && below;
}

namespace {

constexpr TestInfo tests_table[] = {
#define PAIRPOWER_PAIRED_TEST(e, id, label, short_label, method, solvable) {PairedTest::e, id, label, short_label, PowerMethod::method, solvable},
#include "pairpower/registry/paired_tests.def"
#undef PAIRPOWER_PAIRED_TEST
};

constexpr ModelInfo models_table[] = {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) {ScoreModel::e, id, label, title, param, ModelAnalytic::analytic},
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
};

constexpr FormatInfo formats_table[] = {
#define PAIRPOWER_INPUT_FORMAT(e, id, description, unit) {InputFormat::e, id, description, #e, #unit},
#include "pairpower/registry/input_formats.def"
#undef PAIRPOWER_INPUT_FORMAT
};

constexpr double unbounded = std::numeric_limits<double>::infinity();

// The Plan fields, in the form's order. Counts carry the CLI's bounds; the page
// caps N and R lower because its threaded build has a fixed heap and a tab
// should not simulate for hours.
const PlanField plan_fields_table[] = {
    {"n", "Queries N", "list or range: 50,100,200 or 50:500:50", FieldKind::count_list, {2, 1'000'000, false, false}, "",
     100'000, "the threaded engine's fixed heap holds N ≤ 100 000 (the CLI goes to 1 000 000)"},
    {"delta", "Effect δ", "true mean difference B − A, e.g. 0,0.01,0.02", FieldKind::real_list, {-1, 1, true, true},
     "|δ| must be below 1 (scores lie in [0, 1])"},
    {"rho", "Correlation ρ", "between the systems’ per-query scores, e.g. 0.5,0.8", FieldKind::real_list, {-1, 1, true, true},
     "must lie strictly between −1 and 1"},
    {"model", "Score model", "how per-query scores are drawn", FieldKind::choice, {0, 0, false, false}, ""},
    {"mean", "Mean score of A", "e.g. 0.65", FieldKind::real, {0, 1, true, true}, "the mean score must lie strictly between 0 and 1"},
    {"sd", "SD of scores", "of each system, e.g. 0.12", FieldKind::real, {0, 1, true, true}, "the SD must lie strictly between 0 and 1"},
    // The parameters of single models (score_models.def names the model of each); the core's
    // validate(Scenario) allows wider values, the form keeps them on the score scale.
    {"tau", "Effect SD τ", "heterogeneous model: SD of the per-query effects δᵢ", FieldKind::real, {0, 1, false, true},
     "τ must be at least 0 and below 1"},
    {"df", "Degrees of freedom ν", "heavy-tailed model: smaller ν, heavier tails (ν > 2)", FieldKind::real, {2, heavy_tailed_df_max, true, false},
     "must be above 2 and at most 1e6 (the SD exists only for ν > 2)"},
    {"zero_share", "Share of zero queries π", "zero-inflated model: queries no system answers", FieldKind::real, {0, 1, false, true},
     "π must lie in [0, 1)"},
    {"levels", "Levels K", "lattice model: scores are multiples of 1/K (P@10: 10)", FieldKind::count, {1, lattice_levels_max, false, false}, ""},
    // Below 1e-10 the t quantile for one degree of freedom leaves double range (validate_alpha).
    {"alpha", "α", "significance level", FieldKind::real, {1e-10, 1, false, true}, "α must lie between 1e-10 and 1"},
    {"alternative", "Alternative", "two-sided, or one-sided: greater (B better) or less (B worse)", FieldKind::option, {0, 0, false, false}, "",
     0, "", "alternatives"},
    {"question", "Question", "a difference, equivalence within ±M (TOST), or non-inferiority (not worse by M or more)", FieldKind::option,
     {0, 0, false, false}, "", 0, "", "questions"},
    {"margin", "Margin M", "equivalence ±M, or how much worse B may be for non-inferiority", FieldKind::real, {0, 1, true, true},
     "the margin must lie strictly between 0 and 1"},
    {"tests", "Tests", "applied to every simulated sample", FieldKind::choice_list, {0, 0, false, false}, ""},
    {"reps", "Replicates R", "per cell; Monte Carlo SE ≈ 0.5/√R", FieldKind::count, {1, 1e9, false, false}, "",
     1'000'000, "a tab should not simulate for hours (the CLI goes to 10⁹)"},
    {"seed", "Seed", "same seed, same numbers (CLI and browser)", FieldKind::count, {0, max_safe_integer, false, false}, ""},
    {"power", "Target power", "for the minimum-N and MDE tables", FieldKind::real, {0, 1, true, true},
     "the target power must lie strictly between 0 and 1"},
};

constexpr QuestionInfo questions_table[] = {
    {Question::difference, "difference", "Is there a difference?", "the tests against Δ = 0 (two-sided or one-sided)"},
    {Question::equivalence, "equivalence", "Equivalent within ±M?",
     "TOST: both one-sided tests of Δ > −M and Δ < +M reject at α; power falls as |δ| nears M"},
    {Question::non_inferiority, "non_inferiority", "Not worse by M or more?",
     "one-sided test of Δ > −M at α (B may be a little worse, by less than M)"},
};

constexpr PlanRule rules_table[] = {{"power", "alpha", "the target power must exceed α"}};

constexpr Choice missing_table[] = {
    {"error", "stop and list them"}, {"intersect", "keep the queries every system has"}, {"zero", "score a missing query 0 (trec_eval -c)"}};
constexpr Choice alternative_table[] = {
#define PAIRPOWER_ALTERNATIVE(e, id, label) {id, label},
#include "pairpower/registry/alternatives.def"
#undef PAIRPOWER_ALTERNATIVE
};
constexpr Choice family_procedure_table[] = {{"randomized-tukey", "randomized Tukey HSD"},
                                            {"tukey-hsd", "Tukey HSD"},
                                            {"holm", "Holm"},
                                            {"bonferroni", "Bonferroni"},
                                            {"cluster-holm", "cluster-robust t, Holm"}};
// The ids are the enums' own (family_power.hpp); the labels are the page's and the CLI's help.
constexpr Choice correction_table[] = {{to_string(Correction::holm).data(), "Holm (simulated)"},
                                       {to_string(Correction::bonferroni).data(), "Bonferroni (exact)"},
                                       {to_string(Correction::bh).data(), "Benjamini–Hochberg (simulated)"},
                                       {to_string(Correction::none).data(), "none (each at α)"}};
constexpr Choice family_target_table[] = {{to_string(FamilyTarget::all).data(), "all K comparisons"},
                                          {to_string(FamilyTarget::any).data(), "at least one comparison"}};
constexpr Choice metric_kind_table[] = {{"continuous", "a score per item"}, {"binary", "right or wrong"}};
constexpr Choice direction_table[] = {{"higher", "higher (nDCG, MAP, accuracy)"}, {"lower", "lower (loss, latency, error)"}};

std::span<const AnalyzeSetting> analyze_table() {
  static const CompareOptions d{};
  using O = CompareOptions;
  // Counts: the CLI's caps; the page caps lower (page_max), for a tab's time.
  static const AnalyzeSetting table[] = {
      {"alpha", "alpha", "α", "significance level", d.alpha, {1e-10, 1, false, true}, "must lie between 1e-10 and 1", false, 0,
       [](O& o, double v) { o.alpha = v; }},
      {"confidence", "confidence", "Confidence", "of the intervals", d.confidence, {0, 1, true, true}, "must lie strictly between 0 and 1", false, 0,
       [](O& o, double v) { o.confidence = v; }, "1 − α"},
      {"min_effect", "minEffect", "Minimum effect", "smallest improvement worth shipping, in score units", d.min_effect, {0, unbounded, false, true},
       "must be a number ≥ 0 (for lower-is-better scores, choose the direction)", false, 0, [](O& o, double v) { o.min_effect = v; }},
      {"resamples", "resamples", "Sign flips", "randomization test resamples", static_cast<double>(d.resamples), {1, 1e8, false, false}, "", true,
       10'000'000, [](O& o, double v) { o.resamples = static_cast<std::uint64_t>(v); }},
      {"bootstrap_resamples", "bootstrap", "Bootstrap resamples", "for the intervals", static_cast<double>(d.bootstrap_resamples),
       {2, 1e7, false, false}, "", true, 1'000'000, [](O& o, double v) { o.bootstrap_resamples = static_cast<std::uint64_t>(v); }},
      {"seed", "seed", "Seed", "same seed, same numbers", static_cast<double>(d.seed), {0, max_safe_integer, false, false}, "", true, 0,
       [](O& o, double v) { o.seed = static_cast<std::uint64_t>(v); }},
      {"power", "power", "Planning power", "for the MDE and the n needed", d.planning_power, {0, 1, true, true}, "must lie strictly between 0 and 1",
       false, 0, [](O& o, double v) { o.planning_power = v; }},
      // The questions beyond "is there a difference": 0 leaves them unasked.
      {"equivalence", "equivalence", "Equivalence margin",
       "> 0 asks whether |Δ| < margin (TOST, two one-sided paired t-tests); the verdict follows it. 0: not asked", d.equivalence_margin,
       {0, unbounded, false, true}, "must be a finite margin ≥ 0 (0: not asked)", false, 0, [](O& o, double v) { o.equivalence_margin = v; }},
      {"non_inferiority", "nonInferiority", "Non-inferiority margin",
       "> 0 asks whether B is worse than A by less than margin (one-sided paired t); the verdict follows it. 0: not asked", d.non_inferiority_margin,
       {0, unbounded, false, true}, "must be a finite margin ≥ 0 (0: not asked)", false, 0, [](O& o, double v) { o.non_inferiority_margin = v; }},
  };

  return table;
}

PlanSpec quick_spec() {
  PlanSpec s;
  s.grid.models = {ScoreModel::normal};
  s.grid.n = {50, 100, 200, 400};
  s.grid.delta = {0.0, 0.01, 0.02};
  s.grid.rho = {0.8};
  s.grid.reps = 500;
  return s;
}

nlohmann::ordered_json bounds_json(const Bounds& b) {
  nlohmann::ordered_json j;
  j["min"] = b.min;
  j["max"] = b.max == unbounded ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(b.max);
  j["min_open"] = b.min_open;
  j["max_open"] = b.max_open;
  return j;
}

const char* kind_name(FieldKind k) {
  switch (k) {
    case FieldKind::count_list: return "count_list";
    case FieldKind::real_list: return "real_list";
    case FieldKind::real: return "real";
    case FieldKind::count: return "count";
    case FieldKind::choice: return "choice";
    case FieldKind::choice_list: return "choice_list";
    case FieldKind::option: return "option";
  }
  return "?";
}

}  // namespace

std::span<const TestInfo> paired_tests() noexcept { return tests_table; }
std::span<const ModelInfo> score_models() noexcept { return models_table; }
std::span<const FormatInfo> input_formats() noexcept { return formats_table; }
std::span<const PlanField> plan_fields() noexcept { return plan_fields_table; }
std::span<const Choice> missing_policies() noexcept { return missing_table; }
std::span<const Choice> alternatives() noexcept { return alternative_table; }
std::span<const Choice> family_procedures() noexcept { return family_procedure_table; }
std::optional<std::string_view> family_procedure_label(std::string_view id) noexcept {
  for (const auto& c : family_procedure_table)
    if (id == c.id) return c.label;
  return std::nullopt;
}
std::span<const PlanRule> plan_rules() noexcept { return rules_table; }
std::span<const QuestionInfo> questions() noexcept { return questions_table; }

void check_plan_rules(const PlanSpec& s) {
  // Each rule names two real fields of the spec.
  const auto value = [&](std::string_view id) {
    if (id == "power") return s.power;
    if (id == "alpha") return s.grid.alpha;
    throw std::logic_error("plan rule on " + std::string(id));
  };
  for (const auto& r : rules_table)
    if (!(value(r.field) > value(r.above))) throw Error(r.field, ErrorKind::invalid_value, r.rule, format_csv(value(r.field)));
}
std::span<const Choice> directions() noexcept { return direction_table; }
std::span<const Choice> corrections() noexcept { return correction_table; }
std::span<const Choice> family_targets() noexcept { return family_target_table; }
std::span<const Choice> metric_kinds() noexcept { return metric_kind_table; }
std::optional<bool> higher_is_better(std::string_view direction) noexcept {
  if (direction == direction_table[0].id) return true;
  if (direction == direction_table[1].id) return false;
  return std::nullopt;
}

const PlanField& plan_field(std::string_view id) {
  for (const auto& f : plan_fields_table)
    if (id == f.id) return f;
  throw std::logic_error("no plan field " + std::string(id));
}

std::span<const ModelChoice> model_choices() {
  static const std::vector<ModelChoice> choices = [] {
    std::vector<ModelChoice> c;
    for (const auto& m : models_table) c.push_back({m.id, m.label, {m.model}});
    // The paper's pair, offered as one choice right after the Beta model.
    const auto beta = std::find_if(c.begin(), c.end(), [](const ModelChoice& m) { return m.models == std::vector{ScoreModel::beta_copula}; });
    c.insert(beta + 1, ModelChoice{"both", "both of the above", {ScoreModel::normal, ScoreModel::beta_copula}});
    return c;
  }();
  return choices;
}

std::optional<std::vector<ScoreModel>> models_from_choice(std::string_view id) {
  for (const auto& c : model_choices())
    if (id == c.id) return c.models;
  return std::nullopt;
}

std::span<const Preset> presets() {
  static const std::array<Preset, 2> table{{
      {"paper", "The paper’s grid", PlanSpec{paper_grid(paper_reps, 1), 0.8}},
      {"quick", "A quick grid", quick_spec()},
  }};
  return table;
}

const Preset& default_preset() { return preset("quick"); }

const Preset& preset(std::string_view id) {
  for (const auto& p : presets())
    if (id == p.id) return p;
  throw std::logic_error("no preset " + std::string(id));
}

nlohmann::ordered_json to_json(const PlanSpec& s) {
  nlohmann::ordered_json j;
  j["n"] = s.grid.n;
  j["delta"] = s.grid.delta;
  j["rho"] = s.grid.rho;
  auto& models = j["models"] = nlohmann::ordered_json::array();
  for (ScoreModel m : s.grid.models) models.push_back(to_string(m));
  j["mean"] = s.grid.marginal.mean;
  j["sd"] = s.grid.marginal.sd;
  j["tau"] = s.grid.params.tau;
  j["df"] = s.grid.params.df;
  j["zero_share"] = s.grid.params.zero_share;
  j["levels"] = s.grid.params.levels;
  if (s.grid.params.pilot) j["pilot"] = *s.grid.params.pilot;  // the data a pilot run resampled, so its JSON reproduces it
  j["alpha"] = s.grid.alpha;
  j["alternative"] = to_string(s.grid.alternative);
  j["question"] = to_string(s.grid.question.kind);
  j["margin"] = s.grid.question.kind != Question::difference ? s.grid.question.margin : s.margin;
  auto& tests = j["tests"] = nlohmann::ordered_json::array();
  for (PairedTest t : s.grid.tests) tests.push_back(to_string(t));
  j["reps"] = s.grid.reps;
  j["seed"] = s.grid.seed;
  j["power"] = s.power;
  return j;
}

std::span<const AnalyzeSetting> analyze_settings() { return analyze_table(); }

double checked_setting(const AnalyzeSetting& s, double v) {
  const bool whole = !s.integer || std::floor(v) == v;
  if (whole && s.bounds.contains(v)) return v;
  const auto whole_text = [](double x) { return std::to_string(static_cast<std::uint64_t>(x)); };
  const std::string rule = s.integer ? "must be a whole number from " + whole_text(s.bounds.min) + " to " + whole_text(s.bounds.max) : s.rule;
  throw Error(s.field, ErrorKind::invalid_value, rule, format_csv(v));
}


const Limits& limits() noexcept {
  static const Limits l{};
  return l;
}

nlohmann::ordered_json registry_json() {
  using json = nlohmann::ordered_json;
  json j;
  auto& tests = j["tests"] = json::array();
  for (const auto& t : tests_table)
    tests.push_back({{"id", t.id}, {"label", t.label}, {"short", t.short_label}, {"analytic", to_string(t.method)}, {"solvable", t.solvable}});
  auto& models = j["models"] = json::array();
  const auto analytic_name = [](ModelAnalytic a) { return a == ModelAnalytic::all ? "all" : a == ModelAnalytic::t_only ? "t" : "none"; };
  for (const auto& m : models_table)
    models.push_back({{"id", m.id}, {"label", m.label}, {"title", m.title}, {"param", m.param}, {"analytic", analytic_name(m.analytic)},
                      {"reads_rho", model_reads_rho(m.model)}});
  auto& choices = j["model_choices"] = json::array();
  for (const auto& c : model_choices()) {
    json ids = json::array();
    for (ScoreModel m : c.models) ids.push_back(to_string(m));
    choices.push_back({{"id", c.id}, {"label", c.label}, {"models", ids}});
  }
  auto& formats = j["input_formats"] = json::array();
  for (const auto& f : formats_table) formats.push_back({{"id", f.id}, {"label", f.label}});
  auto& runs = j["evaluate_inputs"] = json::array();
  for (const auto& f : evaluate_inputs()) runs.push_back({{"id", f.id}, {"kind", f.kind}, {"label", f.label}});
  auto& run_measures = j["run_measures"] = json::array();
  for (const auto& m : run_measure_choices()) run_measures.push_back({{"id", m.id}, {"label", m.label}, {"common", m.common}});
  j["default_run_measure"] = default_run_measure;
  auto& fields = j["plan_fields"] = json::array();
  for (const auto& f : plan_fields_table) {
    json o{{"id", f.id}, {"label", f.label}, {"help", f.help}, {"kind", kind_name(f.kind)}, {"bounds", bounds_json(f.bounds)}, {"rule", f.rule}};
    o["page_max"] = f.page_max > 0 ? f.page_max : f.bounds.max;
    o["page_cap_reason"] = f.page_cap_reason;
    o["choices"] = f.choices;
    fields.push_back(o);
  }
  auto& qs = j["questions"] = json::array();
  for (const auto& q : questions_table) qs.push_back({{"id", q.id}, {"label", q.label}, {"help", q.help}, {"mde_heading", mde_heading(q.kind)}, {"claim", claim_template(q.kind)}});
  auto& rules = j["plan_rules"] = json::array();
  for (const auto& r : rules_table) rules.push_back({{"field", r.field}, {"above", r.above}, {"rule", r.rule}});
  auto& ps = j["presets"] = json::array();
  for (const auto& p : presets()) ps.push_back({{"id", p.id}, {"label", p.label}, {"spec", to_json(p.spec)}});
  j["default_preset"] = default_preset().id;
  auto& settings = j["analyze_settings"] = json::array();
  for (const auto& s : analyze_settings()) {
    json o{{"field", s.field}, {"key", s.key}, {"label", s.label}, {"help", s.help}, {"value", s.value},
           {"bounds", bounds_json(s.bounds)}, {"rule", s.rule}, {"integer", s.integer}, {"optional", s.unset != nullptr}};
    if (s.unset) o["unset"] = s.unset;
    o["page_max"] = s.page_max > 0 ? s.page_max : s.bounds.max;
    settings.push_back(o);
  }
  for (auto [key, list] : {std::pair{"missing_policies", missing_policies()}, std::pair{"directions", directions()}, std::pair{"alternatives", alternatives()},
                           std::pair{"family_procedures", family_procedures()}, std::pair{"corrections", corrections()},
                           std::pair{"family_targets", family_targets()}, std::pair{"metric_kinds", metric_kinds()}}) {
    auto& a = j[key] = json::array();
    for (const auto& c : list) a.push_back({{"id", c.id}, {"label", c.label}});
  }
  auto& kinds = j["error_kinds"] = json::array();
  for (int k = 0; k <= static_cast<int>(ErrorKind::not_enough_data); ++k) kinds.push_back(to_string(static_cast<ErrorKind>(k)));
  auto& labels = j["stat_labels"] = json::object();
  for (const auto& l : stat_labels()) labels[l.path] = l.label;
  const LeaderboardOptions lb{};
  j["leaderboard_defaults"] = {{"resamples", lb.resamples}, {"bootstrap", lb.bootstrap}, {"planning_power", lb.power}};
  j["archive_text_key"] = archive_text_key;
  j["verdicts"] = {to_string(Verdict::ship), to_string(Verdict::hold), to_string(Verdict::reject)};
  const Limits& l = limits();
  j["limits"] = {{"values_max", l.values_max},
                 {"input_bytes", l.input_bytes},
                 {"page_input_chars", l.page_input_chars},
                 {"page_confirm_seconds", l.page_confirm_seconds},
                 {"page_refuse_seconds", l.page_refuse_seconds},
                 {"page_max_threads", l.page_max_threads},
                 {"solver_n_max", l.solver_n_max},
                 {"family_comparisons_max", l.family_comparisons_max}};
  constexpr NumberFormat nf = number_format;
  j["number_format"] = {{"p_floor", nf.p_floor}, {"p_fine_below", nf.p_fine_below}, {"significant", nf.significant},
                        {"stat_floor", nf.stat_floor}, {"se_decimals", nf.se_decimals}, {"se_floor", nf.se_floor}};
  json printed = json::array();
  for (const auto& v : paper_printed_values())
    printed.push_back({{"section", v.section}, {"model", to_string(v.model)}, {"test", to_string(v.test)}, {"n", v.n}, {"delta", v.delta}, {"rho", v.rho}, {"power", v.power}});
  // What a run must ask to have the paper's values beside it (paper_applies), by the Plan's field names.
  const PaperSetting& p = paper_setting;
  const json applies_when = {{"alternative", to_string(p.alternative)}, {"question", to_string(p.question)}, {"alpha", p.alpha},
                             {"mean", p.marginal.mean}, {"sd", p.marginal.sd}};
  j["paper"] = {{"title", paper_title}, {"reps", paper_reps}, {"flag_se", paper_flag_se}, {"printed", printed}, {"applies_when", applies_when}};
  return j;
}

}  // namespace pairpower
