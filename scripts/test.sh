#!/usr/bin/env bash
# npm test: set up what is missing, build everything, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh chromium clang-14 libclang-rt-14-dev
bash scripts/build.sh
echo "== C++ core and CLI (Catch2 + CLI contract, via CTest)"
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
echo "== bad-input catalogue and real tool outputs against the CLI"
node --test tests/bad_inputs/ tests/real_inputs/
echo "== TypeScript type-check"
npx tsc -p .
echo "== web unit tests (Vitest)"
npx vitest run
echo "== wasm in Node vs the CLI"
node --test --test-force-exit tests/wasm/
echo "== browser tests (headless Chromium)"
node --test --test-force-exit --test-concurrency=1 tests/browser/
echo "== the Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer"
bash scripts/sanitize.sh
echo "== fuzzing (libFuzzer, deterministic: seed 1, fixed run counts; about a minute)"
bash scripts/fuzz.sh
