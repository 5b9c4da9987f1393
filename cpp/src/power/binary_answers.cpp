#include "pairpower/power/binary_answers.hpp"

#include <string>

#include "pairpower/base/errors.hpp"
#include "pairpower/power/analytic_power.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

constexpr const char* exact_method = "exact McNemar: the discordant count Binomial(n, ψ), the exact test's own rejection region";
constexpr const char* approximate_method = "Connor (1987), normal approximation";
constexpr std::uint64_t items_max = 1'000'000;

json inputs(BinaryDesign d, double alpha, Alternative alt) {
  json j;
  j["only_a"] = d.only_a;
  j["only_b"] = d.only_b;
  j["discordance"] = d.discordance();
  j["delta"] = d.delta();
  j["alpha"] = alpha;
  if (alt != Alternative::two_sided) j["alternative"] = std::string(to_string(alt));
  return j;
}

}  // namespace

json binary_power_answers(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt) {
  validate_alpha(alpha);
  if (n < 1 || n > items_max) throw Error("n", ErrorKind::invalid_value, "must lie between 1 and 1,000,000 items", std::to_string(n));
  json j;
  j["inputs"] = inputs(d, alpha, alt);
  j["inputs"]["n"] = n;
  j["exact"] = {{"power", mcnemar_power(n, d, alpha, alt)}, {"method", exact_method}};
  j["approximate"] = {{"power", mcnemar_power_approx(n, d, alpha, alt)}, {"method", approximate_method}};
  return j;
}

json binary_sample_size_answers(BinaryDesign d, double alpha, double power, Alternative alt) {
  validate_alpha(alpha);
  json j;
  j["inputs"] = inputs(d, alpha, alt);
  j["inputs"]["power"] = power;
  for (const auto& [key, exact] : {std::pair{"exact", true}, std::pair{"approximate", false}}) {
    const std::uint64_t n = mcnemar_sample_size(d, alpha, power, alt, exact, items_max);
    json a;
    if (n == 0) {
      a = {{"n", nullptr}, {"power", nullptr}};
      a["reason"] = d.delta() == 0 ? "the accuracies are equal: no n detects a difference of 0"
                    : (alt == Alternative::greater) != (d.delta() > 0) && alt != Alternative::two_sided
                        ? "the difference lies on the other side of the one-sided alternative"
                        : "no n up to 1,000,000 items reaches the power";
    } else {
      a = {{"n", n}, {"power", exact ? mcnemar_power(n, d, alpha, alt) : mcnemar_power_approx(n, d, alpha, alt)}};
    }
    a["method"] = exact ? exact_method : approximate_method;
    j[key] = a;
  }
  return j;
}

}  // namespace pairpower
