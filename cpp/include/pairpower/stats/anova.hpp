#pragma once
// The two-way ANOVA of a leaderboard without interaction — score ~ system +
// query — and Tukey's HSD over its systems: the parametric family-wise
// comparison IR calls "topic-blocked" (Carterette 2012; Sakai 2018).
//
// Example:
//   auto a = pairpower::two_way_anova(board);      // R: summary(aov(score ~ system + query))
//   a.f; a.p; a.ms_residual;
//   pairpower::tukey_hsd_p(a, board.queries(), mean_b - mean_a);   // R: TukeyHSD(…)$system[, "p adj"]
#include <cstddef>

#include "pairpower/stats/board_matrix.hpp"

namespace pairpower {

struct TwoWayAnova {
  std::size_t systems, queries;
  double df_system, df_query, df_residual;
  double ss_system, ss_query, ss_residual;
  double ms_residual;
  double f;  ///< MS(system) / MS(residual)
  double p;  ///< P(F(df_system, df_residual) > f)
};

/// Throws Error("scores") unless there are 2 or more systems and 2 or more queries.
TwoWayAnova two_way_anova(const BoardMatrix& b);

/// Tukey's HSD p-value for a difference of two system means: the upper tail of
/// the studentized range (k systems, the residual df) at |Δ| / √(MS_res / n).
double tukey_hsd_p(const TwoWayAnova& a, double mean_difference);

}  // namespace pairpower
