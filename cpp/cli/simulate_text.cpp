#include "simulate_text.hpp"

#include "pairpower/jobs/plan_answer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "pairpower/base/formatting.hpp"
#include "pairpower/power/analytic_power.hpp"
#include "pairpower/registry/paper.hpp"
#include "pairpower/simulation/plan_export.hpp"
#include "pairpower/simulation/plan_work.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/power/solvers.hpp"

namespace pairpower::cli {
namespace {

const CellResult* find(const GridResult& r, ScoreModel m, PairedTest t, std::size_t n, double delta, double rho) {
  for (const CellResult& c : r.cells)
    if (c.model == m && c.test == t && c.n == n && c.delta == delta && c.rho == rho) return &c;
  return nullptr;
}

std::optional<double> printed(ScoreModel m, PairedTest t, std::size_t n, double delta, double rho) {
  const PaperValue* v = find_printed(m, t, n, delta, rho);
  return v ? std::optional<double>(v->power) : std::nullopt;
}

std::string mc(const CellResult* c) {
  if (!c) return fmt::format("{:>11}", "—");
  // The bound alone where the SE is 0: "1.000≥0.9985" would not fit the column and reads as an inequality.
  if (const std::string b = format_mc_bound(c->estimate.power, c->estimate.bound); !b.empty()) return b;
  return fmt::format("{:.3f}±{:.3f}", c->estimate.power, c->estimate.mc_se);
}

// Under a table with a power of 1 or 0: its SE of 0 is replaced by a bound, and why.
void print_bound_note(std::FILE* out, const GridResult& r) {
  if (const std::string note = mc_bound_note(r.cells); !note.empty()) fmt::print(out, "{}\n", note);
}

std::string paper_text(std::optional<double> v) { return v ? fmt::format("{:.3f}", *v) : std::string("  —  "); }

// "!" marks a printed value more than paper_flag_se combined Monte Carlo SEs from ours.
std::string flag(const CellResult* c, std::optional<double> p) {
  if (!c || !p) return " ";
  return check_printed(*p, c->rejections, c->estimate.reps, std::nullopt).off_ours ? "!" : " ";
}

const char* model_name(ScoreModel m) {
  for (const auto& info : score_models())
    if (info.model == m) return info.title;
  return "";
}

std::optional<std::size_t> exact_n(PowerMethod m, double delta, double sd_diff, double alpha, double target) {
  auto s = min_sample_size(m, delta, sd_diff, alpha, target);
  if (!s) return std::nullopt;
  return s->n;
}

std::string n_text(std::optional<std::size_t> n) { return n ? fmt::format("{}", *n) : std::string("none"); }

void power_by_n_rho(std::FILE* out, const GridSpec& g, const GridResult& r, const char* section, double delta) {
  fmt::print(out, "\n§{}  Power at δ = {}: paired t, {} (α = {}, R = {})\n", section, delta,
             model_name(ScoreModel::normal), g.alpha, g.reps);
  fmt::print(out, "{:>6} ", "N");
  for (double rho : g.rho) fmt::print(out, "│ ρ = {:<4} MC ± SE   analytic paper  ", rho);
  fmt::print(out, "\n");
  for (std::size_t n : g.n) {
    fmt::print(out, "{:>6} ", n);
    for (double rho : g.rho) {
      const CellResult* c = find(r, ScoreModel::normal, PairedTest::t, n, delta, rho);
      const auto p = printed(ScoreModel::normal, PairedTest::t, n, delta, rho);
      const double a = c ? analytic_for_cell(g, *c) : std::nan("");
      fmt::print(out, "│ {:>16}  {:.3f}   {}{}  ", mc(c), a, paper_text(p), flag(c, p));
    }
    fmt::print(out, "\n");
  }
}

}  // namespace

void print_paper_tables(std::FILE* out, const GridSpec& g, const GridResult& r, double target) {
  const auto N = ScoreModel::normal, B = ScoreModel::beta_copula;
  const auto T = PairedTest::t, W = PairedTest::wilcoxon;
  fmt::print(out, "pairpower — the seed paper's grid, recomputed: {} replicates per cell, seed {}, {:.2f} s\n", g.reps,
             g.seed, r.elapsed_s);
  fmt::print(out, "MC ± SE: our Monte Carlo estimate and its standard error; analytic: noncentral t (Wilcoxon: non-null\n"
                  "moments) for the unclipped normal with σ_d = σ√(2(1−ρ)); paper: the printed value; ! = the printed\n"
                  "value lies more than {} combined Monte Carlo SEs from ours.\n", paper_flag_se);
  print_bound_note(out, r);
  power_by_n_rho(out, g, r, "4.2", 0.01);
  power_by_n_rho(out, g, r, "4.3", 0.02);

  fmt::print(out, "\n§4.5  Normal vs Beta model at δ = 0.02 (MC ± SE, analytic in parentheses, paper in brackets)\n");
  fmt::print(out, "{:>6} {:>5} │ {:^30} │ {:^30} │ {:^30} │ {:^30}\n", "N", "ρ", "normal t", "Beta t", "normal W", "Beta W");
  const std::pair<std::size_t, double> rows45[] = {{50, 0.5}, {100, 0.8}, {200, 0.95}, {500, 0.5}, {1000, 0.8}};
  for (auto [n, rho] : rows45) {
    fmt::print(out, "{:>6} {:>5.2f} ", n, rho);
    for (auto [m, t] : {std::pair{N, T}, std::pair{B, T}, std::pair{N, W}, std::pair{B, W}}) {
      const CellResult* c = find(r, m, t, n, 0.02, rho);
      const auto p = printed(m, t, n, 0.02, rho);
      fmt::print(out, "│ {:>11} ({:.3f}) [{}]{}  ", mc(c), c ? analytic_for_cell(g, *c) : std::nan(""), paper_text(p), flag(c, p));
    }
    fmt::print(out, "\n");
  }

  fmt::print(out, "\n§4.6  Paired t vs Wilcoxon, normal model, ρ = 0.8 (analytic in brackets)\n");
  fmt::print(out, "{:>6} {:>6} │ {:^26} │ {:^26} │ {:>10} │ {:>10}\n", "N", "δ", "t  [analytic] paper", "Wilcoxon [analytic] paper",
             "difference", "paper diff");
  const std::pair<std::size_t, double> rows46[] = {{50, 0.01}, {100, 0.02}, {200, 0.01}, {500, 0.01}, {1000, 0.01}};
  for (auto [n, delta] : rows46) {
    const CellResult* ct = find(r, N, T, n, delta, 0.8);
    const CellResult* cw = find(r, N, W, n, delta, 0.8);
    const auto pt = printed(N, T, n, delta, 0.8), pw = printed(N, W, n, delta, 0.8);
    fmt::print(out, "{:>6} {:>6.2f} ", n, delta);
    for (auto [c, p] : {std::pair{ct, pt}, std::pair{cw, pw}})
      fmt::print(out, "│ {:>11} [{:.3f}] {}{} ", mc(c), c ? analytic_for_cell(g, *c) : std::nan(""), paper_text(p), flag(c, p));
    const std::string diff = ct && cw ? fmt::format("{:+.3f}", ct->estimate.power - cw->estimate.power) : "—";
    const std::string pdiff = pt && pw ? fmt::format("{:+.3f}", *pt - *pw) : "—";
    fmt::print(out, "│ {:>10} │ {:>10}\n", diff, pdiff);
  }

  fmt::print(out, "\n§5.1  Type I error at δ = 0 (analytic: exactly α = {} for every cell; MC ± SE [paper])\n", g.alpha);
  fmt::print(out, "{:>6} {:>5} │ {:^22} │ {:^22} │ {:^22} │ {:^22}\n", "N", "ρ", "normal t", "normal W", "Beta t", "Beta W");
  for (std::size_t n : g.n)
    for (double rho : g.rho) {
      fmt::print(out, "{:>6} {:>5.2f} ", n, rho);
      for (auto [m, t] : {std::pair{N, T}, std::pair{N, W}, std::pair{B, T}, std::pair{B, W}}) {
        const CellResult* c = find(r, m, t, n, 0.0, rho);
        const auto p = printed(m, t, n, 0.0, rho);
        fmt::print(out, "│ {:>11} [{}]{}  ", mc(c), paper_text(p), flag(c, p));
      }
      fmt::print(out, "\n");
    }

  fmt::print(out, "\n§6.1  Minimum N for {:.0f}% power (α = {}): exact analytic N for t and Wilcoxon, the smallest grid N\n"
                  "      whose Monte Carlo t power reaches it (normal model), and the paper's printed range\n",
             100 * target, g.alpha);
  fmt::print(out, "{:>6} ", "δ");
  for (double rho : g.rho) fmt::print(out, "│ ρ = {:<4}  t     W     grid   paper     ", rho);
  fmt::print(out, "\n");
  const char* paper61[4][3] = {{">1000", "500-1000", "100-200"}, {"200-500", "100-200", "<50"}, {"50", "<50", "<50"}, {"<50", "<50", "<50"}};
  const double deltas61[4] = {0.01, 0.02, 0.05, 0.10};
  for (int i = 0; i < 4; ++i) {
    fmt::print(out, "{:>6.2f} ", deltas61[i]);
    for (std::size_t j = 0; j < g.rho.size() && j < 3; ++j) {
      const double sdd = sd_of_differences(g.marginal.sd, g.rho[j]);
      const auto nt = exact_n(PowerMethod::paired_t, deltas61[i], sdd, g.alpha, target);
      const auto nw = exact_n(PowerMethod::wilcoxon_moments, deltas61[i], sdd, g.alpha, target);
      std::string grid = fmt::format(">{}", g.n.back());
      for (std::size_t n : g.n) {
        const CellResult* c = find(r, N, T, n, deltas61[i], g.rho[j]);
        if (c && c->estimate.power >= target) {
          grid = n == g.n.front() ? fmt::format("≤{}", n) : fmt::format("{}", n);
          break;
        }
      }
      fmt::print(out, "│ {:>9} {:>5} {:>5} {:>6}  {:<9} ", "", n_text(nt), n_text(nw), grid, paper61[i][j]);
    }
    fmt::print(out, "\n");
  }

  fmt::print(out, "\n§9  Minimum detectable effect for {:.0f}% power (α = {}): exact analytic δ for t and Wilcoxon, paper's reading\n",
             100 * target, g.alpha);
  fmt::print(out, "{:>6} ", "N");
  for (double rho : g.rho) fmt::print(out, "│ ρ = {:<4}  t       W       paper   ", rho);
  fmt::print(out, "\n");
  const char* paper9[5][3] = {{"~0.048", "~0.030", "~0.015"}, {"~0.034", "~0.021", "~0.011"}, {"~0.024", "~0.015", "~0.008"},
                              {"~0.015", "~0.010", "~0.005"}, {"~0.011", "~0.007", "~0.003"}};
  for (std::size_t i = 0; i < g.n.size() && i < 5; ++i) {
    fmt::print(out, "{:>6} ", g.n[i]);
    for (std::size_t j = 0; j < g.rho.size() && j < 3; ++j) {
      const double sdd = sd_of_differences(g.marginal.sd, g.rho[j]);
      const auto mt = min_detectable_effect(PowerMethod::paired_t, g.n[i], sdd, g.alpha, target);
      const auto mw = min_detectable_effect(PowerMethod::wilcoxon_moments, g.n[i], sdd, g.alpha, target);
      fmt::print(out, "│ {:>8} {:.4f}  {:.4f}  {:<7} ", "", mt ? mt->delta : std::nan(""), mw ? mw->delta : std::nan(""),
                 paper9[i][j]);
    }
    fmt::print(out, "\n");
  }
}

void print_grid_table(std::FILE* out, const GridSpec& g, const GridResult& r, double target) {
  fmt::print(out, "pairpower simulate: {} replicates per cell, seed {}, α = {}{}, {:.2f} s\n", g.reps, g.seed, g.alpha, marginal_words(g),
             r.elapsed_s);
  if (g.question.kind == Question::equivalence)
    fmt::print(out, "power = P(shown equivalent within ±{}): each test run as TOST on d + M (greater) and d − M (less) at α\n", g.question.margin);
  if (g.question.kind == Question::non_inferiority)
    fmt::print(out, "power = P(shown non-inferior at margin {}): each test one-sided (greater) on d + M at α\n", g.question.margin);
  fmt::print(out, "{:<10} {:<9} {:>7} {:>8} {:>6} │ {:>7} {:>7} │ {:>8}\n", "model", "test", "N", "δ", "ρ", "power", "MC SE",
             "analytic");
  for (const CellResult& c : r.cells) {
    const double a = analytic_for_cell(g, c);
    const std::string bound = format_mc_bound(c.estimate.power, c.estimate.bound);
    fmt::print(out, "{:<10} {:<9} {:>7} {:>8} {:>6} │ {:>7.4f} {:>7} │ {:>8}\n", to_string(c.model), to_string(c.test), c.n, c.delta, c.rho,
               c.estimate.power, bound.empty() ? fmt::format("{:.4f}", c.estimate.mc_se) : bound, std::isnan(a) ? std::string("—") : fmt::format("{:.4f}", a));
  }
  print_bound_note(out, r);
  // The solvers answer for the grid's first model with its own σ_d and the run's alternative,
  // for the tests its closed form covers (plan_answer.hpp); "—" elsewhere.
  const PlanAnswer a = plan_answer(PlanSpec{g, target});
  if (a.offered == ModelAnalytic::none) {
    fmt::print(out, "\nNo closed form is offered for the {} model: read the smallest N and the MDE off the Monte Carlo rows above.\n", to_string(a.model));
    return;
  }
  const std::string asked = g.question.kind == Question::difference ? std::string(to_string(g.alternative))
                                                                    : claim_words(g.question.kind, fmt::format("{}", g.question.margin));
  const char* kind = a.exact ? "exact" : "normal theory of the model's σ_d";
  // The table's two columns: the paired t, and the Wilcoxon where the answer covers it.
  const auto column = [&](const auto& values, PairedTest t, auto text) {
    for (std::size_t i = 0; i < a.tests.size(); ++i)
      if (a.tests[i] == t) return text(values[i]);
    return std::string("—");
  };
  const auto n_cell = [](const std::optional<std::size_t>& n) { return n_text(n); };
  const auto mde_cell = [](const std::optional<double>& d) { return d ? fmt::format("{:.5f}", *d) : std::string("none"); };
  const auto rho_text = [&](double rho) { return a.any_rho ? std::string("any") : fmt::format("{}", rho); };
  fmt::print(out, "\nMinimum N for {:.0f}% power ({} model, {}, {}; t / Wilcoxon)\n", 100 * target, to_string(a.model), kind, asked);
  for (const auto& row : a.min_n)
    fmt::print(out, "  δ = {:<8} ρ = {:<6} N = {} / {}\n", row.delta, rho_text(row.rho), column(row.n, PairedTest::t, n_cell),
               column(row.n, PairedTest::wilcoxon, n_cell));
  fmt::print(out, "\n{} for {:.0f}% power ({} model, {}; t / Wilcoxon)\n", mde_heading(g.question.kind), 100 * target, to_string(a.model), asked);
  for (const auto& row : a.mde)
    fmt::print(out, "  N = {:<7} ρ = {:<6} δ = {} / {}\n", row.n, rho_text(row.rho), column(row.delta, PairedTest::t, mde_cell),
               column(row.delta, PairedTest::wilcoxon, mde_cell));
}

}  // namespace pairpower::cli
