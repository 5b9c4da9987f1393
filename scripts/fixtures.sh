#!/usr/bin/env bash
# Regenerates every expected-value fixture with its own generator, which lives
# beside what it writes (tests/fixtures/<name>.py → <name>.json, each with its
# own seed), and the real-tool expectations (tests/fixtures/real/expected.py).
# Needs Debian's python3-scipy, python3-statsmodels, r-base-core, r-cran-pwr, r-cran-sandwich.
set -euo pipefail
cd "$(dirname "$0")/../tests/fixtures"
for g in paired_samples analytic_power solvers analysis bivariate_normal beta_quantiles studentized_range leaderboard score_models one_sided family_power questions binary_paired clustered binary_power; do
  /usr/bin/python3 "$g.py"
done
/usr/bin/python3 real/expected.py
/usr/bin/python3 logs/expected.py
