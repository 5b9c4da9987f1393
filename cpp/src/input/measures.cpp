#include "pairpower/input/measures.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace pairpower {
namespace {

// trec_eval 9.0.x / 10.0 measure names (its m_*.c files), without cutoff suffixes.
constexpr auto trec_bases = std::to_array<std::string_view>({
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
    "iprec_at_recall", "P", "relstring", "recall", "infAP", "gm_bpref", "Rprec_mult", "utility", "11pt_avg", "binG",
    "G", "ndcg", "ndcg_rel", "Rndcg", "ndcg_cut", "map_cut", "relative_P", "success", "set_P", "set_recall",
    "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret", "prefs_num_prefs_poss", "prefs_num_prefs_ful",
    "prefs_num_prefs_ful_ret", "prefs_simp", "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret",
    "prefs_pair_ret", "prefs_avgjg_ret", "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp",
    "map_avgjg", "Rprec_mult_avgjg", "P_avgjg", "yaap", "gm_ndcg", "ndcg_p", "err", "rbp",
    // trec_eval 10.0 adds these.
    "unj", "rbp_resid", "dcg", "ideal_dcg", "num_nonjudged_ret"});

// ir_measures' measure names (its measures/ package).
constexpr auto ir_measures_names = std::to_array<std::string_view>({
    "AP", "AP_IA", "BPM", "Bpref", "Compat", "ERR", "ERR_IA", "INSQ", "INST", "IPrec", "Judged", "NERR8", "NERR9",
    "NERR10", "NERR11", "NRBP", "NumQ", "NumRel", "NumRelRet", "NumRet", "P", "P_IA", "R", "RBP", "RR", "Rprec",
    "SDCG", "SetAP", "SetF", "SetP", "SetR", "StRecall", "Success", "alpha_nDCG", "infAP", "nDCG", "nDCG_IA", "nERR",
    "AP@", "ERR@", "nDCG@", "P@", "R@"});

// ranx's metric names (its metrics/ package), before "@k".
constexpr auto ranx_bases = std::to_array<std::string_view>({
    "hits", "hit_rate", "precision", "recall", "f1", "r_precision", "r-precision", "mrr", "map", "ndcg", "ndcg_burges",
    "dcg", "dcg_burges", "bpref", "rbp", "err"});

bool is_number_text(std::string_view s) {
  if (s.empty()) return false;
  bool digit = false;
  for (char c : s) {
    if (std::isdigit(static_cast<unsigned char>(c))) digit = true;
    else if (c != '.') return false;
  }
  return digit;
}

template <std::size_t N>
bool one_of(std::string_view s, const std::array<std::string_view, N>& names) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

bool identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

}  // namespace

bool is_trec_eval_measure(std::string_view name) noexcept {
  if (one_of(name, trec_bases)) return true;
  // "P_10", "ndcg_cut_10", "iprec_at_recall_0.00", "Rprec_mult_0.20", "success_1".
  const auto us = name.rfind('_');
  return us != std::string_view::npos && us + 1 < name.size() && is_number_text(name.substr(us + 1)) && one_of(name.substr(0, us), trec_bases);
}

bool is_ir_measures_measure(std::string_view name) noexcept {
  // Name[(params)][@cutoff]
  std::string_view base = name;
  const auto at = base.find('@');
  if (at != std::string_view::npos) {
    if (!is_number_text(base.substr(at + 1))) return false;
    base = base.substr(0, at);
  }
  bool params = false;
  if (const auto open = base.find('('); open != std::string_view::npos) {
    if (base.back() != ')' || open == 0) return false;
    base = base.substr(0, open);
    params = true;
  }
  if (!identifier(base)) return false;
  return at != std::string_view::npos || params || one_of(base, ir_measures_names);
}

bool is_ranx_metric(std::string_view name) noexcept {
  std::string_view base = name;
  // "precision@10-l2": the minimum relevance level comes last.
  if (const auto level = base.rfind("-l"); level != std::string_view::npos && level > 0 && is_number_text(base.substr(level + 2)))
    base = base.substr(0, level);
  if (const auto at = base.find('@'); at != std::string_view::npos) {
    if (!is_number_text(base.substr(at + 1))) return false;
    base = base.substr(0, at);
  }
  if (const auto dot = base.find('.'); dot != std::string_view::npos) {  // "rbp.95"
    if (!is_number_text(base.substr(dot + 1))) return false;
    base = base.substr(0, dot);
  }
  return one_of(base, ranx_bases);
}

bool is_measure_name(std::string_view name) noexcept {
  return is_trec_eval_measure(name) || is_ir_measures_measure(name) || is_ranx_metric(name);
}

bool is_count_measure(std::string_view name) noexcept {
  for (std::string_view c : {"num_q", "num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "NumQ", "NumRet", "NumRel", "NumRelRet"})
    if (name == c) return true;
  return name.rfind("num_", 0) == 0 || name.rfind("prefs_num_", 0) == 0;
}

MeasureKind measure_kind(std::string_view name) noexcept {
  if (name == "runid" || name == "relstring") return MeasureKind::text;
  if (name == "num_q" || name.rfind("gm_", 0) == 0) return MeasureKind::summary;
  return MeasureKind::per_query;
}

std::optional<std::string> closest_per_query_measure(std::string_view s) {
  if (s.rfind("gm_", 0) == 0) return std::string(s.substr(3));  // the geometric mean of map, bpref, … over queries
  return std::nullopt;
}

MeasureRange measure_range(std::string_view name) noexcept {
  if (is_count_measure(name)) return MeasureRange::count;
  // The base name: without ranx's "-l<level>", a cutoff "@k", parameters "(…)",
  // ranx's ".95" or trec_eval's "_<cutoff>" ("P_10", "iprec_at_recall_0.00").
  std::string_view base = name;
  if (const auto level = base.rfind("-l"); level != std::string_view::npos && level > 0 && is_number_text(base.substr(level + 2)))
    base = base.substr(0, level);
  if (const auto at = base.find('@'); at != std::string_view::npos) base = base.substr(0, at);
  if (const auto open = base.find('('); open != std::string_view::npos) base = base.substr(0, open);
  if (const auto dot = base.find('.'); dot != std::string_view::npos && dot > 0) base = base.substr(0, dot);
  if (const auto us = base.rfind('_'); us != std::string_view::npos && us + 1 < base.size() && is_number_text(base.substr(us + 1)))
    base = base.substr(0, us);
  if (base == "hits") return MeasureRange::count;  // ranx: relevant documents retrieved
  static constexpr auto unit = std::to_array<std::string_view>({
      // trec_eval
      "map", "map_cut", "P", "recall", "ndcg", "ndcg_cut", "ndcg_rel", "Rprec", "bpref", "recip_rank", "iprec_at_recall", "infAP", "11pt_avg",
      "success", "set_P", "set_recall", "set_map", "set_F", "set_relative_P", "relative_P", "err", "rbp",
      // ir_measures
      "AP", "AP_IA", "Bpref", "ERR", "IPrec", "Judged", "nDCG", "P_IA", "R", "RBP", "RR", "SetAP", "SetF", "SetP", "SetR", "Success", "StRecall",
      // ranx, and the plain spellings people give a column
      "hit_rate", "precision", "f1", "r_precision", "r-precision", "mrr", "ndcg_burges", "MAP", "MRR", "NDCG"});
  return one_of(base, unit) ? MeasureRange::unit_interval : MeasureRange::unknown;
}

std::string preferred_measure(const std::vector<std::string>& available) {
  for (std::string_view want : {"ndcg_cut_10", "nDCG@10", "ndcg@10", "map", "AP", "map@100", "P_10", "P@10", "precision@10", "recip_rank", "RR",
                                "mrr", "ndcg", "nDCG", "bpref", "Bpref"})
    if (std::find(available.begin(), available.end(), want) != available.end()) return std::string(want);
  for (const auto& m : available)
    if (!is_count_measure(m) && m != "runid") return m;
  return available.empty() ? std::string() : available.front();
}

}  // namespace pairpower
