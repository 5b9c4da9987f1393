#pragma once
// Two systems' scores on the queries (or items) both have, in one order: what
// pairing an input makes (pairing.hpp) and every comparison reads.
#include <cstdint>
#include <string>
#include <vector>

#include "pairpower/base/units.hpp"

namespace pairpower {

/// Scores of two systems on the same queries (already paired by query id).
struct PairedSample {
  std::string dataset;
  std::string measure;
  std::string system_a;
  std::string system_b;
  std::vector<std::string> qids;
  std::vector<double> a;
  std::vector<double> b;
  /// Each query's cluster (a passage, a repository, a conversation), or empty: then the queries are independent.
  std::vector<std::string> clusters{};
  /// Repeated samples averaged into each value (ScoreSeries::repeats), per system: how many and their
  /// sample variance; empty when every item was scored once.
  std::vector<std::uint32_t> repeats_a{}, repeats_b{};
  std::vector<double> repeat_var_a{}, repeat_var_b{};
  /// What the ids name (queries, or an evaluation log's items): the words of the sentences about this pair.
  Unit unit{};
};

/// The most samples averaged into one value of either system (1 when every item was scored once).
inline std::uint32_t most_repeats(const PairedSample& s) noexcept {
  std::uint32_t most = 1;
  for (const auto* r : {&s.repeats_a, &s.repeats_b})
    for (const std::uint32_t k : *r) most = k > most ? k : most;
  return most;
}

}  // namespace pairpower
