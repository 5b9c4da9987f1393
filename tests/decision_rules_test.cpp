#include "pairpower/stats/decision_rules.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "pairpower/stats/paired_t.hpp"
#include "pairpower/stats/sign_test.hpp"
#include "pairpower/stats/wilcoxon.hpp"

using namespace pairpower;

TEST_CASE("t rule decides exactly as p < alpha on every fixture sample", "[decision_rules]") {
  for (double alpha : {0.05, 0.01, 0.1}) {
    for (const auto& c : test::fixture("paired_samples.json").at("cases")) {
      const auto d = test::differences(c);
      const double t = t_statistic(d.data(), d.size());
      const PairedTRule rule(d.size(), alpha);
      CHECK(rule.rejects(t) == (paired_t_test(d).p_value < alpha));
    }
  }
}

TEST_CASE("t rule decides exactly as p < alpha next to the critical value", "[decision_rules]") {
  std::mt19937_64 gen(11);
  for (std::size_t n : {2u, 3u, 10u, 50u, 100u, 1000u, 100000u}) {
    for (double alpha : {0.05, 0.01, 1e-6}) {
      const PairedTRule rule(n, alpha);
      const double df = static_cast<double>(n - 1);
      const double c = rule.critical_value();
      std::vector<double> probes = {c, -c, 0.0, INFINITY, -INFINITY, NAN};
      double up = c, down = c;
      for (int k = 0; k < 64; ++k) {  // the 64 doubles either side of the critical value
        up = std::nextafter(up, INFINITY);
        down = std::nextafter(down, 0.0);
        probes.push_back(up);
        probes.push_back(down);
      }
      for (double rel : {1e-12, 1e-10, 1e-9, 2e-9, 1e-6}) {
        probes.push_back(c * (1 + rel));
        probes.push_back(c * (1 - rel));
      }
      std::uniform_real_distribution<double> u(0, 2 * c);
      for (int k = 0; k < 500; ++k) probes.push_back(u(gen));
      for (double t : probes) {
        INFO("n = " << n << ", alpha = " << alpha << ", t = " << t);
        CHECK(rule.rejects(t) == (t_two_sided_p(t, df) < alpha));
      }
    }
  }
}

TEST_CASE("wilcoxon rule decides exactly as p < alpha for every sign pattern up to n = 12", "[decision_rules]") {
  SignedRanker ranker;
  for (std::size_t n = 5; n <= 12; ++n) {
    const WilcoxonRule rule(n, 0.05);
    std::vector<double> d(n);
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      for (std::size_t i = 0; i < n; ++i) d[i] = ((mask >> i) & 1) ? double(i + 1) : -double(i + 1);
      CHECK(rule.rejects(ranker.rank(d.data(), n)) == (wilcoxon_signed_rank(d).p_value < 0.05));
    }
  }
}

TEST_CASE("wilcoxon rule decides exactly as p < alpha on samples with ties and zeros", "[decision_rules]") {
  std::mt19937_64 gen(5);
  std::normal_distribution<double> normal;
  SignedRanker ranker;
  int rejected = 0, accepted = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 5 + gen() % 116;
    const double shift = 1.2 / std::sqrt(double(n)) * (trial % 4);
    const double grid = (trial % 3 == 0) ? 100.0 : (trial % 3 == 1 ? 10000.0 : 0.0);
    std::vector<double> d(n);
    for (double& x : d) {
      x = normal(gen) + shift;
      if (grid > 0) x = std::round(x * grid / 10) / (grid / 10);  // ties, and zeros
    }
    bool all_zero = true;
    for (double x : d) all_zero = all_zero && x == 0;
    if (all_zero) continue;
    for (double alpha : {0.05, 0.01}) {
      const WilcoxonRule rule(n, alpha);
      const bool by_p = wilcoxon_signed_rank(d).p_value < alpha;
      CHECK(rule.rejects(ranker.rank(d.data(), n)) == by_p);
      (by_p ? rejected : accepted)++;
    }
  }
  CHECK(rejected > 500);
  CHECK(accepted > 500);
}

TEST_CASE("wilcoxon rule never rejects when every difference is zero", "[decision_rules]") {
  SignedRanker ranker;
  std::vector<double> d(60, 0.0);
  CHECK_FALSE(WilcoxonRule(60, 0.05).rejects(ranker.rank(d.data(), d.size())));
}

TEST_CASE("sign rule decides exactly as p < alpha for every k and m up to 400", "[decision_rules]") {
  for (double alpha : {0.05, 0.01}) {
    const SignRule rule(400, alpha);
    for (std::uint32_t m = 0; m <= 400; ++m)
      for (std::uint32_t k = 0; k <= m; ++k) {
        INFO("k = " << k << ", m = " << m);
        CHECK(rule.rejects(k, m) == (sign_test_p(k, m) < alpha));
      }
  }
}
