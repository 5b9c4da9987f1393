#!/usr/bin/env bash
# npm start: set up what is missing, build, and serve the production build on
# localhost with COOP/COEP (cross-origin isolated, so the engine uses threads).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec node scripts/serve.mjs --dir dist --port "${PORT:-5173}" "$@"
