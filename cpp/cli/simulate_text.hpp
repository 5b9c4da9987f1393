#pragma once
// The simulate command's text tables: the paper's shapes (§4.2, §4.3, §4.5, §4.6, §5.1, §6.1, §9)
// with our Monte Carlo value, its SE, the analytic value and the printed one.
#include <cstdio>

#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower::cli {

void print_paper_tables(std::FILE* out, const GridSpec& g, const GridResult& r, double target_power);
void print_grid_table(std::FILE* out, const GridSpec& g, const GridResult& r, double target_power);

}  // namespace pairpower::cli
