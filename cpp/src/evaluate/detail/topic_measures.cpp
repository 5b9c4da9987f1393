// trec_eval 10.0's measures on one topic, each computed as trec_eval computes
// it (same operations in the same order), so the values agree to the last bit;
// and ir_measures' own RR@k and Judged@k, as its msmarco and judged providers compute them.
#include "topic_measures.hpp"

#include <algorithm>
#include <cmath>

namespace pairpower::detail {
namespace {

// trec_eval's floor for geometric means (MIN_GEO_MEAN) and infAP's smoothing (INFAP_EPSILON).
constexpr double min_geo_mean = 0.00001, infap_epsilon = 0.00001;

double rbp_resid(const TopicRanking& t, double p) {
  std::int64_t unj = 0;
  double sum = 0, cur = 1.0;
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    if (t.rels[static_cast<std::size_t>(i)] < 0) {
      ++unj;
      sum += cur;
    }
    cur = cur * p;
  }
  return unj ? cur + (1 - p) * sum : 0.0;
}

// Interpolated precision at recall points (iprec_at_recall; summed for 11pt_avg), walking the ranking from its end.
template <class Emit>
void interpolated(const TopicRanking& t, std::int64_t L, const std::vector<double>& points, Emit&& emit) {
  const auto n = static_cast<std::int64_t>(points.size());
  std::vector<std::int64_t> cut(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) cut[i] = std::lround(points[i] * static_cast<double>(t.num_rel));
  std::int64_t c = n - 1;
  while (c >= 0 && cut[static_cast<std::size_t>(c)] > t.num_rel_ret) --c;
  double precis = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret);
  double ip = precis;
  std::int64_t rel = t.num_rel_ret;
  for (std::int64_t i = t.num_ret; i > 0 && rel > 0; --i) {
    precis = static_cast<double>(rel) / static_cast<double>(i);
    if (ip < precis) ip = precis;
    if (t.rels[static_cast<std::size_t>(i - 1)] >= L) {
      while (c >= 0 && rel == cut[static_cast<std::size_t>(c)]) emit(c--, ip);
      --rel;
    }
  }
  while (c >= 0) emit(c--, ip);
}

// Calls at(k, so_far) at each cutoff k (ascending), with so_far the count of ranks before k meeting `counts`;
// cutoffs past the ranking get the final count (trec_eval fills them with non-relevant documents).
template <class Counts, class At>
void at_cutoffs(const TopicRanking& t, const std::vector<double>& cutoffs, Counts&& counts, At&& at) {
  std::size_t c = 0;
  std::int64_t so_far = 0;
  for (std::int64_t i = 0; i < t.num_ret && c < cutoffs.size(); ++i) {
    if (i == static_cast<std::int64_t>(cutoffs[c])) {
      at(c, i, so_far);
      if (++c == cutoffs.size()) break;
    }
    if (counts(i)) ++so_far;
  }
  for (; c < cutoffs.size(); ++c) at(c, static_cast<std::int64_t>(cutoffs[c]), so_far);
}

}  // namespace

void compute(const TopicRanking& t, const MeasureRequest& m, std::int64_t L, double* out) {
  const std::string_view r = m.root;
  const auto d = [](std::int64_t x) { return static_cast<double>(x); };
  const auto rel_at = [&](std::int64_t i) { return t.rels[static_cast<std::size_t>(i)]; };
  const auto is_rel = [&](std::int64_t i) { return rel_at(i) >= L; };
  const std::int64_t num_rel = t.num_rel, num_ret = t.num_ret, num_rel_ret = t.num_rel_ret;
  if (r == "num_ret") *out = d(num_ret);
  else if (r == "num_rel") *out = d(num_rel);
  else if (r == "num_rel_ret") *out = d(num_rel_ret);
  else if (r == "map" || r == "gm_map") {
    double sum = 0;
    std::int64_t so_far = 0;
    for (std::int64_t i = 0; i < num_ret; ++i)
      if (is_rel(i)) sum += d(++so_far) / d(i + 1);
    if (so_far) sum = sum / d(num_rel);
    *out = r == "map" ? (so_far ? sum : 0.0) : std::log(std::max(so_far ? sum : 0.0, min_geo_mean));
  } else if (r == "Rprec") {
    const std::int64_t look = std::min(num_ret, num_rel);
    std::int64_t so_far = 0;
    for (std::int64_t i = 0; i < look; ++i) so_far += is_rel(i);
    *out = look ? d(so_far) / d(num_rel) : 0.0;
  } else if (r == "bpref" || r == "gm_bpref" || r == "infAP") {
    std::int64_t num_nonrel = 0, nonrel = 0, rel = 0, unjudged = 0;
    for (std::int64_t j = 0; j < L && j < static_cast<std::int64_t>(t.rel_levels.size()); ++j) num_nonrel += t.rel_levels[static_cast<std::size_t>(j)];
    double bpref = 0, inf_ap = 0;
    for (std::int64_t j = 0; j < num_ret; ++j) {
      const std::int64_t v = rel_at(j);
      if (v == TopicRanking::not_in_pool) continue;
      if (v == TopicRanking::unjudged) {
        ++unjudged;
        continue;
      }
      if (v >= 0 && v < L) {
        ++nonrel;
      } else {
        ++rel;
        bpref += nonrel > 0 ? 1.0 - d(std::min(nonrel, num_rel)) / d(std::min(num_nonrel, num_rel)) : 1.0;
        if (j == 0) {
          inf_ap += 1.0;
        } else {
          const double fj = d(j);
          inf_ap += 1.0 / (fj + 1.0) + (fj / (fj + 1.0)) * (d(rel - 1 + nonrel + unjudged) / fj) *
                                           ((d(rel - 1) + infap_epsilon) / (d(rel - 1 + nonrel) + 2 * infap_epsilon));
        }
      }
    }
    if (num_rel) bpref /= d(num_rel), inf_ap /= d(num_rel);
    *out = r == "bpref" ? bpref : r == "infAP" ? inf_ap : std::log(std::max(bpref, min_geo_mean));
  } else if (r == "recip_rank") {
    std::int64_t i = 0;
    while (i < num_ret && !is_rel(i)) ++i;
    *out = i < num_ret ? 1.0 / d(i + 1) : 0.0;
  } else if (r == "recip_rank@") {
    // ir_measures' RR@k: recip_rank when the first relevant document is within the top k, else 0.
    std::int64_t i = 0;
    while (i < num_ret && !is_rel(i)) ++i;
    for (std::size_t c = 0; c < m.cutoffs.size(); ++c) out[c] = i < num_ret && d(i) < m.cutoffs[c] ? 1.0 / d(i + 1) : 0.0;
  } else if (r == "judged@" || r == "judged") {
    // ir_measures' Judged@k: the share of the top k that the qrels hold (at any level, negative ones too),
    // over the documents there are when the ranking is shorter than k; Judged: over the whole ranking.
    const auto judged = [&](std::int64_t i) { return rel_at(i) != TopicRanking::not_in_pool; };
    if (r == "judged") {
      std::int64_t n = 0;
      for (std::int64_t i = 0; i < num_ret; ++i) n += judged(i);
      *out = num_ret ? d(n) / d(num_ret) : 0.0;
    } else {
      at_cutoffs(t, m.cutoffs, judged, [&](std::size_t c, std::int64_t k, std::int64_t so_far) {
        const std::int64_t shown = std::min(k, num_ret);
        out[c] = shown ? d(so_far) / d(shown) : 0.0;
      });
    }
  } else if (r == "iprec_at_recall") {
    std::fill(out, out + m.cutoffs.size(), 0.0);
    interpolated(t, L, m.cutoffs, [&](std::int64_t c, double v) { out[c] = v; });
  } else if (r == "11pt_avg") {
    double sum = 0;
    interpolated(t, L, m.cutoffs, [&](std::int64_t, double v) { sum += v; });
    *out = sum / d(static_cast<std::int64_t>(m.cutoffs.size()));
  } else if (r == "P") {
    at_cutoffs(t, m.cutoffs, is_rel, [&](std::size_t c, std::int64_t k, std::int64_t so_far) { out[c] = d(so_far) / d(k); });
  } else if (r == "recall" || r == "map_cut" || r == "relative_P") {
    std::fill(out, out + m.cutoffs.size(), 0.0);
    if (num_rel == 0) return;
    if (r == "map_cut") {
      // Average precision of the ranks above each cutoff.
      std::size_t c = 0;
      std::int64_t so_far = 0;
      double sum = 0;
      for (std::int64_t i = 0; i < num_ret; ++i) {
        if (i == static_cast<std::int64_t>(m.cutoffs[c])) {
          out[c] = sum / d(num_rel);
          if (++c == m.cutoffs.size()) break;
        }
        if (is_rel(i)) sum += d(++so_far) / d(i + 1);
      }
      for (; c < m.cutoffs.size(); ++c) out[c] = sum / d(num_rel);
    } else {
      at_cutoffs(t, m.cutoffs, is_rel, [&](std::size_t c, std::int64_t k, std::int64_t so_far) {
        out[c] = r == "recall" ? d(so_far) / d(num_rel) : d(so_far) / d(k > num_rel ? num_rel : k);
      });
    }
  } else if (r == "success") {
    at_cutoffs(t, m.cutoffs, is_rel, [&](std::size_t c, std::int64_t, std::int64_t so_far) { out[c] = so_far ? 1.0 : 0.0; });
  } else if (r == "unj") {
    const auto unj = [&](std::int64_t i) { return rel_at(i) == TopicRanking::not_in_pool || rel_at(i) == TopicRanking::unjudged; };
    at_cutoffs(t, m.cutoffs, unj, [&](std::size_t c, std::int64_t k, std::int64_t so_far) { out[c] = d(so_far) / d(k); });
  } else if (r == "Rprec_mult") {
    std::fill(out, out + m.cutoffs.size(), 0.0);
    const auto n = static_cast<std::int64_t>(m.cutoffs.size());
    std::vector<std::int64_t> cut(m.cutoffs.size());
    for (std::size_t i = 0; i < cut.size(); ++i) cut[i] = static_cast<std::int64_t>(m.cutoffs[i] * d(num_rel) + 0.9);
    std::int64_t c = n - 1;
    while (c >= 0 && cut[static_cast<std::size_t>(c)] > num_ret) {
      out[c] = d(num_rel_ret) / d(cut[static_cast<std::size_t>(c)]);
      --c;
    }
    std::int64_t rel = num_rel_ret;
    for (std::int64_t i = num_ret; i > 0 && rel > 0; --i) {
      const double precis = d(rel) / d(i);
      while (c >= 0 && i == cut[static_cast<std::size_t>(c)]) out[c--] = precis;
      if (is_rel(i - 1)) --rel;
    }
  } else if (r == "utility") {
    // The default coefficients (1, −1, 0, 0): relevant retrieved gain one, others cost one.
    *out = 1.0 * d(num_rel_ret) + -1.0 * d(num_ret - num_rel_ret) + 0.0 * d(num_rel - num_rel_ret) + 0.0 * d(num_rel_ret - num_ret - num_rel);
  } else if (r == "binG") {
    double sum = 0;
    std::int64_t so_far = 0;
    for (std::int64_t i = 0; i < num_ret; ++i)
      if (is_rel(i)) {
        ++so_far;
        sum += 1.0 / std::log2(d(3 + i - so_far));
      }
    *out = so_far ? sum / d(num_rel) : 0.0;
  } else if (r == "G") {
    *out = gain_measure(t, Gain::g);
  } else if (r == "ndcg") {
    *out = gain_measure(t, Gain::ndcg);
  } else if (r == "ndcg_rel") {
    *out = gain_measure(t, Gain::ndcg_rel);
  } else if (r == "Rndcg") {
    *out = gain_measure(t, Gain::rndcg);
  } else if (r == "ndcg_cut") {
    // DCG of the raw levels at each cutoff, then divided by the ideal DCG at the same cutoff.
    std::fill(out, out + m.cutoffs.size(), 0.0);
    at_cutoffs_dcg(t, m.cutoffs, out);
  } else if (r == "set_P") {
    *out = num_ret ? d(num_rel_ret) / d(num_ret) : 0.0;
  } else if (r == "set_relative_P") {
    *out = num_ret && num_rel ? d(num_rel_ret) / d(std::min(num_ret, num_rel)) : 0.0;
  } else if (r == "set_recall") {
    *out = num_rel ? d(num_rel_ret) / d(num_rel) : 0.0;
  } else if (r == "set_map") {
    *out = num_ret && num_rel ? (d(num_rel_ret) * d(num_rel_ret)) / (d(num_ret) * d(num_rel)) : 0.0;
  } else if (r == "set_F") {
    if (num_rel_ret) {
      const double P = d(num_rel_ret) / d(num_ret), R = d(num_rel_ret) / d(num_rel), x = 1.0;
      *out = (x + 1.0) * P * R / (x * P + R);
    } else {
      *out = 0.0;
    }
  } else if (r == "num_nonrel_judged_ret") {
    *out = d(num_ret - t.num_nonpool - t.num_unjudged_in_pool - num_rel_ret);
  } else if (r == "rbp") {
    *out = gain_measure(t, Gain::rbp);
  } else if (r == "rbp_resid") {
    *out = rbp_resid(t, 0.9);
  }
}

}  // namespace pairpower::detail
