#!/usr/bin/env bash
# Builds both WebAssembly variants of the core (and the small Plan build) with Debian's Emscripten and
# places them where the web app loads them (web/public/wasm, served as-is).
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's em++ finds its JS optimiser's modules (acorn) only here.
export NODE_PATH=/usr/share/nodejs
for variant in st mt; do
  threads=OFF
  [[ $variant == mt ]] && threads=ON
  emcmake cmake -S . -B "build-wasm-$variant" -DCMAKE_BUILD_TYPE=Release -DPAIRPOWER_WASM_THREADS=$threads >/dev/null
  cmake --build "build-wasm-$variant" --parallel "$(nproc)"
  # The glue is CommonJS; the repository's package.json says "type": "module".
  echo '{"type": "commonjs"}' >"build-wasm-$variant/package.json"
done
mkdir -p web/public/wasm
cp build-wasm-st/pairpower-st.js build-wasm-st/pairpower-st.wasm build-wasm-st/pairpower-plan.js build-wasm-st/pairpower-plan.wasm web/public/wasm/
cp build-wasm-mt/pairpower-mt.js build-wasm-mt/pairpower-mt.wasm build-wasm-mt/pairpower-mt.worker.js web/public/wasm/
