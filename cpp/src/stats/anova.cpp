#include "pairpower/stats/anova.hpp"

#include <cmath>
#include <vector>

#include <boost/math/distributions/fisher_f.hpp>

#include "pairpower/base/errors.hpp"
#include "pairpower/stats/studentized_range.hpp"

namespace pairpower {

TwoWayAnova two_way_anova(const BoardMatrix& b) {
  const std::size_t k = b.systems(), n = b.queries();
  if (k < 2 || n < 2) throw Error("scores", ErrorKind::not_enough_data, "the ANOVA needs at least 2 systems and 2 queries");
  const std::vector<double> sys = b.system_means();
  std::vector<double> query(n, 0.0);
  double grand = 0;
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < n; ++j) query[j] += b.at(i, j) / static_cast<double>(k);
  for (double q : query) grand += q / static_cast<double>(n);
  TwoWayAnova a{};
  a.systems = k;
  a.queries = n;
  for (double m : sys) a.ss_system += static_cast<double>(n) * (m - grand) * (m - grand);
  for (double m : query) a.ss_query += static_cast<double>(k) * (m - grand) * (m - grand);
  // The residual directly (not SS_total − the others), so that it keeps its digits when small.
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const double r = b.at(i, j) - sys[i] - query[j] + grand;
      a.ss_residual += r * r;
    }
  a.df_system = static_cast<double>(k - 1);
  a.df_query = static_cast<double>(n - 1);
  a.df_residual = a.df_system * a.df_query;
  a.ms_residual = a.ss_residual / a.df_residual;
  // Rounding leaves ~1e-33 where there is no residual at all: compare with the total.
  if (!(a.ss_residual > 1e-20 * (a.ss_system + a.ss_query + a.ss_residual))) throw Error("scores", ErrorKind::not_enough_data, "the systems' scores differ by a constant on every query: no residual variance to test against");
  a.f = (a.ss_system / a.df_system) / a.ms_residual;
  a.p = boost::math::cdf(boost::math::complement(boost::math::fisher_f(a.df_system, a.df_residual), a.f));
  return a;
}

double tukey_hsd_p(const TwoWayAnova& a, double mean_difference) {
  const double q = std::fabs(mean_difference) / std::sqrt(a.ms_residual / static_cast<double>(a.queries));
  return cdf(boost::math::complement(studentized_range(static_cast<unsigned>(a.systems), a.df_residual), q));
}

}  // namespace pairpower
