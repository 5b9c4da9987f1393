#include "pairpower/power/family_power.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "pairpower/base/errors.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/base/random.hpp"
#include "pairpower/simulation/detail/variates.hpp"
#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower {

std::optional<Correction> correction_from_string(std::string_view s) noexcept {
  for (Correction c : {Correction::none, Correction::bonferroni, Correction::holm, Correction::bh})
    if (s == to_string(c)) return c;
  return std::nullopt;
}


std::optional<FamilyTarget> family_target_from_string(std::string_view s) noexcept {
  for (FamilyTarget t : {FamilyTarget::all, FamilyTarget::any})
    if (s == to_string(t)) return t;
  return std::nullopt;
}

void validate(const Family& f) {
  if (f.comparisons < 1 || f.comparisons > family_comparisons_max)
    throw Error("comparisons", ErrorKind::invalid_value, "must be a whole number from 1 to " + std::to_string(family_comparisons_max),
                std::to_string(f.comparisons));
}

namespace {

void check(std::size_t n, Family f, PowerMethod m, double alpha) {
  validate_alpha(alpha);
  validate(f);
  const bool simulated = f.correction == Correction::holm || f.correction == Correction::bh;
  if (simulated && f.comparisons > 1 && m != PowerMethod::paired_t)
    throw Error("correction", ErrorKind::invalid_value, "Holm and BH power is simulated for the paired t-test only; use bonferroni for the other tests");
  if (simulated && f.comparisons > 1 && n < 3) throw Error("n", ErrorKind::invalid_value, "must be at least 3 for Holm or BH power", std::to_string(n));
}

// How many of the K comparisons the correction rejects, as statsmodels' multipletests decides
// on p-values, here on the statistics: p ≤ a ⟺ s ≥ c(a) for the "extremeness" s (|t| two-sided,
// t for "greater", −t for "less") and c(a) its critical value, so no tail probability is computed
// per replicate. `s` sorted descending; crit[j] is c of the j-th threshold (Holm α/(K−j), BH (j+1)α/K).
std::size_t rejected(const std::vector<double>& s, const std::vector<double>& crit, Correction c) {
  const std::size_t k = s.size();
  std::size_t r = 0;
  if (c == Correction::holm) {
    while (r < k && s[r] >= crit[r]) ++r;
    return r;
  }
  // Benjamini–Hochberg: the largest i with p_(i) ≤ iα/K, and every smaller p with it.
  for (std::size_t i = 0; i < k; ++i)
    if (s[i] >= crit[i]) r = i + 1;
  return r;
}

// Counts over replicates [r0, r1) of the simulation below; each replicate seeds its own
// generator, so counts over consecutive ranges add up to those of the whole range.
struct FamilyCounts {
  std::uint64_t all = 0, any = 0, detected = 0;
  double sum_sq = 0;
};

FamilyCounts simulate_range(std::size_t n, PairedEffect e, double alpha, Alternative alt, Family f, std::uint64_t r0, std::uint64_t r1,
                            std::uint64_t seed) {
  const std::size_t k = f.comparisons;
  const double df = static_cast<double>(n - 1);
  const double lambda = e.delta * std::sqrt(static_cast<double>(n)) / e.sd_diff;
  const GammaShape shape(0.5 * df);
  // The critical statistic of each threshold the correction compares the ordered p-values with.
  std::vector<double> crit(k);
  for (std::size_t j = 0; j < k; ++j) {
    const double a = f.correction == Correction::holm ? alpha / static_cast<double>(k - j) : static_cast<double>(j + 1) * alpha / static_cast<double>(k);
    crit[j] = t_quantile_upper(alt == Alternative::two_sided ? a / 2 : a, df);
  }
  // λ stays out of the key: runs at other effects and n share their normals (common random numbers).
  const std::uint64_t key = hash_words({seed, k, static_cast<std::uint64_t>(f.correction)});
  std::vector<double> s(k);
  FamilyCounts c;
  for (std::uint64_t r = r0; r < r1; ++r) {
    Xoshiro128x8 rng(hash_words({key, r}));
    WordStream words(rng);
    for (std::size_t i = 0; i < k; ++i) {
      const double z = words.normal();
      const double v = chi2_over_df(shape, words);
      const double t = (z + lambda) / std::sqrt(v);
      s[i] = alt == Alternative::two_sided ? std::fabs(t) : alt == Alternative::greater ? t : -t;
    }
    std::sort(s.begin(), s.end(), std::greater<>());
    const std::size_t hit = rejected(s, crit, f.correction);
    c.all += hit == k;
    c.any += hit > 0;
    c.detected += hit;
    c.sum_sq += static_cast<double>(hit * hit);
  }
  return c;
}

FamilyPower simulate(std::size_t n, PairedEffect e, double alpha, Alternative alt, Family f, std::uint64_t reps, std::uint64_t seed) {
  const FamilyCounts c = simulate_range(n, e, alpha, alt, f, 0, reps, seed);
  const double R = static_cast<double>(reps), K = static_cast<double>(f.comparisons);
  FamilyPower out{};
  out.monte_carlo = true;
  out.reps = reps;
  out.per_comparison = static_cast<double>(c.detected) / (R * K);
  out.all = static_cast<double>(c.all) / R;
  out.any = static_cast<double>(c.any) / R;
  const double mean_hit = static_cast<double>(c.detected) / R;
  const double var_hit = std::max(0.0, c.sum_sq / R - mean_hit * mean_hit);
  out.mc_se_per = std::sqrt(var_hit / R) / K;
  out.mc_se_all = std::sqrt(out.all * (1 - out.all) / R);
  out.mc_se_any = std::sqrt(out.any * (1 - out.any) / R);
  const auto bound = [&](std::uint64_t hits) { const double b = make_estimate(hits, reps).bound; return std::isnan(b) ? std::nullopt : std::optional(b); };
  out.bound_all = bound(c.all);
  out.bound_any = bound(c.any);
  return out;
}

// Whether the simulated target reaches `power` at n, reading the `reps` replicates in blocks:
// once the running estimate lies more than 5 SEs (at the target) from it, it stops there, as
// a true power on the other side of the target gives such an estimate with a chance below
// 1e-6. Near the target every replicate runs and the decision is the full simulation's.
bool simulated_reaches(std::size_t n, PairedEffect e, double alpha, Alternative alt, Family f, FamilyTarget target, double power,
                       std::uint64_t reps, std::uint64_t seed) {
  constexpr std::uint64_t block = 1000;
  FamilyCounts c;
  for (std::uint64_t r0 = 0; r0 < reps; r0 += block) {
    const FamilyCounts part = simulate_range(n, e, alpha, alt, f, r0, std::min(reps, r0 + block), seed);
    c.all += part.all;
    c.any += part.any;
    const double m = static_cast<double>(std::min(reps, r0 + block));
    const double p = static_cast<double>(target == FamilyTarget::all ? c.all : c.any) / m;
    if (m >= static_cast<double>(reps)) return p >= power;
    // The SE at the target itself: an estimate of 0 or 1 says nothing about its own spread.
    if (std::fabs(p - power) > 5 * std::sqrt(power * (1 - power) / m)) return p >= power;
  }
  return false;
}

// The family targets a closed form gives exactly, for K independent comparisons each rejecting at
// level a with power p(a): Holm rejects at least one iff min p ≤ α/K, Bonferroni's own rule, so its
// "any" is 1 − (1 − p(α/K))^K; BH rejects all K iff the largest p ≤ α (its last step), so its "all"
// is p(α)^K, the uncorrected one. The other target of each is simulated.
bool closed_form_target(Correction c, FamilyTarget target) noexcept {
  return (c == Correction::holm && target == FamilyTarget::any) || (c == Correction::bh && target == FamilyTarget::all);
}

double closed_form_value(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt, std::size_t k, Correction c) {
  const double kk = static_cast<double>(k);
  if (c == Correction::holm) return 1.0 - std::pow(1.0 - analytic_power(m, n, e, alpha / kk, alt), kk);
  return std::pow(analytic_power(m, n, e, alpha, alt), kk);
}

}  // namespace

FamilyPower family_power(PowerMethod m, std::size_t n, PairedEffect e, double alpha, Alternative alt, Family f, std::uint64_t reps,
                         std::uint64_t seed) {
  check(n, f, m, alpha);
  const double k = static_cast<double>(f.comparisons);
  if (f.comparisons > 1 && (f.correction == Correction::holm || f.correction == Correction::bh)) {
    if (reps < 1) throw Error("reps", ErrorKind::invalid_value, "must be at least 1");
    FamilyPower out = simulate(n, e, alpha, alt, f, reps, seed);
    if (f.correction == Correction::holm) out.any = closed_form_value(m, n, e, alpha, alt, f.comparisons, f.correction), out.mc_se_any = 0, out.bound_any.reset();
    else out.all = closed_form_value(m, n, e, alpha, alt, f.comparisons, f.correction), out.mc_se_all = 0, out.bound_all.reset();
    return out;
  }
  const double level = f.correction == Correction::none ? alpha : alpha / k;
  if (level < 1e-10) throw Error("comparisons", ErrorKind::invalid_value, "α/K falls below 1e-10, where the t quantile leaves double range; use fewer comparisons or a larger α");
  const double p = analytic_power(m, n, e, level, alt);
  FamilyPower out{};
  out.per_comparison = p;
  out.all = std::pow(p, k);
  out.any = 1.0 - std::pow(1.0 - p, k);
  return out;
}

std::optional<std::size_t> family_sample_size(PowerMethod m, double delta, double sd_diff, double alpha, Alternative alt, Family f,
                                              FamilyTarget target, double power, std::size_t n_max, std::uint64_t reps, std::uint64_t seed) {
  if (!(power > 0 && power < 1)) throw Error("power", ErrorKind::invalid_value, "must lie strictly between 0 and 1");
  const PairedEffect e = PairedEffect::from_sd_diff(delta, sd_diff);
  if (delta == 0) return std::nullopt;
  if ((alt == Alternative::greater && delta < 0) || (alt == Alternative::less && delta > 0)) return std::nullopt;
  const bool analytic = f.correction == Correction::none || f.correction == Correction::bonferroni || f.comparisons == 1;
  if (!analytic && closed_form_target(f.correction, target)) {
    // The same answer as the closed form's procedure (see closed_form_target), but Holm and BH need n ≥ 3.
    const Family same{f.comparisons, f.correction == Correction::holm ? Correction::bonferroni : Correction::none};
    const auto n = family_sample_size(m, delta, sd_diff, alpha, alt, same, target, power, n_max, reps, seed);
    return n ? std::optional<std::size_t>(std::max<std::size_t>(*n, 3)) : std::nullopt;
  }
  const auto reached = [&](std::size_t n) {
    if (analytic) {
      const FamilyPower fp = family_power(m, n, e, alpha, alt, f, reps, seed);
      return (target == FamilyTarget::all ? fp.all : fp.any) >= power;
    }
    check(n, f, m, alpha);
    if (reps < 1) throw Error("reps", ErrorKind::invalid_value, "must be at least 1");
    return simulated_reaches(n, e, alpha, alt, f, target, power, reps, seed);
  };
  std::size_t lo = 2, hi = 3;  // Holm and BH need n ≥ 3; the analytic ones start at 2
  if (analytic) {
    if (reached(2)) return 2;
  } else {
    lo = 3;
    hi = 4;
    // Bonferroni rejects a subset of what Holm or BH reject, and both reject a subset of the
    // uncorrected tests at α, so the answer lies between those two closed-form answers: bisect
    // there, checking the upper end by simulation (its Monte Carlo error may put it just short).
    const auto at_most = family_sample_size(m, delta, sd_diff, alpha, alt, {f.comparisons, Correction::bonferroni}, target, power, n_max, reps, seed);
    const auto at_least = family_sample_size(m, delta, sd_diff, alpha, alt, {f.comparisons, Correction::none}, target, power, n_max, reps, seed);
    if (!at_least) return std::nullopt;
    if (*at_least <= 3 && reached(3)) return 3;
    if (*at_least > lo + 1) lo = *at_least - 1;
    hi = at_most && *at_most > lo ? *at_most : std::max(hi, lo + 1);
  }
  while (!reached(hi)) {
    if (hi >= n_max) return std::nullopt;
    lo = hi;
    hi = std::min(n_max, hi * 2);
  }
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (reached(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

}  // namespace pairpower
