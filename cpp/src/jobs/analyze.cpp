#include "pairpower/jobs/analyze.hpp"

#include <algorithm>

#include "pairpower/base/errors.hpp"
#include "pairpower/registry/registry.hpp"

namespace pairpower {

FamilyContext family_context(const FamilyRequest& f) {
  FamilyContext c;
  c.p = f.p;
  c.systems = f.systems;
  // Every pair by default; above a million systems K(K − 1)/2 is not counted, and the core's
  // check of the family refuses such a K by name.
  c.pairs = f.pairs ? *f.pairs : f.systems <= 1'000'000 ? f.systems * (f.systems - 1) / 2 : 1;
  c.procedure = f.procedure ? *f.procedure : std::string(family_procedures()[0].id);
  return c;
}

std::vector<std::string> requested_measures(const std::vector<std::string>& names, const ScoreFile& a, const ScoreFile* b) {
  const bool all = std::any_of(names.begin(), names.end(), [](const std::string& m) { return m == "all" || m == "*"; });
  return all ? comparable_measures(a, b) : names;
}

AnalyzeResult analyze(const ScoreFile& a, const ScoreFile* b, const AnalyzeRequest& request) {
  const std::string missing_id = request.missing ? *request.missing : std::string(missing_policies()[0].id);
  const auto missing = missing_policy_from_string(missing_id);
  if (!missing) throw Error("missing", ErrorKind::invalid_value, "not a policy of the registry", missing_id);
  CompareOptions o = request.options;
  if (request.family) o.family = family_context(*request.family);
  ComparisonPlan plan = build_comparisons(a, b, requested_measures(request.measures, a, b), *missing, request.baseline);
  CompareResult result = compare_all(plan.samples, o);
  ReportSettings settings{o, missing_id, {a.describe()}, result.baseline, plan.pairing};
  if (b) settings.detected.push_back(b->describe());
  std::vector<std::vector<double>> pilots;
  if (request.pilots)
    for (const auto& s : plan.samples) {
      auto& d = pilots.emplace_back(s.a.size());
      for (std::size_t i = 0; i < s.a.size(); ++i) d[i] = s.b[i] - s.a[i];
    }
  return {std::move(plan), std::move(result), std::move(settings), std::move(pilots)};
}

}  // namespace pairpower
