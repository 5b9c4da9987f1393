// The words of a comparison: why the verdict, the quotable sentence, and the
// summary of a whole run. Numbers are formatted by formatting.hpp only.
#include <cmath>
#include <sstream>

#include "parts.hpp"
#include "pairpower/formatting.hpp"

namespace pairpower {

const char* const pilot_curve_test = "paired t-test at α on n queries resampled from the pilot differences, shifted to mean Δ";

const char* const wilcoxon_note =
    "The Wilcoxon signed-rank test and its Hodges-Lehmann estimate concern the median of the Walsh averages, "
    "not the mean difference Δ that the t-test, the randomization test and the bootstrap address; for IR "
    "evaluation Smucker, Allan & Carterette (2007) recommend the randomization test.";

}  // namespace pairpower

namespace pairpower::comparison {
namespace {

std::string signed_fixed(double x, int digits) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  if (x >= 0) s << '+';
  s << x;
  return s.str();
}

}  // namespace

std::string reason(const Comparison& c, const CompareOptions& o, bool several) {
  const double p = several ? c.p_holm : c.randomization.p_value;
  const std::string p_name = several ? "Holm-adjusted randomization p" : "randomization p";
  const double sign = o.higher_is_better ? 1.0 : -1.0;
  const int pct = static_cast<int>(std::lround(o.confidence * 100));
  // "is 0.034, below α = 0.05" / "is below 0.001"
  const auto p_is = [&](double x) { return x < 0.001 ? std::string("is below 0.001") : "is " + format_p(x) + (x < o.alpha ? ", below" : ", not below") + " α = " + format_csv(o.alpha); };
  std::ostringstream why;
  if (c.identical) {
    why << c.system_a << " and " << c.system_b << " score identically on every query; there is no difference to test.";
  } else if (c.verdict == Verdict::ship) {
    why << c.system_b << " is better: the " << pct << "% BCa interval of the improvement lies above " << format_csv(o.min_effect) << " and the " << p_name
        << " " << p_is(p) << ".";
  } else if (c.verdict == Verdict::reject) {
    why << c.system_b << " is significantly worse: the " << pct << "% BCa interval lies entirely on the wrong side of 0 and the " << p_name
        << " " << p_is(p) << ".";
  } else {
    if (p >= o.alpha)
      why << "Inconclusive: the " << p_name << " " << p_is(p) << ".";
    else
      why << "Significant, but the " << pct << "% interval does not clear the minimum effect " << format_csv(o.min_effect) << ".";
    if (c.planning.n_required && sign * c.delta > 0)
      why << " About " << thousands(*c.planning.n_required) << " queries would detect an effect of this size with "
          << static_cast<int>(std::lround(o.planning_power * 100)) << "% power.";
  }
  return why.str();
}

std::string sentence(const Comparison& c, const CompareOptions& o) {
  const int pct = static_cast<int>(std::lround(o.confidence * 100));
  const std::string what = c.measure.empty() ? (c.dataset.empty() ? std::string("the scores") : c.dataset)
                                             : (c.dataset.empty() ? c.measure : c.measure + " (" + c.dataset + ")");
  std::ostringstream sent;
  if (c.identical) {
    sent << c.system_b << " and " << c.system_a << " score identically on " << what << " for all " << thousands(c.n) << " queries.";
    return sent.str();
  }
  sent << c.system_b << " vs " << c.system_a << " on " << what << ": Δ = " << signed_fixed(c.delta, 3) << ", " << pct
       << "% CI [" << signed_fixed(c.bootstrap.bca.low, 3) << ", " << signed_fixed(c.bootstrap.bca.high, 3) << "], "
       << p_equals(c.randomization.p_value) << " (paired randomization, "
       << (c.randomization.exact ? "exact over all " + thousands(c.randomization.resamples) + " sign flips"
                                 : thousands(c.randomization.resamples) + " sign flips, seed " + std::to_string(o.seed))
       << "), n = " << thousands(c.n) << ", ρ = " << std::fixed;
  sent.precision(2);
  sent << c.pearson << ".";
  return sent.str();
}

std::string summary(const CompareResult& r, bool several) {
  std::ostringstream s;
  const auto tally = [](const SystemTally& t) {
    return std::to_string(t.better) + " of " + std::to_string(t.comparisons) + (t.comparisons == 1 ? " comparison" : " comparisons");
  };
  if (r.by_system.size() == 1) {
    const auto& t = r.by_system.front();
    s << t.system << " is significantly better than " << r.baseline << " on " << tally(t) << (several ? " after Holm" : "")
      << "; significantly worse on " << t.worse << ".";
  } else {
    s << "Against " << r.baseline << (several ? ", after Holm" : "") << ":";
    for (std::size_t i = 0; i < r.by_system.size(); ++i) {
      const auto& t = r.by_system[i];
      s << (i ? ";" : "") << " " << t.system << " is significantly better on " << tally(t) << " and worse on " << t.worse << " ("
        << to_string(t.verdict) << ")";
    }
    s << ".";
  }
  return s.str();
}

}  // namespace pairpower::comparison
