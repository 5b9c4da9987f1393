#!/usr/bin/env bash
# Installs what pairpower needs to build and test, from Debian's packages only.
# Idempotent: installs nothing when everything is present.
# Usage: scripts/setup.sh [extra-package …]   (scripts/bench.sh adds python3-scipy)
set -euo pipefail

packages=(g++ cmake make libboost-math-dev catch2 nlohmann-json3-dev libcli11-dev libfmt-dev "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

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
