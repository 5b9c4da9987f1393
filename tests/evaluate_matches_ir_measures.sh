#!/usr/bin/env bash
# `pairpower evaluate -m NAME --format json` gives, topic by topic, the values ir_measures computes for the
# same ir_measures name (nDCG@10, AP, P(rel=2)@10, RR@10, Judged@10, NumRelRet, …), on every case of
# tests/fixtures/real/evaluate/ir_measures/cases.txt: two Robust03 runs, one of them also with its scores
# rounded into ties and also without one qrels topic, and two TREC CAsT runs. The expected values are
# ir_measures' own (generate.py there; no Python is needed here), for every name of the fixture's
# "measures", each asked of pairpower alone.
#
# The only values allowed to differ are those the fixture lists under "differs", each with the value
# pairpower must print and why (tied scores ordered by docno ascending in two of ir_measures' providers;
# num_rel of a topic the run lacks); a listed value that no longer differs fails too. A topic or a
# measure on one side only fails. Tolerance 1e-12, as in evaluate_matches_pytrec_eval.sh: ir_measures'
# values come from trec_eval's C code (pytrec_eval) or from one Python division, which pairpower repeats.
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)/fixtures/real/evaluate
fixtures=$here/ir_measures
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$here/pytrec_eval/derive.sh" "$work"

cat > "$work/compare.js" <<'EOF'
const fs = require("fs");
const zlib = require("zlib");
const [expectedFile, gotPrefix, label] = process.argv.slice(2);
const expected = JSON.parse(zlib.gunzipSync(fs.readFileSync(expectedFile)).toString("utf8"));
const tolerance = 1e-12;
const close = (a, b) => typeof a === "number" && typeof b === "number" && Math.abs(a - b) <= tolerance;
const problems = [];
const differs = new Map(expected.differs.map((d) => [`${d.qid}\t${d.measure}`, d]));
const used = new Set();
let compared = 0, largest = 0;
expected.measures.forEach((measure, i) => {
  const runs = JSON.parse(fs.readFileSync(`${gotPrefix}.${i}.json`, "utf8")).runs;
  if (!Array.isArray(runs) || runs.length !== 1) throw new Error(`${label}: ${measure}: expected one run in the JSON`);
  const got = runs[0].queries;
  for (const qid of Object.keys(got)) {
    if (!(qid in expected.queries)) problems.push(`${measure}: topic ${qid}: pairpower has it, ir_measures does not`);
  }
  for (const [qid, row] of Object.entries(expected.queries)) {
    if (row.length !== expected.measures.length) throw new Error(`${label}: fixture row ${qid} is malformed`);
    if (!(qid in got)) { problems.push(`${measure}: topic ${qid}: ir_measures has it, pairpower does not`); continue; }
    const keys = Object.keys(got[qid]);
    if (keys.length !== 1) { problems.push(`${measure}: topic ${qid}: pairpower prints ${keys.length} values (${keys.join(", ")}), not one`); continue; }
    const want = row[i], have = got[qid][keys[0]];
    const listed = differs.get(`${qid}\t${measure}`);
    if (listed) {
      used.add(`${qid}\t${measure}`);
      if (!close(listed.ir_measures, want) || close(listed.ir_measures, listed.pairpower)) {
        problems.push(`${measure}: topic ${qid}: the fixture's listed difference is inconsistent`);
      } else if (!close(have, listed.pairpower)) {
        problems.push(`${measure} (${keys[0]}): topic ${qid}: pairpower ${have}, listed as ${listed.pairpower} (ir_measures ${want}: ${listed.why})`);
      }
      continue;
    }
    if (!close(have, want)) {
      problems.push(`${measure} (${keys[0]}): topic ${qid}: ir_measures ${want}, pairpower ${have} (difference ${have - want})`);
      continue;
    }
    largest = Math.max(largest, Math.abs(have - want));
    compared++;
  }
});
for (const key of differs.keys()) if (!used.has(key)) problems.push(`listed difference ${key.replace("\t", " ")} was not compared`);
if (compared === 0 && problems.length === 0) problems.push("no value compared");
if (problems.length > 0) {
  console.log(`FAIL ${label}: ${problems.length} differences from ir_measures; the first:`);
  for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
  process.exit(1);
}
const topics = Object.keys(expected.queries).length;
console.log(`ok ${label}: ${compared} values equal (largest difference ${largest}; ${topics} topics x ${expected.measures.length} measures), ${differs.size} listed differences as listed`);
for (const d of expected.differs.slice(0, 3)) console.log(`  listed: ${d.measure} topic ${d.qid}: ir_measures ${d.ir_measures}, pairpower ${d.pairpower} (${d.why.split(":")[0]})`);
EOF

fail=0
cases=0
while IFS='|' read -r name opts qrels run; do
  cases=$((cases + 1))
  expected=$fixtures/expected/$name.json.gz
  if [ ! -f "$expected" ]; then echo "FAIL $name: no fixture $expected (run generate.py)"; fail=1; continue; fi
  i=0
  ok=1
  while IFS= read -r measure; do
    # shellcheck disable=SC2086 # the options are words
    if ! (cd "$work" && "$bin" evaluate $opts -m "$measure" --format json "$qrels" "$run" 2>"$work/err") > "$work/$name.$i.json"; then
      echo "FAIL $name: pairpower evaluate -m '$measure' exited with an error: $(cat "$work/err")"; fail=1; ok=0
    fi
    i=$((i + 1))
  done < <(node -e 'const z=require("zlib"),fs=require("fs");for(const m of JSON.parse(z.gunzipSync(fs.readFileSync(process.argv[1]))).measures)console.log(m)' "$expected")
  [ $ok = 1 ] || continue
  [ "$i" -ge 30 ] || { echo "FAIL $name: only $i measures in the fixture"; fail=1; }
  node "$work/compare.js" "$expected" "$work/$name" "$name ($qrels $run${opts:+ $opts})" || fail=1
done < <(grep -v '^#' "$fixtures/cases.txt")

# Every fixture belongs to a case (none is left unchecked).
for f in "$fixtures"/expected/*.json.gz; do
  name=$(basename "$f" .json.gz)
  grep -q "^$name|" "$fixtures/cases.txt" || { echo "FAIL: $f is in no case of cases.txt"; fail=1; }
done
[ "$cases" -ge 6 ] || { echo "FAIL: only $cases cases read"; fail=1; }

[ $fail = 0 ] && echo "every per-topic value of the $cases cases equals ir_measures' within 1e-12, but for the listed differences"
exit $fail
