#include "pairpower/compare/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/stats/multiple_testing.hpp"

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

TEST_CASE("a summary says the larger of the significant counts first", "[comparison]") {
  const auto r = compare_all({sample(-0.03, 300, 9, "a"), sample(0.0, 300, 10, "b"), sample(-0.03, 300, 11, "c")}, fast());
  CHECK(r.summary == "B is significantly worse than A on 2 of 3 comparisons after Holm; significantly better on none.");
  const auto mixed = compare_all({sample(-0.03, 300, 9, "a"), sample(0.03, 300, 12, "b"), sample(-0.03, 300, 11, "c")}, fast());
  CHECK(mixed.summary == "B is significantly worse than A on 2 of 3 comparisons after Holm; significantly better on 1.");
  // Several systems against one baseline: each system's line, the larger count first.
  auto better = sample(0.03, 300, 13, "a"), worse = sample(-0.03, 300, 14, "a");
  better.system_b = "C";
  const auto two = compare_all({better, worse}, fast());
  CHECK_THAT(two.summary, Catch::Contains("C is significantly better on 1 of 1 comparison, significantly worse on none (SHIP)") &&
                              Catch::Contains("B is significantly worse on 1 of 1 comparison, significantly better on none (REJECT)"));
}

TEST_CASE("of several comparisons each quotable sentence gives its Holm-adjusted p beside its own", "[comparison]") {
  const auto r = compare_all({sample(0.03, 300, 6, "a"), sample(0.0, 300, 7, "b"), sample(-0.03, 300, 8, "c")}, fast());
  for (const auto& c : r.comparisons) {
    CHECK_THAT(c.sentence, Catch::Contains("(paired randomization, this comparison alone, ") &&
                               Catch::Contains("Holm-adjusted over the 3 comparisons: " + p_equals(c.p_holm) + "; the interval is this comparison's alone."));
  }
  const auto one = compare_all({sample(0.03, 300, 6, "a")}, fast());
  CHECK_THAT(one.comparisons[0].sentence, !Catch::Contains("Holm") && !Catch::Contains("alone"));
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

TEST_CASE("the quotable sentence carries the effect, interval, test, seed, n and the correlation it names", "[comparison]") {
  const auto r = compare_all({sample(0.03, 412, 10)}, fast());
  const auto& c = r.comparisons[0];
  CHECK_THAT(c.sentence, Catch::StartsWith("B vs A on ndcg_cut_10 (d): Δ = +0.0") && Catch::Contains("95% CI [+0.0") &&
                             Catch::Contains("paired randomization, 20,000 sign flips, seed 1") && Catch::Contains("n = 412"));
  // The correlation quoted is Pearson's, named as such (ρ would read as Spearman's, which the report gives beside it).
  char r_text[32];
  std::snprintf(r_text, sizeof r_text, "Pearson r = %.2f.", c.pearson);
  CHECK_THAT(c.sentence, Catch::Contains(r_text));
}

TEST_CASE("a single pair is refused with a clear message", "[comparison]") {
  CHECK_THROWS_WITH(compare_all({sample(0.0, 1, 11)}, fast()), Catch::Contains("at least 2 paired queries"));
}

namespace {
PairedSample from_fixture(const nlohmann::json& c) {
  PairedSample s{"d", "m", "A", "B", {}, c["a"].get<std::vector<double>>(), c["b"].get<std::vector<double>>()};
  for (std::size_t i = 0; i < s.a.size(); ++i) s.qids.push_back(std::to_string(i));
  return s;
}
}  // namespace

TEST_CASE("the equivalence p and interval are statsmodels' ttost_paired and the 1 − 2α t interval", "[comparison]") {
  const auto& cases = test::fixture("questions.json").at("tost");
  REQUIRE(cases.size() >= 30);
  for (const auto& c : cases) {
    auto o = fast();
    o.power_curve = false;
    o.alpha = c["alpha"];
    o.equivalence_margin = c["margin"];
    const auto r = compare_all({from_fixture(c)}, o);
    const auto& e = r.comparisons[0].equivalence;
    REQUIRE(e);
    CHECK(e->p == Approx(c["p"].get<double>()).epsilon(1e-9).margin(1e-15));
    CHECK(e->p_lower == Approx(c["p_lower"].get<double>()).epsilon(1e-9).margin(1e-15));
    CHECK(e->p_upper == Approx(c["p_upper"].get<double>()).epsilon(1e-9).margin(1e-15));
    CHECK(e->ci_low == Approx(c["ci_low"].get<double>()).epsilon(1e-9).margin(1e-12));
    CHECK(e->ci_high == Approx(c["ci_high"].get<double>()).epsilon(1e-9).margin(1e-12));
    CHECK(e->ci_level == Approx(0.9));
    // The verdict follows the question: equivalent ⇔ the interval lies inside ±M ⇔ p < α.
    const bool inside = e->ci_low > -e->margin && e->ci_high < e->margin;
    CHECK((r.comparisons[0].verdict == Verdict::ship) == inside);
    // Beyond the margin: twice the smaller of the opposite one-sided p-values (1 − p_lower, 1 − p_upper for a continuous t).
    const double outside = std::min(1.0, 2 * std::min(1 - c["p_lower"].get<double>(), 1 - c["p_upper"].get<double>()));
    CHECK(e->p_outside == Approx(outside).margin(1e-9));
    CHECK((r.comparisons[0].verdict == Verdict::reject) == (e->p_outside < o.alpha));
  }
}

TEST_CASE("the non-inferiority p is statsmodels' one-sided test against −M, or +M when lower is better", "[comparison]") {
  for (const auto& c : test::fixture("questions.json").at("tost")) {
    auto o = fast();
    o.power_curve = false;
    o.non_inferiority_margin = c["margin"];
    const auto up = compare_all({from_fixture(c)}, o).comparisons[0];
    REQUIRE(up.non_inferiority);
    CHECK(up.non_inferiority->p == Approx(c["ni_higher_p"].get<double>()).epsilon(1e-9).margin(1e-15));
    CHECK(up.non_inferiority->t == Approx(c["ni_higher_t"].get<double>()).epsilon(1e-9));
    CHECK((up.verdict == Verdict::ship) == (up.non_inferiority->p < o.alpha));
    o.higher_is_better = false;
    const auto down = compare_all({from_fixture(c)}, o).comparisons[0];
    CHECK(down.non_inferiority->p == Approx(c["ni_lower_p"].get<double>()).epsilon(1e-9).margin(1e-15));
  }
}

TEST_CASE("a one-sided alternative shows only its own side: an improvement test cannot reject and says so", "[comparison]") {
  auto o = fast();
  o.power_curve = false;
  o.alternative = Alternative::greater;
  const auto worse = compare_all({sample(-0.03, 300, 2)}, o);
  CHECK(worse.overall == Verdict::hold);
  CHECK_THAT(worse.comparisons[0].reason, Catch::Contains("cannot show that B is worse"));
  CHECK(worse.comparisons[0].randomization.p_value > 0.9);
  CHECK_THAT(worse.comparisons[0].sentence, Catch::Contains("one-sided, B > A"));
  const auto better = compare_all({sample(0.03, 300, 1)}, o);
  CHECK(better.overall == Verdict::ship);
  // The t p is half the two-sided one for an effect in the tested direction, 1 − half against it.
  auto two = o;
  two.alternative = Alternative::two_sided;
  const auto mild = sample(0.004, 200, 9);
  const auto one = compare_all({mild}, o).comparisons[0];
  const double p_two = compare_all({mild}, two).comparisons[0].t.p;
  CHECK(one.t.p == Approx(one.delta > 0 ? p_two / 2 : 1 - p_two / 2).epsilon(1e-9));
  o.alternative = Alternative::less;
  CHECK(compare_all({sample(-0.03, 300, 2)}, o).overall == Verdict::reject);
  CHECK(compare_all({sample(0.03, 300, 1)}, o).overall == Verdict::hold);
}

TEST_CASE("equivalence and non-inferiority verdicts ship, reject and hold as the question says, and the sentence states it", "[comparison]") {
  auto o = fast();
  o.power_curve = false;
  o.equivalence_margin = 0.02;
  const auto same = compare_all({sample(0.0, 800, 3)}, o);
  CHECK(same.overall == Verdict::ship);
  CHECK_THAT(same.comparisons[0].reason, Catch::Contains("equivalent within ±0.02"));
  CHECK_THAT(same.comparisons[0].sentence, Catch::Contains("Equivalence within ±0.02 (TOST, paired t)"));
  CHECK_THAT(same.summary, Catch::Contains("shown equivalent to A within ±0.02 on 1 of 1"));
  CHECK(compare_all({sample(0.06, 800, 4)}, o).overall == Verdict::reject);
  CHECK(compare_all({sample(0.0, 10, 5)}, o).overall == Verdict::hold);
  o.equivalence_margin = 0;
  o.non_inferiority_margin = 0.02;
  CHECK(compare_all({sample(-0.005, 800, 6)}, o).overall == Verdict::ship);
  CHECK(compare_all({sample(-0.06, 800, 7)}, o).overall == Verdict::reject);
  o.equivalence_margin = 0.02;
  CHECK_THROWS_AS(compare_all({sample(0.0, 50, 8)}, o), Error);
}

TEST_CASE("several comparisons adjust the question's p by Holm before the verdict", "[comparison]") {
  auto o = fast();
  o.power_curve = false;
  o.equivalence_margin = 0.02;
  const auto r = compare_all({sample(0.0, 400, 3, "x"), sample(0.0, 400, 4, "y"), sample(0.0, 60, 5, "z")}, o);
  std::vector<double> raw;
  for (const auto& c : r.comparisons) raw.push_back(c.equivalence->p);
  const auto holm = adjust_p(raw, Adjustment::holm);
  for (std::size_t i = 0; i < raw.size(); ++i) CHECK(r.comparisons[i].question_p_holm == holm[i]);
  CHECK(r.by_system[0].within == static_cast<std::size_t>(std::count_if(holm.begin(), holm.end(), [&](double p) { return p < o.alpha; })));
}
