#!/usr/bin/env bash
# The core's domains include only their own folder and the layers below them
# (docs/architecture.md), but for the crossings listed here, each with its reason.
# A new crossing fails, and so does a listed one that is gone, so the list stays
# the truth. The registry's .def lists are data any layer may read.
set -euo pipefail
root=${1:?usage: core_layers_test.sh <project root>}
cd "$root/cpp"

layers=(base stats power simulation input compare leaderboard evaluate registry jobs)

# file (under cpp/include/pairpower/ or cpp/src/)  the folder it reaches up to  — why
allowed=(
  "src/power/family_power.cpp simulation"         # Holm's and BH's family power is simulated
  "src/power/analytic_answers.cpp simulation"     # a family's Monte Carlo answer beside the closed forms
  "src/power/sensitivity.cpp registry"            # the registry's tests and limits
  "src/power/analytic_answers.cpp registry"
  "include/pairpower/simulation/plan_work.hpp registry"    # a Plan's spec is the registry's fields
  "include/pairpower/simulation/plan_export.hpp registry"  # the paper's printed values
  "src/simulation/monte_carlo.cpp registry"
  "src/simulation/plan_warnings.cpp registry"
  "src/simulation/plan_export.cpp registry"
  "src/input/score_input.cpp registry"            # the input formats' names and detection order
  "src/input/pairing.cpp registry"
  "src/compare/comparison.cpp registry"           # Analyze's settings and their bounds
  "src/compare/comparison_report.cpp registry"
  "src/compare/detail/prose.cpp registry"
  "src/leaderboard/options.cpp registry"
  "src/leaderboard/leaderboard_report.cpp registry"
)

rank() {
  local i
  for i in "${!layers[@]}"; do [[ ${layers[$i]} == "$1" ]] && { echo "$i"; return; }; done
  echo -1
}

found=()
while IFS= read -r file; do
  rel=${file#./}
  rel=${rel#include/pairpower/}
  rel=${rel#src/}
  own=${rel%%/*}
  own_rank=$(rank "$own")
  if [[ $own_rank -lt 0 ]]; then echo "not a layer: $own ($file); add it to core_layers_test.sh and docs/architecture.md"; exit 1; fi
  while IFS= read -r target; do
    [[ $target == *.def ]] && continue
    up=${target%%/*}
    up_rank=$(rank "$up")
    if [[ $up_rank -lt 0 ]]; then echo "$file includes pairpower/$target, in no layer"; exit 1; fi
    if (( up_rank > own_rank )); then found+=("${file#./} $up"); fi
  done < <(sed -nE 's@^#include "pairpower/([^"]+)".*@\1@p' "$file")
done < <(find ./include/pairpower ./src -name '*.hpp' -o -name '*.cpp' | sort)

mapfile -t found < <(printf '%s\n' "${found[@]}" | sort -u)
mapfile -t listed < <(printf '%s\n' "${allowed[@]}" | sed 's/ *#.*//' | sort -u)
new=$(comm -23 <(printf '%s\n' "${found[@]}") <(printf '%s\n' "${listed[@]}"))
gone=$(comm -13 <(printf '%s\n' "${found[@]}") <(printf '%s\n' "${listed[@]}"))
status=0
if [[ -n $new ]]; then
  echo "includes that reach a higher layer (order: ${layers[*]}):"
  echo "$new" | sed 's/^/  /'
  status=1
fi
if [[ -n $gone ]]; then
  echo "listed crossings that no longer exist (remove them from core_layers_test.sh):"
  echo "$gone" | sed 's/^/  /'
  status=1
fi
[[ $status -eq 0 ]] && echo "core layers: ${#found[@]} listed crossings, no other"
exit $status
