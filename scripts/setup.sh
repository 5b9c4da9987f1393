#!/usr/bin/env bash
# Installs what pairpower needs, from Debian's packages and the npm registry only.
# Idempotent: does nothing when everything is present.
# Usage: scripts/setup.sh [extra Debian package …]   (npm test adds chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libboost-math-dev catch2 nlohmann-json3-dev libcli11-dev libfmt-dev zlib1g-dev libzstd-dev libfast-float-dev emscripten "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "setup: installing ${missing[*]}"
  as_root=()
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null; then as_root=(sudo); else
      echo "setup: missing packages ${missing[*]}; run as root or install them with apt-get" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# JavaScript dependencies, exactly as package-lock.json pins them.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
