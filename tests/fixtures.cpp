#include "fixtures.hpp"

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

namespace pairpower::test {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const nlohmann::json& fixture(const std::string& name) {
  static std::map<std::string, nlohmann::json> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  std::ifstream in(std::string(PAIRPOWER_FIXTURES_DIR) + "/" + name);
  if (!in) throw std::runtime_error("missing fixture " + name + " (run npm run fixtures)");
  return cache[name] = nlohmann::json::parse(in);
}

std::vector<double> differences(const nlohmann::json& c) {
  const auto a = c.at("a").get<std::vector<double>>();
  const auto b = c.at("b").get<std::vector<double>>();
  std::vector<double> d(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) d[i] = b[i] - a[i];
  return d;
}

bool close_rel(double x, double expected, double rel) {
  if (expected == 0) return x == 0;
  return std::fabs(x - expected) <= rel * std::fabs(expected);
}

BoardMatrix board(const nlohmann::json& scores, bool transpose) {
  const std::size_t rows = scores.size(), cols = scores.at(0).size();
  BoardMatrix b(transpose ? cols : rows, transpose ? rows : cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) (transpose ? b.at(c, r) : b.at(r, c)) = scores.at(r).at(c).get<double>();
  return b;
}

CompareOptions quick_compare_options() {
  CompareOptions o;
  o.resamples = 20000;
  o.bootstrap_resamples = 2000;
  return o;
}

ReportSettings report_settings(const CompareOptions& options) {
  ReportSettings s;
  s.options = options;
  return s;
}

}  // namespace pairpower::test
