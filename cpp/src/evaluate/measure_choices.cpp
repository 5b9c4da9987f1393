// The measures offered for analysing runs, in the order a user looks for them.
#include <algorithm>

#include "pairpower/evaluate/measures.hpp"

namespace pairpower {

std::vector<MeasureChoice> run_measure_choices() {
  std::vector<MeasureChoice> out{
      {std::string(default_run_measure), "nDCG@10 (ndcg_cut_10)", true},
      {"AP", "AP, mean average precision (map)", true},
      {"RR", "RR, reciprocal rank (recip_rank)", true},
      {"P@10", "P@10, precision at 10 (P_10)", true},
      {"R@100", "R@100, recall at 100 (recall_100)", true},
      {"R@1000", "R@1000, recall at 1000 (recall_1000)", true},
      {"nDCG", "nDCG over the whole ranking (ndcg)", true},
      {"nDCG@20", "nDCG@20 (ndcg_cut_20)", true},
      {"P@5", "P@5 (P_5)", true},
      {"Rprec", "R-precision (Rprec)", true},
      {"Bpref", "bpref", true},
      {"Success@10", "Success@10 (success_10)", true},
  };
  // The rest by trec_eval's printed names, once each: a common measure is not offered twice.
  std::vector<std::string> taken;
  for (const auto& c : out) taken.push_back(parse_measures({c.id}).names().front());
  const MeasureSet all = parse_measures({"all_trec"});
  const auto names = all.names();
  const auto summaries = all.summaries();
  for (std::size_t i = 0; i < names.size(); ++i) {
    // Only means: counts (num_ret, …) describe a run, they do not rank it.
    if (summaries[i] != Summary::mean) continue;
    if (std::find(taken.begin(), taken.end(), names[i]) != taken.end()) continue;
    out.push_back({names[i], names[i], false});
  }
  return out;
}

}  // namespace pairpower
