#include "pairpower/stats/hodges_lehmann.hpp"

#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "fixtures.hpp"

using namespace pairpower;

TEST_CASE("hodges-lehmann estimate and interval equal R's wilcox.test and the full Walsh list", "[hodges_lehmann]") {
  const auto& cases = test::fixture("analysis.json").at("hodges_lehmann");
  std::size_t from_r = 0;
  for (const auto& c : cases) {
    const auto d = c.at("d").get<std::vector<double>>();
    const auto hl = hodges_lehmann(d, 0.95);
    INFO(c.at("source").get<std::string>() << ", n = " << d.size());
    CHECK(hl.estimate == Approx(c.at("estimate").get<double>()).margin(1e-15));
    CHECK(hl.ci_low == Approx(c.at("ci_low").get<double>()).margin(1e-15));
    CHECK(hl.ci_high == Approx(c.at("ci_high").get<double>()).margin(1e-15));
    from_r += c.at("source") == "R wilcox.test";
  }
  CHECK(from_r >= 5);
}

TEST_CASE("hodges-lehmann handles n = 1, negative values and large n", "[hodges_lehmann]") {
  CHECK(hodges_lehmann(std::vector<double>{0.3}).estimate == 0.3);
  const auto neg = hodges_lehmann(std::vector<double>{-3, -1, -2});
  CHECK(neg.estimate == -2);
  std::vector<double> big(20000);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = double(i % 97) / 97.0 - 0.4;
  const auto hl = hodges_lehmann(big);
  CHECK(hl.ci_low <= hl.estimate);
  CHECK(hl.estimate <= hl.ci_high);
  CHECK(hl.achieved == Approx(0.95).margin(1e-3));
}
