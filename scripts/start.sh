#!/usr/bin/env bash
# npm start: set up what is missing, build, and print the seed paper's tables
# recomputed (Monte Carlo, analytic and printed values side by side).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec ./build/pairpower simulate --preset paper "$@"
