#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 (ASan + UBSan), replays every kept
# regression input, then fuzzes each target from the committed seed corpus.
#
# By default (as in `npm test`) the exploration is deterministic: -seed=1, a
# fixed number of executions per target (-runs), no corpus reload on a timer
# (-reload=0), and a fixed memory layout (below), so every machine, busy or
# idle, runs the same inputs to the same coverage (simulate, which runs a
# two-thread pool, varies a little with thread scheduling); a slow machine
# takes longer, it does not test less.
# -timeout=120 is a hang guard (one input running for minutes), not a speed
# requirement. The run counts give each target a few seconds on an idle 2-core
# machine (about 45 s in all; tests/fuzz/README.md). To explore further,
# fuzz by time from a random seed.
# New corpus entries go to a temporary folder, never into the repository; an
# input that fails a target is written to build-fuzz/artifacts/ (add it to
# tests/fuzz/regressions/ with the fix).
#
# Usage: scripts/fuzz.sh                 deterministic, the run counts below
#        scripts/fuzz.sh --runs N        deterministic, N executions per target
#        scripts/fuzz.sh --seconds S     S seconds per target, random seed (not deterministic)
#        scripts/fuzz.sh S               the same as --seconds S
set -euo pipefail
cd "$(dirname "$0")/.."
# Executions per target by default, each a few seconds on an idle 2-core machine
# (measured 2026-11-22; see tests/fuzz/README.md). Compare slows as its inputs
# grow (3000 runs ≈ 4 s, 8000 ≈ 26 s); simulate needs ~30 000 runs to get past
# the parameter checks from seed 1.
declare -A RUNS=([parse]=40000 [evaluate]=20000 [simulate]=30000 [power]=25000 [compare]=3000)
runs_override=
seconds=
while [[ $# -gt 0 ]]; do
  case $1 in
    --runs) runs_override=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    [0-9]*) seconds=$1; shift ;;
    *) echo "usage: scripts/fuzz.sh [--runs N | --seconds S]" >&2; exit 2 ;;
  esac
done
bounds() {  # kind (parse, simulate, power, compare): sets $bound, the options that bound the exploration
  if [[ -n $seconds ]]; then
    bound=(-max_total_time="$seconds")
  else
    bound=(-seed=1 -runs="${runs_override:-${RUNS[$1]}}" -reload=0)
  fi
}
# Deterministic runs need the same addresses every time: libFuzzer feeds the
# values of traced comparisons (pointers among them) back into its mutations.
# So each target runs with no address-space randomisation (setarch -R; skipped
# where the kernel refuses it), a fixed minimal environment and fixed-length
# relative paths (the stack starts at the same place on every machine), and no
# timed return of freed memory to the OS by ASan's allocator.
launcher=()
if [[ -z $seconds ]]; then
  launcher=(env -i PATH=/usr/bin:/bin ASAN_OPTIONS=allocator_release_to_os_interval_ms=-1)
  if setarch "$(uname -m)" -R true 2>/dev/null; then launcher+=(setarch "$(uname -m)" -R); fi
fi
hang_guard=-timeout=120  # seconds for one input: a hang guard only
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAIRPOWER_FUZZ=ON -DPAIRPOWER_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz --parallel "$(nproc)" >/dev/null
work=$(mktemp -d build-fuzz/work.XXXXXX)  # relative, the same length every time
trap 'rm -rf "$work"' EXIT
artifacts=build-fuzz/artifacts  # a crashing or hanging input is kept here (git ignores build-*)
mkdir -p "$artifacts"
if [[ -n $seconds ]]; then echo "fuzzing: $seconds s per target, random seed"
else echo "fuzzing: deterministic, -seed=1, runs per target: ${runs_override:-parse ${RUNS[parse]}, evaluate ${RUNS[evaluate]}, simulate ${RUNS[simulate]}, power ${RUNS[power]}, compare ${RUNS[compare]}}${launcher[*]:+; ${launcher[*]}}"; fi
passed=0
failed=0
run() {  # name, args...
  local name=$1
  shift
  if "$@" >"$work/$name.log" 2>&1; then
    passed=$((passed + 1))
    # libFuzzer's summary: "#N DONE cov: C ft: F corp: ..." and "Done N runs in S second(s)".
    local cov took
    if cov=$(grep -m1 -o 'DONE *cov: [0-9]* ft: [0-9]*' "$work/$name.log") && took=$(grep -m1 -o '^Done .*' "$work/$name.log"); then
      echo "  $name: ${cov#DONE }; $took"
    fi
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    tail -30 "$work/$name.log"
  fi
}
# Every parser target the build made: one per row of cpp/include/pairpower/registry/input_formats.def.
parse_targets=()
for bin in build-fuzz/fuzz_parse_*; do parse_targets+=("${bin#build-fuzz/fuzz_parse_}"); done
for t in "${parse_targets[@]}"; do
  run "regressions-parse-$t" "build-fuzz/fuzz_parse_$t" $hang_guard tests/fuzz/regressions/parse/*
done
# One target per row of cpp/include/pairpower/registry/evaluate_inputs.def.
evaluate_targets=()
for bin in build-fuzz/fuzz_evaluate_*; do evaluate_targets+=("${bin#build-fuzz/fuzz_evaluate_}"); done
for t in "${evaluate_targets[@]}"; do
  run "regressions-evaluate-$t" "build-fuzz/fuzz_evaluate_$t" $hang_guard tests/fuzz/regressions/evaluate/*
done
for t in simulate power compare; do
  files=(tests/fuzz/regressions/"$t"/*)
  [[ -e ${files[0]} && ${files[0]} != *.keep ]] && run "regressions-$t" "build-fuzz/fuzz_$t" $hang_guard "${files[@]}"
done
for t in "${parse_targets[@]}"; do
  mkdir -p "$work/corpus-$t"
  bounds parse
  run "fuzz-parse-$t" "${launcher[@]}" "build-fuzz/fuzz_parse_$t" "${bound[@]}" $hang_guard -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$artifacts/" "$work/corpus-$t" tests/fuzz/corpus/parse
done
for t in "${evaluate_targets[@]}"; do
  mkdir -p "$work/corpus-evaluate-$t"
  bounds evaluate
  run "fuzz-evaluate-$t" "${launcher[@]}" "build-fuzz/fuzz_evaluate_$t" "${bound[@]}" $hang_guard -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$artifacts/" "$work/corpus-evaluate-$t" tests/fuzz/corpus/evaluate
done
for t in simulate power compare; do
  mkdir -p "$work/corpus-$t"
  bounds "$t"
  run "fuzz-$t" "${launcher[@]}" "build-fuzz/fuzz_$t" "${bound[@]}" $hang_guard -rss_limit_mb=2048 -max_len=2048 \
    -artifact_prefix="$artifacts/" "$work/corpus-$t" tests/fuzz/corpus/entry
done
echo "fuzzing: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
