#include "pairpower/leaderboard/leaderboard_report.hpp"

#include <algorithm>
#include <cstdio>

#include "pairpower/base/formatting.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

std::string fixed(double x, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// Statistics for people in the core's one format (formatting.hpp).
std::string stat(double x) { return format_sig(x); }

// Padded to `width` characters (UTF-8: "–" and accented names count once).
std::string padded(const std::string& s, std::size_t width) {
  const auto chars = static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; }));
  return chars >= width ? s : s + std::string(width - chars, ' ');
}

// "4–5", or "4" when the tests pin the rank down.
std::string rank_set(const BoardSystem& s, const char* dash) {
  return s.rank_set_low == s.rank_set_high ? std::to_string(s.rank_set_low) : std::to_string(s.rank_set_low) + dash + std::to_string(s.rank_set_high);
}

// What decides which systems differ on this board (an id of the registry's family_procedures), and its label.
std::string_view procedure_of(const Board& b) { return b.clusters ? clustered_board_family_procedure : board_family_procedure; }
std::string procedure_label(const Board& b) { return std::string(*family_procedure_label(procedure_of(b))); }

// "paired by position: no query ids given" for a board of bare columns, else "".
std::string pairing_note(const Board& b) { return b.by_position ? std::string(by_position_note) : std::string(); }

// The systems' intervals are Wilson's: binary items without clusters (leaderboard.cpp's analyse).
bool wilson_intervals(const Board& b) { return !b.clusters && !b.systems.empty() && b.systems.front().wilson.has_value(); }

// The planning criterion, named: a pair can differ significantly with less than this power.
std::string separable_note(const Board& b, const LeaderboardOptions& o) {
  return fixed(100 * b.separable_share, 0) + "% of adjacent pairs have the " + b.unit.many + " to separate them with " + fixed(100 * o.power, 0) +
         "% power at their observed Δ (paired t, Bonferroni α)";
}

// How many pairs the family-wise tests separate, and what a shared tier letter says (and does not).
std::string differ_note(const Board& b, const LeaderboardOptions& o) {
  std::size_t significant = 0;
  for (const auto& p : b.pairs) significant += p.significant;
  const std::string counted = b.pairs.size() == 1 ? (significant ? "the pair differs significantly" : "the pair does not differ significantly")
                                                   : std::to_string(significant) + " of " + std::to_string(b.pairs.size()) + " pairs differ";
  return counted + " (" + procedure_label(b) + ", α = " + format_csv(o.alpha) + "); systems sharing a tier letter do not differ significantly, which does not show them equal";
}

// The omnibus tests over all systems at once.
std::string omnibus_note(const Board& b) {
  return "ANOVA (system + " + b.unit.one + "): F = " + stat(b.anova.f) + ", " + p_equals(b.anova.p) + "; Friedman χ² = " + stat(b.friedman.statistic) + ", " +
         p_equals(b.friedman.p);
}

// The ranks across datasets: Friedman over the datasets and Nemenyi's critical difference, in words.
std::string across_note(const AcrossDatasets& a, const LeaderboardOptions& o) {
  return "Friedman χ² = " + stat(a.friedman.statistic) + ", " + p_equals(a.friedman.p) + "; mean ranks further apart than " + stat(a.critical_difference) +
         " differ (Nemenyi critical difference, α = " + format_csv(o.alpha) + ")";
}

}  // namespace

std::string rank_set_note(const LeaderboardOptions& o) {
  return "rank set: the ranks the family-wise tests behind the tiers leave open, for all systems at once with " + format_csv(100 * (1 - o.alpha)) +
         "% confidence (Mogstad et al. 2024); systems sharing a tier letter have overlapping rank sets";
}

report::LeaderboardReport leaderboard_report_of(const LeaderboardResult& r, const LeaderboardOptions& o) {
  report::LeaderboardReport out;
  out.settings = {o.alpha, o.confidence, o.resamples, o.bootstrap, o.seed, o.higher_is_better ? "higher" : "lower", o.power};
  for (const auto& b : r.boards)
    // Bare columns were paired row by row: said with the board (as compare's pairing[].paired_by and note); family_procedure is
    // what decided `significant`, the tiers and the rank sets: an id of the registry's family_procedures.
    out.leaderboards.push_back({b.dataset, b.measure, b.n, b.unit, b.k, b.systems, b.pairs, b.anova, b.friedman, b.separable_share, separable_note(b, o),
                                differ_note(b, o), omnibus_note(b),
                                b.by_position ? "position" : "query id", pairing_note(b), std::string(procedure_of(b)),
                                b.clusters ? std::optional(b.clusters) : std::nullopt});
  // The sentence beside a board's rank sets (the page's caption), and where the marginal intervals are.
  out.rank_set_note = "R" + rank_set_note(o).substr(1) +
                      ". Each system's bootstrap rank interval on its own (marginal, not simultaneous) is in the JSON as rank_marginal_low and rank_marginal_high.";
  out.warnings = r.warnings;
  out.across_datasets = r.across;
  if (r.across) out.across_note = across_note(*r.across, o);
  return out;
}

json leaderboard_json(const LeaderboardResult& r, const LeaderboardOptions& o) { return described::json_of(leaderboard_report_of(r, o)); }

std::string leaderboard_json_text(const LeaderboardResult& r, const LeaderboardOptions& o) { return leaderboard_json(r, o).dump(1) + "\n"; }

std::string leaderboard_text(const LeaderboardResult& r, const LeaderboardOptions& o) {
  std::string out;
  const int level = static_cast<int>(o.confidence * 100 + 0.5);
  for (const auto& b : r.boards) {
    std::size_t width = 6, mean_width = 4, ci_width = 6;
    for (const auto& s : b.systems) {
      width = std::max(width, s.system.size());
      mean_width = std::max(mean_width, stat(s.mean).size());
      ci_width = std::max(ci_width, ("[" + stat(s.ci_low) + ", " + stat(s.ci_high) + "]").size());
    }
    out += (b.dataset.empty() ? std::string() : b.dataset + ", ") + (b.measure.empty() ? std::string("scores") : b.measure) + ": " +
           std::to_string(b.k) + " systems on " + thousands(b.n) + " shared " + b.unit.many +
           (b.clusters ? " in " + thousands(b.clusters) + " clusters (intervals: cluster-robust t)"
            : wilson_intervals(b) ? std::string(" (intervals: Wilson)") : std::string()) + "\n";
    if (b.by_position) out += "  note: " + pairing_note(b) + "\n";
    out += "  rank  " + padded("system", width) + "  " + padded("mean", mean_width) + "  " + padded(std::to_string(level) + "% CI", ci_width) +
           "  rank set      tier\n";
    for (const auto& s : b.systems)
      out += "  " + padded(std::to_string(s.rank), 4) + "  " + padded(s.system, width) + "  " + padded(stat(s.mean), mean_width) + "  " +
             padded("[" + stat(s.ci_low) + ", " + stat(s.ci_high) + "]", ci_width) + "  " + padded(rank_set(s, "–"), 12) + "  " + s.tier + "\n";
    out += "  " + differ_note(b, o) + ".\n";
    out += "  " + rank_set_note(o) + ".\n";
    out += "  " + omnibus_note(b) + "; " + separable_note(b, o) + ".\n";
    // Binary items: the exact tests that fit them, beside the board's resampling tests.
    if (!b.pairs.empty() && b.pairs.front().mcnemar) {
      // Without clusters the intervals above are these Wilson intervals already.
      if (b.clusters) {
        out += "  binary " + b.unit.many + ": accuracy with Wilson " + std::to_string(level) + "% intervals (these and McNemar's test treat the " + b.unit.many +
               " as independent; the cluster-robust tests decide)";
        for (const auto& s : b.systems)
          if (s.wilson) out += "; " + s.system + " [" + stat((*s.wilson)[0]) + ", " + stat((*s.wilson)[1]) + "]";
        out += "\n";
      }
      out += "  exact McNemar per pair on the binary " + b.unit.many + " (Holm over the pairs):\n";
      for (const auto& p : b.pairs)
        out += "    " + p.system_b + " vs " + p.system_a + ": " + p_equals(p.mcnemar->p) + ", Holm " + (*p.mcnemar_p_holm < 0.001 ? std::string("< 0.001") : format_p(*p.mcnemar_p_holm)) + " (" +
               b.unit.count(p.mcnemar->discordant_b) + " only " + p.system_b + " gets right, " + thousands(p.mcnemar->discordant_a) + " only " +
               p.system_a + ")\n";
    }
    if (b.clusters) {
      out += "  cluster-robust t per pair (CR1, " + thousands(b.clusters - 1) + " degrees of freedom; Holm over the pairs):\n";
      for (const auto& p : b.pairs)
        out += "    " + p.system_b + " vs " + p.system_a + ": Δ = " + format_signed(p.delta) + " [" + stat(p.cluster->ci_low) + ", " + stat(p.cluster->ci_high) + "], " +
               p_equals(p.cluster->p) + ", Holm " + (*p.cluster_p_holm < 0.001 ? std::string("< 0.001") : format_p(*p.cluster_p_holm)) + ", design effect " +
               stat(p.cluster->design_effect) + "\n";
    }
    out += "\n";
  }
  if (r.across) {
    const auto& a = *r.across;
    out += "Across " + std::to_string(a.datasets) + " datasets: " + across_note(a, o) + "\n";
    auto ranks = a.mean_ranks;
    std::stable_sort(ranks.begin(), ranks.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    for (const auto& [s, rank] : ranks) out += "  " + stat(rank) + "  " + s + "\n";
  }
  return out;
}

namespace {

std::string caption(const Board& b, const LeaderboardOptions& o) {
  return (b.dataset.empty() ? std::string() : b.dataset + ", ") + (b.measure.empty() ? std::string("scores") : b.measure) + ": " + std::to_string(b.k) +
         " systems, " + b.unit.count(b.n) + (b.by_position ? " (" + pairing_note(b) + ")" : std::string()) + "; " + std::to_string(static_cast<int>(o.confidence * 100 + 0.5)) +
         "% intervals" +
         (b.clusters ? " (cluster-robust, " + thousands(b.clusters) + " clusters)"
          : wilson_intervals(b) ? std::string(" (Wilson)") : std::string()) +
         "; systems sharing a letter are not significantly different (" + procedure_label(b) + ", α = " + format_csv(o.alpha) + "); " +
         rank_set_note(o);
}

}  // namespace

std::string leaderboard_markdown(const LeaderboardResult& r, const LeaderboardOptions& o) {
  std::string out;
  for (const auto& b : r.boards) {
    out += caption(b, o) + "\n\n| rank | system | mean [CI] | rank set | tier |\n|---:|---|---|---|---|\n";
    for (const auto& s : b.systems)
      out += "| " + std::to_string(s.rank) + " | " + s.system + " | " + stat(s.mean) + " [" + stat(s.ci_low) + ", " + stat(s.ci_high) + "] | " +
             rank_set(s, "–") + " | " + s.tier + " |\n";
    out += "\n";
  }
  if (r.across) {
    out += "Across " + std::to_string(r.across->datasets) + " datasets (Friedman " + p_equals(r.across->friedman.p) + ", Nemenyi CD " +
           stat(r.across->critical_difference) + ")\n\n| system | mean rank |\n|---|---:|\n";
    auto ranks = r.across->mean_ranks;
    std::stable_sort(ranks.begin(), ranks.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    for (const auto& [s, rank] : ranks) out += "| " + s + " | " + stat(rank) + " |\n";
  }
  // Why an answer may not be trusted travels with the table pasted elsewhere, not on stderr alone.
  if (!r.warnings.empty()) out += (r.across ? "\n" : "") + std::string("**Caveats**\n\n");
  for (const auto& w : r.warnings) out += "- ⚠ " + w.message + "\n";
  return out;
}

std::string leaderboard_latex(const LeaderboardResult& r, const LeaderboardOptions& o) {
  std::string out;
  for (const auto& b : r.boards) {
    out += "% " + caption(b, o) + "\n\\begin{tabular}{rllll}\n\\hline\nRank & System & Mean [CI] & Rank set & Tier \\\\\n\\hline\n";
    for (const auto& s : b.systems)
      out += std::to_string(s.rank) + " & " + latex_escape(s.system) + " & " + latex_escape(stat(s.mean)) + " [" + latex_escape(stat(s.ci_low)) + ", " + latex_escape(stat(s.ci_high)) +
             "] & " + rank_set(s, "--") + " & " + s.tier + " \\\\\n";
    out += "\\hline\n\\end{tabular}\n\n";
  }
  if (r.across) {
    out += "% across " + std::to_string(r.across->datasets) + " datasets: Nemenyi CD " + latex_escape(stat(r.across->critical_difference)) +
           "\n\\begin{tabular}{lr}\n\\hline\nSystem & Mean rank \\\\\n\\hline\n";
    auto ranks = r.across->mean_ranks;
    std::stable_sort(ranks.begin(), ranks.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    for (const auto& [s, rank] : ranks) out += latex_escape(s) + " & " + latex_escape(stat(rank)) + " \\\\\n";
    out += "\\hline\n\\end{tabular}\n";
  }
  for (const auto& w : r.warnings) out += "% caveat: " + w.message + "\n";
  return out;
}

std::string leaderboard_csv(const LeaderboardResult& r) {
  std::string out = "dataset,measure,system,mean,ci_low,ci_high,rank,rank_set_low,rank_set_high,rank_marginal_low,rank_marginal_high,tier,tied_with_best\n";
  for (const auto& b : r.boards)
    for (const auto& s : b.systems)
      out += csv_field(b.dataset) + "," + csv_field(b.measure) + "," + csv_field(s.system) + "," + format_csv(s.mean) + "," + format_csv(s.ci_low) + "," + format_csv(s.ci_high) + "," +
             std::to_string(s.rank) + "," + std::to_string(s.rank_set_low) + "," + std::to_string(s.rank_set_high) + "," + std::to_string(s.rank_marginal_low) + "," +
             std::to_string(s.rank_marginal_high) + "," + s.tier + "," +
             (s.tied_with_best ? "true" : "false") + "\n";
  return out;
}

}  // namespace pairpower
