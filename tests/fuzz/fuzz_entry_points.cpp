// libFuzzer targets for the simulate / power / compare entry points, driven by
// fuzzed parameters (PAIRPOWER_FUZZ_ENTRY picks one). Invalid parameters must be
// refused with std::invalid_argument; valid ones must give finite results.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "pairpower/power/analytic_power.hpp"
#include "pairpower/compare/comparison.hpp"
#include "pairpower/simulation/monte_carlo.hpp"
#include "pairpower/power/solvers.hpp"

namespace {

// Reads typed values off the fuzzer's bytes (zeros once they run out).
class Bytes {
 public:
  Bytes(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  template <class T>
  T take() {
    T v{};
    const std::size_t k = std::min(sizeof(T), n_ - i_);
    std::memcpy(&v, d_ + i_, k);
    i_ += k;
    return v;
  }
  double real() { return take<double>(); }
  std::size_t left() const { return n_ - i_; }

 private:
  const std::uint8_t* d_;
  std::size_t n_, i_ = 0;
};

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pairpower;
  Bytes in(data, size);
#if PAIRPOWER_FUZZ_ENTRY == 1  // simulate
  GroupSpec g;
  g.model = static_cast<ScoreModel>(in.take<std::uint8_t>() % 3);
  g.n = in.take<std::uint16_t>() % 300;
  g.rho = in.real();
  g.marginal = {in.real(), in.real()};
  g.deltas.clear();
  for (int k = in.take<std::uint8_t>() % 4; k >= 0; --k) g.deltas.push_back(in.real());
  g.alpha = in.real();
  const auto tests = in.take<std::uint8_t>();
  g.tests.clear();
  if (tests & 1) g.tests.push_back(PairedTest::t);
  if (tests & 2) g.tests.push_back(PairedTest::wilcoxon);
  if (tests & 4) g.tests.push_back(PairedTest::sign);
  g.seed = in.take<std::uint64_t>();
  const std::uint64_t reps = in.take<std::uint8_t>() % 20;
  try {
    const auto counts = simulate_group(g, 0, reps, 1 + in.take<std::uint8_t>() % 2);
    check(counts.size() == g.deltas.size() * g.tests.size());
    for (auto c : counts) check(c <= reps);
  } catch (const std::invalid_argument&) {
  }
#elif PAIRPOWER_FUZZ_ENTRY == 2  // power, samplesize, mde
  const std::size_t n = in.take<std::uint32_t>() % 100000;
  const double delta = in.real(), sd_diff = in.real(), alpha = in.real(), target = in.real();
  const auto method = static_cast<PowerMethod>(in.take<std::uint8_t>() % 3);
  try {
    const double p = analytic_power(method, n, PairedEffect::from_sd_diff(delta, sd_diff), alpha);
    check(std::isfinite(p) && p >= 0 && p <= 1 + 1e-12);
    const double s = power_sign_test(n, PairedEffect::from_sd_diff(delta, sd_diff), alpha);
    check(std::isfinite(s) && s >= 0 && s <= 1 + 1e-12);
  } catch (const std::invalid_argument&) {
  }
  try {
    if (auto s = min_sample_size(method, delta, sd_diff, alpha, target, 1'000'000)) check(s->n >= 2 && std::isfinite(s->power));
  } catch (const std::invalid_argument&) {
  }
  try {
    if (auto e = min_detectable_effect(method, n, sd_diff, alpha, target)) check(std::isfinite(e->delta) && e->delta > 0);
  } catch (const std::invalid_argument&) {
  }
#else  // compare
  PairedSample s{"d", "m", "A", "B", {}, {}, {}};
  const std::size_t n = in.left() / 16;
  for (std::size_t i = 0; i < n && i < 400; ++i) {
    s.qids.push_back(std::to_string(i));
    s.a.push_back(in.real());
    s.b.push_back(in.real());
  }
  CompareOptions o;
  o.resamples = 64;
  o.bootstrap_resamples = 16;
  o.power_curve = n < 50;
  try {
    for (std::size_t i = 0; i < s.a.size(); ++i)
      if (!std::isfinite(s.a[i]) || !std::isfinite(s.b[i]) || std::fabs(s.a[i]) > 1e6 || std::fabs(s.b[i]) > 1e6) return 0;  // parsers refuse these
    const auto r = compare_all({s}, o);
    const auto& c = r.comparisons[0];
    for (double x : {c.delta, c.sd_diff, c.t.p, c.t.ci_low, c.wilcoxon.p, c.wilcoxon.hl, c.randomization.p_value, c.bootstrap.bca.low,
                     c.bootstrap.bca.high, c.sign_p, c.p_holm, c.pearson, c.spearman})
      check(std::isfinite(x));
    check(!c.planning.mde || std::isfinite(*c.planning.mde));  // unknown is allowed, never NaN
  } catch (const std::invalid_argument&) {
  }
#endif
  return 0;
}
