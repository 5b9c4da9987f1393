// The pilot power curve (compare's planning): its work is bounded whatever the
// pilot's size, and where it stops short of the pilot's n or the n it recommends,
// the report says so.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pairpower/compare/comparison.hpp"

using namespace pairpower;

namespace {

// n queries of A uniform on [0.2, 0.8] and B = A + shift ± noise, the noise in antithetic
// pairs so that the observed Δ is the shift: a pilot of any size and a known n to detect Δ.
PairedSample pilot(std::size_t n, double shift) {
  PairedSample s{"", "m", "A", "B", {}, {}, {}};
  std::uint64_t x = 7;
  const auto u = [&x] { return static_cast<double>((x = x * 6364136223846793005ULL + 1442695040888963407ULL) >> 11) / 9007199254740992.0; };
  double e = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = 0.2 + 0.6 * u();
    e = i % 2 == 0 ? 0.05 * u() : -e;
    s.qids.push_back("q" + std::to_string(i));
    s.a.push_back(a);
    s.b.push_back(a + shift + e);
  }
  return s;
}

PilotPlanning planning(std::size_t n, double shift) {
  CompareOptions o;
  o.resamples = 200;
  o.bootstrap_resamples = 50;
  return compare_all({pilot(n, shift)}, o).comparisons.at(0).planning;
}

std::uint64_t draws(const PilotPlanning& p) {
  std::uint64_t sum = 0;
  for (const auto& q : p.curve) sum += q.n;
  return sum * p.curve_reps;
}

bool has_n(const PilotPlanning& p, std::size_t n) {
  for (const auto& q : p.curve)
    if (q.n == n) return true;
  return false;
}

}  // namespace

TEST_CASE("the pilot power curve resamples at most its draw budget and simulates no n above its cap, whatever the pilot's size",
          "[pilot_curve]") {
  // Shifts give an n to detect Δ far below, near and far above the cap (shift 0.0003: n_required ≈ 2 × 10⁵).
  for (const std::size_t n : {10u, 300u, 2'000u, 9'000u, 15'000u, 20'000u, 70'000u})
    for (const double shift : {0.02, 0.002, 0.0003}) {
      const PilotPlanning p = planning(n, shift);
      INFO("n = " << n << ", shift " << shift << ": " << p.curve.size() << " points, " << p.curve_reps << " reps, n_required "
                  << (p.n_required ? std::to_string(*p.n_required) : "none") << ", note: " << p.curve_note);
      CHECK(p.curve_cap == pilot_curve_cap);
      CHECK(draws(p) <= pilot_curve_draws_max);
      for (const auto& q : p.curve) {
        CHECK(q.n <= p.curve_cap);
        CHECK(q.mc_se >= 0);
      }
      if (!p.curve.empty()) {
        // The budget is met by fewer replicates, never by fewer than 200 (an SE of at most 0.035).
        CHECK(p.curve_reps >= 200);
        CHECK(p.curve_reps <= pilot_curve_reps_max);
      }
    }
}

TEST_CASE("a pilot within the cap has its own n and the n it recommends on the curve, with no note", "[pilot_curve]") {
  const PilotPlanning p = planning(300, 0.02);
  REQUIRE(p.n_required);
  REQUIRE(*p.n_required < 300);
  CHECK(has_n(p, 300));
  CHECK(has_n(p, *p.n_required));
  CHECK(p.curve.size() >= 11);
  CHECK(p.curve_note.empty());
}

TEST_CASE("a curve point where every replicate rejected carries its one-sided 95% Clopper–Pearson bound; the others carry none", "[pilot_curve]") {
  const PilotPlanning p = planning(300, 0.02);
  REQUIRE(p.curve_reps > 0);
  bool saw_one = false;
  for (const auto& q : p.curve) {
    INFO("n = " << q.n << ", power " << q.power);
    CHECK(q.bound.has_value() == (q.power == 1 || q.power == 0));
    if (q.power != 1) continue;
    saw_one = true;
    // All R replicates reject with probability π^R; the π at which that is 5%: 0.05^(1/R).
    CHECK(*q.bound == Approx(std::pow(0.05, 1.0 / static_cast<double>(p.curve_reps))).epsilon(1e-12));
  }
  CHECK(saw_one);  // the curve runs to 8 × the pilot's n, where a shift of 0.02 over noise of 0.05 always rejects
}

TEST_CASE("a pilot above the cap is not simulated at its own n and the report says the curve stops at the cap", "[pilot_curve]") {
  const PilotPlanning p = planning(20'000, 0.02);
  REQUIRE_FALSE(p.curve.empty());
  CHECK_FALSE(has_n(p, 20'000));
  CHECK(p.curve.back().n == pilot_curve_cap);
  CHECK_THAT(p.curve_note, Catch::Contains("stops at n = 15,000") && Catch::Contains("pilot's own n (20,000) lies beyond"));
}

TEST_CASE("a pilot four times the cap gets no curve and the report says why", "[pilot_curve]") {
  const PilotPlanning p = planning(70'000, 0.02);
  CHECK(p.curve.empty());
  CHECK(p.curve_reps == 0);
  CHECK_THAT(p.curve_note, Catch::Contains("No power curve") && Catch::Contains("70,000"));
}

TEST_CASE("an n to detect the effect above the cap is named as beyond the curve", "[pilot_curve]") {
  const PilotPlanning p = planning(2'000, 0.0003);
  REQUIRE(p.n_required);
  REQUIRE(*p.n_required > pilot_curve_cap);
  CHECK_FALSE(p.curve.empty());
  CHECK(p.curve.back().n == pilot_curve_cap);
  CHECK_THAT(p.curve_note, Catch::Contains("so does the n to detect Δ"));
}

TEST_CASE("scores of any scale plan the same n to detect delta and an MDE in their own units, and differences equal up to rounding plan nothing", "[pilot_curve]") {
  CompareOptions o;
  o.resamples = 200;
  o.bootstrap_resamples = 50;
  o.power_curve = false;
  PairedSample unit = pilot(40, 0.02);
  PairedSample large = unit;  // latencies in microseconds, token counts: SD of the differences far above 1e6
  for (auto* v : {&large.a, &large.b})
    for (auto& x : *v) x *= 1e9;
  const PilotPlanning p = compare_all({unit}, o).comparisons.at(0).planning;
  const PilotPlanning q = compare_all({large}, o).comparisons.at(0).planning;
  REQUIRE(p.n_required);
  REQUIRE(p.mde);
  CHECK(q.n_required == p.n_required);
  REQUIRE(q.mde);
  CHECK(*q.mde == Approx(*p.mde * 1e9).epsilon(1e-9));
  // B 1000.7 above A on every query, scores from 6e4 to 2e5: the differences' SD is rounding (about 8e-12), above 1e-12 but not beside Δ.
  PairedSample constant{"", "m", "A", "B", {"1", "2", "3", "4", "5"}, {100000.1, 140000.3, 99999.7, 200001.9, 60000.5}, {}};
  for (const double a : constant.a) constant.b.push_back(a + 1000.7);
  const PilotPlanning c = compare_all({constant}, o).comparisons.at(0).planning;
  CHECK_FALSE(c.n_required);
  CHECK_FALSE(c.mde);
}
