#include "pairpower/compare/comparison_report.hpp"

#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"

#include <cstdio>
#include <sstream>

namespace pairpower {
namespace {

std::string fixed(double x, int digits, bool plus = false) {
  char buf[64];
  std::snprintf(buf, sizeof buf, plus ? "%+.*f" : "%.*f", digits, x);
  return buf;
}

std::string num(double x) { return format_csv(x); }

// "$<$0.001" in text mode: a bare < prints as ¡ in LaTeX's default encoding.
std::string latex_p(double p) { return p < 0.001 ? "$<$0.001" : format_p(p); }

}  // namespace

std::string comparison_name(const Comparison& c) {
  std::string s = c.system_b + " vs " + c.system_a;
  if (!c.dataset.empty()) s += ", " + c.dataset;
  if (!c.measure.empty()) s += ", " + c.measure;
  return s;
}

nlohmann::ordered_json report_json(const CompareResult& r, const ReportSettings& s, const std::vector<PairedSample>* samples) {
  using J = nlohmann::ordered_json;
  const CompareOptions& o = s.options;
  J j;
  j["settings"] = {{"alpha", o.alpha}, {"confidence", o.confidence}, {"resamples", o.resamples}, {"bootstrap_resamples", o.bootstrap_resamples},
                   {"seed", o.seed}, {"min_effect", o.min_effect}, {"direction", o.higher_is_better ? "higher" : "lower"},
                   {"missing", s.missing}, {"planning_power", o.planning_power}, {"baseline", s.baseline}, {"detected", s.detected},
                   {"alternative", to_string(o.alternative)}, {"equivalence", o.equivalence_margin}, {"non_inferiority", o.non_inferiority_margin}};
  // The family a pair was taken from (a leaderboard's), whose family-wise p decided the verdict; null when none.
  j["settings"]["family"] = o.family ? J{{"systems", o.family->systems}, {"pairs", o.family->pairs}, {"procedure", o.family->procedure},
                                         {"procedure_label", std::string(family_procedure_label(o.family->procedure).value_or(""))}, {"p", o.family->p},
                                         {"question_alpha", question_alpha(o)}, {"rule", family_rule(o)}}
                                     : J(nullptr);
  j["comparisons"] = J::array();
  for (std::size_t i = 0; i < r.comparisons.size(); ++i) {
    const Comparison& c = r.comparisons[i];
    J curve = J::array();
    for (const auto& p : c.planning.curve) curve.push_back({{"n", p.n}, {"power", p.power}, {"mc_se", p.mc_se}});
    J bootstrap = {{"bca", {{"ci_low", c.bootstrap.bca.low}, {"ci_high", c.bootstrap.bca.high}}},
                   {"percentile", {{"ci_low", c.bootstrap.percentile.low}, {"ci_high", c.bootstrap.percentile.high}}},
                   {"resamples", c.bootstrap.resamples}};
    // The page's plots only (with the per-query data): the CLI's report and the page's JSON export leave it out.
    if (samples && !c.bootstrap.distribution.empty()) bootstrap["distribution"] = c.bootstrap.distribution;
    J cj = {
        {"dataset", c.dataset}, {"measure", c.measure}, {"system_a", c.system_a}, {"system_b", c.system_b},
        {"n", c.n}, {"mean_a", c.mean_a}, {"mean_b", c.mean_b}, {"delta", c.delta}, {"sd_diff", c.sd_diff},
        {"pearson", c.pearson}, {"spearman", c.spearman},
        {"t", {{"t", c.t.t}, {"p", c.t.p}, {"ci_low", c.t.ci_low}, {"ci_high", c.t.ci_high}, {"dz", c.t.dz}}},
        {"wilcoxon", {{"statistic", c.wilcoxon.statistic}, {"p", c.wilcoxon.p}, {"exact", c.wilcoxon.exact}, {"hl", c.wilcoxon.hl},
                      {"hl_ci_low", c.wilcoxon.hl_ci_low}, {"hl_ci_high", c.wilcoxon.hl_ci_high}}},
        {"randomization", {{"p", c.randomization.p_value}, {"exact", c.randomization.exact}, {"resamples", c.randomization.resamples},
                           {"p_se", c.randomization.p_se}}},
        {"bootstrap", bootstrap},
        {"sign", {{"p", c.sign_p}}},
        {"min_attainable_p", c.min_attainable_p},
        {"planning", {{"mde", c.planning.mde ? J(*c.planning.mde) : J(nullptr)},
                      {"n_required", c.planning.n_required ? J(*c.planning.n_required) : J(nullptr)},
                      {"target_power", o.planning_power},
                      {"curve", curve},
                      {"curve_reps", c.planning.curve_reps},
                      {"curve_cap", c.planning.curve_cap},
                      {"curve_note", c.planning.curve_note.empty() ? J(nullptr) : J(c.planning.curve_note)},
                      {"curve_test", pilot_curve_test}}},
        {"p_holm", c.p_holm}, {"p_bonferroni", c.p_bonferroni}, {"p_bh", c.p_bh},
        {"verdict", to_string(c.verdict)}, {"reason", c.reason}, {"sentence", c.sentence},
    };
    // The question beyond "is there a difference", when asked: its p-values, raw and Holm-adjusted across comparisons.
    if (c.equivalence)
      cj["equivalence"] = {{"p", c.equivalence->p}, {"ci_low", c.equivalence->ci_low}, {"ci_high", c.equivalence->ci_high},
                           {"ci_level", c.equivalence->ci_level}, {"margin", c.equivalence->margin}, {"p_lower", c.equivalence->p_lower},
                           {"p_upper", c.equivalence->p_upper}, {"p_outside", c.equivalence->p_outside}, {"p_holm", c.question_p_holm},
                           {"p_outside_holm", c.question_outside_p_holm}};
    if (c.non_inferiority)
      cj["non_inferiority"] = {{"p", c.non_inferiority->p}, {"t", c.non_inferiority->t}, {"margin", c.non_inferiority->margin},
                               {"p_outside", c.non_inferiority->p_outside}, {"p_holm", c.question_p_holm}, {"p_outside_holm", c.question_outside_p_holm}};
    // A pair taken from a family: the family-wise p that decided its verdict, beside its own.
    if (o.family) cj["family"] = {{"p", o.family->p}};
    if (samples && i < samples->size()) cj["data"] = {{"qids", (*samples)[i].qids}, {"a", (*samples)[i].a}, {"b", (*samples)[i].b}};
    j["comparisons"].push_back(std::move(cj));
  }
  j["by_system"] = J::array();
  for (const auto& t : r.by_system)
    j["by_system"].push_back({{"system", t.system}, {"comparisons", t.comparisons}, {"better", t.better}, {"worse", t.worse}, {"within", t.within},
                              {"outside", t.outside}, {"verdict", to_string(t.verdict)}});
  j["overall"] = to_string(r.overall);
  j["summary"] = r.summary;
  j["pairing"] = J::array();
  for (const auto& p : s.pairing)
    j["pairing"].push_back({{"dataset", p.dataset}, {"measure", p.measure}, {"system_a", p.system_a}, {"system_b", p.system_b}, {"matched", p.matched},
                            {"only_a", p.only_a}, {"only_b", p.only_b}, {"examples_only_a", p.examples_only_a}, {"examples_only_b", p.examples_only_b},
                            {"paired_by", p.by_position ? "position" : "query id"}, {"note", p.by_position ? std::string(by_position_note) : std::string()}});
  j["wilcoxon_note"] = wilcoxon_note;
  // Why an answer may not be trusted, each with the index of the comparison it qualifies.
  j["warnings"] = J::array();
  for (std::size_t i = 0; i < r.comparisons.size(); ++i)
    for (const auto& w : r.comparisons[i].warnings) j["warnings"].push_back({{"code", w.code}, {"message", w.message}, {"comparison", i}});
  return j;
}

namespace {
constexpr StatLabel stat_label_table[] = {
    {"n", "queries paired (n)"}, {"mean_a", "mean of A"}, {"mean_b", "mean of B"}, {"delta", "Δ = mean(B − A)"}, {"sd_diff", "SD of differences"},
    {"pearson", "Pearson r (A, B)"}, {"spearman", "Spearman ρ (A, B)"},
    {"randomization.p", "randomization p"}, {"randomization.p_se", "… its Monte Carlo SE"}, {"randomization.resamples", "… sign flips"},
    {"bootstrap.bca.ci_low", "bootstrap BCa CI, low"}, {"bootstrap.bca.ci_high", "bootstrap BCa CI, high"},
    {"bootstrap.percentile.ci_low", "bootstrap percentile CI, low"}, {"bootstrap.percentile.ci_high", "bootstrap percentile CI, high"},
    {"bootstrap.resamples", "… bootstrap resamples"},
    {"t.t", "paired t statistic"}, {"t.p", "paired t p"}, {"t.ci_low", "t CI, low"}, {"t.ci_high", "t CI, high"}, {"t.dz", "effect size d_z"},
    {"wilcoxon.statistic", "Wilcoxon statistic"}, {"wilcoxon.p", "Wilcoxon p"}, {"wilcoxon.hl", "Hodges–Lehmann estimate"},
    {"wilcoxon.hl_ci_low", "Hodges–Lehmann CI, low"}, {"wilcoxon.hl_ci_high", "Hodges–Lehmann CI, high"},
    {"sign.p", "sign test p"}, {"min_attainable_p", "smallest p attainable at this n"},
    {"p_holm", "Holm-adjusted p"}, {"p_bonferroni", "Bonferroni-adjusted p"}, {"p_bh", "Benjamini–Hochberg q"},
    {"planning.mde", "minimum detectable effect at this n"}, {"planning.n_required", "n to detect the observed Δ"},
    {"planning.target_power", "… with power"}, {"planning.curve_reps", "… power-curve replicates"},
    {"planning.curve_cap", "… power curve simulated up to n"},
    {"equivalence.p", "equivalence (TOST) p"}, {"equivalence.ci_low", "TOST interval, low"}, {"equivalence.ci_high", "TOST interval, high"},
    {"equivalence.ci_level", "… its level (1 − 2α)"}, {"equivalence.margin", "equivalence margin ±"}, {"equivalence.p_lower", "… p of Δ > −margin"},
    {"equivalence.p_upper", "… p of Δ < +margin"}, {"equivalence.p_outside", "p of |Δ| beyond the margin"},
    {"equivalence.p_holm", "Holm-adjusted TOST p"}, {"equivalence.p_outside_holm", "Holm-adjusted p beyond the margin"},
    {"non_inferiority.p", "non-inferiority p"}, {"non_inferiority.t", "non-inferiority t"}, {"non_inferiority.margin", "non-inferiority margin"},
    {"non_inferiority.p_outside", "p of worse by more than the margin"}, {"non_inferiority.p_holm", "Holm-adjusted non-inferiority p"},
    {"non_inferiority.p_outside_holm", "Holm-adjusted p of worse beyond the margin"},
    {"family.p", "family-wise p (the family's, deciding the verdict)"},
};
}  // namespace

std::span<const StatLabel> stat_labels() noexcept { return stat_label_table; }

nlohmann::ordered_json display_stats(const nlohmann::ordered_json& c) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  // Depth-first over objects, numbers only; per-query data and resamples are not statistics.
  auto walk = [&](auto&& self, const nlohmann::ordered_json& v, const std::string& prefix) -> void {
    if (v.is_number()) {
      out[prefix] = format_stat(prefix, v.get<double>());
    } else if (v.is_object()) {
      for (const auto& [k, x] : v.items())
        if (k != "data" && k != "distribution" && k != "display") self(self, x, prefix.empty() ? k : prefix + "." + k);
    }
  };
  walk(walk, c, "");
  return out;
}

std::string report_json_text(const CompareResult& r, const ReportSettings& s) { return report_json(r, s).dump(2) + "\n"; }

std::string report_markdown(const CompareResult& r, const CompareOptions& o) {
  std::ostringstream s;
  const Question q = question_of(o);
  const std::string q_head = q == Question::equivalence ? " p (TOST, ±" + num(o.equivalence_margin) + ") |"
                             : q == Question::non_inferiority ? " p (non-inferiority, " + num(o.non_inferiority_margin) + ") |" : "";
  s << "| comparison | n | Δ | " << fixed(o.confidence * 100, 0) << "% CI (BCa) | p (randomization" << (o.alternative == Alternative::two_sided ? "" : ", " + std::string(to_string(o.alternative)))
    << ") | p (Holm) |" << q_head << " verdict |\n"
    << "|---|---:|---:|---|---:|---:|" << (q_head.empty() ? "" : "---:|") << "---|\n";
  for (const auto& c : r.comparisons) {
    s << "| " << comparison_name(c) << " | " << c.n << " | " << format_signed(c.delta) << " | [" << format_signed(c.bootstrap.bca.low) << ", "
      << format_signed(c.bootstrap.bca.high) << "] | " << format_p(c.randomization.p_value) << " | " << format_p(c.p_holm) << " |";
    if (c.equivalence) s << " " << format_p(c.equivalence->p) << " |";
    if (c.non_inferiority) s << " " << format_p(c.non_inferiority->p) << " |";
    s << " **" << to_string(c.verdict) << "** |\n";
  }
  s << "\n" << r.summary << "\n\n";
  {
    s << "| system (vs " << r.baseline << ") | comparisons | better | worse | verdict |\n|---|---:|---:|---:|---|\n";
    for (const auto& t : r.by_system)
      s << "| " << t.system << " | " << t.comparisons << " | " << t.better << " | " << t.worse << " | **" << to_string(t.verdict) << "** |\n";
    s << "\n";
  }
  for (const auto& c : r.comparisons) s << "- " << c.sentence << "\n";
  return s.str();
}

std::string report_latex(const CompareResult& r, const CompareOptions& o) {
  std::ostringstream s;
  s << "\\begin{tabular}{lrrcrrl}\n\\hline\nComparison & $n$ & $\\Delta$ & " << fixed(o.confidence * 100, 0)
    << "\\% CI & $p$ & $p_\\mathrm{Holm}$ & Verdict \\\\\n\\hline\n";
  for (const auto& c : r.comparisons)
    s << latex_escape(comparison_name(c)) << " & " << c.n << " & " << latex_escape(format_signed(c.delta)) << " & [" << latex_escape(format_signed(c.bootstrap.bca.low)) << ", "
      << latex_escape(format_signed(c.bootstrap.bca.high)) << "] & " << latex_p(c.randomization.p_value) << " & " << latex_p(c.p_holm) << " & "
      << to_string(c.verdict) << " \\\\\n";
  s << "\\hline\n\\end{tabular}\n% " << r.summary << "\n\n";
  s << "\\begin{tabular}{lrrrl}\n\\hline\nSystem (vs " << latex_escape(r.baseline) << ") & Comparisons & Better & Worse & Verdict \\\\\n\\hline\n";
  for (const auto& t : r.by_system)
    s << latex_escape(t.system) << " & " << t.comparisons << " & " << t.better << " & " << t.worse << " & " << to_string(t.verdict) << " \\\\\n";
  s << "\\hline\n\\end{tabular}\n";
  return s.str();
}

std::string report_csv(const CompareResult& r) {
  std::ostringstream s;
  s << "dataset,measure,system_a,system_b,n,mean_a,mean_b,delta,sd_diff,pearson,spearman,t_p,t_ci_low,t_ci_high,dz,wilcoxon_p,hl,hl_ci_low,"
       "hl_ci_high,randomization_p,randomization_exact,randomization_resamples,bca_ci_low,bca_ci_high,percentile_ci_low,percentile_ci_high,"
       "sign_p,p_holm,p_bonferroni,p_bh,mde,n_required,verdict,system_comparisons,system_better,system_worse,system_verdict,"
       "question,margin,question_p,question_ci_low,question_ci_high\n";
  for (const auto& c : r.comparisons) {
    const double row[] = {c.mean_a, c.mean_b, c.delta, c.sd_diff, c.pearson, c.spearman, c.t.p, c.t.ci_low, c.t.ci_high, c.t.dz, c.wilcoxon.p,
                          c.wilcoxon.hl, c.wilcoxon.hl_ci_low, c.wilcoxon.hl_ci_high, c.randomization.p_value};
    s << csv_field(c.dataset) << ',' << csv_field(c.measure) << ',' << csv_field(c.system_a) << ',' << csv_field(c.system_b) << ',' << c.n;
    for (double x : row) s << ',' << num(x);
    s << ',' << (c.randomization.exact ? "true" : "false") << ',' << c.randomization.resamples;
    for (double x : {c.bootstrap.bca.low, c.bootstrap.bca.high, c.bootstrap.percentile.low, c.bootstrap.percentile.high, c.sign_p, c.p_holm,
                     c.p_bonferroni, c.p_bh})
      s << ',' << num(x);
    s << ',' << (c.planning.mde ? num(*c.planning.mde) : std::string());
    s << ',' << (c.planning.n_required ? std::to_string(*c.planning.n_required) : "") << ',' << to_string(c.verdict);
    // The record of this comparison's system B against the baseline, over all its comparisons.
    for (const auto& t : r.by_system)
      if (t.system == c.system_b) s << ',' << t.comparisons << ',' << t.better << ',' << t.worse << ',' << to_string(t.verdict);
    // The question's columns: empty for a plain difference test.
    if (c.equivalence)
      s << ",equivalence," << num(c.equivalence->margin) << ',' << num(c.equivalence->p) << ',' << num(c.equivalence->ci_low) << ',' << num(c.equivalence->ci_high);
    else if (c.non_inferiority)
      s << ",non_inferiority," << num(c.non_inferiority->margin) << ',' << num(c.non_inferiority->p) << ",,";
    else
      s << ",difference,,,,";
    s << '\n';
  }
  return s.str();
}

}  // namespace pairpower
