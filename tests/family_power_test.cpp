#include "pairpower/power/family_power.hpp"

#include <cmath>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"

using namespace pairpower;

TEST_CASE("Holm and BH family power agree with a numpy simulation corrected by statsmodels' multipletests, within 4 combined Monte Carlo SEs",
          "[family_power]") {
  for (const auto& c : test::fixture("family_power.json").at("simulated")) {
    const auto correction = correction_from_string(c.at("correction").get<std::string>());
    const auto alt = alternative_from_string(c.at("alternative").get<std::string>());
    REQUIRE(correction.has_value());
    REQUIRE(alt.has_value());
    const auto n = c.at("n").get<std::size_t>();
    const Family fam{c.at("comparisons").get<std::size_t>(), *correction};
    const FamilyPower f = family_power(PowerMethod::paired_t, n, PairedEffect{c.at("delta").get<double>(), c.at("sd_diff").get<double>()},
                                       c.at("alpha").get<double>(), *alt, fam, 40000, 5);
    const double ref_reps = c.at("reps").get<double>();
    // The reference's binomial SE at the pooled rate (an observed 0 of 3,000 has SE 0 by its own estimate).
    const auto binomial_se = [&](double ours, double ref, double ours_se) {
      const double pooled = (ours + ref) / 2;
      return std::sqrt(ours_se * ours_se + pooled * (1 - pooled) / ref_reps);
    };
    INFO(to_string(*correction) << " K=" << fam.comparisons << " n=" << n << ": per " << f.per_comparison << " vs " << c.at("per_comparison")
                                << ", all " << f.all << " vs " << c.at("all") << ", any " << f.any << " vs " << c.at("any"));
    const double ref_per = c.at("per_comparison").get<double>(), ref_all = c.at("all").get<double>(), ref_any = c.at("any").get<double>();
    if (f.monte_carlo) {
      CHECK(std::fabs(f.per_comparison - ref_per) <= 4 * std::hypot(f.mc_se_per, c.at("per_se").get<double>()));
      CHECK(std::fabs(f.all - ref_all) <= 4 * binomial_se(f.all, ref_all, f.mc_se_all) + 1e-12);
      CHECK(std::fabs(f.any - ref_any) <= 4 * binomial_se(f.any, ref_any, f.mc_se_any) + 1e-12);
    } else {
      // Bonferroni is analytic: only the reference carries Monte Carlo error.
      CHECK(std::fabs(f.per_comparison - ref_per) <= 4 * c.at("per_se").get<double>());
      CHECK(std::fabs(f.all - ref_all) <= 4 * binomial_se(f.all, ref_all, 0) + 1e-12);
      CHECK(std::fabs(f.any - ref_any) <= 4 * binomial_se(f.any, ref_any, 0) + 1e-12);
    }
  }
}

TEST_CASE("Bonferroni per-comparison power equals R's power.t.test at α/K, and all/any follow from independence", "[family_power]") {
  for (const auto& c : test::fixture("family_power.json").at("bonferroni_r")) {
    const auto k = c.at("comparisons").get<std::size_t>();
    const FamilyPower f = family_power(PowerMethod::paired_t, c.at("n").get<std::size_t>(), PairedEffect{c.at("delta").get<double>(), c.at("sd_diff").get<double>()},
                                       c.at("alpha").get<double>(), Alternative::two_sided, {k, Correction::bonferroni});
    const double p = c.at("per_comparison").get<double>();
    CHECK(test::close_rel(f.per_comparison, p, 1e-6));
    CHECK(f.all == Approx(std::pow(f.per_comparison, static_cast<double>(k))).epsilon(1e-12));
    CHECK(f.any == Approx(1 - std::pow(1 - f.per_comparison, static_cast<double>(k))).epsilon(1e-12));
  }
}

TEST_CASE("one comparison is the plain test whatever the correction", "[family_power]") {
  const PairedEffect e{0.01, 0.076};
  const double plain = analytic_power(PowerMethod::paired_t, 300, e, 0.05);
  for (Correction c : {Correction::none, Correction::bonferroni, Correction::holm, Correction::bh}) {
    const FamilyPower f = family_power(PowerMethod::paired_t, 300, e, 0.05, Alternative::two_sided, {1, c});
    CHECK_FALSE(f.monte_carlo);
    CHECK(f.per_comparison == plain);
    CHECK(f.all == plain);
    CHECK(f.any == plain);
  }
}

TEST_CASE("family power names a bad K, and Holm or BH for a rank test", "[family_power]") {
  const PairedEffect e{0.01, 0.076};
  CHECK_THROWS_WITH(family_power(PowerMethod::paired_t, 100, e, 0.05, Alternative::two_sided, {0, Correction::holm}), Catch::StartsWith("comparisons"));
  CHECK_THROWS_WITH(family_power(PowerMethod::wilcoxon_moments, 100, e, 0.05, Alternative::two_sided, {4, Correction::bh}), Catch::StartsWith("correction"));
  CHECK_NOTHROW(family_power(PowerMethod::wilcoxon_moments, 100, e, 0.05, Alternative::two_sided, {4, Correction::bonferroni}));
}

TEST_CASE("the family sample size reaches its target and one fewer query does not (Bonferroni, analytic)", "[family_power]") {
  const Family fam{8, Correction::bonferroni};
  const auto n = family_sample_size(PowerMethod::paired_t, 0.01, 0.076, 0.05, Alternative::two_sided, fam, FamilyTarget::all, 0.8, 100'000'000);
  REQUIRE(n.has_value());
  const PairedEffect e{0.01, 0.076};
  CHECK(family_power(PowerMethod::paired_t, *n, e, 0.05, Alternative::two_sided, fam).all >= 0.8);
  CHECK(family_power(PowerMethod::paired_t, *n - 1, e, 0.05, Alternative::two_sided, fam).all < 0.8);
}

TEST_CASE("Holm's power to detect any of K and BH's to detect all K are their closed forms, within 4 Monte Carlo SEs of statsmodels' corrections",
          "[family_power]") {
  // Holm rejects at least one iff min p ≤ α/K (Bonferroni's rule); BH rejects all K iff max p ≤ α.
  for (const auto& c : test::fixture("family_power.json").at("simulated")) {
    const auto correction = correction_from_string(c.at("correction").get<std::string>());
    if (correction != Correction::holm && correction != Correction::bh) continue;
    const auto alt = *alternative_from_string(c.at("alternative").get<std::string>());
    const auto n = c.at("n").get<std::size_t>();
    const auto k = c.at("comparisons").get<std::size_t>();
    const double alpha = c.at("alpha").get<double>(), kk = static_cast<double>(k), ref_reps = c.at("reps").get<double>();
    const PairedEffect e{c.at("delta").get<double>(), c.at("sd_diff").get<double>()};
    const FamilyPower f = family_power(PowerMethod::paired_t, n, e, alpha, alt, {k, *correction});
    INFO(to_string(*correction) << " K=" << k << " n=" << n << ": any " << f.any << " vs " << c.at("any") << ", all " << f.all << " vs " << c.at("all"));
    const double exact = *correction == Correction::holm ? 1 - std::pow(1 - analytic_power(PowerMethod::paired_t, n, e, alpha / kk, alt), kk)
                                                         : std::pow(analytic_power(PowerMethod::paired_t, n, e, alpha, alt), kk);
    const double ours = *correction == Correction::holm ? f.any : f.all;
    const double ref = (*correction == Correction::holm ? c.at("any") : c.at("all")).get<double>();
    CHECK(ours == exact);
    CHECK((*correction == Correction::holm ? f.mc_se_any : f.mc_se_all) == 0);
    CHECK(std::fabs(ours - ref) <= 4 * std::sqrt(exact * (1 - exact) / ref_reps) + 1e-12);
  }
}

TEST_CASE("the family sample size for Holm's 'any' and BH's 'all' is Bonferroni's and the uncorrected one, even at K = 1000", "[family_power]") {
  const double delta = 0.02, sd = 0.12, alpha = 0.05;
  for (const std::size_t k : {8u, 1000u}) {
    const auto holm_any = family_sample_size(PowerMethod::paired_t, delta, sd, alpha, Alternative::two_sided, {k, Correction::holm}, FamilyTarget::any, 0.8, 1'000'000);
    const auto bonf_any = family_sample_size(PowerMethod::paired_t, delta, sd, alpha, Alternative::two_sided, {k, Correction::bonferroni}, FamilyTarget::any, 0.8, 1'000'000);
    const auto bh_all = family_sample_size(PowerMethod::paired_t, delta, sd, alpha, Alternative::two_sided, {k, Correction::bh}, FamilyTarget::all, 0.8, 1'000'000);
    const auto none_all = family_sample_size(PowerMethod::paired_t, delta, sd, alpha, Alternative::two_sided, {k, Correction::none}, FamilyTarget::all, 0.8, 1'000'000);
    REQUIRE(holm_any);
    REQUIRE(bonf_any);
    REQUIRE(bh_all);
    REQUIRE(none_all);
    CHECK(*holm_any == std::max<std::size_t>(*bonf_any, 3));
    CHECK(*bh_all == std::max<std::size_t>(*none_all, 3));
  }
}

TEST_CASE("the simulated family sample size (Holm, all) lies between the uncorrected and Bonferroni answers and is where the simulation first reaches the target",
          "[family_power]") {
  const PairedEffect e{0.02, 0.12};
  const Family fam{8, Correction::holm};
  const auto n = family_sample_size(PowerMethod::paired_t, e.delta, e.sd_diff, 0.05, Alternative::two_sided, fam, FamilyTarget::all, 0.8, 1'000'000);
  const auto none = family_sample_size(PowerMethod::paired_t, e.delta, e.sd_diff, 0.05, Alternative::two_sided, {8, Correction::none}, FamilyTarget::all, 0.8, 1'000'000);
  const auto bonf = family_sample_size(PowerMethod::paired_t, e.delta, e.sd_diff, 0.05, Alternative::two_sided, {8, Correction::bonferroni}, FamilyTarget::all, 0.8, 1'000'000);
  REQUIRE(n);
  REQUIRE(none);
  REQUIRE(bonf);
  CHECK(*none <= *n);
  CHECK(*n <= *bonf);
  // The solver's own simulation (same replicates and seed): reached at n, not at n − 1.
  CHECK(family_power(PowerMethod::paired_t, *n, e, 0.05, Alternative::two_sided, fam).all >= 0.8);
  CHECK(family_power(PowerMethod::paired_t, *n - 1, e, 0.05, Alternative::two_sided, fam).all < 0.8);
}

TEST_CASE("a family of 1001 comparisons is refused, naming comparisons and the registry's bound", "[family_power]") {
  CHECK_NOTHROW(validate(Family{limits().family_comparisons_max, Correction::holm}));
  const Family too_many{limits().family_comparisons_max + 1, Correction::bonferroni};
  try {
    validate(too_many);
    FAIL("K = 1001 was accepted");
  } catch (const Error& e) {
    CHECK(e.field == "comparisons");
    CHECK(std::string(e.detail).find("from 1 to " + std::to_string(limits().family_comparisons_max)) != std::string::npos);
  }
  CHECK_THROWS_AS(family_power(PowerMethod::paired_t, 100, PairedEffect{0.02, 0.1}, 0.05, Alternative::two_sided, too_many), Error);
  CHECK(registry_json()["limits"]["family_comparisons_max"] == 1000);
}

TEST_CASE("a simulated family target at 1 or 0 carries its one-sided 95% Clopper–Pearson bound; a closed-form target and one within (0, 1) carry none",
          "[family_power]") {
  const std::uint64_t reps = 4000;
  const double at_one = std::pow(0.05, 1.0 / static_cast<double>(reps));  // all R reject with chance π^R: 5% at π = 0.05^(1/R)
  // Holm, every comparison far above its level: all K detected in every replicate; "any" is Bonferroni's closed form.
  const FamilyPower sure = family_power(PowerMethod::paired_t, 2000, PairedEffect{0.05, 0.1}, 0.05, Alternative::two_sided, {5, Correction::holm}, reps);
  REQUIRE(sure.all == 1.0);
  REQUIRE(sure.bound_all);
  CHECK(*sure.bound_all == Approx(at_one).epsilon(1e-12));
  CHECK_FALSE(sure.bound_any);
  // Holm at a tiny effect: all K are never detected together; its bound is 1 − 0.05^(1/R).
  const FamilyPower never = family_power(PowerMethod::paired_t, 50, PairedEffect{0.01, 0.1}, 0.05, Alternative::two_sided, {5, Correction::holm}, reps);
  REQUIRE(never.all == 0.0);
  REQUIRE(never.bound_all);
  CHECK(*never.bound_all == Approx(1 - at_one).epsilon(1e-12));
  // BH: "all" is the closed form, "any" simulated and within (0, 1): no bound on either.
  const FamilyPower mid = family_power(PowerMethod::paired_t, 100, PairedEffect{0.02, 0.1}, 0.05, Alternative::two_sided, {5, Correction::bh}, reps);
  REQUIRE(mid.any > 0.0);
  REQUIRE(mid.any < 1.0);
  CHECK_FALSE(mid.bound_all);
  CHECK_FALSE(mid.bound_any);
}
