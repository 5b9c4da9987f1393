#!/usr/bin/env bash
# The CLI contract of issue 2, checked from outside: JSON shapes, exit codes,
# and one clear stderr line naming the flag for each kind of bad argument.
# Usage: tests/cli_contract_test.sh path/to/pairpower
set -u
bin=${1:?usage: cli_contract_test.sh PAIRPOWER}
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# json_check JSON JS-EXPRESSION: the expression (over `j`) must be true.
json_check() {
  node -e 'const j = JSON.parse(require("fs").readFileSync(0, "utf8")); if (!('"$2"')) process.exit(1);' <<<"$1"
}

expect_json() {  # description, js-expression, command...
  local what=$1 expr=$2
  shift 2
  local out
  if ! out=$("$@" 2>/tmp/pairpower_cli_err); then bad "$what: exit $?: $(cat /tmp/pairpower_cli_err)"; return; fi
  if json_check "$out" "$expr"; then ok; else bad "$what: $expr"; fi
}

expect_usage_error() {  # flag-that-must-be-named, command...
  local flag=$1
  shift
  local err code
  err=$("$@" 2>&1 >/dev/null)
  code=$?
  local lines
  lines=$(printf '%s\n' "$err" | grep -c .)
  if [[ $code -ne 2 ]]; then bad "$*: exit $code, want 2"; return; fi
  if [[ $lines -ne 1 ]]; then bad "$*: $lines stderr lines, want 1: $err"; return; fi
  if [[ $err != *"$flag"* ]]; then bad "$*: message does not name $flag: $err"; return; fi
  ok
}

# --- simulate --format json
expect_json "simulate json fields" '
  j.seed === 9 && j.alpha === 0.05 && typeof j.elapsed_s === "number" &&
  j.results.length === 2 * 2 * 1 * 3 &&
  j.results.every(r => ["model","n","delta","rho","test","reps","rejections","power","mc_se"].every(k => k in r)) &&
  j.results.every(r => ["normal","beta"].includes(r.model) && ["t","wilcoxon","sign"].includes(r.test)) &&
  j.results.every(r => r.reps === 300 && r.power === r.rejections / r.reps && Math.abs(r.mc_se - Math.sqrt(r.power * (1 - r.power) / 300)) < 1e-12)' \
  "$bin" simulate --n 50,100 --delta 0,0.02 --rho 0.8 --model beta --tests t,wilcoxon,sign --reps 300 --seed 9 --format json

expect_json "the paper preset covers 150 cells x 2 tests" '
  j.results.length === 300 && new Set(j.results.map(r => r.model)).size === 2 &&
  new Set(j.results.map(r => r.n)).size === 5 && new Set(j.results.map(r => r.delta)).size === 5 &&
  new Set(j.results.map(r => r.rho)).size === 3' \
  "$bin" simulate --preset paper --reps 20 --seed 3 --format json

one=$("$bin" simulate --preset paper --reps 50 --seed 5 --threads 1 --format csv)
two=$("$bin" simulate --preset paper --reps 50 --seed 5 --threads 2 --format csv)
if [[ "$one" == "$two" && -n "$one" ]]; then ok; else bad "csv differs between 1 and 2 threads"; fi
if [[ $(printf '%s\n' "$one" | head -1) == "model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power" ]]; then ok; else bad "csv header"; fi

table=$("$bin" simulate --preset paper --reps 100 --seed 1)
for section in "§4.2" "§4.3" "§5.1" "§6.1" "§9"; do
  if [[ $table == *"$section"* ]]; then ok; else bad "table lacks $section"; fi
done

# --- analytic commands
expect_json "power json" 'j.t.power > 0.12 && j.t.power < 0.14 && j.wilcoxon.power > 0.1 && j.wilcoxon.power < j.t.power' \
  "$bin" power --n 100 --delta 0.01 --rho 0.5 --format json
expect_json "power with --sd-diff equals power with rho" 'Math.abs(j.t.power - 0.13100) < 0.002' \
  "$bin" power --n 100 --delta 0.01 --sd-diff 0.12 --format json
expect_json "samplesize json" 'j.t.n === 455 && j.t.power >= 0.8 && Number.isInteger(j.wilcoxon.n) && j.wilcoxon.n > j.t.n' \
  "$bin" samplesize --delta 0.01 --rho 0.8 --power 0.8 --format json
expect_json "mde json" 'j.t.delta > 0.02 && j.t.delta < 0.03 && j.wilcoxon.delta > j.t.delta' \
  "$bin" mde --n 200 --rho 0.5 --power 0.8 --format json

# --- bad arguments: exit 2, one line, the flag named
expect_usage_error "--n" "$bin" simulate --n -5 --delta 0 --rho 0.5
expect_usage_error "--n" "$bin" simulate --n 1.5 --delta 0 --rho 0.5
expect_usage_error "--n" "$bin" simulate --n 1 --delta 0 --rho 0.5
expect_usage_error "--rho" "$bin" simulate --n 50 --delta 0 --rho 1
expect_usage_error "--rho" "$bin" simulate --n 50 --delta 0 --rho nan
expect_usage_error "--delta" "$bin" simulate --n 50 --delta abc --rho 0.5
expect_usage_error "--reps" "$bin" simulate --n 50 --delta 0 --rho 0.5 --reps 0
expect_usage_error "--alpha" "$bin" simulate --n 50 --delta 0 --rho 0.5 --alpha 1.5
expect_usage_error "--threads" "$bin" simulate --n 50 --delta 0 --rho 0.5 --threads 0
expect_usage_error "--format" "$bin" simulate --preset paper --format xml
expect_usage_error "--bogus" "$bin" simulate --preset paper --bogus
expect_usage_error "--n" "$bin" simulate --preset paper --n 50
expect_usage_error "--preset" "$bin" simulate --preset nope
expect_usage_error "--n" "$bin" power --delta 0.01 --rho 0.5
expect_usage_error "--n" "$bin" power --n -3 --delta 0.01 --rho 0.5
expect_usage_error "--rho" "$bin" power --n 100 --delta 0.01 --rho -1
expect_usage_error "--sd-diff" "$bin" power --n 100 --delta 0.01 --rho 0.5 --sd-diff 0.1
expect_usage_error "--power" "$bin" samplesize --delta 0.01 --rho 0.8 --power 1
expect_usage_error "--delta" "$bin" samplesize --delta 0 --rho 0.8 --power 0.8
expect_usage_error "--n" "$bin" mde --n 0 --rho 0.5 --power 0.8
expect_usage_error "--delta" "$bin" power --n 100 --delta inf --rho 0.5

echo "cli contract: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
