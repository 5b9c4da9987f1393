#include "pairpower/leaderboard/letter_display.hpp"

#include <random>

#include <catch2/catch.hpp>

using namespace pairpower;

namespace {
bool share(const std::string& a, const std::string& b) {
  for (char c : a)
    if (c != '{' && c != '}' && b.find(c) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("two systems share a letter exactly when they are not significantly different, on 2000 random boards", "[letter_display]") {
  std::mt19937_64 gen(20261127);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t k = 2 + gen() % 12;
    // Significance as on a real board: systems on a line, pairs further apart than a random reach differ, plus noise.
    std::vector<double> score(k);
    for (auto& s : score) s = std::uniform_real_distribution<double>(0, 1)(gen);
    const double reach = std::uniform_real_distribution<double>(0, 0.6)(gen);
    std::vector<char> differ(k * k, 0);
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = i + 1; j < k; ++j) differ[i * k + j] = differ[j * k + i] = std::fabs(score[i] - score[j]) > reach || gen() % 10 == 0;
    std::vector<std::size_t> order(k);
    for (std::size_t i = 0; i < k; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return score[a] > score[b]; });
    const auto tiers = letter_display(order, [&](std::size_t i, std::size_t j) { return differ[i * k + j] != 0; });
    for (std::size_t i = 0; i < k; ++i) {
      REQUIRE(!tiers[i].empty());
      for (std::size_t j = i + 1; j < k; ++j) REQUIRE(share(tiers[i], tiers[j]) == !differ[i * k + j]);
    }
  }
}

TEST_CASE("letters start with a at the best system", "[letter_display]") {
  // Systems 2 > 0 > 1 by score; 2 differs from 1 only.
  const auto tiers = letter_display({2, 0, 1}, [](std::size_t i, std::size_t j) { return (i == 1 && j == 2) || (i == 2 && j == 1); });
  CHECK(tiers[2] == "a");
  CHECK(tiers[0] == "ab");
  CHECK(tiers[1] == "b");
}

TEST_CASE("no significant pair gives one tier", "[letter_display]") {
  const auto tiers = letter_display({0, 1, 2, 3}, [](std::size_t, std::size_t) { return false; });
  for (const auto& t : tiers) CHECK(t == "a");
}
