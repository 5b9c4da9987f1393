#include "pairpower/base/warnings.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include <catch2/catch.hpp>

#include "pairpower/compare/comparison.hpp"
#include "pairpower/leaderboard/leaderboard.hpp"
#include "pairpower/input/measures.hpp"
#include "pairpower/stats/randomization_test.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/compare/comparison_warnings.hpp"
#include "pairpower/leaderboard/leaderboard_warnings.hpp"
#include "pairpower/input/value_warnings.hpp"
#include "pairpower/stats/p_floor.hpp"

using namespace pairpower;

namespace {

// Ordinary nDCG-like scores: B = A + shift + noise, rounded to trec_eval's 4 decimals, inside [0, 1].
PairedSample sample(double shift, std::size_t n, std::uint64_t seed, const char* measure = "ndcg_cut_10") {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> base(0.5, 0.15), noise(0, 0.05);
  PairedSample s{"d", measure, "A", "B", {}, {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    const double a = std::round(std::clamp(base(gen), 0.0, 1.0) * 1e4) / 1e4;
    s.qids.push_back("q" + std::to_string(i + 1));
    s.a.push_back(a);
    s.b.push_back(std::round(std::clamp(a + shift + noise(gen), 0.0, 1.0) * 1e4) / 1e4);
  }
  return s;
}

// `count` comparisons of a clear effect on 150 queries each.
std::vector<PairedSample> clear_effects(std::uint64_t count) {
  std::vector<PairedSample> out;
  for (std::uint64_t i = 0; i < count; ++i) out.push_back(sample(0.05, 150, 100 + i));
  return out;
}

CompareOptions fast() {
  CompareOptions o;
  o.resamples = 20000;
  o.bootstrap_resamples = 2000;
  o.power_curve = false;
  return o;
}

std::vector<std::string> codes(const std::vector<Warning>& w) {
  std::vector<std::string> out;
  for (const auto& x : w) out.push_back(x.code);
  return out;
}

bool has(const std::vector<Warning>& w, const std::string& code) {
  return std::any_of(w.begin(), w.end(), [&](const Warning& x) { return x.code == code; });
}

const Warning& get(const std::vector<Warning>& w, const std::string& code) {
  return *std::find_if(w.begin(), w.end(), [&](const Warning& x) { return x.code == code; });
}

std::vector<ScoreSeries> board(std::size_t systems, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> base(0.5, 0.15), noise(0, 0.05);
  std::vector<ScoreSeries> out(systems);
  std::vector<double> q(n);
  for (auto& x : q) x = base(gen);
  for (std::size_t k = 0; k < systems; ++k) {
    out[k] = {"", "ndcg_cut_10", "S" + std::to_string(k + 1), {}, {}};
    for (std::size_t i = 0; i < n; ++i) {
      out[k].qids.push_back("q" + std::to_string(i + 1));
      out[k].values.push_back(std::round(std::clamp(q[i] + 0.03 * static_cast<double>(k) + noise(gen), 0.0, 1.0) * 1e4) / 1e4);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the smallest attainable p is the one the sign-flip and sign tests give when every difference has one sign", "[warnings]") {
  for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 6u, 8u, 12u}) {
    std::vector<double> d(n);
    for (std::size_t i = 0; i < n; ++i) d[i] = 0.01 * static_cast<double>(i + 1);
    // Computed by the tests themselves (exact enumeration, the binomial), not by the warning's formula.
    CHECK(randomization_test(d).p_value == Approx(smallest_attainable_p(n, Alternative::two_sided)).epsilon(1e-12));
    CHECK(sign_test(d).p_value == Approx(smallest_attainable_p(n, Alternative::two_sided)).epsilon(1e-12));
    CHECK(randomization_test(d, {.alternative = Alternative::greater}).p_value ==
          Approx(smallest_attainable_p(n, Alternative::greater)).epsilon(1e-12));
  }
  CHECK(smallest_attainable_p(4, Alternative::two_sided) == 0.125);
  CHECK(smallest_n_reaching(0.05, Alternative::two_sided) == 6);  // 2/2^5 = 0.0625 > 0.05 ≥ 2/2^6
  CHECK(smallest_n_reaching(0.05, Alternative::greater) == 5);    // 1/2^5 = 0.03125
  CHECK(smallest_n_reaching(0.01, Alternative::two_sided) == 8);  // 2/2^7 = 0.0156 > 0.01 ≥ 2/2^8
}

TEST_CASE("four queries warn that the exact tests cannot reach alpha and that the bootstrap interval under-covers", "[warnings]") {
  const auto r = compare_all({sample(0.1, 4, 7)}, fast());
  const auto& w = r.comparisons[0].warnings;
  REQUIRE(has(w, "p_floor"));
  CHECK_THAT(get(w, "p_floor").message, Catch::Contains("0.125") && Catch::Contains("2 of the 2⁴ = 16 sign patterns") && Catch::Contains("α = 0.05") &&
                                          Catch::Contains("from 6"));
  REQUIRE(has(w, "few_queries"));
  CHECK_THAT(get(w, "few_queries").message, Catch::Contains("4 queries") && Catch::Contains("under-cover"));
  CHECK(r.comparisons[0].verdict == Verdict::hold);
}

TEST_CASE("a significant improvement below the minimum effect holds without a query count, saying the improvement itself falls short", "[warnings]") {
  CompareOptions o = fast();
  o.min_effect = 0.2;
  const auto r = compare_all({sample(0.03, 150, 11)}, o);
  const auto& c = r.comparisons[0];
  REQUIRE(c.verdict == Verdict::hold);
  REQUIRE(c.randomization.p_value < o.alpha);
  CHECK_THAT(c.reason, Catch::Contains("Significant, but") && Catch::Contains("is below it: more queries would narrow the interval, which clears 0.2 only if the true improvement is above it."));
  CHECK_THAT(c.reason, !Catch::Contains("would detect an effect"));
}

TEST_CASE("an inconclusive comparison offers a query count only when it needs more queries than it has", "[warnings]") {
  // Clear effects on 150 queries each, but 24 comparisons on 99 sign flips: Holm keeps every p above alpha.
  CompareOptions o = fast();
  o.resamples = 99;
  const std::vector<PairedSample> many = clear_effects(24);
  const auto r = compare_all(many, o);
  for (const auto& c : r.comparisons) {
    REQUIRE(c.verdict == Verdict::hold);
    REQUIRE(c.planning.n_required);
    REQUIRE(*c.planning.n_required < c.n);
    CHECK_THAT(c.reason, !Catch::Contains("would detect an effect"));
  }
  // A weak effect on 30 queries: more are needed, and the sentence says how many.
  const auto weak = compare_all({sample(0.01, 30, 5)}, fast()).comparisons[0];
  REQUIRE(weak.randomization.p_value >= 0.05);
  REQUIRE(weak.planning.n_required);
  REQUIRE(*weak.planning.n_required > weak.n);
  // It is a guess resting on the observed Δ, and says so.
  CHECK_THAT(weak.reason, Catch::Contains("About ") && Catch::EndsWith(" queries would detect an effect of this size with 80% power, if the true effect is as large "
                                                                      "as this estimate; plan on the smallest effect worth detecting instead."));
  // Of several comparisons, the count is a single test's, and the sentence says so.
  const auto two = compare_all({sample(0.01, 30, 5), sample(0.01, 30, 6)}, fast()).comparisons[0];
  REQUIRE(two.randomization.p_value >= 0.05);
  CHECK_THAT(two.reason, Catch::Contains("power in a single test at α = 0.05 (the correction over the comparisons asks for more), if the true effect"));
}

TEST_CASE("too few sign flips for Holm over many comparisons warn once for the set, saying how many would do", "[warnings]") {
  CompareOptions o = fast();
  o.resamples = 99;
  const std::vector<PairedSample> many = clear_effects(24);
  const auto r = compare_all(many, o);
  // Said once, for the set: 99 sign flips cannot give a p below 2/100, and Holm multiplies it by 24.
  for (const auto& c : r.comparisons) CHECK_FALSE(has(c.warnings, "resample_floor"));
  {
    REQUIRE(has(r.warnings, "resample_floor"));
    CHECK_THAT(get(r.warnings, "resample_floor").message,
               Catch::Contains("The verdicts of all 24 comparisons tested together rest on a randomization p from 99 sign flips, which cannot be "
                               "below 2/100; Holm multiplies the smallest of them by at least 24, to 0.48, not below α = 0.05") &&
                   Catch::Contains("At least 960 sign flips make it possible at all"));
  }
  // 959 sign flips: 24 · 2/960 = 0.05 is still not below α; from 960 on, the smallest p can be. One comparison on few: no such warning.
  const auto warned = [&](std::uint64_t resamples) {
    o.resamples = resamples;
    return has(compare_all(many, o).warnings, "resample_floor");
  };
  CHECK(warned(959));
  CHECK_FALSE(warned(960));
  o.resamples = 99;
  CHECK_FALSE(has(compare_all({many[0]}, o).warnings, "resample_floor"));
  // One-sided, the floor is 1/(R + 1): 24/480 = 0.05 still holds every verdict back, 24/481 does not.
  o.alternative = Alternative::greater;
  CHECK(warned(479));
  CHECK_FALSE(warned(480));
}

TEST_CASE("a comparison decided by another test does not count toward the sign flips' Holm floor", "[warnings]") {
  // Binary items (exact McNemar, no sign-flip floor) with a clear effect beside one clear effect on 50 sign flips:
  // Holm multiplies the McNemar p by 2 and the randomization p (at least 2/51 = 0.039) by 1, so both can be significant.
  PairedSample binary{"d", "acc", "A", "B", {}, {}, {}};
  for (int i = 0; i < 200; ++i) {
    binary.qids.push_back("i" + std::to_string(i));
    binary.a.push_back(i % 2 == 0 ? 1.0 : 0.0);
    binary.b.push_back(i % 10 == 0 ? 0.0 : 1.0);
  }
  CompareOptions o = fast();
  o.resamples = 50;
  const auto mixed = compare_all({binary, clear_effects(1)[0]}, o);
  REQUIRE(mixed.comparisons[0].binary);
  CHECK_FALSE(has(mixed.warnings, "resample_floor"));
  CHECK(mixed.comparisons[1].verdict == Verdict::ship);
  // Two comparisons on those 50 sign flips: 2 · 2/51 = 0.078, and neither can be.
  const auto two = compare_all(clear_effects(2), o);
  CHECK(has(two.warnings, "resample_floor"));
  CHECK_THAT(get(two.warnings, "resample_floor").message, Catch::Contains("all 2 comparisons") && Catch::Contains("to 0.07843"));
  CHECK(two.comparisons[1].verdict == Verdict::hold);
}

TEST_CASE("the planning sentence never offers fewer queries than the tests need to reach alpha", "[warnings]") {
  // n = 4 with a clear effect: the paired t alone would plan for ~4 queries.
  const auto r = compare_all({sample(0.1, 4, 7)}, fast());
  const auto& c = r.comparisons[0];
  REQUIRE(c.planning.n_required);
  REQUIRE(*c.planning.n_required < 6);
  CHECK_THAT(c.reason, !Catch::Contains("queries would detect an effect"));
  CHECK_THAT(c.reason, Catch::Contains("At least 6 queries are needed"));
  REQUIRE(has(c.warnings, "planning_below_floor"));
  CHECK_THAT(get(c.warnings, "planning_below_floor").message, Catch::Contains("at least 6"));
}

TEST_CASE("an nDCG of 1.5 is flagged as outside its measure's range, naming the system and the query", "[warnings]") {
  auto s = sample(0.03, 30, 3);
  s.b[6] = 1.5;
  const auto w = compare_all({s}, fast()).comparisons[0].warnings;
  REQUIRE(codes(w) == std::vector<std::string>{"out_of_range"});
  CHECK_THAT(w[0].message, Catch::Contains("ndcg_cut_10 lies between 0 and 1") && Catch::Contains("1.5") && Catch::Contains("B's") &&
                               Catch::Contains("query q7"));
  // A negative value in A too: one warning per system.
  s.a[0] = -0.2;
  CHECK(codes(compare_all({s}, fast()).comparisons[0].warnings) == std::vector<std::string>{"out_of_range", "out_of_range"});
}

TEST_CASE("thirty queries of ordinary data raise no warning", "[warnings]") {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const auto r = compare_all({sample(0.03, 30, seed)}, fast());
    INFO("seed " << seed);
    CHECK(codes(r.comparisons[0].warnings).empty());
  }
}

TEST_CASE("values of a measure the core does not know are not range-checked", "[warnings]") {
  auto s = sample(0.03, 30, 3, "my_score");
  s.b[0] = 1.5;
  s.a[1] = -3;
  CHECK(codes(compare_all({s}, fast()).comparisons[0].warnings).empty());
}

TEST_CASE("counts must be whole numbers of at least 0", "[warnings]") {
  std::vector<Warning> w;
  const std::vector<std::string> q{"1", "2", "3"};
  range_warnings("num_ret", "run", q, std::vector<double>{1000, 2.5, 7}, w);
  range_warnings("num_rel", "run", q, std::vector<double>{3, -1, 7}, w);
  range_warnings("num_rel_ret", "run", q, std::vector<double>{3, 4, 7}, w);
  REQUIRE(w.size() == 2);
  CHECK_THAT(w[0].message, Catch::Contains("num_ret is a count") && Catch::Contains("2.5 for query 2"));
  CHECK_THAT(w[1].message, Catch::Contains("-1 for query 2"));
}

TEST_CASE("measure ranges are read from every tool's names and from plain column headers", "[warnings]") {
  for (const char* unit : {"ndcg_cut_10", "ndcg", "map", "P_10", "recall_100", "recip_rank", "success_1", "iprec_at_recall_0.00", "bpref",
                           "nDCG@10", "AP", "P(rel=2)@10", "R@1000", "RR", "Success@5", "ndcg@10", "precision@10", "mrr", "map@100",
                           "recall@100-l2", "rbp.95", "hit_rate@5", "MAP", "NDCG"})
    CHECK(measure_range(unit) == MeasureRange::unit_interval);
  for (const char* count : {"num_ret", "num_rel", "num_rel_ret", "NumRet", "NumRelRet", "hits@10"}) CHECK(measure_range(count) == MeasureRange::count);
  for (const char* unknown : {"dcg@10", "utility", "gm_map", "G", "score", "my_score", "latency"}) CHECK(measure_range(unknown) == MeasureRange::unknown);
}

TEST_CASE("half the differences at zero is explained, below half is not", "[warnings]") {
  auto s = sample(0.03, 20, 5);
  for (std::size_t i = 0; i < 10; ++i) s.b[i] = s.a[i];
  const auto w = compare_all({s}, fast()).comparisons[0].warnings;
  REQUIRE(has(w, "many_zeros"));
  CHECK_THAT(get(w, "many_zeros").message, Catch::Contains("10 of 20 differences (50%)") && Catch::Contains("other 10 queries"));
  s.b[9] = s.a[9] + 0.01;
  CHECK_FALSE(has(compare_all({s}, fast()).comparisons[0].warnings, "many_zeros"));
}

TEST_CASE("a planned n more than five times the pilot's is called an extrapolation", "[warnings]") {
  // A small effect against the noise: the paired t needs far more than 5 × 30 queries.
  const auto r = compare_all({sample(0.004, 30, 11)}, fast());
  const auto& c = r.comparisons[0];
  REQUIRE(c.planning.n_required);
  REQUIRE(*c.planning.n_required > 150);
  REQUIRE(has(c.warnings, "pilot_extrapolated"));
  CHECK_THAT(get(c.warnings, "pilot_extrapolated").message, Catch::Contains("pilot of 30"));
  // A clear effect plans within 5 × n: no warning.
  const auto clear = compare_all({sample(0.03, 30, 1)}, fast()).comparisons[0];
  REQUIRE(clear.planning.n_required);
  CHECK(*clear.planning.n_required <= 150);
  CHECK_FALSE(has(clear.warnings, "pilot_extrapolated"));
}

TEST_CASE("the floor follows the alternative and the count of non-zero differences", "[warnings]") {
  auto o = fast();
  // Five queries: two-sided 0.0625 > 0.05 warns, one-sided 0.03125 does not.
  CHECK(has(compare_all({sample(0.1, 5, 2)}, o).comparisons[0].warnings, "p_floor"));
  o.alternative = Alternative::greater;
  CHECK_FALSE(has(compare_all({sample(0.1, 5, 2)}, o).comparisons[0].warnings, "p_floor"));
  // Eight queries of which four tie: only four count.
  auto s = sample(0.1, 8, 4);
  for (std::size_t i = 0; i < 4; ++i) s.b[i] = s.a[i];
  const auto w = compare_all({s}, fast()).comparisons[0].warnings;
  REQUIRE(has(w, "p_floor"));
  CHECK_THAT(get(w, "p_floor").message, Catch::Contains("8 queries (4 with a non-zero difference)") && Catch::Contains("0.125"));
  // With zeros the Wilcoxon test is approximate and is not counted among the exact tests; the message says why its p may be lower.
  CHECK_THAT(get(w, "p_floor").message, !Catch::Contains("exact Wilcoxon") && Catch::Contains("normal approximation"));
  const auto four = compare_all({sample(0.1, 4, 7)}, fast());
  CHECK_THAT(get(four.comparisons[0].warnings, "p_floor").message, Catch::Contains("exact Wilcoxon") && !Catch::Contains("normal approximation"));
}

TEST_CASE("identical systems raise no test warnings, only range ones", "[warnings]") {
  auto s = sample(0.0, 4, 1);
  s.b = s.a;
  CHECK(compare_all({s}, fast()).comparisons[0].warnings.empty());
}

TEST_CASE("a leaderboard warns of out-of-range values and of boards too small to separate pairs", "[warnings]") {
  const LeaderboardOptions o{.resamples = 500, .bootstrap = 500};
  CHECK(leaderboard(board(3, 30, 1), "ndcg_cut_10", o).warnings.empty());
  auto bad = board(3, 30, 1);
  bad[1].values[4] = 1.5;
  const auto w = leaderboard(bad, "ndcg_cut_10", o).warnings;
  REQUIRE(codes(w) == std::vector<std::string>{"out_of_range"});
  CHECK_THAT(w[0].message, Catch::Contains("S2's") && Catch::Contains("1.5 for query q5"));
  const auto small = leaderboard(board(3, 4, 1), "ndcg_cut_10", o).warnings;
  CHECK(codes(small) == std::vector<std::string>{"p_floor", "few_queries"});
  CHECK_THAT(small[0].message, Catch::Contains("0.125"));
}

TEST_CASE("a bare score within the unit interval against one that looks like its percentage warns of two scales, naming which is which", "[warnings]") {
  auto s = sample(0.05, 40, 21, "score");
  for (double& b : s.b) b *= 100;  // B as a percentage
  const auto w = compare_all({s}, fast()).comparisons[0].warnings;
  REQUIRE(has(w, "scale_mismatch"));
  CHECK_THAT(get(w, "scale_mismatch").message, Catch::StartsWith("A's scores all lie within [0, 1] while B's reach ") && Catch::Contains("a proportion against a percentage"));
  // Either side.
  std::swap(s.a, s.b);
  CHECK_THAT(get(compare_all({s}, fast()).comparisons[0].warnings, "scale_mismatch").message, Catch::StartsWith("B's scores all lie within [0, 1] while A's"));
  // A measure of known range has its own check; a bare score a little over 1, or both beyond 1, is not two scales.
  auto known = sample(0.05, 40, 21);
  for (double& b : known.b) b *= 100;
  const auto kw = compare_all({known}, fast()).comparisons[0].warnings;
  CHECK(has(kw, "out_of_range"));
  CHECK_FALSE(has(kw, "scale_mismatch"));
  auto near = sample(0.05, 40, 21, "score");
  near.b[0] = 1.5;
  CHECK_FALSE(has(compare_all({near}, fast()).comparisons[0].warnings, "scale_mismatch"));
  auto both = sample(0.05, 40, 21, "score");
  for (double& a : both.a) a *= 100;
  for (double& b : both.b) b *= 100;
  CHECK_FALSE(has(compare_all({both}, fast()).comparisons[0].warnings, "scale_mismatch"));
  // Latencies a few times apart on one scale (0.05–0.4 s against 1.2–3 s) are not a percentage.
  auto latency = sample(0.0, 40, 21, "score");
  for (std::size_t i = 0; i < latency.a.size(); ++i) latency.a[i] = 0.05 + 0.35 * latency.a[i], latency.b[i] = 1.2 + 1.8 * latency.b[i];
  CHECK_FALSE(has(compare_all({latency}, fast()).comparisons[0].warnings, "scale_mismatch"));
}

TEST_CASE("a board whose bare scores mix proportions with a percentage warns once, naming a system of each, whatever other systems lie beside them", "[warnings]") {
  const LeaderboardOptions o{.resamples = 500, .bootstrap = 500};
  auto b = board(3, 30, 1);
  for (auto& s : b) s.measure = "score";
  CHECK(leaderboard(b, "score", o).warnings.empty());
  for (double& v : b[1].values) v *= 100;
  const auto w = leaderboard(b, "score", o).warnings;
  REQUIRE(codes(w) == std::vector<std::string>{"scale_mismatch"});
  CHECK_THAT(w[0].message, Catch::StartsWith("S1's scores all lie within [0, 1] while S2's reach ") && Catch::Contains("The board's means, ranks, tiers and tests"));
  // A proportion system with one value over 1 beside them does not hide the percentage.
  auto four = board(4, 30, 1);
  for (auto& s : four) s.measure = "score";
  for (double& v : four[1].values) v *= 100;
  four[3].values[0] = 1.2;
  const auto w4 = leaderboard(four, "score", o).warnings;
  CHECK(std::count_if(w4.begin(), w4.end(), [](const Warning& x) { return x.code == "scale_mismatch"; }) == 1);
}
