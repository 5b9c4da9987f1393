#include "pairpower/comparison.hpp"

#include <cmath>
#include <random>

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
PairedSample sample(double shift, std::size_t n, std::uint64_t seed, const char* dataset = "d") {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> base(0.5, 0.15), noise(0, 0.05);
  PairedSample s{dataset, "ndcg_cut_10", "A", "B", {}, {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    const double a = std::round(std::clamp(base(gen), 0.0, 1.0) * 1e4) / 1e4;
    s.qids.push_back(std::to_string(i));
    s.a.push_back(a);
    s.b.push_back(std::round(std::clamp(a + shift + noise(gen), 0.0, 1.0) * 1e4) / 1e4);
  }
  return s;
}
CompareOptions fast() {
  CompareOptions o;
  o.resamples = 20000;
  o.bootstrap_resamples = 4000;
  return o;
}
}  // namespace

TEST_CASE("a clear improvement ships, a clear regression is rejected, noise holds", "[comparison]") {
  CHECK(compare_all({sample(0.03, 300, 1)}, fast()).overall == Verdict::ship);
  CHECK(compare_all({sample(-0.03, 300, 2)}, fast()).overall == Verdict::reject);
  CHECK(compare_all({sample(0.0, 300, 3)}, fast()).overall == Verdict::hold);
}

TEST_CASE("a minimum practical effect turns a significant small gain into HOLD", "[comparison]") {
  auto o = fast();
  o.min_effect = 0.05;
  const auto r = compare_all({sample(0.02, 500, 4)}, o);
  CHECK(r.comparisons[0].randomization.p_value < 0.05);
  CHECK(r.overall == Verdict::hold);
  CHECK_THAT(r.comparisons[0].reason, Catch::Contains("minimum effect"));
}

TEST_CASE("lower-is-better scores ship when B is lower", "[comparison]") {
  auto o = fast();
  o.higher_is_better = false;
  CHECK(compare_all({sample(-0.03, 300, 5)}, o).overall == Verdict::ship);
}

TEST_CASE("several datasets are adjusted with holm and summarised in one line", "[comparison]") {
  const auto r = compare_all({sample(0.03, 300, 6, "a"), sample(0.0, 300, 7, "b"), sample(-0.03, 300, 8, "c")}, fast());
  CHECK(r.comparisons[1].p_holm >= r.comparisons[1].randomization.p_value);
  CHECK(r.overall == Verdict::reject);
  CHECK(r.summary == "B is significantly better than A on 1 of 3 comparisons after Holm; significantly worse on 1.");
}

TEST_CASE("identical systems give defined numbers and HOLD, never NaN", "[comparison]") {
  PairedSample s = sample(0.0, 20, 9);
  s.b = s.a;
  const auto r = compare_all({s}, fast());
  const auto& c = r.comparisons[0];
  CHECK(c.identical);
  CHECK(c.verdict == Verdict::hold);
  for (double x : {c.delta, c.t.p, c.t.ci_low, c.wilcoxon.p, c.wilcoxon.hl, c.randomization.p_value, c.bootstrap.bca.low, c.sign_p, c.p_holm})
    CHECK(std::isfinite(x));
  CHECK_THAT(c.sentence, Catch::Contains("score identically"));
}

TEST_CASE("the quotable sentence carries the effect, interval, test, seed and n", "[comparison]") {
  const auto r = compare_all({sample(0.03, 412, 10)}, fast());
  CHECK_THAT(r.comparisons[0].sentence, Catch::StartsWith("B vs A on ndcg_cut_10 (d): Δ = +0.0") && Catch::Contains("95% CI [+0.0") &&
                                            Catch::Contains("paired randomization, 20,000 sign flips, seed 1") && Catch::Contains("n = 412"));
}

TEST_CASE("a single pair is refused with a clear message", "[comparison]") {
  CHECK_THROWS_WITH(compare_all({sample(0.0, 1, 11)}, fast()), Catch::Contains("at least 2 paired queries"));
}
