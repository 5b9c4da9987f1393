// power, samplesize, mde: instant analytic answers for one scenario.
#include <cmath>
#include <cstdio>
#include <optional>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "pairpower/analytic_power.hpp"
#include "pairpower/solvers.hpp"

namespace pairpower::cli {
namespace {

void add_common(CLI::App& app, AnalyticFlags& f) {
  f.rho.option = app.add_option("--rho", f.rho.value, "correlation between the systems' scores, in (−1, 1)");
  f.sd.option = app.add_option("--sd", f.sd.value, "SD of each system's scores [0.12]");
  f.sd_diff.option = app.add_option("--sd-diff", f.sd_diff.value, "SD of the per-query differences (instead of --rho/--sd)");
  f.alpha.option = app.add_option("--alpha", f.alpha.value, "significance level, two-sided [0.05]");
  f.format.option = app.add_option("--format", f.format.value, "text or json [text]");
}

struct Common {
  double sd_diff;
  double alpha;
  bool json;
  nlohmann::ordered_json inputs;
};

Common common(const AnalyticFlags& f) {
  Common c{};
  c.alpha = f.alpha.given() ? check_open_unit("--alpha", parse_real("--alpha", f.alpha.value)) : 0.05;
  if (f.sd_diff.given()) {
    if (f.rho.given() || f.sd.given()) throw UsageError("--sd-diff: give either --sd-diff or --rho (with --sd), not both");
    c.sd_diff = check_positive("--sd-diff", parse_real("--sd-diff", f.sd_diff.value));
    c.inputs["sd_diff"] = c.sd_diff;
  } else {
    if (!f.rho.given()) throw UsageError("--rho: required (or give --sd-diff)");
    const double rho = check_rho("--rho", parse_real("--rho", f.rho.value));
    const double sd = f.sd.given() ? check_positive("--sd", parse_real("--sd", f.sd.value)) : 0.12;
    c.sd_diff = sd_of_differences(sd, rho);
    c.inputs["rho"] = rho;
    c.inputs["sd"] = sd;
    c.inputs["sd_diff"] = c.sd_diff;
  }
  c.inputs["alpha"] = c.alpha;
  const std::string format = f.format.given() ? f.format.value : "text";
  if (format != "text" && format != "json") throw UsageError(fmt::format("--format: '{}' is not one of text, json", format));
  c.json = format == "json";
  return c;
}

double target_power(const AnalyticFlags& f) {
  if (!f.power.given()) throw UsageError("--power: required (the target power, e.g. 0.8)");
  return check_open_unit("--power", parse_real("--power", f.power.value));
}

std::size_t sample_size(const AnalyticFlags& f) {
  if (!f.n.given()) throw UsageError("--n: required");
  const auto n = parse_count("--n", f.n.value, 2);
  if (n > 100'000'000) throw UsageError("--n: at most 100000000");
  return n;
}

double effect(const AnalyticFlags& f) {
  if (!f.delta.given()) throw UsageError("--delta: required");
  return parse_real("--delta", f.delta.value);
}

void emit(const nlohmann::ordered_json& j) { std::puts(j.dump(2).c_str()); }

}  // namespace

void add_power(CLI::App& app, AnalyticFlags& f) {
  f.n.option = app.add_option("--n", f.n.value, "number of queries (pairs)");
  f.delta.option = app.add_option("--delta", f.delta.value, "true mean difference δ");
  add_common(app, f);
}

void add_samplesize(CLI::App& app, AnalyticFlags& f) {
  f.delta.option = app.add_option("--delta", f.delta.value, "true mean difference δ to detect");
  f.power.option = app.add_option("--power", f.power.value, "target power, e.g. 0.8");
  add_common(app, f);
}

void add_mde(CLI::App& app, AnalyticFlags& f) {
  f.n.option = app.add_option("--n", f.n.value, "number of queries (pairs)");
  f.power.option = app.add_option("--power", f.power.value, "target power, e.g. 0.8");
  add_common(app, f);
}

int run_power(const AnalyticFlags& f) {
  const std::size_t n = sample_size(f);
  const double delta = effect(f);
  const Common c = common(f);
  const PairedEffect e{delta, c.sd_diff};
  const double pt = power_paired_t(n, e, c.alpha);
  const double pw = power_wilcoxon_moments(n, e, c.alpha);
  const double pn = power_wilcoxon_noether(n, e, c.alpha);
  const double ps = power_sign_test(n, e, c.alpha);
  if (c.json) {
    nlohmann::ordered_json j;
    j["t"] = {{"power", pt}, {"method", "noncentral t"}};
    j["wilcoxon"] = {{"power", pw}, {"method", "non-null moments (Lehmann)"}, {"noether", pn}};
    j["sign"] = {{"power", ps}, {"method", "exact binomial"}};
    j["inputs"] = c.inputs;
    j["inputs"]["n"] = n;
    j["inputs"]["delta"] = delta;
    emit(j);
  } else {
    fmt::print("N = {}, δ = {}, σ_d = {:.6g}, α = {}\n", n, delta, c.sd_diff, c.alpha);
    fmt::print("  paired t  power {:.4f}  (noncentral t)\n", pt);
    fmt::print("  Wilcoxon  power {:.4f}  (non-null moments; Noether 1987: {:.4f})\n", pw, pn);
    fmt::print("  sign      power {:.4f}  (exact binomial)\n", ps);
  }
  return 0;
}

namespace {

// Prints the paired-t and Wilcoxon answers of one solver, as JSON or text.
// `key` and `value` give the solved quantity; `text` words a solution.
template <class Solution, class Value, class Text>
void report(const Common& c, nlohmann::ordered_json inputs, const std::string& heading, const char* key,
            const std::optional<Solution>& t, const std::optional<Solution>& w, Value value, Text text,
            const char* reason) {
  if (c.json) {
    auto as_json = [&](const std::optional<Solution>& s) {
      nlohmann::ordered_json j;
      if (s) j = {{key, value(*s)}, {"power", s->power}};
      else j = {{key, nullptr}, {"power", nullptr}, {"reason", reason}};
      return j;
    };
    nlohmann::ordered_json j;
    j["t"] = as_json(t);
    j["wilcoxon"] = as_json(w);
    j["inputs"] = std::move(inputs);
    emit(j);
    return;
  }
  fmt::print("{}\n", heading);
  fmt::print("  paired t  {}\n", t ? text(*t) : reason);
  fmt::print("  Wilcoxon  {}\n", w ? text(*w) : reason);
}

}  // namespace

int run_samplesize(const AnalyticFlags& f) {
  const double delta = effect(f);
  const double target = target_power(f);
  const Common c = common(f);
  if (delta == 0) throw UsageError("--delta: must be nonzero (no N detects an effect of 0)");
  if (!(target > c.alpha)) throw UsageError("--power: must exceed --alpha");
  auto solve = [&](PowerMethod m) { return min_sample_size(m, delta, c.sd_diff, c.alpha, target); };
  nlohmann::ordered_json inputs = c.inputs;
  inputs["delta"] = delta;
  inputs["power"] = target;
  report(c, inputs, fmt::format("Smallest N with power ≥ {} for δ = {}, σ_d = {:.6g}, α = {}", target, delta, c.sd_diff, c.alpha),
         "n", solve(PowerMethod::paired_t), solve(PowerMethod::wilcoxon_moments),
         [](const SampleSizeSolution& s) { return s.n; },
         [](const SampleSizeSolution& s) { return fmt::format("N = {}  (power {:.4f})", s.n, s.power); },
         "not reached below N = 100000000");
  return 0;
}

int run_mde(const AnalyticFlags& f) {
  const std::size_t n = sample_size(f);
  const double target = target_power(f);
  const Common c = common(f);
  if (!(target > c.alpha)) throw UsageError("--power: must exceed --alpha");
  auto solve = [&](PowerMethod m) { return min_detectable_effect(m, n, c.sd_diff, c.alpha, target); };
  nlohmann::ordered_json inputs = c.inputs;
  inputs["n"] = n;
  inputs["power"] = target;
  report(c, inputs, fmt::format("Minimum detectable effect at N = {} for power {}, σ_d = {:.6g}, α = {}", n, target, c.sd_diff, c.alpha),
         "delta", solve(PowerMethod::paired_t), solve(PowerMethod::wilcoxon_moments),
         [](const EffectSolution& s) { return s.delta; },
         [&](const EffectSolution& s) { return fmt::format("δ = {:.6f}  (= {:.4f} σ_d)", s.delta, s.delta / c.sd_diff); },
         "no effect reaches the target power at this N");
  return 0;
}

}  // namespace pairpower::cli
