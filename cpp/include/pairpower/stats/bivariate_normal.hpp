#pragma once
// Bivariate standard normal probabilities, via Owen's T function (Owen 1956).
//
// Example:
//   double p = pairpower::bivariate_normal_cdf(0.0, 0.0, 0.5);   // 1/3
namespace pairpower {

/// P(X ≤ h, Y ≤ k) for standard normals with correlation r, |r| < 1.
double bivariate_normal_cdf(double h, double k, double r);

}  // namespace pairpower
