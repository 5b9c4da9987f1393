#pragma once
// The studentized range distribution: the range of k independent standard
// normal means divided by an independent scale √(χ²_ν/ν). Tukey's HSD compares
// every pair of k means with it; Nemenyi's critical difference is its quantile
// at ν = ∞ (Demšar 2006). ν may be infinite (a known scale).
//
// Example:
//   pairpower::studentized_range d(5, 20);
//   cdf(d, 3.5);                                    // 0.8635 (R: ptukey(3.5, 5, 20))
//   cdf(boost::math::complement(d, 3.5));           // its upper tail, the HSD p-value
//   quantile(d, 0.95);                              // 4.232 (qtukey(0.95, 5, 20))
//
// Reference: Lund & Lund (1983), Applied Statistics 32:204–210, for the double
// integral; evaluated here with Boost's Gauss–Kronrod quadrature.
#include <boost/math/distributions/complement.hpp>

namespace pairpower {

class studentized_range {
 public:
  /// Throws Error ("k", "df") unless k ≥ 2 and ν > 0 (ν = infinity allowed).
  studentized_range(unsigned k, double df);
  unsigned means() const noexcept { return k_; }
  double degrees_of_freedom() const noexcept { return df_; }

 private:
  unsigned k_;
  double df_;
};

/// P(Q ≤ q), to about 1e-10 absolute.
double cdf(const studentized_range& d, double q);
/// P(Q > q): Tukey's HSD p-value for a standardized range q.
double cdf(const boost::math::complemented2_type<studentized_range, double>& c);
/// The q with P(Q ≤ q) = p, for 0 < p < 1.
double quantile(const studentized_range& d, double p);

}  // namespace pairpower
