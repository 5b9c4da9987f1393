#include "pairpower/power/binary_answers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include <boost/math/distributions/normal.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/base/formatting.hpp"
#include "pairpower/power/analytic_power.hpp"

namespace pairpower {
namespace {

using json = nlohmann::ordered_json;

constexpr const char* exact_method = "exact McNemar: the discordant count Binomial(n, ψ), the exact test's own rejection region";
constexpr const char* approximate_method = "Connor (1987), normal approximation";
constexpr const char* design_method = "cluster-robust test of the per-item differences, normal approximation with σ_d² = ψ − Δ² times the design's variance factor";
constexpr const char* design_no_exact = "McNemar's exact test needs independent single-sample items; with clusters or repeats the cluster-robust t answers";
constexpr std::uint64_t items_max = 1'000'000;

// One sample's per-item difference (−1, 0 or 1) as the t sees it; in clusters, their means.
PairedEffect unit_effect(BinaryDesign d, const EvalDesign& design) {
  const double var = d.discordance() - d.delta() * d.delta();
  if (!(var > 0))
    throw Error("agreement", ErrorKind::invalid_value, "leaves every discordant item on one side: the t has no variance to plan with");
  return {d.delta(), design_units(0, std::sqrt(var), design).sd_unit};
}

// The normal approximation to the cluster-robust t on binary differences: Φ(λ − z) (+ the far tail
// when two-sided), λ = Δ√C/σ_unit. Simulations of clustered binary items (eval_design_test.cpp) track
// this form more closely than the noncentral t's, whose C − 1 degrees of freedom understate them here.
double normal_power(std::size_t units, const PairedEffect& e, double alpha, Alternative alt) {
  const boost::math::normal_distribution<double> z01;
  const double lambda = e.delta * std::sqrt(static_cast<double>(units)) / e.sd_diff;
  if (alt == Alternative::two_sided) {
    const double z = boost::math::quantile(boost::math::complement(z01, alpha / 2));
    return boost::math::cdf(z01, lambda - z) + boost::math::cdf(z01, -lambda - z);
  }
  const double z = boost::math::quantile(boost::math::complement(z01, alpha));
  return boost::math::cdf(z01, (alt == Alternative::greater ? lambda : -lambda) - z);
}

// The fewest units (at least 2) whose normal_power reaches the target; 0 when none up to `most` does.
std::size_t normal_units(const PairedEffect& e, double alpha, double power, Alternative alt, std::size_t most) {
  const boost::math::normal_distribution<double> z01;
  const double toward = alt == Alternative::less ? -e.delta : e.delta;
  if (e.delta == 0 || (alt != Alternative::two_sided && toward <= 0)) return 0;
  const double z_a = boost::math::quantile(boost::math::complement(z01, alt == Alternative::two_sided ? alpha / 2 : alpha));
  const double z_b = boost::math::quantile(z01, power);
  const double guess = std::pow((z_a + z_b) * e.sd_diff / e.delta, 2);
  if (!(guess < static_cast<double>(most))) return 0;
  // The closed form ignores the far tail, which only adds power: step down while the power still holds.
  auto c = std::max<std::size_t>(2, static_cast<std::size_t>(std::ceil(guess)));
  while (c > 2 && normal_power(c - 1, e, alpha, alt) >= power) --c;
  while (normal_power(c, e, alpha, alt) < power) ++c;
  return c;
}

// The design's echo, as the continuous answers give it; sd_unit is that of one unit's mean difference (σ_d² = ψ − Δ²).
void add_design(json& in, BinaryDesign d, const EvalDesign& design) {
  if (design.plain()) return;
  in["design"] = {{"cluster_size", design.cluster_size}, {"icc", design.icc}, {"repeats", design.repeats}, {"within_share", design.within_share},
                  {"variance_factor", design.variance_factor()}, {"design_effect", design.design_effect()}, {"sd_unit", unit_effect(d, design).sd_diff}};
}

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

json binary_power_answers(std::uint64_t n, BinaryDesign d, double alpha, Alternative alt, const EvalDesign& design) {
  validate_alpha(alpha);
  if (n < 1 || n > items_max) throw Error("n", ErrorKind::invalid_value, "must lie between 1 and 1,000,000 items", std::to_string(n));
  json j;
  j["inputs"] = inputs(d, alpha, alt);
  j["inputs"]["n"] = n;
  add_design(j["inputs"], d, design);
  if (!design.plain()) {
    const auto units = design_units(static_cast<std::size_t>(n), 1, design).units;
    if (units < 2) throw Error("n", ErrorKind::invalid_value, "gives fewer than 2 clusters; the cluster-robust t needs at least 2", std::to_string(n));
    if (design.clustered()) j["inputs"]["design"]["clusters"] = units;
    j["exact"] = {{"power", nullptr}, {"method", exact_method}, {"reason", design_no_exact}};
    j["approximate"] = {{"power", normal_power(units, unit_effect(d, design), alpha, alt)}, {"method", design_method}};
    return j;
  }
  j["exact"] = {{"power", mcnemar_power(n, d, alpha, alt)}, {"method", exact_method}};
  j["approximate"] = {{"power", mcnemar_power_approx(n, d, alpha, alt)}, {"method", approximate_method}};
  return j;
}

json binary_sample_size_answers(BinaryDesign d, double alpha, double power, Alternative alt, const EvalDesign& design) {
  validate_alpha(alpha);
  json j;
  j["inputs"] = inputs(d, alpha, alt);
  j["inputs"]["power"] = power;
  add_design(j["inputs"], d, design);
  if (!design.plain()) {
    if (!(power > alpha && power < 1)) throw Error("power", ErrorKind::invalid_value, "the target must lie strictly between alpha and 1", format_csv(power));
    j["exact"] = {{"n", nullptr}, {"power", nullptr}, {"method", exact_method}, {"reason", design_no_exact}};
    const PairedEffect e = unit_effect(d, design);
    const std::size_t units = normal_units(e, alpha, power, alt, items_max);
    const std::size_t items = units ? design_items(units, design) : 0;
    if (!units || items > items_max) {
      j["approximate"] = {{"n", nullptr}, {"power", nullptr}, {"method", design_method},
                          {"reason", d.delta() == 0 ? "the accuracies are equal: no n detects a difference of 0" : "no n up to 1,000,000 items reaches the power (or the difference lies on the other side of the alternative)"}};
    } else {
      j["approximate"] = {{"n", items}, {"power", normal_power(units, e, alpha, alt)}, {"method", design_method}};
      if (design.clustered()) j["approximate"]["clusters"] = units;
    }
    return j;
  }
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
