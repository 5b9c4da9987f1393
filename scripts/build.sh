#!/usr/bin/env bash
# Builds everything: the native core, CLI and tests (build/), both WebAssembly
# variants (build-wasm-st/, build-wasm-mt/), and the static web app (dist/).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --parallel "$(nproc)"
# The page's view of the core's registry (web/src/generated/registry.ts) and of
# the wasm boundary (web/src/generated/boundary.ts, from cpp/schema/).
node scripts/gen-registry.mjs
node scripts/gen-schema.mjs
bash scripts/build-wasm.sh
npx vite build --logLevel warn
node scripts/build-single.mjs
echo "build: static site in dist/ (serve it with: node scripts/serve.mjs); single file: dist-single/pairpower.html"
