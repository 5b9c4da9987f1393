#pragma once
// Text tables: the paper's shapes (§4.2, §4.3, §4.5, §4.6, §5.1, §6.1, §9)
// with our Monte Carlo value, its SE, the analytic value and the printed one.
#include <cstdio>

#include "pairpower/monte_carlo.hpp"

namespace pairpower::cli {

void print_paper_tables(std::FILE* out, const GridSpec& g, const GridResult& r, double target_power);
void print_grid_table(std::FILE* out, const GridSpec& g, const GridResult& r, double target_power);

/// Analytic power beside a Monte Carlo cell (normal theory, σ_d = σ√(2(1−ρ))):
/// noncentral t, Wilcoxon moments, or the exact binomial for the sign test.
double analytic_for_cell(const GridSpec& g, const CellResult& c);

}  // namespace pairpower::cli
