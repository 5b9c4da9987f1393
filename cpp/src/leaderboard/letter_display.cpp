#include "pairpower/leaderboard/letter_display.hpp"

#include <algorithm>

namespace pairpower {
namespace {

std::string letter(std::size_t c) {
  if (c < 26) return std::string(1, static_cast<char>('a' + c));
  if (c < 52) return std::string(1, static_cast<char>('A' + (c - 26)));
  std::string out = "{";  // appended piecewise: GCC 12 warns, wrongly, on "{" + … chains
  out += std::to_string(c + 1);
  out += '}';
  return out;
}

// a ⊆ b for sorted membership vectors.
bool subset(const std::vector<bool>& a, const std::vector<bool>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] && !b[i]) return false;
  return true;
}

}  // namespace

std::vector<std::string> letter_display(const std::vector<std::size_t>& order, const std::function<bool(std::size_t, std::size_t)>& differ) {
  const std::size_t k = order.size();
  // Columns of membership; one column holding every system to start.
  std::vector<std::vector<bool>> columns{std::vector<bool>(k, true)};
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = i + 1; j < k; ++j) {
      if (!differ(i, j)) continue;
      // Insert: each column holding both splits into one without i and one without j.
      std::vector<std::vector<bool>> next;
      for (auto& c : columns) {
        if (c[i] && c[j]) {
          auto without_i = c, without_j = c;
          without_i[i] = false;
          without_j[j] = false;
          next.push_back(std::move(without_i));
          next.push_back(std::move(without_j));
        } else {
          next.push_back(std::move(c));
        }
      }
      // Absorb: a column inside another (or equal to an earlier one) says nothing more.
      columns.clear();
      for (std::size_t a = 0; a < next.size(); ++a) {
        bool absorbed = false;
        for (std::size_t b = 0; b < next.size() && !absorbed; ++b)
          if (a != b && subset(next[a], next[b]) && (next[a] != next[b] || b < a)) absorbed = true;
        if (!absorbed) columns.push_back(next[a]);
      }
    }
  // Letters in the order of each column's best member.
  std::vector<std::size_t> position(k);
  for (std::size_t p = 0; p < k; ++p) position[order[p]] = p;
  const auto best = [&](const std::vector<bool>& c) {
    std::size_t b = k;
    for (std::size_t i = 0; i < k; ++i)
      if (c[i]) b = std::min(b, position[i]);
    return b;
  };
  std::stable_sort(columns.begin(), columns.end(), [&](const auto& x, const auto& y) { return best(x) < best(y); });
  std::vector<std::string> out(k);
  for (std::size_t c = 0; c < columns.size(); ++c)
    for (std::size_t i = 0; i < k; ++i)
      if (columns[c][i]) out[i] += letter(c);
  return out;
}

}  // namespace pairpower
