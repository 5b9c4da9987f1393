#include "pairpower/jobs/analyze.hpp"

#include <algorithm>

#include "pairpower/base/errors.hpp"
#include "pairpower/input/folder_inputs.hpp"
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
  if (request.confidence_from_alpha && o.alpha < 1) o.confidence = 1 - o.alpha;
  if (request.family) o.family = family_context(*request.family);
  // Files left out of a folder read as one input and runs cut short: a refusal says so (what is missing
  // may be in them; a run cut short, of queries one side lacks), and the report warns of each.
  std::vector<LeftOutFile> left_out = a.left_out;
  std::vector<CutShortRun> cut_short = a.cut_short;
  if (b) left_out.insert(left_out.end(), b->left_out.begin(), b->left_out.end());
  if (b) cut_short.insert(cut_short.end(), b->cut_short.begin(), b->cut_short.end());
  ComparisonPlan plan = [&] {
    try {
      return build_comparisons(a, b, requested_measures(request.measures, a, b), *missing, request.baseline);
    } catch (const Error& e) {
      const bool lacking = e.kind == ErrorKind::unmatched_ids && !cut_short.empty();
      if (left_out.empty() && !lacking) throw;
      Error out = left_out.empty() ? e : with_files_left_out(e, left_out);
      if (lacking)
        for (const auto& c : cut_short) out = with_clause(out, cut_short_warning(c).message);
      throw out;
    }
  }();
  CompareResult result = compare_all(plan.samples, o);
  // The ids one side lacks, scored 0 or left out, travel with the quotable sentence: its n depends on them.
  for (std::size_t i = 0; i < result.comparisons.size() && i < plan.pairing.size(); ++i)
    result.comparisons[i].sentence += unmatched_clause(plan.pairing[i], *missing, result.comparisons[i].unit);
  ReportSettings settings{o, missing_id, {a.describe()}, result.baseline, plan.pairing};
  if (b) settings.detected.push_back(b->describe());
  for (const auto& l : left_out) settings.input_warnings.push_back(left_out_of_folder(l.folder, l.why));
  for (const auto& c : cut_short) settings.input_warnings.push_back(cut_short_warning(c));
  std::vector<std::vector<double>> pilots;
  if (request.pilots)
    for (const auto& s : plan.samples) {
      auto& d = pilots.emplace_back(s.a.size());
      for (std::size_t i = 0; i < s.a.size(); ++i) d[i] = s.b[i] - s.a[i];
    }
  return {std::move(plan), std::move(result), std::move(settings), std::move(pilots)};
}

}  // namespace pairpower
