#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 (ASan + UBSan), replays every kept
# regression input, then fuzzes each target for a bounded time (about a minute
# in all). New corpus entries go to a temporary folder, never into the repository.
# Usage: scripts/fuzz.sh [seconds-per-target]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAIRPOWER_FUZZ=ON -DPAIRPOWER_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz --parallel "$(nproc)" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
run() {  # name, args...
  local name=$1
  shift
  if "$@" >"$work/$name.log" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    tail -30 "$work/$name.log"
  fi
}
parse_targets=(auto_detect csv_wide csv_long csv_bare trec_eval ir_measures ranx_json pytrec_eval_json)
for t in "${parse_targets[@]}"; do
  run "regressions-parse-$t" build-fuzz/fuzz_parse_$t tests/fuzz/regressions/parse/*
done
for t in simulate power compare; do
  files=(tests/fuzz/regressions/$t/*)
  [[ -e ${files[0]} && ${files[0]} != *.keep ]] && run "regressions-$t" build-fuzz/fuzz_$t "${files[@]}"
done
for t in "${parse_targets[@]}"; do
  mkdir -p "$work/corpus-$t"
  run "fuzz-parse-$t" build-fuzz/fuzz_parse_$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$work/" "$work/corpus-$t" tests/fuzz/corpus/parse
done
for t in simulate power compare; do
  mkdir -p "$work/corpus-$t"
  run "fuzz-$t" build-fuzz/fuzz_$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=2048 \
    -artifact_prefix="$work/" "$work/corpus-$t" tests/fuzz/corpus/entry
done
echo "fuzzing: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
