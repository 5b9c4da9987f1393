#!/usr/bin/env bash
# The CLI contract, checked from outside: JSON shapes, exit codes,
# and one clear stderr line naming the flag for each kind of bad argument.
# Usage: tests/cli_contract_test.sh path/to/pairpower
set -u
bin=${1:?usage: cli_contract_test.sh PAIRPOWER}
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# json_check JSON JS-EXPRESSION: the expression (over `j`) must be true.
json_check() {
  node -e 'const j = JSON.parse(require("fs").readFileSync(0, "utf8")); if (!('"$2"')) process.exit(1);' <<<"$1"
}

expect_json() {  # description, js-expression, command...  (VERDICT_EXIT=1 accepts compare's 0/1/3)
  local what=$1 expr=$2
  shift 2
  local out code
  out=$("$@" 2>/tmp/pairpower_cli_err)
  code=$?
  if [[ $code -ne 0 && ! ( ${VERDICT_EXIT:-0} == 1 && ( $code == 1 || $code == 3 ) ) ]]; then bad "$what: exit $code: $(cat /tmp/pairpower_cli_err)"; return; fi
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
if [[ $(printf '%s\n' "$one" | head -1) == "model,n,delta,rho,test,reps,rejections,power,mc_se,power_bound,analytic_power,paper" ]]; then ok; else bad "csv header"; fi

# The paper's value (N = 50, δ = 0.01, ρ = 0.8: 0.152) stands beside a cell only on the paper's scores and α.
paper_of() { "$bin" simulate --n 50 --delta 0.01 --rho 0.8 --tests t --reps 50 --seed 2 --format csv "$@" | tail -1 | awk -F, '{print $NF}'; }
if [[ $(paper_of) == "0.152" ]]; then ok; else bad "the paper's value beside its own cell: '$(paper_of)'"; fi
for other in "--sd 0.5" "--mean 0.3" "--alpha 0.01"; do
  # shellcheck disable=SC2086
  if [[ -z $(paper_of $other) ]]; then ok; else bad "the paper's value beside a run with $other: '$(paper_of $other)'"; fi
done

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
# The models beyond the paper's: each parameter named when bad or when no model of the grid uses it.
expect_usage_error "--tau" "$bin" simulate --n 50 --delta 0 --rho 0.5 --tau 0.1
expect_usage_error "--tau" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model heterogeneous --tau -0.1
expect_usage_error "--df" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model heavy-tailed --df 2
expect_usage_error "--zero-share" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model zero-inflated --zero-share 1
expect_usage_error "--levels" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model lattice --levels 0
expect_usage_error "--delta" "$bin" simulate --n 50 --delta 0.5 --rho 0.5 --model binary --mean 0.6
expect_usage_error "--pilot" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model pilot
expect_usage_error "--pilot" "$bin" simulate --n 50 --delta 0 --rho 0.5 --pilot "$here/fixtures/real/trec_eval/te908.q.org_manual_bm25.txt"
expect_usage_error "--pilot" "$bin" simulate --n 50 --delta 0 --rho 0.5 --model pilot --pilot "$here/fixtures/real/trec_eval/te908.q.org_manual_bm25.txt" \
  --pilot "$here/fixtures/real/trec_eval/te908.q.org_manual_ance_bert.txt"
expect_json "pilot from two real trec_eval files" \
  'j.results.length === 4 && j.results.every((r) => r.model === "pilot" && r.reps === 50) && j.results[0].analytic_power !== null && j.results[1].analytic_power === null' \
  "$bin" simulate --n 30 --delta 0,0.05 --rho 0.5 --model pilot --tests t,wilcoxon --reps 50 --format json \
  --pilot "$here/fixtures/real/trec_eval/te908.q.org_manual_bm25.txt" --pilot "$here/fixtures/real/trec_eval/te908.q.org_manual_ance_bert.txt" --pilot-measure map
expect_usage_error "--pilot-dataset" "$bin" samplesize --delta 0.01 --rho 0.8 --pilot-dataset arith_sum
expect_usage_error "--pilot-dataset" "$bin" simulate --n 50 --delta 0 --rho 0.5 --pilot-dataset arith_sum
# One-sided questions and many comparisons.
expect_usage_error "--alternative" "$bin" power --n 100 --delta 0.01 --rho 0.8 --alternative sideways
expect_usage_error "--alternative" "$bin" simulate --n 50 --delta 0 --rho 0.5 --alternative up
expect_usage_error "--comparisons" "$bin" power --n 100 --delta 0.01 --rho 0.8 --comparisons 0
expect_usage_error "--correction" "$bin" power --n 100 --delta 0.01 --rho 0.8 --correction holm
expect_usage_error "--correction" "$bin" power --n 100 --delta 0.01 --rho 0.8 --comparisons 3 --correction sidak
expect_json "power --alternative greater is above two-sided" 'j.t.power > 0.8 && j.t.power < 0.85 && j.inputs.alternative === "greater"' \
  "$bin" power --n 100 --delta 0.02 --rho 0.8 --alternative greater --format json
expect_json "power --comparisons keeps t.power and adds power_all and power_any" \
  'j.t.power > 0.45 && j.t.power_all < j.t.power_per_comparison && j.t.power_any > j.t.power_per_comparison && j.t.monte_carlo.reps === 20000 && !("power_all" in j.wilcoxon) && j.inputs.comparisons === 8' \
  "$bin" power --n 200 --delta 0.01 --rho 0.8 --comparisons 8 --format json
expect_json "a Holm family detected whole in every replicate gives the bound of power_all, not an SE of 0" \
  'j.t.power_all === 1 && Math.abs(j.t.monte_carlo.bound_all - Math.pow(0.05, 1 / 20000)) < 1e-12 && j.t.monte_carlo.precision === "all ≥0.9998 (one-sided 95% bound)" && !("bound_any" in j.t.monte_carlo)' \
  "$bin" power --n 2000 --delta 0.05 --sd-diff 0.1 --comparisons 5 --correction holm --format json
if "$bin" power --n 2000 --delta 0.05 --sd-diff 0.1 --comparisons 5 --correction holm | grep -q "(Monte Carlo, 20000 replicates; all ≥0.9998 (one-sided 95% bound))"; then ok; else bad "the family's text shows the bound of a simulated power of 1, not SE ≤ 0"; fi
expect_json "samplesize --comparisons with Bonferroni needs more queries than one comparison" 'j.t.n > 455 && j.wilcoxon.n > j.t.n && j.inputs.target === "all"' \
  "$bin" samplesize --delta 0.01 --rho 0.8 --power 0.8 --comparisons 8 --correction bonferroni --format json
expect_json "samplesize on the wrong side of a one-sided alternative says why" 'j.t.n === null && /other side/.test(j.t.reason)' \
  "$bin" samplesize --delta 0.01 --rho 0.8 --power 0.8 --alternative less --format json
# Equivalence and non-inferiority questions.
expect_usage_error "--non-inferiority" "$bin" power --n 100 --delta 0 --rho 0.8 --equivalence 0.01 --non-inferiority 0.01
expect_usage_error "--alternative" "$bin" simulate --n 50 --delta 0 --rho 0.5 --equivalence 0.01 --alternative greater
expect_usage_error "--equivalence" "$bin" samplesize --delta 0 --rho 0.8 --power 0.8 --equivalence 0
expect_usage_error "--non-inferiority" "$bin" mde --n 100 --rho 0.8 --power 0.8 --non-inferiority -0.01
expect_json "power --equivalence gives the t-test's TOST power and says why the others have none" \
  'j.t.power > 0.9 && j.t.power < 1 && j.wilcoxon.power === null && /paired t-test only/.test(j.wilcoxon.reason) && j.inputs.question === "equivalence" && j.inputs.margin === 0.01' \
  "$bin" power --n 400 --delta 0 --sd-diff 0.05 --equivalence 0.01 --format json
expect_json "samplesize --equivalence solves at δ = 0" 'j.t.n === 216 && j.t.power >= 0.8' \
  "$bin" samplesize --delta 0 --sd-diff 0.05 --power 0.8 --equivalence 0.01 --format json
expect_json "mde --non-inferiority may be negative" 'j.t.delta < 0 && j.wilcoxon.delta < 0' \
  "$bin" mde --n 400 --sd-diff 0.05 --power 0.8 --non-inferiority 0.01 --format json
expect_json "simulate --equivalence records the question and simulates every test" \
  'j.settings.question === "equivalence" && j.settings.margin === 0.02 && j.results.length === 3 && j.results.every((r) => r.rejections > 0)' \
  "$bin" simulate --n 200 --delta 0 --rho 0.8 --equivalence 0.02 --tests t,wilcoxon,sign --reps 50 --format json
for m in heterogeneous heavy-tailed zero-inflated binary lattice; do
  expect_json "simulate --model $m" "j.results.length === 2 && j.results.every((r) => r.model === \"$m\" && r.rejections >= 0 && r.rejections <= 40)" \
    "$bin" simulate --n 40 --delta 0,0.05 --rho 0.6 --model "$m" --tests t --reps 40 --mean 0.5 --format json
done
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
# Binary items: McNemar. 70% vs 80% accuracy agreeing on 70% of items: 10% only A right, 20% only B, the design
# of tests/fixtures/binary_power.json, whose first n reaching 80% is 249 (exact) and 234 (Connor).
expect_json "samplesize --metric binary gives McNemar's exact and approximate n" 'j.exact.n === 249 && j.approximate.n === 234 && j.exact.power >= 0.8 && Math.abs(j.inputs.only_a - 0.1) < 1e-12' \
  "$bin" samplesize --metric binary --accuracy-a 0.7 --accuracy-b 0.8 --agreement 0.7 --power 0.8 --format json
expect_json "power --metric binary gives McNemar's exact power and Connor's beside it" 'j.exact.power > 0.7 && j.exact.power < 0.9 && j.approximate.power > 0 && j.inputs.n === 249' \
  "$bin" power --metric binary --accuracy-a 0.7 --accuracy-b 0.8 --agreement 0.7 --n 249 --format json
expect_usage_error "--agreement" "$bin" samplesize --metric binary --accuracy-a 0.7 --accuracy-b 0.8 --agreement 0.95 --power 0.8
expect_usage_error "--accuracy-b" "$bin" power --metric binary --accuracy-a 0.7 --agreement 0.8 --n 100
expect_usage_error "--rho" "$bin" power --metric binary --accuracy-a 0.7 --accuracy-b 0.8 --agreement 0.8 --n 100 --rho 0.5
expect_usage_error "--agreement" "$bin" power --n 100 --delta 0.01 --rho 0.5 --agreement 0.8
expect_usage_error "--metric" "$bin" power --metric ordinal --n 100 --delta 0.01 --rho 0.5
expect_usage_error "--metric" "$bin" mde --metric binary --n 100 --power 0.8

# Clusters and repeats: N counts items. With 5 items per cluster at ICC 0.25 (design effect 2), a large
# study needs twice the items of independent ones; only the t answers in clusters.
expect_json "samplesize --cluster-size --icc answers in items and clusters, the t only" \
  'j.t.n === 5 * j.t.clusters && j.t.n > 1.99 * 19624 && j.t.n < 2.01 * 19624 && j.wilcoxon.n === null && j.inputs.design.design_effect === 2' \
  "$bin" samplesize --delta 0.02 --sd-diff 1 --power 0.8 --cluster-size 5 --icc 0.25 --format json
expect_json "power --repeats --within-share plans every test on the item means" 'j.t.power > 0.9 && j.wilcoxon.power > 0.9 && j.inputs.design.repeats === 4' \
  "$bin" power --n 1000 --delta 0.02 --sd-diff 0.2 --repeats 4 --within-share 0.5 --format json
expect_json "binary items in clusters: no exact McNemar, the cluster-robust approximation in items and clusters" \
  'j.exact.n === null && j.approximate.n === 4 * j.approximate.clusters && j.approximate.power >= 0.8' \
  "$bin" samplesize --metric binary --accuracy-a 0.7 --accuracy-b 0.75 --agreement 0.85 --power 0.8 --cluster-size 4 --icc 0.1 --format json
expect_usage_error "--icc" "$bin" power --n 100 --delta 0.01 --sd-diff 0.1 --icc 0.2
expect_usage_error "--icc" "$bin" power --n 100 --delta 0.01 --sd-diff 0.1 --cluster-size 4 --icc 1.5
expect_usage_error "--within-share" "$bin" power --n 100 --delta 0.01 --sd-diff 0.1 --within-share 0.3
expect_usage_error "--repeats" "$bin" power --n 100 --delta 0.01 --sd-diff 0.1 --repeats 2.5
expect_usage_error "--n" "$bin" mde --n 15 --sd-diff 0.1 --power 0.8 --cluster-size 10 --icc 0.1

# --- compare: formats, JSON fields, exit codes
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# 200 queries: B = A + 0.03 (+ small deterministic noise), C = A − 0.03, D = A ± tiny noise.
awk 'BEGIN { srand(7); print "qid,A,B,C,D"; for (i = 1; i <= 200; i++) { a = 0.3 + 0.4 * rand(); e = 0.02 * (rand() - 0.5);
  printf "q%d,%.4f,%.4f,%.4f,%.4f\n", i, a, a + 0.03 + e, a - 0.03 + e, a + 0.02 * (rand() - 0.5) } }' >"$tmp/wide.csv"
cut -d, -f1,2,3 "$tmp/wide.csv" >"$tmp/ship.csv"
cut -d, -f1,2,4 "$tmp/wide.csv" >"$tmp/reject.csv"
cut -d, -f1,2,5 "$tmp/wide.csv" >"$tmp/hold.csv"
expect_exit() {  # code, command...
  local want=$1
  shift
  "$@" >/dev/null 2>&1
  local code=$?
  if [[ $code -eq $want ]]; then ok; else bad "$*: exit $code, want $want"; fi
}
# --- power, samplesize and mde from a pilot (its real-log statistics: tests/real_inputs/logs.test.mjs)
expect_json "samplesize --pilot takes σ_d from the pilot's differences and plans the paired t with it" \
  'j.pilot.items === 200 && j.pilot.sd_diff > 0 && j.inputs.sd_diff === j.pilot.sd_diff && j.t.n > 2 && j.warnings.length === 0' \
  "$bin" samplesize --pilot "$tmp/ship.csv" --delta 0.005 --power 0.8 --format json
awk 'BEGIN { print "id,A,B"; for (i = 1; i <= 12; i++) printf "q%d,%d,%d\n", i, (i % 3 > 0), (i % 4 > 0) }' >"$tmp/binary12.csv"
expect_json "a pilot of 12 binary items plans McNemar and warns that it is small" \
  'j.pilot.items === 12 && j.exact.n > 0 && j.warnings.some((w) => w.code === "small_pilot")' \
  "$bin" samplesize --metric binary --pilot "$tmp/binary12.csv" --power 0.8 --format json
awk 'BEGIN { print "id,A,B"; for (i = 1; i <= 40; i++) printf "q%d,%d,%d\n", i, i % 2, i % 2 }' >"$tmp/agree.csv"
expect_usage_error "--pilot" "$bin" samplesize --metric binary --pilot "$tmp/ship.csv" --power 0.8
expect_usage_error "--pilot" "$bin" samplesize --metric binary --pilot "$tmp/agree.csv" --power 0.8
expect_usage_error "--pilot" "$bin" samplesize --pilot "$tmp/wide.csv" --delta 0.01 --power 0.8
expect_usage_error "--sd-diff" "$bin" samplesize --pilot "$tmp/ship.csv" --sd-diff 0.1 --delta 0.01 --power 0.8
expect_usage_error "--accuracy-a" "$bin" samplesize --metric binary --pilot "$tmp/binary12.csv" --accuracy-a 0.5 --power 0.8
expect_usage_error "--pilot-measure" "$bin" power --n 100 --delta 0.01 --sd-diff 0.1 --pilot-measure acc
expect_usage_error "--pilot-measure" "$bin" mde --n 100 --power 0.8 --pilot "$tmp/ship.csv" --pilot-measure ndcg

expect_exit 0 "$bin" compare "$tmp/ship.csv" --resamples 2000 --bootstrap 1000
expect_exit 3 "$bin" compare "$tmp/reject.csv" --resamples 2000 --bootstrap 1000
expect_exit 1 "$bin" compare "$tmp/hold.csv" --resamples 2000 --bootstrap 1000
# A pair's family is bounded by the core, in the CLI's flags: at least 2 systems, and 1 to K(K − 1)/2 pairs.
expect_usage_error "--family-systems" "$bin" compare "$tmp/hold.csv" --family-p 0.01 --family-systems 1
expect_usage_error "--family-pairs" "$bin" compare "$tmp/hold.csv" --family-p 0.01 --family-systems 3 --family-pairs 0
expect_usage_error "--family-pairs" "$bin" compare "$tmp/hold.csv" --family-p 0.01 --family-systems 3 --family-pairs 4
expect_exit 3 "$bin" compare "$tmp/wide.csv" --resamples 2000 --bootstrap 1000
expect_exit 0 "$bin" compare "$tmp/reject.csv" --direction lower --resamples 2000 --bootstrap 1000

expect_exit 0 "$bin" compare "$tmp/hold.csv" --equivalence 0.02 --resamples 2000 --bootstrap 1000
expect_exit 3 "$bin" compare "$tmp/ship.csv" --equivalence 0.01 --resamples 2000 --bootstrap 1000
expect_exit 0 "$bin" compare "$tmp/reject.csv" --non-inferiority 0.05 --resamples 2000 --bootstrap 1000
expect_exit 3 "$bin" compare "$tmp/reject.csv" --non-inferiority 0.01 --resamples 2000 --bootstrap 1000
expect_exit 1 "$bin" compare "$tmp/reject.csv" --alternative greater --resamples 2000 --bootstrap 1000
expect_usage_error "--alternative" "$bin" compare "$tmp/ship.csv" --alternative up
expect_usage_error "--non-inferiority" "$bin" compare "$tmp/ship.csv" --equivalence 0.01 --non-inferiority 0.01
VERDICT_EXIT=1 expect_json "compare --equivalence adds equivalence {p, ci_low, ci_high} and records the question" \
  'j.comparisons[0].equivalence.p < 0.05 && j.comparisons[0].equivalence.ci_low > -0.02 && j.comparisons[0].equivalence.ci_high < 0.02 && j.settings.equivalence === 0.02 && j.comparisons[0].verdict === "SHIP"' \
  "$bin" compare "$tmp/hold.csv" --equivalence 0.02 --resamples 2000 --bootstrap 1000 --format json
VERDICT_EXIT=1 expect_json "compare json fields" '
  j.settings.seed === 3 && j.settings.alpha === 0.05 && j.comparisons.length === 3 && j.overall === "REJECT" &&
  j.comparisons.every(c => ["dataset","n","mean_a","mean_b","delta","sd_diff","pearson","spearman","min_attainable_p","p_holm","p_bonferroni","p_bh","verdict","reason"].every(k => k in c)) &&
  j.comparisons.every(c => ["p","ci_low","ci_high","dz"].every(k => k in c.t) && ["p","hl","hl_ci_low","hl_ci_high"].every(k => k in c.wilcoxon) &&
    ["p","exact","resamples","p_se"].every(k => k in c.randomization) && "ci_low" in c.bootstrap.bca && "ci_high" in c.bootstrap.percentile &&
    c.bootstrap.resamples === 1000 && "p" in c.sign && "mde" in c.planning && "n_required" in c.planning) &&
  j.comparisons[0].verdict === "SHIP" && j.comparisons[1].verdict === "REJECT" && j.comparisons[2].verdict === "HOLD" &&
  j.comparisons[0].n === 200 && j.comparisons[0].randomization.resamples === 2000' \
  "$bin" compare "$tmp/wide.csv" --resamples 2000 --bootstrap 1000 --seed 3 --format json

for fmt in text md latex csv; do
  out=$("$bin" compare "$tmp/ship.csv" --resamples 500 --bootstrap 200 --no-curve --format "$fmt" 2>&1)
  if [[ -n $out && $out != *nan* && $out != *NaN* ]]; then ok; else bad "compare --format $fmt printed nothing or NaN"; fi
done

printf 'qid,A,B\n1,0.5,0.6\n2,0.4,abc\n' >"$tmp/bad.csv"
expect_usage_error "line 3" "$bin" compare "$tmp/bad.csv"
expect_usage_error "bad.csv" "$bin" compare "$tmp/bad.csv"
printf 'ndcg\t1\t0.5\nndcg\t2\t0.4\n' >"$tmp/ta.txt"
printf 'ndcg\t1\t0.6\nndcg\t3\t0.4\n' >"$tmp/tb.txt"
expect_usage_error "--missing" "$bin" compare "$tmp/ta.txt" "$tmp/tb.txt"
expect_usage_error "--missing" "$bin" compare "$tmp/ta.txt" "$tmp/tb.txt" --missing maybe
expect_usage_error "--resamples" "$bin" compare "$tmp/ship.csv" --resamples 0
expect_usage_error "--confidence" "$bin" compare "$tmp/ship.csv" --confidence 95
expect_usage_error "FILE_A" "$bin" compare "$tmp/does-not-exist.csv"
expect_usage_error "files" "$bin" compare
expect_exit 2 "$bin" compare "$tmp/ta.txt" "$tmp/tb.txt" --missing intersect

# --- leaderboard
printf 'qid,bm25,dense,splade\n' >"$tmp/board.csv"
for q in $(seq 1 30); do printf '%s,0.%02d,0.%02d,0.%02d\n' "$q" $((30 + q % 17)) $((40 + q % 13)) $((35 + q % 19)) >>"$tmp/board.csv"; done
expect_json "leaderboard json" 'j.leaderboards.length === 1 && j.leaderboards[0].k === 3 && j.leaderboards[0].n === 30 && j.leaderboards[0].pairs.length === 3 &&
  j.leaderboards[0].systems.every((s) => ["system","mean","ci_low","ci_high","rank","rank_set_low","rank_set_high","rank_marginal_low","rank_marginal_high","tier","tied_with_best","n_to_separate_next"].every((k) => k in s)) &&
  j.leaderboards[0].pairs.every((p) => ["system_a","system_b","delta","ci_low","ci_high","p","p_se","p_holm","p_tukey","p_tukey_hsd","significant"].every((k) => k in p)) &&
  "f" in j.leaderboards[0].anova && "statistic" in j.leaderboards[0].friedman && j.across_datasets === null' \
  "$bin" leaderboard "$tmp/board.csv" --resamples 500 --bootstrap 500 --format json
printf 'dataset,bm25,dense,splade\nnfcorpus,0.32,0.35,0.34\nscifact,0.66,0.70,0.69\nfiqa,0.23,0.30,0.33\n' >"$tmp/perds.csv"
expect_json "leaderboard per-dataset scores" 'j.leaderboards.length === 0 && j.across_datasets.datasets === 3 && j.across_datasets.pairs.length === 3 && j.across_datasets.mean_ranks.dense < j.across_datasets.mean_ranks.bm25' \
  "$bin" leaderboard "$tmp/perds.csv" --format json
for fmt in text md latex csv; do
  out=$("$bin" leaderboard "$tmp/board.csv" --resamples 300 --bootstrap 300 --format "$fmt" 2>&1)
  if [[ -n $out && $out != *nan* && $out != *NaN* && $out == *dense* ]]; then ok; else bad "leaderboard --format $fmt printed nothing, NaN or no system"; fi
done
expect_usage_error "--missing" "$bin" leaderboard "$tmp/ta.txt" "$tmp/tb.txt"
expect_usage_error "line 3" "$bin" leaderboard "$tmp/bad.csv"
expect_usage_error "--alpha" "$bin" leaderboard "$tmp/board.csv" --alpha 2
# A seed beyond 2^53 − 1 would not reach the page's engine unchanged: the CLI refuses it as the page does.
expect_usage_error "--seed" "$bin" leaderboard "$tmp/board.csv" --seed 9007199254740993
expect_usage_error "--measure" "$bin" leaderboard "$tmp/board.csv" --measure ndcg
# Bare columns (one file per system, no query ids) are paired by position: said with the board in JSON and text, on stderr for CSV.
for s in 1 2 3; do for q in $(seq 1 12); do printf '0.%02d\n' $(((q * (s + 3)) % 50 + 20)); done >"$tmp/column$s.txt"; done
expect_json "leaderboard of bare columns says it pairs by position" 'j.leaderboards[0].paired_by === "position" && j.leaderboards[0].note === "paired by position: no query ids given" &&
  j.leaderboards[0].family_procedure === "randomized-tukey" && j.rank_set_note.startsWith("Rank set: ")' \
  "$bin" leaderboard "$tmp/column1.txt" "$tmp/column2.txt" "$tmp/column3.txt" --resamples 300 --bootstrap 300 --format json
expect_json "leaderboard with query ids pairs by id" 'j.leaderboards[0].paired_by === "query id" && j.leaderboards[0].note === ""' \
  "$bin" leaderboard "$tmp/board.csv" --resamples 300 --bootstrap 300 --format json
out=$("$bin" leaderboard "$tmp/column1.txt" "$tmp/column2.txt" "$tmp/column3.txt" --resamples 300 --bootstrap 300 2>/dev/null)
if [[ $out == *"note: paired by position: no query ids given"* ]]; then ok; else bad "leaderboard text of bare columns does not say it pairs by position"; fi
err=$("$bin" leaderboard "$tmp/column1.txt" "$tmp/column2.txt" "$tmp/column3.txt" --resamples 300 --bootstrap 300 --format csv 2>&1 >/dev/null)
if [[ $err == *"paired by position"* ]]; then ok; else bad "leaderboard csv of bare columns does not say on stderr that it pairs by position"; fi

# --- simulate --model pilot: an N far beyond the pilot warns on stderr and in JSON warnings[]; a pilot of similar size does not
awk 'BEGIN { srand(11); print "qid,A,B"; for (i = 1; i <= 60; i++) { a = 0.3 + 0.4 * rand(); printf "q%d,%.4f,%.4f\n", i, a, a + 0.03 + 0.2 * (rand() - 0.5) } }' >"$tmp/pilot60.csv"
head -11 "$tmp/pilot60.csv" >"$tmp/pilot10.csv"
for format in json table; do
  out=$("$bin" simulate --n 50,100 --delta 0,0.01 --rho 0.5 --model pilot --tests t --reps 100 --format "$format" --pilot "$tmp/pilot10.csv" 2>"$tmp/pilot.err")
  if grep -q '^warning: .*extrapolated from a pilot of 10 queries' "$tmp/pilot.err"; then ok; else bad "simulate --model pilot (10 queries, --format $format): no pilot_extrapolated warning on stderr: $(cat "$tmp/pilot.err")"; fi
done
expect_json "a pilot of 10 queries planning hundreds warns in JSON" \
  'j.warnings.length === 1 && j.warnings[0].code === "pilot_extrapolated" && /a pilot of 10 queries/.test(j.warnings[0].message)' \
  "$bin" simulate --n 50,100 --delta 0,0.01 --rho 0.5 --model pilot --tests t --reps 100 --format json --pilot "$tmp/pilot10.csv"
expect_json "a pilot of 60 queries planning about as many does not warn" 'Array.isArray(j.warnings) && j.warnings.length === 0' \
  "$bin" simulate --n 30,60 --delta 0,0.05 --rho 0.5 --model pilot --tests t --reps 400 --seed 4 --format json --pilot "$tmp/pilot60.csv"
"$bin" simulate --n 30,60 --delta 0,0.05 --rho 0.5 --model pilot --tests t --reps 400 --seed 4 --pilot "$tmp/pilot60.csv" >/dev/null 2>"$tmp/pilot.err"
if grep -q 'warning' "$tmp/pilot.err"; then bad "a pilot of 60 queries warned: $(cat "$tmp/pilot.err")"; else ok; fi

# --- simulate --model pilot over two ρ: one simulation at both (equal rows), rho_ignored in every format, one answer row per δ or N
for format in table json csv md; do
  "$bin" simulate --n 30,60 --delta 0.05 --rho 0.2,0.8 --model pilot --tests t --reps 200 --seed 4 --format "$format" --pilot "$tmp/pilot60.csv" >"$tmp/rho.out" 2>"$tmp/rho.err"
  if grep -q '^warning: The pilot-data model does not read ρ' "$tmp/rho.err"; then ok; else bad "simulate --model pilot --rho 0.2,0.8 --format $format: no rho_ignored warning: $(cat "$tmp/rho.err")"; fi
done
expect_json "the pilot model's cells at two ρ are one simulation, and rho_ignored says so" \
  'j.warnings.some((w) => w.code === "rho_ignored") && j.results.filter((r) => r.rho === 0.2).every((r) => j.results.some((s) => s.rho === 0.8 && s.n === r.n && s.delta === r.delta && s.test === r.test && s.rejections === r.rejections))' \
  "$bin" simulate --n 30,60 --delta 0.05 --rho 0.2,0.8 --model pilot --tests t --reps 200 --seed 4 --format json --pilot "$tmp/pilot60.csv"
rows=$("$bin" simulate --n 30,60 --delta 0.05 --rho 0.2,0.8 --model pilot --tests t --reps 200 --seed 4 --pilot "$tmp/pilot60.csv" 2>/dev/null | grep -c 'ρ = any')
if [[ $rows == 3 ]]; then ok; else bad "simulate --model pilot --rho 0.2,0.8: the answer has $rows rows for any ρ (1 δ + 2 N expected)"; fi

# --- a trec_eval -q file cut short: warned of by compare (above its refusal of the queries it lacks), leaderboard and --pilot; in JSON too
cut="$here/fixtures/real/cut/te10rc3.q.org_manual_bm25.head-n-2000.txt"
whole="$here/fixtures/real/trec_eval/te10rc3.q.org_manual_ance_bert.txt"
set +e
"$bin" compare "$cut" "$whole" --measure map >"$tmp/cut.out" 2>"$tmp/cut.err"; code=$?
set -e
if [[ $code == 2 ]] && [[ $(grep -c 'looks cut short' "$tmp/cut.err") == 1 ]] && head -1 "$tmp/cut.err" | grep -q "^warning: $cut looks cut short: run .* ends inside query 116_5, which holds only the first 2 of the 27 measures" &&
   grep -q '^pairpower: error: measure .map.: query ids do not match' "$tmp/cut.err"; then ok; else bad "compare of a file cut short (exit $code): $(cat "$tmp/cut.err")"; fi
expect_json "compare --missing intersect of a file cut short keeps cut_short among its warnings" 'j.warnings.filter((w) => w.code === "cut_short").length === 1' \
  "$bin" compare "$cut" "$whole" --measure map --missing intersect --format json
for cmd in "leaderboard --measure recip_rank --missing intersect $cut $whole" "power --pilot $cut --pilot $whole --pilot-measure recip_rank --missing intersect --delta 0.02 --n 50"; do
  # shellcheck disable=SC2086
  "$bin" $cmd >"$tmp/cut.out" 2>"$tmp/cut.err" || true
  if [[ $(grep -c "^warning: $cut looks cut short" "$tmp/cut.err") == 1 ]]; then ok; else bad "$cmd: not one cut_short warning: $(cat "$tmp/cut.err")"; fi
done
"$bin" compare "$here/fixtures/real/trec_eval/te908.q.n.15topics.org_manual_bm25.txt" "$here/fixtures/real/trec_eval/te908.q.n.15topics.org_manual_ance_bert.txt" --measure map >/dev/null 2>"$tmp/n.err" || true
if grep -q 'cut short' "$tmp/n.err"; then bad "trec_eval -n files (no summary rows, every query whole) called cut short"; else ok; fi

echo "cli contract: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
