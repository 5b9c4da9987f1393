#!/usr/bin/env bash
# Every hand-written source stays under 400 lines, so each file holds one concern a reader can take in.
# Generated files (web/src/generated/) and fixtures are not sources.
set -euo pipefail
root=${1:?project root}
cd "$root"
over=$(find cpp web/src tests scripts bench -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.ts' -o -name '*.mjs' -o -name '*.sh' \) \
  -not -path 'web/src/generated/*' -not -path 'tests/fixtures/*' -print0 | xargs -0 wc -l | awk '$2 != "total" && $1 > 400 {print $2 " (" $1 " lines)"}')
if [ -n "$over" ]; then
  echo "source files over 400 lines:"; echo "$over"; exit 1
fi
echo "every source file is at most 400 lines"
