#!/usr/bin/env bash
# npm test: set up what is missing, build, run every test (Catch2 and the CLI contract via CTest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
