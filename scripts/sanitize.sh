#!/usr/bin/env bash
# The whole Catch2 suite and the CLI contract, built with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fails the run).
#
# The build is the one scripts/fuzz.sh fuzzes (build-fuzz, clang-14, the
# sanitizers plus libFuzzer's coverage hooks, which ASan's runtime answers when
# no fuzzer is linked): the sanitized core compiles once for both, and clang
# compiles it with the sanitizers about 2.5 times faster than GCC does.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAIRPOWER_FUZZ=ON -DPAIRPOWER_BUILD_TESTS=ON >/dev/null
cmake --build build-fuzz --parallel "$(nproc)" >/dev/null
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-fuzz --output-on-failure --parallel "$(nproc)"
