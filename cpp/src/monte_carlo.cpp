#include "pairpower/monte_carlo.hpp"

#include "pairpower/errors.hpp"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>

#include <boost/math/distributions/normal.hpp>

#include "pairpower/analytic_power.hpp"
#include "pairpower/beta_quantile_table.hpp"
#include "pairpower/decision_rules.hpp"
#include "pairpower/fast_normal.hpp"
#include "pairpower/formatting.hpp"
#include "pairpower/paired_t.hpp"
#include "pairpower/partition_pool.hpp"
#include "pairpower/random.hpp"
#include "pairpower/registry.hpp"
#include "pairpower/shared_cache.hpp"
#include "pairpower/signed_ranks.hpp"

namespace pairpower {

std::string_view to_string(PairedTest t) noexcept {
  switch (t) {
#define PAIRPOWER_PAIRED_TEST(e, id, label, short_label, method, solvable) \
  case PairedTest::e: return id;
#include "pairpower/registry/paired_tests.def"
#undef PAIRPOWER_PAIRED_TEST
  }
  return "?";
}

std::optional<PairedTest> paired_test_from_string(std::string_view s) noexcept {
#define PAIRPOWER_PAIRED_TEST(e, id, label, short_label, method, solvable) \
  if (s == id) return PairedTest::e;
#include "pairpower/registry/paired_tests.def"
#undef PAIRPOWER_PAIRED_TEST
  return std::nullopt;
}

PowerEstimate make_estimate(std::uint64_t rejections, std::uint64_t reps) noexcept {
  const double p = static_cast<double>(rejections) / static_cast<double>(reps);
  return {p, std::sqrt(p * (1.0 - p) / static_cast<double>(reps)), reps};
}

// N and R within the registry's bounds of the Plan fields (registry.cpp).
static void check_count(const char* field, std::uint64_t v) {
  const Bounds& b = plan_field(field).bounds;
  if (!b.contains(static_cast<double>(v)))
    throw Error(field, ErrorKind::invalid_value, std::to_string(v) + " is outside " + format_csv(b.min) + " … " + format_csv(b.max), std::to_string(v));
}

void validate(const GridSpec& g) {
  auto fail = [](const char* field, const std::string& rule) { throw Error(field, ErrorKind::invalid_value, rule); };
  if (g.models.empty()) fail("model", "at least one score model is required");
  if (g.n.empty()) fail("n", "at least one sample size is required");
  for (std::size_t n : g.n) check_count("n", n);
  if (g.delta.empty()) fail("delta", "at least one effect is required");
  if (g.rho.empty()) fail("rho", "at least one correlation is required");
  if (g.tests.empty()) fail("tests", "at least one test is required");
  validate_alpha(g.alpha);
  check_count("reps", g.reps);
  validate(g.question, g.alternative);
  for (ScoreModel m : g.models)
    for (double d : g.delta)
      for (double r : g.rho) validate(Scenario{m, g.marginal, d, r, g.params});
}

namespace {

using RuleKey = std::tuple<std::size_t, std::uint64_t, int>;  // (n, bits of α, alternative)

// Cells that differ only in δ share their random numbers (δ is not in the
// key), so they are simulated together: one generation pass, and for the Beta
// model one quantile lookup for system A, serve every δ.
struct Rules {
  std::shared_ptr<const PairedTRule> t;
  std::shared_ptr<const WilcoxonRule> wilcoxon;
  std::shared_ptr<const SignRule> sign;
  bool needs_ranks = false;
};

struct Group {
  PlanQuestion question;
  Rules rules_less;  // equivalence: the upper one-sided test (on d − M, "less"); `rules` then holds the lower ("greater")
  ScoreModel model;
  std::size_t n;
  double rho;
  ScoreMarginal marginal;
  std::vector<double> deltas;
  std::vector<PairedTest> tests;
  std::uint64_t key;
  Rules rules;
  std::shared_ptr<const GaussianToBeta> beta_a;
  std::vector<std::shared_ptr<const GaussianToBeta>> beta_b;  // one per δ
  ModelParams params;
  double threshold_a = 0;               // binary: Φ⁻¹(μ)
  std::vector<double> threshold_b;      // binary: Φ⁻¹(μ + δ), one per δ
  std::vector<double> pilot_centred;    // pilot: b − a (raw; the shift to δ is per δ, see pilot_shift)
  std::vector<double> pilot_shift;      // pilot: δ − mean(b − a) per δ, 0 when within rounding of 0
  std::shared_ptr<const GaussianToInverseRootChi2> inverse_root_chi2;  // heavy-tailed: z ↦ 1/√V
};

Group prepare(const GroupSpec& spec) {
  static SharedCache<RuleKey, PairedTRule> t_rules;
  static SharedCache<RuleKey, WilcoxonRule> w_rules;
  static SharedCache<RuleKey, SignRule> s_rules;
  if (spec.deltas.empty()) throw Error("delta", ErrorKind::invalid_value, "at least one effect is required");
  if (spec.tests.empty()) throw Error("tests", ErrorKind::invalid_value, "at least one test is required");
  for (double d : spec.deltas) validate(Scenario{spec.model, spec.marginal, d, spec.rho, spec.params});
  check_count("n", spec.n);
  validate_alpha(spec.alpha);
  const std::size_t n = spec.n;
  const double alpha = spec.alpha;
  Group g{spec.question, {}, spec.model, n, spec.rho, spec.marginal, spec.deltas, spec.tests, 0, {}, nullptr, {}, spec.params, 0, {}, {}, {}, nullptr};
  // δ is deliberately absent: common random numbers across effects.
  g.key = hash_words({spec.seed, static_cast<std::uint64_t>(spec.model), n, bits_of(spec.rho), bits_of(spec.marginal.mean),
                      bits_of(spec.marginal.sd)});
  validate(spec.question, spec.alternative);
  const auto make_rules = [&](Alternative alt) {
    Rules rules;
    const RuleKey rk{n, bits_of(alpha), static_cast<int>(alt)};
    for (PairedTest t : g.tests) {
      switch (t) {
        case PairedTest::t: rules.t = t_rules.get(rk, [&] { return PairedTRule(n, alpha, alt); }); break;
        case PairedTest::wilcoxon:
          rules.wilcoxon = w_rules.get(rk, [&] { return WilcoxonRule(n, alpha, alt); });
          rules.needs_ranks = true;
          break;
        case PairedTest::sign:
          rules.sign = s_rules.get(rk, [&] { return SignRule(n, alpha, alt); });
          rules.needs_ranks = true;
          break;
      }
    }
    return rules;
  };
  // The question's one-sided tests on shifted differences: d + M against "greater", d − M against "less".
  g.rules = make_rules(spec.question.kind == Question::difference ? spec.alternative : Alternative::greater);
  if (spec.question.kind == Question::equivalence) g.rules_less = make_rules(Alternative::less);
  if (const auto shapes = group_beta_shapes(spec); !shapes.empty()) {
    g.beta_a = tabulated_beta(shapes.front());
    for (std::size_t i = 1; i < shapes.size(); ++i) g.beta_b.push_back(tabulated_beta(shapes[i]));
  }
  if (spec.model == ScoreModel::heavy_tailed) {
    static SharedCache<std::uint64_t, GaussianToInverseRootChi2> tables;
    const double nu = spec.params.df;
    g.inverse_root_chi2 = tables.get(bits_of(nu), [nu] { return GaussianToInverseRootChi2(nu); });
  }
  if (spec.model == ScoreModel::binary) {
    const boost::math::normal z;
    g.threshold_a = boost::math::quantile(z, spec.marginal.mean);
    for (double d : g.deltas) g.threshold_b.push_back(boost::math::quantile(z, spec.marginal.mean + d));
  }
  if (spec.model == ScoreModel::pilot) {
    const auto& d = *spec.params.pilot;
    double mean = 0;
    for (double x : d) mean += x;
    mean /= static_cast<double>(d.size());
    // Shift the raw differences, so that a δ equal to the pilot's own mean keeps its zeros (ties)
    // exactly zero instead of ±1e-18 that the sign and Wilcoxon tests would count on one side.
    g.pilot_centred = d;
    double scale = 0;
    for (double x : d) scale = std::max(scale, std::fabs(x));
    for (double delta : g.deltas) {
      const double shift = delta - mean;
      g.pilot_shift.push_back(std::fabs(shift) <= 8 * std::numeric_limits<double>::epsilon() * std::max(scale, std::fabs(delta)) ? 0.0 : shift);
    }
  }
  return g;
}

struct Workspace {
  std::vector<std::uint32_t> bits, extra_bits;
  std::vector<float> z1, z2, z3, z4;
  std::vector<double> a, w, d, x, shifted;
  std::vector<unsigned char> reject, upper;  // per test: the decision, and for TOST the upper test's  // x: a per-query extra (heterogeneous τZ₃, heavy-tailed c/√V, zero-inflated keep 0/1)
  SignedRanker ranker;
};

// Every test's decision on the differences d under `rules`; reject[k] for tests[k].
void decide(const Group& g, const Rules& rules, const double* d, Workspace& ws, unsigned char* reject) {
  const std::size_t n = g.n;
  SignedRankSums ranks;
  if (rules.needs_ranks) ranks = ws.ranker.rank(d, n);
  for (std::size_t k = 0; k < g.tests.size(); ++k) {
    switch (g.tests[k]) {
      case PairedTest::t: reject[k] = rules.t->rejects(t_statistic(d, n)); break;
      case PairedTest::wilcoxon: reject[k] = rules.wilcoxon->rejects(ranks); break;
      case PairedTest::sign: reject[k] = rules.sign->rejects(ranks.n_positive, ranks.n_nonzero); break;
    }
  }
}

// d + c, with results within rounding of 0 set to 0: a lattice difference equal to the
// margin must count as a tie (zero) for the Wilcoxon and sign tests, not as ±1e-17.
const double* shifted(const double* d, double* out, std::size_t n, double c) {
  const double eps = 64 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::fabs(c));
  for (std::size_t i = 0; i < n; ++i) {
    const double x = d[i] + c;
    out[i] = std::fabs(x) <= eps ? 0.0 : x;
  }
  return out;
}

void count_rejections(const Group& g, Workspace& ws, std::uint64_t* counts) {
  const std::size_t n = g.n;
  ws.reject.resize(g.tests.size());
  ws.upper.resize(g.tests.size());
  unsigned char* reject = ws.reject.data();
  unsigned char* upper = ws.upper.data();
  switch (g.question.kind) {
    case Question::difference: decide(g, g.rules, ws.d.data(), ws, reject); break;
    case Question::non_inferiority: decide(g, g.rules, shifted(ws.d.data(), ws.shifted.data(), n, g.question.margin), ws, reject); break;
    case Question::equivalence:
      // TOST: both one-sided tests reject.
      decide(g, g.rules, shifted(ws.d.data(), ws.shifted.data(), n, g.question.margin), ws, reject);
      decide(g, g.rules_less, shifted(ws.d.data(), ws.shifted.data(), n, -g.question.margin), ws, upper);
      for (std::size_t k = 0; k < g.tests.size(); ++k) reject[k] = reject[k] && upper[k];
      break;
  }
  for (std::size_t k = 0; k < g.tests.size(); ++k) counts[k] += reject[k] ? 1 : 0;
}

inline double clip01(double s) noexcept { return std::min(std::max(s, 0.0), 1.0); }

// The per-query extras some models need, from the second generator.
[[gnu::always_inline]] inline void draw_extras(const Group& g, ScoreModel model, std::uint64_t rep, Workspace& ws) {
  const std::size_t n = g.n;
  const std::size_t padded = (n + 7) / 8 * 8;
  Xoshiro128x8 extra(hash_words({g.key, rep, 1}));
  double* x = ws.x.data();
  switch (model) {
    case ScoreModel::heterogeneous: {
      ws.extra_bits.resize(2 * padded);
      extra.fill(ws.extra_bits.data(), 2 * padded);
      box_muller(ws.extra_bits.data(), ws.extra_bits.data() + padded, ws.z3.data(), ws.z4.data(), n);
      for (std::size_t i = 0; i < n; ++i) x[i] = g.params.tau * ws.z3[i];
      break;
    }
    case ScoreModel::heavy_tailed: {
      // One Box–Muller pass gives two normals per pair of words: half as many pairs as queries.
      // Each normal z becomes the query's scale c/√V through V's quantile at Φ(z) (a table),
      // so V ~ χ²_ν/ν exactly in distribution, without a rejection sampler per query.
      const std::size_t half = (n + 1) / 2, half_padded = (half + 7) / 8 * 8;
      ws.extra_bits.resize(2 * half_padded);
      extra.fill(ws.extra_bits.data(), 2 * half_padded);
      box_muller(ws.extra_bits.data(), ws.extra_bits.data() + half_padded, ws.z3.data(), ws.z3.data() + half, n / 2);
      if (n % 2) {
        float spare = 0;
        box_muller(ws.extra_bits.data() + n / 2, ws.extra_bits.data() + half_padded + n / 2, ws.z3.data() + n / 2, &spare, 1);
      }
      const double nu = g.params.df;
      const double c = g.marginal.sd * std::sqrt((nu - 2.0) / nu);
      for (std::size_t i = 0; i < n; ++i) x[i] = ws.z3[i];
      g.inverse_root_chi2->transform(x, x, n);
      for (std::size_t i = 0; i < n; ++i) x[i] *= c;
      break;
    }
    case ScoreModel::zero_inflated: {
      ws.extra_bits.resize(padded);
      extra.fill(ws.extra_bits.data(), padded);
      // Kept (1) unless the query is one no system answers: (bits >> 8)/2^24 < π.
      const double cut = g.params.zero_share * 16777216.0;
      for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<double>(ws.extra_bits[i] >> 8) < cut ? 0.0 : 1.0;
      break;
    }
    case ScoreModel::pilot: {
      ws.extra_bits.resize(padded);
      extra.fill(ws.extra_bits.data(), padded);
      // Multiply-shift index into the m pilot queries (bias below m/2^32).
      const std::uint64_t m = g.pilot_centred.size();
      for (std::size_t i = 0; i < n; ++i) x[i] = g.pilot_centred[(static_cast<std::uint64_t>(ws.extra_bits[i]) * m) >> 32];
      break;
    }
    default: break;
  }
}

// One model's replicates r0 … r1, added to counts (deltas × tests, row-major).
// A function per model: the loops of the other models are not in it, so V8's
// optimising tier compiles the one a run uses, not all of them (a 16.5 KB function
// took it 50-90 ms on a first open, traced).
template <ScoreModel M>
[[gnu::noinline]] void run_reps_as(const Group& g, std::uint64_t r0, std::uint64_t r1, Workspace& ws, std::uint64_t* counts) {
  const std::size_t n = g.n;
  const std::size_t padded = (n + 7) / 8 * 8;
  ws.bits.resize(2 * padded);
  for (auto* v : {&ws.z1, &ws.z2, &ws.z3, &ws.z4}) v->resize(n);
  for (auto* v : {&ws.a, &ws.w, &ws.d, &ws.x, &ws.shifted}) v->resize(n);
  const double rho = g.rho;
  const double ortho = std::sqrt(1.0 - rho * rho);
  const double mean = g.marginal.mean, sd = g.marginal.sd;
  constexpr ScoreModel model = M;
  const double levels = static_cast<double>(g.params.levels);
  double* a = ws.a.data();
  double* w = ws.w.data();
  double* d = ws.d.data();
  const double* x = ws.x.data();
  for (std::uint64_t rep = r0; rep < r1; ++rep) {
    if (model != ScoreModel::pilot) {
      Xoshiro128x8 rng(hash_words({g.key, rep}));
      rng.fill(ws.bits.data(), 2 * padded);
      box_muller(ws.bits.data(), ws.bits.data() + padded, ws.z1.data(), ws.z2.data(), n);
      const float* z1 = ws.z1.data();
      const float* z2 = ws.z2.data();
      // Latent pair: system A's z and system B's correlated z, in double.
      for (std::size_t i = 0; i < n; ++i) {
        const double u = z1[i], v = z2[i];
        a[i] = u;
        w[i] = rho * u + ortho * v;
      }
    }
    draw_extras(g, model, rep, ws);
    // System A's scores (for lattice: K times the score, a whole number).
    switch (model) {
      case ScoreModel::beta_copula: g.beta_a->transform(a, a, n); break;
      case ScoreModel::normal:
        for (std::size_t i = 0; i < n; ++i) a[i] = mean + sd * a[i];
        break;
      case ScoreModel::clipped_normal:
      case ScoreModel::heterogeneous:
        for (std::size_t i = 0; i < n; ++i) a[i] = clip01(mean + sd * a[i]);
        break;
      case ScoreModel::heavy_tailed:
        for (std::size_t i = 0; i < n; ++i) a[i] = clip01(mean + x[i] * a[i]);
        break;
      case ScoreModel::zero_inflated:
        for (std::size_t i = 0; i < n; ++i) a[i] = x[i] * clip01(mean + sd * a[i]);
        break;
      case ScoreModel::binary:
        for (std::size_t i = 0; i < n; ++i) a[i] = a[i] < g.threshold_a ? 1.0 : 0.0;
        break;
      case ScoreModel::lattice:
        for (std::size_t i = 0; i < n; ++i) a[i] = std::round(levels * clip01(mean + sd * a[i]));
        break;
      case ScoreModel::pilot: break;
    }
    for (std::size_t j = 0; j < g.deltas.size(); ++j) {
      const double mean_b = mean + g.deltas[j];
      switch (model) {
        case ScoreModel::beta_copula:
          g.beta_b[j]->transform(w, d, n);
          for (std::size_t i = 0; i < n; ++i) d[i] -= a[i];
          break;
        case ScoreModel::normal:
          for (std::size_t i = 0; i < n; ++i) d[i] = (mean_b + sd * w[i]) - a[i];
          break;
        case ScoreModel::clipped_normal:
          for (std::size_t i = 0; i < n; ++i) d[i] = clip01(mean_b + sd * w[i]) - a[i];
          break;
        case ScoreModel::heterogeneous:
          for (std::size_t i = 0; i < n; ++i) d[i] = clip01(mean_b + x[i] + sd * w[i]) - a[i];
          break;
        case ScoreModel::heavy_tailed:
          for (std::size_t i = 0; i < n; ++i) d[i] = clip01(mean_b + x[i] * w[i]) - a[i];
          break;
        case ScoreModel::zero_inflated:
          for (std::size_t i = 0; i < n; ++i) d[i] = x[i] * clip01(mean_b + sd * w[i]) - a[i];
          break;
        case ScoreModel::binary: {
          const double t = g.threshold_b[j];
          for (std::size_t i = 0; i < n; ++i) d[i] = (w[i] < t ? 1.0 : 0.0) - a[i];
          break;
        }
        case ScoreModel::lattice:
          // Whole numbers subtracted, then scaled: equal differences are equal doubles (ties stay ties).
          for (std::size_t i = 0; i < n; ++i) d[i] = (std::round(levels * clip01(mean_b + sd * w[i])) - a[i]) / levels;
          break;
        case ScoreModel::pilot:
          for (std::size_t i = 0; i < n; ++i) d[i] = x[i] + g.pilot_shift[j];
          break;
      }
      count_rejections(g, ws, counts + j * g.tests.size());
    }
  }
}

// run_reps_as for each model, called through this table: Binaryen (wasm-opt, at
// link time) inlines a function that has one caller whatever its attributes, and
// would fold them all back into one function again; an indirect call it keeps.
using RunReps = void (*)(const Group&, std::uint64_t, std::uint64_t, Workspace&, std::uint64_t*);
constexpr RunReps run_reps_by_model[] = {
#define PAIRPOWER_SCORE_MODEL(e, id, label, title, param, analytic) &run_reps_as<ScoreModel::e>,
#include "pairpower/registry/score_models.def"
#undef PAIRPOWER_SCORE_MODEL
};

// Replicates per call of run_reps_as: ~64k pairs. WebAssembly code that V8 has
// optimised is used from a function's next call, so a long first call would run
// all of it in the baseline tier; and threads sharing a range take it in pieces.
std::uint64_t reps_per_call(const Group& g) {
  return std::max<std::uint64_t>(1, 65536 / (static_cast<std::uint64_t>(g.n) * std::max<std::size_t>(1, g.deltas.size())));
}

// counts: deltas × tests, row-major. Each replicate draws from its own
// generator: how the range is split changes no value.
void run_reps(const Group& g, std::uint64_t r0, std::uint64_t r1, Workspace& ws, std::uint64_t* counts) {
  const RunReps run = run_reps_by_model[static_cast<std::size_t>(g.model)];
  const std::uint64_t per = reps_per_call(g);
  for (std::uint64_t r = r0; r < r1; r += per) run(g, r, std::min(r1, r + per), ws, counts);
}

}  // namespace

std::vector<GroupSpec> grid_groups(const GridSpec& g) {
  std::vector<GroupSpec> groups;
  for (ScoreModel m : g.models)
    for (std::size_t n : g.n)
      for (double r : g.rho) groups.push_back(GroupSpec{m, n, r, g.marginal, g.delta, g.alpha, g.tests, g.seed, g.params, g.alternative, g.question});
  return groups;
}

std::vector<BetaShape> group_beta_shapes(const GroupSpec& group) {
  if (group.model != ScoreModel::beta_copula) return {};
  std::vector<BetaShape> shapes{beta_from_moments(group.marginal.mean, group.marginal.sd)};
  for (double d : group.deltas) shapes.push_back(beta_from_moments(group.marginal.mean + d, group.marginal.sd));
  return shapes;
}

std::vector<std::uint64_t> simulate_group(const GroupSpec& spec, std::uint64_t rep_begin, std::uint64_t rep_end,
                                          unsigned threads) {
  if (rep_end < rep_begin) throw Error("reps", ErrorKind::invalid_value, "the replicate range ends before it starts");
  const Group g = prepare(spec);
  const std::size_t stride = spec.deltas.size() * spec.tests.size();
  const std::uint64_t total = rep_end - rep_begin;
  const unsigned parts = static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(std::max(1u, threads), total)));
  std::vector<std::uint64_t> counts(parts * stride, 0);
  // The threads take the range in pieces from a shared counter rather than a
  // fixed share each: a thread the system holds back (the page's own thread on a
  // 2-core machine) no longer keeps the other waiting at the end of the call.
  const std::uint64_t per = reps_per_call(g);
  std::atomic<std::uint64_t> next{rep_begin};
  auto run_part = [&](unsigned part) {
    Workspace ws;
    for (;;) {
      const std::uint64_t r0 = next.fetch_add(per);
      if (r0 >= rep_end) break;
      run_reps(g, r0, std::min(rep_end, r0 + per), ws, counts.data() + part * stride);
    }
  };
  PartitionPool::shared().run(parts, run_part);
  for (unsigned part = 1; part < parts; ++part)
    for (std::size_t k = 0; k < stride; ++k) counts[k] += counts[part * stride + k];
  counts.resize(stride);
  return counts;
}

std::vector<std::uint64_t> simulate_cell(const CellSpec& cell, std::uint64_t rep_begin, std::uint64_t rep_end) {
  const Scenario& s = cell.scenario;
  return simulate_group(GroupSpec{s.model, cell.n, s.rho, s.marginal, {s.delta}, cell.alpha, cell.tests, cell.seed, s.params, cell.alternative, cell.question},
                        rep_begin, rep_end);
}

GridResult run_grid(const GridSpec& g, const RunOptions& opt) {
  validate(g);
  const auto start = std::chrono::steady_clock::now();

  std::vector<Group> groups;
  for (const GroupSpec& spec : grid_groups(g)) groups.push_back(prepare(spec));

  // Batches of about 32k pairs per δ: small enough to balance two threads and
  // to notice a cancel within a few milliseconds, big enough to amortise
  // bookkeeping. Larger N first, so the last batches are short.
  struct Batch {
    std::size_t group;
    std::uint64_t r0, r1;
  };
  std::vector<std::size_t> order(groups.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return groups[a].n > groups[b].n; });
  std::vector<Batch> batches;
  std::vector<std::size_t> batches_left(groups.size(), 0);
  const std::size_t ndelta = g.delta.size();
  std::uint64_t pairs_total = 0;
  for (std::size_t gi : order) {
    const std::uint64_t per = std::max<std::uint64_t>(1, 32768 / (static_cast<std::uint64_t>(groups[gi].n) * ndelta));
    for (std::uint64_t r = 0; r < g.reps; r += per) {
      batches.push_back({gi, r, std::min<std::uint64_t>(g.reps, r + per)});
      ++batches_left[gi];
    }
    pairs_total += g.reps * groups[gi].n * ndelta;
  }

  const std::size_t ntests = g.tests.size();
  const std::size_t stride = ndelta * ntests;
  std::vector<std::uint64_t> batch_counts(batches.size() * stride, 0);
  std::atomic<std::size_t> next{0};
  std::mutex progress_mutex;
  const std::size_t cells_total = groups.size() * ndelta;
  Progress progress{0, cells_total, 0, pairs_total};
  std::vector<std::uint8_t> group_done(groups.size(), 0);
  std::atomic<bool> stopped{false};

  auto worker = [&] {
    Workspace ws;
    for (;;) {
      if (opt.cancel && opt.cancel->load(std::memory_order_relaxed)) {
        stopped = true;
        return;
      }
      const std::size_t b = next.fetch_add(1);
      if (b >= batches.size()) return;
      const Batch& batch = batches[b];
      run_reps(groups[batch.group], batch.r0, batch.r1, ws, &batch_counts[b * stride]);
      std::lock_guard<std::mutex> lock(progress_mutex);
      progress.pairs_done += (batch.r1 - batch.r0) * groups[batch.group].n * ndelta;
      if (--batches_left[batch.group] == 0) {
        group_done[batch.group] = 1;
        progress.cells_done += ndelta;
      }
      if (opt.on_progress) opt.on_progress(progress);
    }
  };

  unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, batches.size())));
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();

  // Sum in batch order: integer counts, so the total is exact whatever the order.
  std::vector<std::uint64_t> totals(groups.size() * stride, 0);
  for (std::size_t b = 0; b < batches.size(); ++b)
    for (std::size_t k = 0; k < stride; ++k) totals[batches[b].group * stride + k] += batch_counts[b * stride + k];

  // Report in the documented nesting: models × n × δ × ρ × tests.
  GridResult res;
  res.cancelled = stopped.load();
  const std::size_t nrho = g.rho.size();
  for (std::size_t mi = 0; mi < g.models.size(); ++mi)
    for (std::size_t ni = 0; ni < g.n.size(); ++ni)
      for (std::size_t di = 0; di < ndelta; ++di)
        for (std::size_t ri = 0; ri < nrho; ++ri) {
          const std::size_t gi = (mi * g.n.size() + ni) * nrho + ri;
          if (!group_done[gi]) continue;
          for (std::size_t k = 0; k < ntests; ++k) {
            const std::uint64_t rej = totals[gi * stride + di * ntests + k];
            res.cells.push_back({g.models[mi], g.n[ni], g.delta[di], g.rho[ri], g.tests[k], rej, make_estimate(rej, g.reps)});
          }
          res.pairs += g.reps * g.n[ni];
        }
  res.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

}  // namespace pairpower
