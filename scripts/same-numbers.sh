#!/usr/bin/env bash
# Holds the CLI's outputs byte for byte across a restructuring: records every job (simulate, power,
# samplesize, mde, compare, leaderboard, registry) in every format on the presets and the real fixtures,
# then diffs a later build against that record. A deliberate change is allowed only by case name in
# scripts/same-numbers.allow ("case-name<TAB>reason"); anything else fails.
#
#   same-numbers.sh record DIR [BIN]   record BIN (default build/pairpower) into DIR
#   same-numbers.sh baseline REV       build REV's CLI in a git worktree and record it into /tmp/pp-numbers/REV
#   same-numbers.sh check [BASE_DIR]   record build/pairpower into /tmp/pp-numbers/now and diff against BASE_DIR
#                                      (default: the revision named by same-numbers.allow's "# baseline: REV" line,
#                                      recorded first if it is not yet)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

F=tests/fixtures/real
P=tests/fuzz/corpus/parse
TE=$F/trec_eval

record() {
  local out=$1 bin=$2
  rm -rf "$out"; mkdir -p "$out"
  # run NAME ARGS...: one case; the elapsed time is masked because it is the only field meant to differ.
  run() {
    local name=$1; shift
    set +e
    "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo $? >"$out/$name.code"
    set -e
    sed -i -E 's/"elapsed_s": ?[0-9.e+-]+/"elapsed_s": MASKED/g; s/[0-9]+\.[0-9]+ s\b/N.NN s/g' "$out/$name.out" "$out/$name.err"
  }
  local common=(--threads 2 --progress off)
  for preset in paper quick; do
    for fmt in table json csv md; do
      run "sim-$preset-$fmt" simulate --preset $preset --reps 200 --seed 7 --format $fmt "${common[@]}"
    done
    local q
    for q in "alt-greater:--alternative greater" "alt-less:--alternative less" "equiv:--equivalence 0.02" "noninf:--non-inferiority 0.02"; do
      for fmt in table csv md; do
        # shellcheck disable=SC2086
        run "sim-$preset-${q%%:*}-$fmt" simulate --preset $preset --reps 100 --seed 7 ${q#*:} --format $fmt "${common[@]}"
      done
    done
  done
  local grid=(--n 50,200 --delta 0,0.02 --rho 0.5,0.8 --tests t,wilcoxon,sign --reps 300 --seed 3)
  for m in "normal:" "beta:" "both:" "unclipped:" "binary:" "heterogeneous:--tau 0.05" "heavy-tailed:--df 5" \
           "zero-inflated:--zero-share 0.2" "lattice:--levels 10"; do
    for fmt in table json csv; do
      # shellcheck disable=SC2086
      run "sim-model-${m%%:*}-$fmt" simulate --model ${m%%:*} ${m#*:} "${grid[@]}" --format $fmt "${common[@]}"
    done
  done
  run sim-beta-equiv simulate --model beta --equivalence 0.03 "${grid[@]}" "${common[@]}"
  run sim-normal-noninf-greater simulate --model normal --non-inferiority 0.02 --alternative greater "${grid[@]}" "${common[@]}"
  for fmt in table json csv; do
    run "sim-pilot-$fmt" simulate --model pilot --pilot $TE/te908.q.org_manual_bm25.txt --pilot $TE/te908.q.org_manual_ance_bert.txt \
      --pilot-measure map --n 50,200 --delta 0,0.01 --rho 0.8 --reps 300 --seed 3 --format $fmt "${common[@]}"
  done

  local s q fmt
  for s in "rho:--rho 0.8 --sd 0.2" "sddiff:--sd-diff 0.1"; do
    for q in "two:" "greater:--alternative greater" "less:--alternative less" "equiv:--equivalence 0.02" "noninf:--non-inferiority 0.02"; do
      for fmt in text json; do
        # shellcheck disable=SC2086
        {
          run "power-${s%%:*}-${q%%:*}-$fmt" power --n 200 --delta 0.01 ${s#*:} ${q#*:} --format $fmt
          run "samplesize-${s%%:*}-${q%%:*}-$fmt" samplesize --delta 0.02 --power 0.8 ${s#*:} ${q#*:} --format $fmt
          run "mde-${s%%:*}-${q%%:*}-$fmt" mde --n 200 --power 0.8 ${s#*:} ${q#*:} --format $fmt
        }
      done
    done
  done
  local c t
  for c in none bonferroni holm bh; do
    for fmt in text json; do
      run "power-family-$c-$fmt" power --n 300 --delta 0.02 --rho 0.8 --comparisons 5 --correction $c --format $fmt
      for t in all any; do
        run "samplesize-family-$c-$t-$fmt" samplesize --delta 0.02 --power 0.8 --rho 0.8 --comparisons 5 --correction $c --family-target $t --format $fmt
      done
    done
  done
  run power-family-k1001 power --n 300 --delta 0.02 --rho 0.8 --comparisons 1001 --correction holm
  run samplesize-target-without-k samplesize --delta 0.02 --power 0.8 --rho 0.8 --family-target any

  local cmp=(--resamples 2000 --bootstrap 500 --seed 3)
  local pair
  for pair in "te908:$TE/te908.q.org_manual_bm25.txt:$TE/te908.q.org_manual_ance_bert.txt" \
              "te10rc3:$TE/te10rc3.q.org_manual_bm25.txt:$TE/te10rc3.q.org_manual_ance_bert.txt" \
              "te908-4:$TE/te908.q.4topics.org_manual_bm25.txt:$TE/te908.q.4topics.org_manual_ance_bert.txt" \
              "te908-15:$TE/te908.q.n.15topics.org_manual_bm25.txt:$TE/te908.q.n.15topics.org_manual_ance_bert.txt" \
              "te908-all:$TE/te908.q.all_trec.org_manual_bm25.txt:$TE/te908.q.all_trec.org_manual_ance_bert.txt" \
              "irm-tsv:$F/ir_measures/ir_measures-0.4.3.q.org_manual_bm25.tsv:$F/ir_measures/ir_measures-0.4.3.q.org_manual_ance_bert.tsv" \
              "irm-tsv4:$F/ir_measures/ir_measures-0.4.3.q.4topics.org_manual_bm25.tsv:$F/ir_measures/ir_measures-0.4.3.q.4topics.org_manual_ance_bert.tsv" \
              "irm-jsonl4:$F/ir_measures/ir_measures-0.4.3.q.jsonl.4topics.org_manual_bm25.jsonl:$F/ir_measures/ir_measures-0.4.3.q.jsonl.4topics.org_manual_ance_bert.jsonl" \
              "pytrec-four:$F/pytrec_eval/pytrec_eval-0.5.four_measures.50topics.org_manual_bm25.json:$F/pytrec_eval/pytrec_eval-0.5.four_measures.50topics.org_manual_ance_bert.json" \
              "pytrec-all:$F/pytrec_eval/pytrec_eval-0.5.supported_measures.50topics.org_manual_bm25.json:$F/pytrec_eval/pytrec_eval-0.5.supported_measures.50topics.org_manual_ance_bert.json" \
              "ranx:$F/ranx/ranx-0.3.20.run_scores.org_manual_bm25.json:$F/ranx/ranx-0.3.20.run_scores.org_manual_ance_bert.json"; do
    local name=${pair%%:*} rest=${pair#*:}
    local a=${rest%%:*} b=${rest#*:}
    for fmt in text json md latex csv; do
      run "compare-$name-$fmt" compare "$a" "$b" "${cmp[@]}" --format $fmt
      run "compare-$name-all-$fmt" compare "$a" "$b" "${cmp[@]}" --measure all --format $fmt
    done
  done
  local A=$TE/te908.q.org_manual_bm25.txt B=$TE/te908.q.org_manual_ance_bert.txt
  for q in "greater:--alternative greater" "less:--alternative less" "equiv:--equivalence 0.01" "noninf:--non-inferiority 0.01" \
           "lower:--direction lower" "nocurve:--no-curve" "family:--family-p 0.03 --family-systems 6" \
           "family-equiv:--family-p 0.03 --family-systems 6 --equivalence 0.01"; do
    for fmt in text json; do
      # shellcheck disable=SC2086
      run "compare-map-${q%%:*}-$fmt" compare $A $B --measure map "${cmp[@]}" ${q#*:} --format $fmt
    done
  done
  for m in error intersect zero; do
    run "compare-missing-$m" compare $A $TE/te908.q.n.15topics.org_manual_ance_bert.txt --measure map "${cmp[@]}" --missing $m --format json
  done
  run compare-default-text compare $A $B --measure map
  run compare-default-json compare $A $B --measure map --format json
  local x
  for x in "$P"/*; do
    for fmt in text json; do
      run "compare-single-$(basename "$x")-$fmt" compare "$x" --format $fmt
    done
  done

  local lb=(--resamples 2000 --bootstrap 500 --seed 3)
  local th
  for th in 1 2; do
    for fmt in text json md latex csv; do
      run "lb-robust-t$th-$fmt" leaderboard $F/robust03/*.txt "${lb[@]}" --threads $th --format $fmt
    done
  done
  for x in wide.csv long.tsv bare.csv; do
    for fmt in text json md latex csv; do
      run "lb-$x-$fmt" leaderboard $P/$x "${lb[@]}" --threads 2 --format $fmt
    done
  done
  for fmt in text json csv; do
    run "lb-te908-$fmt" leaderboard $A $B --measure map "${lb[@]}" --threads 2 --format $fmt
  done
  run lb-robust-lower leaderboard $F/robust03/*.txt "${lb[@]}" --threads 2 --direction lower --format json
  run lb-robust-intersect leaderboard $F/robust03/*.txt "${lb[@]}" --threads 2 --missing intersect --format json
  run lb-robust-default leaderboard $F/robust03/*.txt
  run lb-seed-above-2p53 leaderboard $F/robust03/*.txt --seed 9007199254740993 --resamples 200 --bootstrap 100
  run registry registry
}

mode=${1:-}
case "$mode" in
  record)
    record "${2:?DIR}" "${3:-$root/build/pairpower}"
    echo "recorded $(ls "$2" | grep -c '\.code$') cases into $2"
    ;;
  baseline)
    rev=${2:?REV}
    wt=/tmp/pp-base-$rev
    [ -d "$wt" ] || git worktree add --detach "$wt" "$rev"
    cmake -S "$wt" -B "$wt/build" -DCMAKE_BUILD_TYPE=Release -DPAIRPOWER_DEVELOPER_MODE=OFF >/dev/null
    cmake --build "$wt/build" --target pairpower --parallel 2 >/dev/null
    record "/tmp/pp-numbers/$rev" "$wt/build/pairpower"
    echo "baseline recorded into /tmp/pp-numbers/$rev"
    ;;
  check)
    base=${2:-}
    if [ -z "$base" ]; then
      rev=$(sed -n 's/^# baseline: \([0-9a-f]*\).*/\1/p' "$root/scripts/same-numbers.allow")
      [ -n "$rev" ] || { echo "same-numbers.allow names no '# baseline: REV'; give BASE_DIR" >&2; exit 2; }
      [ -d "/tmp/pp-numbers/$rev" ] || "$0" baseline "$rev"
      base=/tmp/pp-numbers/$rev
    fi
    [ -d "$base" ] || { echo "no baseline at $base: run '$0 baseline REV' first" >&2; exit 2; }
    record /tmp/pp-numbers/now "$root/build/pairpower"
    allow=$root/scripts/same-numbers.allow
    fail=0
    while read -r f; do
      name=${f%.*}
      if [ -f "$allow" ] && grep -q "^$name	" "$allow"; then
        echo "allowed: $name ($(grep "^$name	" "$allow" | cut -f2))"
      else
        echo "DIFFERS: $f"; diff "$base/$f" "/tmp/pp-numbers/now/$f" | head -8 || true; fail=1
      fi
    done < <(diff -rq "$base" /tmp/pp-numbers/now | sed -E 's|^Files [^ ]*/([^/ ]+) and .*|\1|; s|^Only in ([^:]*): (.*)|\2|' | sort -u)
    [ $fail = 0 ] && echo "same numbers: $(ls /tmp/pp-numbers/now | grep -c '\.code$') cases equal to $base (allowlist aside)"
    exit $fail
    ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
