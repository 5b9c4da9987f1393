#!/usr/bin/env bash
# `pairpower evaluate` prints what trec_eval 10.0 prints, byte for byte, on every case of
# tests/fixtures/real/evaluate/cases.txt (the expected outputs are trec_eval's own: generate.sh);
# the runs are read gzipped as committed, the qrels plain and gzipped, and every case also as JSON
# and CSV must hold the same values.
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)/fixtures/real/evaluate
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$here/derive.sh" "$work"
cp "$here/inputs/robust03_qrels.txt.gz" "$here/inputs/SABIR03BASE.run.gz" "$work/"
fail=0
while IFS='|' read -r name opts qrels run; do
  expected="$work/$name.expected"
  gzip -dc "$here/expected/$name.txt.gz" > "$expected"
  for variant in plain gz; do
    q=$qrels r=$run
    if [ $variant = gz ]; then
      [ -f "$work/$qrels.gz" ] && q=$qrels.gz || continue
      [ -f "$work/$run.gz" ] && r=$run.gz
    fi
    if ! (cd "$work" && "$bin" evaluate $opts "$q" "$r" 2>/dev/null) > "$work/$name.$variant.out"; then
      echo "FAIL $name ($variant): pairpower evaluate exited with an error"; fail=1; continue
    fi
    if ! cmp -s "$expected" "$work/$name.$variant.out"; then
      echo "FAIL $name ($variant): differs from trec_eval:"; diff "$expected" "$work/$name.$variant.out" | head -5; fail=1
    fi
  done
done < <(grep -v '^#' "$here/cases.txt")

# JSON and CSV hold the text's values at full precision: each rounds to the printed one.
(cd "$work" && "$bin" evaluate -m all_trec --format json robust03_qrels.txt SABIR03BASE.run.gz) > "$work/sabir.json"
gzip -dc "$here/expected/robust-sabir-all.txt.gz" > "$work/sabir.txt"
if ! node -e '
  const fs = require("fs");
  const j = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).runs[0];
  let checked = 0;
  for (const line of fs.readFileSync(process.argv[2], "utf8").trim().split("\n")) {
    const [name, qid, value] = line.split("\t").map((s) => s.trim());
    if (name === "runid" || name === "relstring") continue;
    const v = qid === "all" ? j.all[name] : j.queries[qid]?.[name];
    if (v === undefined) throw new Error(`${name} ${qid}: not in the JSON`);
    // %6.4f rounds the exact binary value (0.03125 to 0.0312): within half a unit of the last digit printed.
    const close = value.includes(".") ? Math.abs(v - Number(value)) <= 0.00005 + 1e-15 : String(v) === value;
    if (!close) throw new Error(`${name} ${qid}: JSON ${v}, trec_eval printed ${value}`);
    checked++;
  }
  if (checked < 9000) throw new Error(`only ${checked} values checked`);
' "$work/sabir.json" "$work/sabir.txt"; then echo "FAIL: the JSON's values do not round to trec_eval's"; fail=1; fi
(cd "$work" && "$bin" evaluate -m map --format csv robust03_qrels.txt SABIR03BASE.run.gz) > "$work/sabir.csv"
if [ "$(grep -c ',map,' "$work/sabir.csv")" != 100 ]; then echo "FAIL: the CSV lacks a map row per topic"; fail=1; fi

# compare --qrels and leaderboard --qrels give the numbers of the two-step route: evaluate to a per-query
# table at full precision, then compare or rank it (the reports differ only in saying where the scores came from).
(cd "$work" && "$bin" evaluate -m nDCG@10 --format csv robust03_qrels.txt SABIR03BASE.run.gz UIUC03Rd1.run) > "$work/two.csv"
# -m before several runs names one measure each time (it does not take the files after it).
(cd "$work" && "$bin" evaluate -m map -m P.5 robust03_qrels.txt SABIR03BASE.run UIUC03Rd1.run) > "$work/two-runs.txt"
[ "$(grep -c '^map ' "$work/two-runs.txt")" = 2 ] || { echo "FAIL: -m map -m P.5 QRELS RUN RUN does not score both runs"; fail=1; }
(cd "$work" && "$bin" compare --measure ndcg_cut_10 --resamples 200 --bootstrap 100 --format csv two.csv >/dev/null 2>&1) && code=0 || code=$?
[ $code != 2 ] || { echo "FAIL: compare --measure M FILE takes the file as a measure"; fail=1; }

# Reads a report's JSON on stdin and prints it without its first warning, which must be about the inputs (no
# comparison) with code $1 and a message starting $2; prints nothing when there is no such warning. With
# code -, prints it whole when no warning is about the inputs.
without_input_warning='
let t = ""; process.stdin.on("data", (d) => (t += d)).on("end", () => {
  const [code, start] = process.argv.slice(1), j = JSON.parse(t), w = j.warnings[0];
  const ofInputs = (x) => ["left_out_of_folder", "topics_not_in_run"].includes(x.code);
  if (code === "-") {
    if (!j.warnings.some(ofInputs)) process.stdout.write(JSON.stringify(j, null, 2) + "\n");
    return;
  }
  if (!w || w.code !== code || !w.message.startsWith(start) || "comparison" in w) return;
  j.warnings.shift();
  process.stdout.write(JSON.stringify(j, null, 2) + "\n");
});'
for cmd in "compare --resamples 2000 --bootstrap 500" "leaderboard --resamples 500 --bootstrap 200"; do
  (cd "$work" && $bin $cmd --format json --qrels robust03_qrels.txt SABIR03BASE.run.gz UIUC03Rd1.run 2>/dev/null) > "$work/one.json" || true
  one=$(grep -v 'scored against' "$work/one.json") || true
  # As the filter below writes it, for comparing with its output.
  one_written=$(node -e "$without_input_warning" - < "$work/one.json" | grep -v 'scored against') || true
  two=$(cd "$work" && $bin $cmd --format json two.csv 2>/dev/null | grep -v 'CSV/TSV') || true
  if [[ -z $one || $one != "$two" ]]; then echo "FAIL: ${cmd%% *} --qrels differs from evaluating first"; fail=1; fi
  # A folder stands for the runs in it: the qrels beside them is left out, a stray note too (with a warning).
  mkdir -p "$work/runs" && cp "$work/SABIR03BASE.run.gz" "$work/UIUC03Rd1.run" "$work/robust03_qrels.txt" "$work/runs/" && printf 'two runs\n' > "$work/runs/NOTES.txt"
  # The JSON says so too, first among its warnings and of no comparison; without that warning it is the same report.
  three=$(cd "$work" && $bin $cmd --format json --qrels runs/robust03_qrels.txt runs 2>"$work/folder.err" | node -e "$without_input_warning" left_out_of_folder "left out of the folder 'runs': runs/NOTES.txt: " | grep -v 'scored against') || true
  if [[ -z $three || $three != "$one_written" ]]; then echo "FAIL: ${cmd%% *} --qrels with a folder of runs differs from naming the runs, or its JSON lacks the warning: ${three:0:300}"; fail=1; fi
  grep -q "^warning: left out of the folder 'runs': runs/NOTES.txt: " "$work/folder.err" || { echo "FAIL: the stray note is not named: $(cat "$work/folder.err")"; fail=1; }
  # A topic a run lacks: on stderr and in the JSON.
  gap=$(cd "$work" && $bin $cmd --format json --missing intersect --qrels robust03_qrels.txt SABIR03BASE.no303.run UIUC03Rd1.run 2>"$work/gap.err" | node -e "$without_input_warning" topics_not_in_run "1 of the qrels' 100 topics has no ranking in run ") || true
  [[ -n $gap ]] || { echo "FAIL: ${cmd%% *} --qrels --format json lacks the warning of a topic a run lacks"; fail=1; }
  grep -q "^warning: 1 of the qrels' 100 topics has no ranking" "$work/gap.err" || { echo "FAIL: ${cmd%% *} --qrels does not warn of topic 303 on stderr: $(cat "$work/gap.err")"; fail=1; }
done
# evaluate takes the folder of runs too, and scores what naming its runs scores: the qrels in it is skipped
# without a word, the stray note is left out with a warning naming it.
(cd "$work" && "$bin" evaluate -m nDCG@10 --format csv runs/robust03_qrels.txt runs 2>"$work/evaluate-folder.err") > "$work/folder.csv" || true
cmp -s "$work/folder.csv" "$work/two.csv" || { echo "FAIL: evaluate with a folder of runs differs from naming the runs"; fail=1; }
grep -q "^warning: left out of the folder 'runs': runs/NOTES.txt: " "$work/evaluate-folder.err" || { echo "FAIL: evaluate does not name the stray note: $(cat "$work/evaluate-folder.err")"; fail=1; }
! grep -q "robust03_qrels" "$work/evaluate-folder.err" || { echo "FAIL: evaluate read the qrels in the folder as a run: $(cat "$work/evaluate-folder.err")"; fail=1; }
# Its JSON names the stray note too, at the top level (the runs' own warnings are about their topics).
(cd "$work" && "$bin" evaluate -m nDCG@10 --format json runs/robust03_qrels.txt runs 2>/dev/null) > "$work/folder.json" || true
node -e '
const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const ok = j.runs.length === 2 && j.warnings.length === 1 && j.warnings[0].code === "left_out_of_folder" && j.warnings[0].message.startsWith("left out of the folder '"'"'runs'"'"': runs/NOTES.txt: ");
process.exit(ok ? 0 : 1);' "$work/folder.json" || { echo "FAIL: evaluate --format json does not name the stray note: $(head -c 300 "$work/folder.json")"; fail=1; }

# Bad input: exit 2 and one line naming the file and what is wrong.
expect_error() {  # what, expected-text, args…
  local what=$1 want=$2; shift 2
  local err code
  err=$(cd "$work" && "$bin" evaluate "$@" 2>&1 >/dev/null) && code=0 || code=$?
  if [[ $code -ne 2 || $err != *"$want"* || $(printf '%s\n' "$err" | grep -c .) -ne 1 ]]; then echo "FAIL $what: exit $code: $err"; fail=1; fi
}
printf '303 Q0 D1 1 2.0 r\n303 Q0 D2 2\n' > "$work/short.run"
printf '303 Q0 LA050390-0109 1 2.0 r\n303 Q0 LA050390-0109 2 1.0 r\n' > "$work/twice.run"
printf '999 Q0 D1 1 2.0 r\n' > "$work/elsewhere.run"
printf '303 0 D1\n' > "$work/short.qrels"
expect_error "a run line of four fields" "short.run: line 2: a run line has six fields" robust03_qrels.txt short.run
expect_error "a document ranked twice" "twice.run: topic 303 ranks document LA050390-0109 twice" robust03_qrels.txt twice.run
expect_error "a run of other topics" "elsewhere.run: the run's topics match none of the qrels' topics" robust03_qrels.txt elsewhere.run
expect_error "a qrels line of three fields" "short.qrels: line 1: a qrels line has four fields" short.qrels SABIR03BASE.run
expect_error "a missing file" "cannot read 'nowhere.run'" robust03_qrels.txt nowhere.run
expect_error "an unknown measure" "-m ndgc: not a measure" -m ndgc robust03_qrels.txt SABIR03BASE.run
expect_error "a cutoff of zero" "-m P.0,5: cutoffs are ranks from 1" -m P.0,5 robust03_qrels.txt SABIR03BASE.run
# A qrels topic the run lacks: left out with a warning (trec_eval 10.0 stops), scored as empty with -c.
err=$(cd "$work" && "$bin" evaluate robust03_qrels.txt SABIR03BASE.no303.run 2>&1 >/dev/null)
[[ $err == *"1 of the qrels' 100 topics has no ranking"*"(303)"* ]] || { echo "FAIL: no warning for topic 303: $err"; fail=1; }

[ $fail = 0 ] && echo "every case equals trec_eval 10.0's output; JSON, CSV and bad input as stated"
exit $fail
