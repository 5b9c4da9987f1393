#include "pairpower/simulation/monte_carlo.hpp"

#include "pairpower/base/errors.hpp"
#include "detail/kernel.hpp"
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

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/simulation/detail/beta_quantile_table.hpp"
#include "pairpower/stats/decision_rules.hpp"
#include "pairpower/simulation/detail/fast_normal.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/base/partition_pool.hpp"
#include "pairpower/base/random.hpp"
#include "pairpower/registry/registry.hpp"
#include "pairpower/base/shared_cache.hpp"
#include "pairpower/stats/signed_ranks.hpp"

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
  PowerEstimate e{p, std::sqrt(p * (1.0 - p) / static_cast<double>(reps)), reps};
  // All R replicates reject with probability power^R: the power below which that has probability
  // 1 − confidence is (1 − confidence)^(1/R), the Clopper–Pearson bound (about 1 − 3/R at 95%).
  const double log_far = std::log(1 - mc_bound_confidence) / static_cast<double>(reps);
  if (rejections == reps) e.bound = std::exp(log_far);
  else if (rejections == 0) e.bound = -std::expm1(log_far);
  return e;
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

using namespace monte_carlo_detail;

namespace {

using RuleKey = std::tuple<std::size_t, std::uint64_t, int>;  // (n, bits of α, alternative)

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
  // δ is deliberately absent: common random numbers across effects. So is a setting the model does not
  // read (ρ, mean or SD): its cells at every value are one simulation, not copies that differ by Monte Carlo noise.
  const auto read = [](bool reads, double v) { return bits_of(reads ? v : 0.0); };
  g.key = hash_words({spec.seed, static_cast<std::uint64_t>(spec.model), n, read(model_reads_rho(spec.model), spec.rho),
                      read(model_reads_mean(spec.model), spec.marginal.mean), read(model_reads_sd(spec.model), spec.marginal.sd)});
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

}  // namespace

std::vector<GroupSpec> grid_groups(const GridSpec& g) {
  std::vector<GroupSpec> groups;
  for (ScoreModel m : g.models)
    for (std::size_t n : g.n) {
      // A model that does not read ρ draws the same numbers at every ρ (its key hashes no ρ): simulated once.
      if (!model_reads_rho(m) && g.rho.size() > 1) {
        groups.push_back(GroupSpec{m, n, g.rho.front(), g.marginal, g.delta, g.alpha, g.tests, g.seed, g.params, g.alternative, g.question, g.rho});
        continue;
      }
      for (double r : g.rho) groups.push_back(GroupSpec{m, n, r, g.marginal, g.delta, g.alpha, g.tests, g.seed, g.params, g.alternative, g.question, {}});
    }
  return groups;
}

std::vector<double> cell_rhos(const GroupSpec& group) {
  return group.rhos.empty() ? std::vector<double>{group.rho} : group.rhos;
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
  return simulate_group(GroupSpec{s.model, cell.n, s.rho, s.marginal, {s.delta}, cell.alpha, cell.tests, cell.seed, s.params, cell.alternative, cell.question, {}},
                        rep_begin, rep_end);
}

GridResult run_grid(const GridSpec& g, const RunOptions& opt) {
  validate(g);
  const auto start = std::chrono::steady_clock::now();

  std::vector<Group> groups;
  // The group of each (model, n, ρ) in that order: a group standing at several ρ serves each of them.
  std::vector<std::size_t> group_of;
  std::vector<std::size_t> rhos_of;
  for (const GroupSpec& spec : grid_groups(g)) {
    rhos_of.push_back(cell_rhos(spec).size());
    group_of.insert(group_of.end(), rhos_of.back(), groups.size());
    groups.push_back(prepare(spec));
  }

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
  const std::size_t cells_total = group_of.size() * ndelta;
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
        progress.cells_done += rhos_of[batch.group] * ndelta;
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
          const std::size_t gi = group_of[(mi * g.n.size() + ni) * nrho + ri];
          if (!group_done[gi]) continue;
          for (std::size_t k = 0; k < ntests; ++k) {
            const std::uint64_t rej = totals[gi * stride + di * ntests + k];
            res.cells.push_back({g.models[mi], g.n[ni], g.delta[di], g.rho[ri], g.tests[k], rej, make_estimate(rej, g.reps)});
          }
        }
  for (std::size_t gi = 0; gi < groups.size(); ++gi)
    if (group_done[gi]) res.pairs += g.reps * groups[gi].n * ndelta;
  res.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

}  // namespace pairpower
