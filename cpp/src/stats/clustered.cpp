#include "pairpower/stats/clustered.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "detail/percentile.hpp"
#include "pairpower/base/random.hpp"
#include "pairpower/stats/paired_t.hpp"

namespace pairpower {
namespace {

void check(std::span<const double> x, const ClusterIds& ids) {
  if (x.size() != ids.of_item.size()) throw std::invalid_argument("each item needs one cluster");
  if (ids.clusters < 2) throw std::invalid_argument("clustered statistics need at least 2 clusters");
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i])) throw std::invalid_argument("value " + std::to_string(i + 1) + " is not a finite number");
    if (ids.of_item[i] >= ids.clusters) throw std::invalid_argument("item " + std::to_string(i + 1) + " names a cluster out of range");
  }
}

// Each cluster's sum of values and count of items.
struct Totals {
  std::vector<double> sum;
  std::vector<std::uint64_t> count;
};

Totals totals(std::span<const double> x, const ClusterIds& ids) {
  Totals t{std::vector<double>(ids.clusters, 0.0), std::vector<std::uint64_t>(ids.clusters, 0)};
  for (std::size_t i = 0; i < x.size(); ++i) t.sum[ids.of_item[i]] += x[i], ++t.count[ids.of_item[i]];
  return t;
}


}  // namespace

ClusterIds cluster_ids(std::span<const std::string> names) {
  ClusterIds ids;
  ids.of_item.reserve(names.size());
  std::unordered_map<std::string_view, std::uint32_t> index;
  for (const auto& name : names) {
    const auto [it, fresh] = index.emplace(name, ids.clusters);
    if (fresh) ++ids.clusters;
    ids.of_item.push_back(it->second);
  }
  return ids;
}

ClusteredMean clustered_mean(std::span<const double> x, const ClusterIds& ids, double confidence, Alternative alt, double null) {
  check(x, ids);
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("the confidence must lie strictly between 0 and 1");
  ClusteredMean m;
  m.n = x.size();
  m.clusters = ids.clusters;
  const double n = static_cast<double>(m.n), c = static_cast<double>(m.clusters);
  double sum = 0;
  for (double v : x) sum += v;
  m.mean = sum / n;
  // Deviations summed within clusters, then squared: the meat of the sandwich for a mean.
  std::vector<double> dev(ids.clusters, 0.0);
  double ss = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double e = x[i] - m.mean;
    dev[ids.of_item[i]] += e;
    ss += e * e;
  }
  double meat = 0;
  for (double e : dev) meat += e * e;
  m.se = std::sqrt(meat * c / (c - 1)) / n;
  m.df = c - 1;
  const double iid_var = m.n > 1 ? ss / (n - 1) / n : 0.0;
  m.design_effect = iid_var > 0 ? m.se * m.se / iid_var : 1.0;
  m.effective_n = n / m.design_effect;
  const double num = m.mean - null;
  if (m.se > 0) {
    m.t = num / m.se;
    m.p = t_p(m.t, m.df, alt);
  } else {
    // No spread: the sign decides (t = ±∞), and nothing to test at 0/0.
    m.t = num == 0 ? 0.0 : std::copysign(1e308, num);
    if (num == 0) m.p = 1;
    else if (alt == Alternative::two_sided) m.p = 0;
    else m.p = (num > 0) == (alt == Alternative::greater) ? 0.0 : 1.0;
  }
  const double half = t_quantile_upper((1 - confidence) / 2, m.df) * m.se;
  m.ci_low = m.mean - half;
  m.ci_high = m.mean + half;
  return m;
}

Interval cluster_bootstrap(std::span<const double> x, const ClusterIds& ids, const BootstrapOptions& opt) {
  check(x, ids);
  if (opt.resamples < 2) throw std::invalid_argument("bootstrap resamples: must be at least 2");
  if (!(opt.confidence > 0 && opt.confidence < 1)) throw std::invalid_argument("confidence must lie in (0, 1)");
  const Totals t = totals(x, ids);
  const std::uint64_t c = ids.clusters;
  Xoshiro128x8 rng(hash_words({opt.seed, 0x636c7573ULL /* "clus" */, c, x.size()}));
  std::vector<std::uint32_t> idx((std::size_t{ids.clusters} + 7) / 8 * 8);
  std::vector<double> means(static_cast<std::size_t>(opt.resamples));
  for (auto& mean : means) {
    rng.fill(idx.data(), idx.size());
    double s = 0;
    std::uint64_t items = 0;
    for (std::size_t k = 0; k < ids.clusters; ++k) {
      const auto j = static_cast<std::size_t>((static_cast<std::uint64_t>(idx[k]) * c) >> 32);  // Lemire's range map
      s += t.sum[j];
      items += t.count[j];
    }
    mean = s / static_cast<double>(items);
  }
  std::sort(means.begin(), means.end());
  const double tail = (1 - opt.confidence) / 2;
  return {detail::percentile(means, tail), detail::percentile(means, 1 - tail)};
}

RandomizationResult cluster_randomization_test(std::span<const double> x, const ClusterIds& ids, const RandomizationOptions& options) {
  check(x, ids);
  // Flipping a cluster flips every item in it: the test of the items' mean is the sign-flip test of the clusters' sums.
  const Totals t = totals(x, ids);
  return randomization_test(t.sum, options);
}

}  // namespace pairpower
