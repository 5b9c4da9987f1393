// A pair taken from a family of comparisons (a leaderboard's pair opened in
// Analyze): the larger of the family-wise p and its own p decides a difference;
// equivalence and non-inferiority are tested at the family's α/m.
#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/compare/comparison_report.hpp"
#include "pairpower/base/errors.hpp"

using namespace pairpower;

namespace {
PairedSample sample(double shift, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> base(0.5, 0.15), noise(0, 0.05);
  PairedSample s{"", "ndcg_cut_10", "bm25", "dense", {}, {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    const double a = std::round(std::clamp(base(gen), 0.0, 1.0) * 1e4) / 1e4;
    s.qids.push_back(std::to_string(i));
    s.a.push_back(a);
    s.b.push_back(std::round(std::clamp(a + shift + noise(gen), 0.0, 1.0) * 1e4) / 1e4);
  }
  return s;
}
CompareOptions with_family(double family_p, double alpha = 0.05) {
  CompareOptions o;
  o.alpha = alpha;
  o.resamples = 20000;
  o.bootstrap_resamples = 4000;
  o.power_curve = false;
  o.family = FamilyContext{8, 28, "randomized-tukey", family_p};
  return o;
}
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("the quick calculator plans a pair of a family at alpha over its pairs, saying so; a lone pair keeps alpha to the user", "[family]") {
  const auto s = sample(0.03, 120, 4);
  const CompareOptions o = with_family(0.3);
  const auto family = report_of(compare_all({s}, o), ReportSettings{o, "error", {}, "A", {}}).comparisons.at(0).planning.calculator;
  REQUIRE(family);
  REQUIRE(family->alpha);
  CHECK(*family->alpha == 0.05 / 28);
  REQUIRE(family->family_note);
  CHECK(contains(*family->family_note, "one of the board's 28 comparisons (randomized Tukey HSD over 28 pairs of 8 systems, family-wise α = 0.05): "
                                       "plan at α = 0.001786 (0.05 / 28, Bonferroni), as the board plans its pairs."));
  CHECK(contains(*family->family_note, "a Tukey test pools the board's variance"));
  CompareOptions alone = o;
  alone.family.reset();
  const auto lone = report_of(compare_all({s}, alone), ReportSettings{alone, "error", {}, "A", {}}).comparisons.at(0).planning.calculator;
  REQUIRE(lone);
  CHECK_FALSE(lone->alpha);
  CHECK_FALSE(lone->family_note);
}

TEST_CASE("a pair the family did not separate holds even when its own p is below alpha", "[family]") {
  const auto s = sample(0.03, 300, 1);
  CompareOptions alone = with_family(0);
  alone.family.reset();
  const auto own = compare_all({s}, alone);
  REQUIRE(own.comparisons[0].randomization.p_value < 0.05);
  REQUIRE(own.overall == Verdict::ship);  // alone, this pair ships: the family is what changes it

  const auto r = compare_all({s}, with_family(0.228));
  const auto& c = r.comparisons[0];
  CHECK(c.randomization.p_value == own.comparisons[0].randomization.p_value);  // the pair's statistics are its own
  CHECK(c.verdict == Verdict::hold);
  CHECK(r.overall == Verdict::hold);
  CHECK(r.by_system[0].better == 0);
  CHECK(contains(c.sentence, "dense and bm25 are not separable at family-wise p = 0.228 among 28 pairs of 8 systems (randomized Tukey HSD, α = 0.05)"));
  CHECK(contains(c.sentence, "(paired randomization, this pair alone,"));
  CHECK(contains(c.reason, "family-wise p (randomized Tukey HSD over 28 pairs of 8 systems) is 0.228, not below α = 0.05"));
  CHECK(contains(c.reason, "This pair alone has randomization p"));
  CHECK(r.summary == "The comparison does not separate dense from bm25 at the family-wise p (randomized Tukey HSD over 28 pairs of 8 systems).");
}

TEST_CASE("a regression the family did not separate is not rejected", "[family]") {
  const auto s = sample(-0.03, 300, 2);
  CompareOptions alone = with_family(0);
  alone.family.reset();
  REQUIRE(compare_all({s}, alone).overall == Verdict::reject);
  const auto r = compare_all({s}, with_family(0.3));
  CHECK(r.comparisons[0].verdict == Verdict::hold);
  CHECK(r.by_system[0].worse == 0);
}

TEST_CASE("a pair the family separated ships or is rejected as the interval says", "[family]") {
  const auto up = compare_all({sample(0.03, 300, 1)}, with_family(0.004));
  CHECK(up.comparisons[0].verdict == Verdict::ship);
  CHECK(contains(up.comparisons[0].sentence, "are separable at family-wise p = 0.0040 among 28 pairs"));
  CHECK(contains(up.comparisons[0].reason, "family-wise p (randomized Tukey HSD over 28 pairs of 8 systems) is 0.0040, below α = 0.05"));
  CHECK(compare_all({sample(-0.03, 300, 2)}, with_family(0.004)).comparisons[0].verdict == Verdict::reject);
  // The family-wise p is compared with the user's α: at α = 0.01 a family-wise p of 0.02 holds.
  CHECK(compare_all({sample(0.03, 300, 1)}, with_family(0.02, 0.01)).comparisons[0].verdict == Verdict::hold);
  // A separated pair whose interval does not clear the minimum effect still holds.
  auto strict = with_family(0.004);
  strict.min_effect = 0.5;
  CHECK(compare_all({sample(0.03, 300, 1)}, strict).comparisons[0].verdict == Verdict::hold);
}

TEST_CASE("the report names the family in its settings, and null without one", "[family]") {
  const auto s = sample(0.03, 120, 3);
  const auto o = with_family(0.228);
  const auto j = report_json(compare_all({s}, o), ReportSettings{o, "error", {}, "bm25", {}});
  REQUIRE(j["settings"]["family"].is_object());
  CHECK(j["settings"]["family"]["systems"] == 8);
  CHECK(j["settings"]["family"]["pairs"] == 28);
  CHECK(j["settings"]["family"]["procedure"] == "randomized-tukey");
  CHECK(j["settings"]["family"]["procedure_label"] == "randomized Tukey HSD");
  CHECK(j["settings"]["family"]["p"] == 0.228);
  CHECK(j["settings"]["family"]["question_alpha"] == 0.05 / 28);
  CHECK(j["settings"]["family"]["rule"] == "The larger of its family-wise p and the pair's own p (cluster-robust t when clusters are given, else exact McNemar on binary items, else randomization) decides the verdict.");
  auto eq = o;
  eq.equivalence_margin = 0.02;
  CHECK(report_json(compare_all({s}, eq), ReportSettings{eq, "error", {}, "bm25", {}})["settings"]["family"]["rule"] ==
        "Equivalence is tested at α/28 = 0.001786 (α = 0.05 over the family's 28 pairs, Bonferroni), which bounds the chance of any false such claim "
        "among the family's pairs.");
  CompareOptions plain = o;
  plain.family.reset();
  CHECK(report_json(compare_all({s}, plain), ReportSettings{plain, "error", {}, "bm25", {}})["settings"]["family"].is_null());
}

TEST_CASE("a family context that cannot describe one pair is refused, naming the part of the family", "[family]") {
  const auto s = sample(0.03, 60, 4);
  const auto refused = [&](CompareOptions o, std::vector<PairedSample> samples, const std::string& field, const std::string& words) {
    try {
      compare_all(samples, o);
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.field == field);
      CHECK(contains(e.what(), words));
    }
  };
  auto o = with_family(0.2);
  o.family->procedure = "tukey-ish";
  refused(o, {s}, "family_procedure", "family_procedures");
  o = with_family(1.5);
  refused(o, {s}, "family_p", "between 0 and 1");
  o = with_family(0.2);
  o.family->pairs = 29;  // 8 systems have 28 pairs
  refused(o, {s}, "family_pairs", "between 1 and 28");
  o = with_family(0.2);
  o.family->systems = 1;
  refused(o, {s}, "family_systems", "between 2 and 1,000,000 systems");
  refused(with_family(0.2), {s, s}, "family_p", "compare that pair alone");
}

TEST_CASE("the verdict of a pair of a family takes the larger of the family-wise p and the pair's own p", "[family]") {
  // A pair whose own p lies between α = 0.01 and 0.05 with a BCa interval above 0; its family-wise p is below α.
  CompareOptions alone = with_family(0, 0.01);
  alone.family.reset();
  std::optional<PairedSample> found;
  double own_p = 1;
  for (std::uint64_t seed = 1; seed < 60 && !found; ++seed) {
    const auto s = sample(0.008, 120, seed);
    const auto c = compare_all({s}, alone).comparisons[0];
    if (c.randomization.p_value > 0.01 && c.randomization.p_value < 0.05 && c.bootstrap.bca.low > 0) found = s, own_p = c.randomization.p_value;
  }
  REQUIRE(found);
  const auto r = compare_all({*found}, with_family(0.001, 0.01));
  const auto& c = r.comparisons[0];
  CHECK(deciding_p(c, with_family(0.001, 0.01), false) == own_p);
  CHECK(c.verdict == Verdict::hold);  // the family-wise p alone (0.001 < α) would ship it
  CHECK(r.by_system[0].better == 0);
  CHECK(contains(c.reason, "pair's own randomization p, larger than its family-wise p = 0.0010"));
  CHECK(contains(c.reason, "not below α = 0.01"));
  // At α = 0.05 both p-values are below α: it ships.
  CHECK(compare_all({*found}, with_family(0.001, 0.05)).comparisons[0].verdict == Verdict::ship);
}

TEST_CASE("equivalence for a pair of a family is tested at the family's Bonferroni level alpha over its pairs", "[family]") {
  const double level = 0.05 / 28;
  auto ask = [](double margin, double family_p) {
    auto o = with_family(family_p);
    o.equivalence_margin = margin;
    return o;
  };
  CHECK(question_alpha(ask(0.02, 0.5)) == level);
  // Equivalent at α = 0.05 alone (TOST p ≈ 0.009), not at α/28: HOLD with the family.
  const auto near = sample(0.005, 60, 5);
  auto alone = ask(0.02, 0.5);
  alone.family.reset();
  const auto own = compare_all({near}, alone).comparisons[0];
  REQUIRE(own.equivalence->p < 0.05);
  REQUIRE(own.equivalence->p > level);
  CHECK(own.verdict == Verdict::ship);
  const auto held = compare_all({near}, ask(0.02, 0.5));
  const auto& h = held.comparisons[0];
  CHECK(h.equivalence->p == own.equivalence->p);  // the pair's own TOST; only its level changes
  CHECK(h.verdict == Verdict::hold);
  CHECK(held.by_system[0].within == 0);
  CHECK(h.equivalence->ci_level == Approx(1 - 2 * level));
  // The 1 − 2α/m interval reaches past the margin exactly when TOST does not reject at α/m.
  CHECK((h.equivalence->ci_low > -0.02 && h.equivalence->ci_high < 0.02) == (h.equivalence->p < level));
  CHECK(contains(h.reason, "not below α/28 = 0.001786 (α = 0.05 over the family's 28 pairs, Bonferroni)"));
  CHECK(contains(h.reason, "99.64% t interval"));
  CHECK(contains(h.sentence, "tested at α/28 = 0.001786"));
  CHECK(contains(h.sentence, "not separable at family-wise p = 0.500 among 28 pairs of 8 systems"));  // the family is still named
  CHECK(contains(held.summary, "on 0 of 1 comparison at α/28"));

  // Far inside the margin (TOST p below α/28): SHIP, with the family.
  const auto tight = compare_all({sample(0.005, 120, 5)}, ask(0.02, 0.5)).comparisons[0];
  REQUIRE(tight.equivalence->p < level);
  CHECK(tight.verdict == Verdict::ship);
  CHECK((tight.equivalence->ci_low > -0.02 && tight.equivalence->ci_high < 0.02));
  // Far outside it: REJECT.
  const auto apart = compare_all({sample(0.1, 120, 5)}, ask(0.02, 0.001)).comparisons[0];
  REQUIRE(apart.equivalence->p_outside < level);
  CHECK(apart.verdict == Verdict::reject);
}

TEST_CASE("non-inferiority for a pair of a family is tested at alpha over the family's pairs", "[family]") {
  const double level = 0.05 / 28;
  auto o = with_family(0.5);
  o.non_inferiority_margin = 0.01;
  auto alone = o;
  alone.family.reset();
  // Not worse by 0.01 at α alone, not at α/28.
  std::optional<PairedSample> found;
  for (std::uint64_t seed = 1; seed < 60 && !found; ++seed) {
    const auto s = sample(-0.002, 60, seed);
    const double p = compare_all({s}, alone).comparisons[0].non_inferiority->p;
    if (p < 0.05 && p > level) found = s;
  }
  REQUIRE(found);
  CHECK(compare_all({*found}, alone).comparisons[0].verdict == Verdict::ship);
  const auto c = compare_all({*found}, o).comparisons[0];
  CHECK(c.verdict == Verdict::hold);
  CHECK(contains(c.reason, "Non-inferiority at margin 0.01 is not shown"));
  CHECK(contains(c.reason, "not below α/28 = 0.001786"));
  // Clearly not worse: SHIP with the family too.
  const auto up = compare_all({sample(0.01, 300, 1)}, o).comparisons[0];
  REQUIRE(up.non_inferiority->p < level);
  CHECK(up.verdict == Verdict::ship);
}
