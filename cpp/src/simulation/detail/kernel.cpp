// Generation and decisions per replicate: each score model's loop, the tests' rules
// applied to the differences, and the rejection counts.
#include "kernel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pairpower/simulation/detail/fast_normal.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/base/random.hpp"

namespace pairpower::monte_carlo_detail {
namespace {

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
// optimising tier compiles the one a run uses, not all of them, on a first open.
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
      case ScoreModel::unclipped:
        for (std::size_t i = 0; i < n; ++i) a[i] = mean + sd * a[i];
        break;
      case ScoreModel::normal:
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
        case ScoreModel::unclipped:
          for (std::size_t i = 0; i < n; ++i) d[i] = (mean_b + sd * w[i]) - a[i];
          break;
        case ScoreModel::normal:
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

}  // namespace

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

}  // namespace pairpower::monte_carlo_detail
