#include "pairpower/compare/comparison_report.hpp"

#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"

#include <algorithm>
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

report::CompareReport report_of(const CompareResult& r, const ReportSettings& s, const std::vector<PairedSample>* samples) {
  const CompareOptions& o = s.options;
  report::CompareReport out;
  out.settings = {o.alpha, o.confidence, o.resamples, o.bootstrap_resamples, o.seed, o.min_effect, o.higher_is_better ? "higher" : "lower",
                  s.missing, o.planning_power, s.baseline, s.detected, o.alternative, o.equivalence_margin, o.non_inferiority_margin, std::nullopt};
  // The family a pair was taken from (a leaderboard's), whose family-wise p decided the verdict; null when none.
  if (o.family)
    out.settings.family = report::Family{o.family->systems, o.family->pairs, o.family->procedure,
                                         std::string(family_procedure_label(o.family->procedure).value_or("")), o.family->p, question_alpha(o),
                                         family_rule(o)};
  for (std::size_t i = 0; i < r.comparisons.size(); ++i) {
    const Comparison& c = r.comparisons[i];
    report::Comparison& rc = out.comparisons.emplace_back();
    rc.dataset = c.dataset, rc.measure = c.measure, rc.system_a = c.system_a, rc.system_b = c.system_b, rc.n = c.n, rc.unit = c.unit;
    rc.mean_a = c.mean_a, rc.mean_b = c.mean_b, rc.delta = c.delta, rc.sd_diff = c.sd_diff, rc.pearson = c.pearson, rc.spearman = c.spearman;
    rc.t = c.t, rc.wilcoxon = c.wilcoxon, rc.randomization = c.randomization;
    rc.bootstrap = {c.bootstrap.bca, c.bootstrap.percentile, c.bootstrap.resamples, std::nullopt};
    // The page's plots only (with the per-query data): the CLI's report and the page's JSON export leave it out.
    if (samples && !c.bootstrap.distribution.empty()) rc.bootstrap.distribution = c.bootstrap.distribution;
    rc.sign = {c.sign_p};
    rc.min_attainable_p = c.min_attainable_p;
    rc.planning = {c.planning.mde, c.planning.n_required, o.planning_power, c.planning.curve, c.planning.curve_reps, c.planning.curve_cap,
                   c.planning.curve_note.empty() ? std::nullopt : std::optional(c.planning.curve_note), pilot_curve_test(c.unit), std::nullopt};
    if (const auto& e = c.planning.estimates) {
      report::CalculatorInputs& in = rc.planning.calculator.emplace();
      in.items = e->items, in.sd_diff = e->sd_diff;
      if (e->binary) in.accuracy_a = e->accuracy_a, in.accuracy_b = e->accuracy_b, in.agreement = e->agreement;
      if (e->clusters > 0) in.cluster_size = e->cluster_size, in.icc = e->icc;
      if (e->repeats > 1) in.repeats = e->repeats;
      in.warnings = pilot_warnings(*e, std::nullopt);
      // A pair of a board keeps its family: the next eval plans it at the level one of the family's comparisons is tested at.
      if (o.family && o.family->pairs > 1) in.alpha = question_alpha(o), in.family_note = family_planning_note(o);
    }
    rc.p_holm = c.p_holm, rc.p_bonferroni = c.p_bonferroni, rc.p_bh = c.p_bh;
    rc.verdict = c.verdict, rc.reason = c.reason, rc.sentence = c.sentence;
    rc.cluster = c.cluster;
    rc.repeats = c.repeats;
    if (const auto& b = c.binary) {
      rc.mcnemar = b->mcnemar;
      rc.table = b->table;
      rc.newcombe = {b->newcombe.low, b->newcombe.high};
      rc.wilson_a = {b->wilson_a.low, b->wilson_a.high};
      rc.wilson_b = {b->wilson_b.low, b->wilson_b.high};
    }
    // The question beyond "is there a difference", when asked: its p-values, raw and Holm-adjusted across comparisons.
    if (const auto& e = c.equivalence)
      rc.equivalence = report::Equivalence{e->p, e->ci_low, e->ci_high, e->ci_level, e->margin, e->p_lower, e->p_upper, e->p_outside,
                                           c.question_p_holm, c.question_outside_p_holm};
    if (const auto& ni = c.non_inferiority)
      rc.non_inferiority = report::NonInferiority{ni->p, ni->t, ni->margin, ni->p_outside, c.question_p_holm, c.question_outside_p_holm};
    // A pair taken from a family: the family-wise p that decided its verdict, beside its own.
    if (o.family) rc.family = report::FamilyP{o.family->p};
    if (samples && i < samples->size()) rc.data = report::PairData{(*samples)[i].qids, (*samples)[i].a, (*samples)[i].b};
  }
  out.by_system = r.by_system;
  out.overall = r.overall;
  out.summary = r.summary;
  for (const auto& p : s.pairing)
    out.pairing.push_back({p.dataset, p.measure, p.system_a, p.system_b, p.matched, p.only_a, p.only_b, p.examples_only_a, p.examples_only_b,
                           p.by_position ? "position" : "query id", p.by_position ? std::string(by_position_note) : std::string()});
  out.wilcoxon_note = wilcoxon_note(r.comparisons, s.options);
  // Why an answer may not be trusted: the inputs', the whole set's, then each with the index of the comparison it qualifies.
  for (const auto& w : s.input_warnings) out.warnings.push_back({w.code, w.message, std::nullopt});
  for (const auto& w : r.warnings) out.warnings.push_back({w.code, w.message, std::nullopt});
  for (std::size_t i = 0; i < r.comparisons.size(); ++i)
    for (const auto& w : r.comparisons[i].warnings) out.warnings.push_back({w.code, w.message, i});
  return out;
}

nlohmann::ordered_json report_json(const CompareResult& r, const ReportSettings& s, const std::vector<PairedSample>* samples) {
  return described::json_of(report_of(r, s, samples));
}

namespace {
constexpr StatLabel stat_label_table[] = {
    {"n", "pairs (n)"}, {"mean_a", "mean of A"}, {"mean_b", "mean of B"}, {"delta", "Δ = mean(B − A)"}, {"sd_diff", "SD of differences"},
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
    {"planning.mde", "minimum detectable effect at this n"}, {"planning.n_required", "n to detect the observed Δ, were it the true effect"},
    {"planning.target_power", "… with power"}, {"planning.curve_reps", "… power-curve replicates"},
    {"planning.curve_cap", "… power curve simulated up to n"},
    {"equivalence.p", "equivalence (TOST) p"}, {"equivalence.ci_low", "TOST interval, low"}, {"equivalence.ci_high", "TOST interval, high"},
    {"equivalence.ci_level", "… its level (1 − 2α)"}, {"equivalence.margin", "equivalence margin ±"}, {"equivalence.p_lower", "… p of Δ > −margin"},
    {"equivalence.p_upper", "… p of Δ < +margin"}, {"equivalence.p_outside", "p of |Δ| beyond the margin"},
    {"equivalence.p_holm", "Holm-adjusted TOST p"}, {"equivalence.p_outside_holm", "Holm-adjusted p beyond the margin"},
    {"non_inferiority.p", "non-inferiority p"}, {"non_inferiority.t", "non-inferiority t"}, {"non_inferiority.margin", "non-inferiority margin"},
    {"non_inferiority.p_outside", "p of worse by more than the margin"}, {"non_inferiority.p_holm", "Holm-adjusted non-inferiority p"},
    {"non_inferiority.p_outside_holm", "Holm-adjusted p of worse beyond the margin"},
    {"family.p", "family-wise p (the family's; of a difference, the larger of it and the pair's own p decides)"},
    {"cluster.clusters", "clusters"}, {"cluster.se", "cluster-robust SE of Δ"}, {"cluster.ci_low", "cluster-robust t CI, low"},
    {"cluster.ci_high", "cluster-robust t CI, high"}, {"cluster.t", "cluster-robust t"}, {"cluster.p", "cluster-robust t p (the pair's own p when clusters are given)"},
    {"cluster.design_effect", "design effect"}, {"cluster.effective_n", "effective n (n / design effect)"},
    {"cluster.se_a", "cluster-robust SE of A's mean"}, {"cluster.se_b", "cluster-robust SE of B's mean"},
    {"cluster.bootstrap.ci_low", "cluster bootstrap CI, low"}, {"cluster.bootstrap.ci_high", "cluster bootstrap CI, high"},
    {"cluster.randomization.p", "cluster sign-flip p"},
    {"repeats.k", "repeats per item"}, {"repeats.within_share", "within-item share of Var(d̄ᵢ)"}, {"repeats.se", "SE of Δ (per-item means)"},
    {"repeats.se_double", "SE with twice the repeats"}, {"repeats.se_floor", "SE with unlimited repeats"},
    {"repeats.within_share_one", "within-item share for one sample"},
    {"repeats.total_var", "variance of the per-item differences"}, {"repeats.within_var", "… its part within items"},
    {"cluster.randomization.resamples", "… cluster sign flips"}, {"cluster.randomization.p_se", "… its Monte Carlo SE"},
    {"mcnemar.discordant_a", "pairs only A gets right"}, {"mcnemar.discordant_b", "pairs only B gets right"},
    {"mcnemar.p", "exact McNemar p (the pair's own p on binary items without clusters)"}, {"mcnemar.p_mid", "… its mid-p"},
    {"newcombe.0", "Newcombe CI of Δ, low"}, {"newcombe.1", "Newcombe CI of Δ, high"},
    {"wilson_a.0", "Wilson CI of A's accuracy, low"}, {"wilson_a.1", "Wilson CI of A's accuracy, high"},
    {"wilson_b.0", "Wilson CI of B's accuracy, low"}, {"wilson_b.1", "Wilson CI of B's accuracy, high"},
};
}  // namespace

std::span<const StatLabel> stat_labels() noexcept { return stat_label_table; }

nlohmann::ordered_json display_stats(const nlohmann::ordered_json& c) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  // Depth-first over objects, numbers only; per-query data and resamples are not statistics, and the
  // calculator's inputs are shown where they are used (the quick calculator).
  auto walk = [&](auto&& self, const nlohmann::ordered_json& v, const std::string& prefix) -> void {
    if (v.is_number()) {
      out[prefix] = format_stat(prefix, v.get<double>());
    } else if (v.is_array() && v.size() == 2 && v[0].is_number() && v[1].is_number()) {
      // An interval written as [low, high]: its paths index the array, as JSON paths do.
      out[prefix + ".0"] = format_stat(prefix + ".0", v[0].get<double>());
      out[prefix + ".1"] = format_stat(prefix + ".1", v[1].get<double>());
    } else if (v.is_object()) {
      for (const auto& [k, x] : v.items())
        // The binary table is drawn as its own figure; its discordant cells are McNemar's rows.
        if (k != "data" && k != "distribution" && k != "display" && k != "calculator" && k != "table") self(self, x, prefix.empty() ? k : prefix + "." + k);
    }
  };
  walk(walk, c, "");
  return out;
}

std::string report_json_text(const CompareResult& r, const ReportSettings& s) { return report_json(r, s).dump(2) + "\n"; }

namespace {

// The name a table's column gives its intervals or p-values: one name when every row uses it, both otherwise.
template <class Name>
std::string column_name(const CompareResult& r, Name name) {
  std::string first, other;
  for (const auto& c : r.comparisons) {
    const std::string n(name(c));
    if (first.empty()) first = n;
    else if (n != first) other = n;
  }
  return other.empty() ? first : first + " or " + other;
}

}  // namespace

std::string report_markdown(const CompareResult& r, const CompareOptions& o) {
  std::ostringstream s;
  const Question q = question_of(o);
  const std::string q_head = q == Question::equivalence ? " p (TOST, ±" + num(o.equivalence_margin) + ") |"
                             : q == Question::non_inferiority ? " p (non-inferiority, " + num(o.non_inferiority_margin) + ") |" : "";
  s << "| comparison | n | Δ | " << fixed(o.confidence * 100, 0) << "% CI (" << column_name(r, verdict_interval_name) << ") | p ("
    << column_name(r, own_test_name) << (o.alternative == Alternative::two_sided ? "" : ", " + std::string(to_string(o.alternative)))
    << ") | p (Holm) |" << q_head << " verdict |\n"
    << "|---|---:|---:|---|---:|---:|" << (q_head.empty() ? "" : "---:|") << "---|\n";
  for (const auto& c : r.comparisons) {
    const Interval ci = verdict_interval(c);
    s << "| " << comparison_name(c) << " | " << c.n << " | " << format_signed(c.delta) << " | [" << format_signed(ci.low) << ", " << format_signed(ci.high)
      << "] | " << format_p(own_p(c)) << " | " << format_p(c.p_holm) << " |";
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
  // Why an answer may not be trusted travels with the table pasted into a paper or a pull request, not on stderr alone.
  bool any = false;
  const auto caveat = [&](const std::string& about, const Warning& w) {
    if (!any) s << "\n**Caveats**\n\n";
    any = true;
    s << "- ⚠ " << about << w.message << "\n";
  };
  for (const auto& w : r.warnings) caveat("", w);
  for (const auto& c : r.comparisons)
    for (const auto& w : c.warnings) caveat(comparison_name(c) + ": ", w);
  return s.str();
}

std::string report_latex(const CompareResult& r, const CompareOptions& o) {
  std::ostringstream s;
  s << "\\begin{tabular}{lrrcrrl}\n\\hline\nComparison & $n$ & $\\Delta$ & " << fixed(o.confidence * 100, 0)
    << "\\% CI & $p$ & $p_\\mathrm{Holm}$ & Verdict \\\\\n\\hline\n";
  for (const auto& c : r.comparisons) {
    const Interval ci = verdict_interval(c);
    s << latex_escape(comparison_name(c)) << " & " << c.n << " & " << latex_escape(format_signed(c.delta)) << " & [" << latex_escape(format_signed(ci.low)) << ", "
      << latex_escape(format_signed(ci.high)) << "] & " << latex_p(own_p(c)) << " & " << latex_p(c.p_holm) << " & " << to_string(c.verdict) << " \\\\\n";
  }
  s << "\\hline\n\\end{tabular}\n";
  // Which interval and test the columns hold, when binary items make them other than BCa and randomization.
  if (std::any_of(r.comparisons.begin(), r.comparisons.end(), [](const Comparison& c) { return c.binary.has_value(); }))
    s << "% CI: " << column_name(r, verdict_interval_name) << "; p: " << column_name(r, own_test_name) << "\n";
  s << "% " << r.summary << "\n\n";
  s << "\\begin{tabular}{lrrrl}\n\\hline\nSystem (vs " << latex_escape(r.baseline) << ") & Comparisons & Better & Worse & Verdict \\\\\n\\hline\n";
  for (const auto& t : r.by_system)
    s << latex_escape(t.system) << " & " << t.comparisons << " & " << t.better << " & " << t.worse << " & " << to_string(t.verdict) << " \\\\\n";
  s << "\\hline\n\\end{tabular}\n";
  // The caveats stay in the source pasted into a paper, beside the tables they qualify.
  for (const auto& w : r.warnings) s << "% caveat: " << w.message << "\n";
  for (const auto& c : r.comparisons)
    for (const auto& w : c.warnings) s << "% caveat: " << comparison_name(c) << ": " << w.message << "\n";
  return s.str();
}

std::string report_csv(const CompareResult& r) {
  std::ostringstream s;
  s << "dataset,measure,system_a,system_b,n,mean_a,mean_b,delta,sd_diff,pearson,spearman,t_p,t_ci_low,t_ci_high,dz,wilcoxon_p,hl,hl_ci_low,"
       "hl_ci_high,randomization_p,randomization_exact,randomization_resamples,bca_ci_low,bca_ci_high,percentile_ci_low,percentile_ci_high,"
       "sign_p,p_holm,p_bonferroni,p_bh,mde,n_required,verdict,system_comparisons,system_better,system_worse,system_verdict,"
       "question,margin,question_p,question_ci_low,question_ci_high,"
       "mcnemar_p,mcnemar_p_mid,discordant_a,discordant_b,newcombe_low,newcombe_high,wilson_a_low,wilson_a_high,wilson_b_low,wilson_b_high,"
       "clusters,cluster_se,cluster_ci_low,cluster_ci_high,cluster_p,design_effect,effective_n\n";
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
    // Binary items: McNemar, Newcombe and Wilson; empty otherwise.
    if (const auto& b = c.binary) {
      s << ',' << num(b->mcnemar.p) << ',' << num(b->mcnemar.p_mid) << ',' << b->mcnemar.discordant_a << ',' << b->mcnemar.discordant_b;
      for (const Interval& i : {b->newcombe, b->wilson_a, b->wilson_b}) s << ',' << num(i.low) << ',' << num(i.high);
    } else {
      s << ",,,,,,,,,,";
    }
    // Clustered queries: the cluster-robust columns; empty otherwise.
    if (const auto& k = c.cluster) {
      s << ',' << k->clusters;
      for (double x : {k->se, k->ci_low, k->ci_high, k->p, k->design_effect, k->effective_n}) s << ',' << num(x);
    } else {
      s << ",,,,,,,";
    }
    s << '\n';
  }
  return s.str();
}

}  // namespace pairpower
