// The measures of graded gains (trec_eval 10.0's ndcg, ndcg_rel, Rndcg, G, rbp
// and ndcg_cut), each computed as trec_eval computes it, with its default
// gains: level i gains i.
#include <algorithm>
#include <cmath>

#include "topic_measures.hpp"

namespace pairpower::detail {
namespace {

// trec_eval's default gains: level i has gain i; levels sorted by gain, each with its count of judged documents.
struct Gains {
  std::vector<double> gain;
  std::vector<std::int64_t> count;
  double of(std::int64_t rel) const { return rel >= 0 && rel < static_cast<std::int64_t>(gain.size()) ? gain[static_cast<std::size_t>(rel)] : 0.0; }
};
Gains default_gains(const TopicRanking& t) {
  Gains g;
  for (std::size_t i = 0; i < t.rel_levels.size(); ++i) {
    g.gain.push_back(static_cast<double>(i));
    g.count.push_back(t.rel_levels[i]);
  }
  return g;
}

// Walks the ideal ranking's gains: the highest level first, each as many times as it has judged documents.
struct IdealWalk {
  const Gains& g;
  std::int64_t level, at_level = 0;
  double gain;
  explicit IdealWalk(const Gains& gains) : g(gains), level(static_cast<std::int64_t>(gains.gain.size()) - 1), gain(level >= 0 ? gains.gain.back() : 0.0) {}
  void step() {
    ++at_level;
    while (level >= 0 && at_level > g.count[static_cast<std::size_t>(level)]) {
      at_level = 1;
      --level;
      gain = level >= 0 ? g.gain[static_cast<std::size_t>(level)] : 0.0;
    }
  }
};

double ndcg(const TopicRanking& t, const Gains& g) {
  double results_dcg = 0, ideal_dcg = 0;
  IdealWalk w(g);
  std::int64_t i = 0;
  for (; i < t.num_ret && w.gain > 0.0; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
    w.step();
    if (w.gain > 0.0) ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
  }
  for (; i < t.num_ret; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
  }
  while (w.gain > 0.0) {
    w.step();
    if (w.gain > 0.0) ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
    ++i;
  }
  return ideal_dcg > 0.0 ? results_dcg / ideal_dcg : 0.0;
}

double ndcg_rel(const TopicRanking& t, const Gains& g) {
  double results_dcg = 0, ideal_dcg = 0, sum = 0;
  std::int64_t num_rel_ret = 0, num_rel = 0, i = 0;
  IdealWalk w(g);
  for (; i < t.num_ret && w.gain > 0.0; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
    w.step();
    if (w.gain > 0.0) {
      ++num_rel;
      ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
    }
    if (rg > 0) {
      sum += results_dcg / ideal_dcg;
      ++num_rel_ret;
    }
  }
  for (; i < t.num_ret; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
    if (rg > 0) {
      sum += results_dcg / ideal_dcg;
      ++num_rel_ret;
    }
  }
  while (w.gain > 0.0) {
    w.step();
    if (w.gain > 0.0) {
      ++num_rel;
      ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
    }
    ++i;
  }
  sum += static_cast<double>(num_rel - num_rel_ret) * results_dcg / ideal_dcg;
  return sum > 0.0 ? sum / static_cast<double>(num_rel) : 0.0;
}

double rndcg(const TopicRanking& t, const Gains& g) {
  if (t.num_rel == 0) return 0.0;
  double results_dcg = 0, ideal_dcg = 0, sum = 0;
  std::int64_t changes = 0, i = 0;
  IdealWalk w(g);
  double old_gain = w.gain;
  for (; i < t.num_ret && w.gain > 0.0; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    w.step();
    if (old_gain != w.gain) {
      if (ideal_dcg > 0.0) {
        sum += results_dcg / ideal_dcg;
        ++changes;
      }
      old_gain = w.gain;
    }
    if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
    if (w.gain > 0.0) ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
  }
  if (i < t.num_ret) {
    for (; i < t.num_ret; ++i) {
      const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
      if (rg != 0) results_dcg += rg / std::log2(static_cast<double>(i + 2));
    }
    if (ideal_dcg > 0.0) {
      sum += results_dcg / ideal_dcg;
      ++changes;
    }
  }
  while (w.gain > 0.0) {
    w.step();
    if (old_gain != w.gain) {
      if (ideal_dcg > 0.0) {
        sum += results_dcg / ideal_dcg;
        ++changes;
      }
      old_gain = w.gain;
    }
    if (w.gain > 0.0) ideal_dcg += w.gain / std::log2(static_cast<double>(i + 2));
    ++i;
  }
  return sum / static_cast<double>(changes);
}

double g_measure(const TopicRanking& t, const Gains& g) {
  double results_g = 0, sum_results = 0, sum_ideal = 0, sum_cost = 0;
  const double min_cost = 1.0;
  std::int64_t i = 0;
  IdealWalk w(g);
  for (; i < t.num_ret && w.gain > 0.0; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    sum_results += rg;
    w.step();
    if (w.gain > 0.0) sum_ideal += w.gain;
    sum_cost += w.gain >= min_cost ? w.gain : min_cost;
    if (rg != 0) results_g += rg / std::log2(2 + sum_cost - sum_results);
  }
  for (; i < t.num_ret; ++i) {
    const double rg = g.of(t.rels[static_cast<std::size_t>(i)]);
    sum_results += rg;
    sum_cost += min_cost;
    if (rg != 0) results_g += rg / std::log2(2 + sum_cost - sum_results);
  }
  while (w.gain > 0.0) {
    w.step();
    if (w.gain > 0.0) sum_ideal += w.gain;
    ++i;
  }
  return sum_ideal > 0.0 ? results_g / sum_ideal : 0.0;
}

double rbp(const TopicRanking& t, Gains g, double p) {
  // Gains outside [0, 1] are scaled into it (trec_eval's normalisation).
  double lo = g.gain.empty() ? 0 : g.gain.front(), hi = lo;
  for (double x : g.gain) lo = std::min(lo, x), hi = std::max(hi, x);
  if (lo < 0 || hi > 1)
    for (double& x : g.gain) x = (x - lo) / (hi - lo);
  double sum = 0, cur = 1.0;
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    const double gain = g.of(t.rels[static_cast<std::size_t>(i)]);
    if (gain != 0) sum += gain * cur;
    cur = cur * p;
  }
  return (1.0 - p) * sum;
}

}  // namespace

double gain_measure(const TopicRanking& t, Gain which) {
  const Gains g = default_gains(t);
  switch (which) {
    case Gain::ndcg: return ndcg(t, g);
    case Gain::ndcg_rel: return ndcg_rel(t, g);
    case Gain::rndcg: return rndcg(t, g);
    case Gain::g: return g_measure(t, g);
    case Gain::rbp: return rbp(t, g, 0.9);
  }
  return 0.0;
}

void at_cutoffs_dcg(const TopicRanking& t, const std::vector<double>& cutoffs, double* out) {
  std::size_t c = 0;
  double sum = 0;
  std::int64_t i = 0;
  for (; i < t.num_ret; ++i) {
    if (i == static_cast<std::int64_t>(cutoffs[c])) {
      out[c] = sum;
      if (++c == cutoffs.size()) break;
    }
    const double gain = static_cast<double>(t.rels[static_cast<std::size_t>(i)]);
    if (gain > 0) sum += gain / std::log2(static_cast<double>(i + 2));
  }
  for (std::size_t k = c; k < cutoffs.size(); ++k) out[k] = sum;
  c = 0;
  auto level = static_cast<std::int64_t>(t.rel_levels.size()) - 1;
  std::int64_t count = 0;
  double ideal = 0;
  for (i = 0;; ++i) {
    ++count;
    while (level > 0 && count > t.rel_levels[static_cast<std::size_t>(level)]) {
      --level;
      count = 1;
    }
    if (level <= 0) break;
    if (i == static_cast<std::int64_t>(cutoffs[c])) {
      if (ideal > 0.0) out[c] /= ideal;
      if (++c == cutoffs.size()) break;
    }
    ideal += static_cast<double>(level) / std::log2(static_cast<double>(i + 2));
  }
  for (; c < cutoffs.size(); ++c)
    if (ideal > 0.0) out[c] /= ideal;
}

}  // namespace pairpower::detail
