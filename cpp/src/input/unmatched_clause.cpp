// The words of a pairing's outcome at the end of a quotable sentence (pairing.hpp).
#include <string>
#include <vector>

#include "pairpower/base/formatting.hpp"
#include "pairpower/input/pairing.hpp"

namespace pairpower {

std::string unmatched_clause(const PairingReport& p, MissingPolicy policy, const Unit& unit) {
  if (!p.only_a && !p.only_b) return "";
  std::vector<std::string> parts;
  if (policy == MissingPolicy::zero) {
    const auto scored = [&](std::size_t k, const std::string& has, const std::string& lacks) {
      return thousands(k) + " that only " + has + " has " + (k == 1 ? "is" : "are") + " scored 0 for " + lacks;
    };
    if (p.only_a) parts.push_back(scored(p.only_a, p.system_a, p.system_b));
    if (p.only_b) parts.push_back(scored(p.only_b, p.system_b, p.system_a));
    return " Of these " + unit.count(p.matched + p.only_a + p.only_b) + ", " + (parts.size() == 1 ? parts[0] : parts[0] + " and " + parts[1]) +
           " (as trec_eval -c).";
  }
  if (p.only_a) parts.push_back(unit.count(p.only_a) + " only " + p.system_a + " has");
  if (p.only_b) parts.push_back(unit.count(p.only_b) + " only " + p.system_b + " has");
  return " Left out: " + (parts.size() == 1 ? parts[0] : parts[0] + " and " + parts[1]) + ".";
}

}  // namespace pairpower
