#pragma once
// The Plan's part of the engine's Embind boundary (plan_run_bindings.cpp), shared
// with the simulation bindings: a group of simulation cells read from JavaScript.
#include <emscripten/val.h>

#include "pairpower/simulation/monte_carlo.hpp"

namespace pairpower::bindings {

/// {model, n, rho, mean, sd, deltas, alpha, tests, seed, …} → the group, with errors naming the field.
pairpower::GroupSpec group_from(const emscripten::val& s);

}  // namespace pairpower::bindings
