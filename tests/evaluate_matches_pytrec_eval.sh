#!/usr/bin/env bash
# `pairpower evaluate --format json` gives, topic by topic and measure by measure, the values pytrec_eval
# computes at full precision, on every case of tests/fixtures/real/evaluate/pytrec_eval/cases.txt: all of
# all_trec, relevance levels, depths, -c, ties, shuffled lines, topics without relevant documents, chosen
# cutoffs; runs and qrels read plain and gzipped. The expected values are pytrec_eval's own (generate.py
# there; no Python is needed here). The measures whose definition changed in trec_eval 10.0, or that
# pytrec_eval lacks, are named in each fixture's "not_compared"; any other gap on either side fails.
#
# Tolerance 1e-12: pytrec_eval runs trec_eval's own per-measure C code, and pairpower follows it operation
# for operation in double, so equal inputs give equal doubles; the margin only admits last-bit effects of a
# compiler or libm (log2 in ndcg, fused multiply-add). A real disagreement (one document moved, one cutoff
# or count off by one) changes a value by far more: at least about 1e-7 with these inputs (≤ 1,000
# documents and ≤ 1,000 relevant documents a topic).
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)/fixtures/real/evaluate
fixtures=$here/pytrec_eval
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$fixtures/derive.sh" "$work"
cp "$here"/inputs/*.gz "$work/"

cat > "$work/compare.js" <<'EOF'
const fs = require("fs");
const zlib = require("zlib");
const [expectedFile, gotFile, label] = process.argv.slice(2);
const expected = JSON.parse(zlib.gunzipSync(fs.readFileSync(expectedFile)).toString("utf8"));
const runs = JSON.parse(fs.readFileSync(gotFile, "utf8")).runs;
const problems = [];
if (!Array.isArray(runs) || runs.length !== 1) throw new Error(`${label}: expected one run in the JSON`);
const got = runs[0].queries;
const measures = expected.measures;
const known = new Set(measures);
const notCompared = Object.keys(expected.not_compared);
const excluded = (m) => notCompared.some((base) => m === base || m.startsWith(base + "_"));
const tolerance = 1e-12;
let compared = 0;
for (const qid of Object.keys(expected.queries)) {
  if (!(qid in got)) { problems.push(`topic ${qid}: pytrec_eval has it, pairpower does not`); continue; }
  const row = expected.queries[qid];
  if (row.length !== measures.length) throw new Error(`${label}: fixture row ${qid} is malformed`);
  measures.forEach((m, i) => {
    const want = row[i], have = got[qid][m];
    if (have === undefined) { problems.push(`topic ${qid} ${m}: pytrec_eval ${want}, missing in pairpower`); return; }
    if (typeof have !== "number" || !(Math.abs(have - want) <= tolerance)) {
      problems.push(`topic ${qid} ${m}: pytrec_eval ${want}, pairpower ${have} (difference ${have - want})`);
      return;
    }
    compared++;
  });
  for (const m of Object.keys(got[qid])) {
    if (!known.has(m) && !excluded(m)) problems.push(`topic ${qid} ${m}: pairpower has it, pytrec_eval's fixture does not`);
  }
}
for (const qid of Object.keys(got)) {
  if (!(qid in expected.queries)) problems.push(`topic ${qid}: pairpower has it, pytrec_eval does not`);
}
if (compared === 0 && problems.length === 0) problems.push("no value compared");
if (problems.length > 0) {
  console.log(`FAIL ${label}: ${problems.length} differences from pytrec_eval; the first:`);
  for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
  process.exit(1);
}
console.log(`ok ${label}: ${compared} values (${Object.keys(expected.queries).length} topics x ${measures.length} measures)`);
EOF

fail=0
cases=0
while IFS='|' read -r name opts qrels run; do
  cases=$((cases + 1))
  expected=$fixtures/expected/$name.json.gz
  if [ ! -f "$expected" ]; then echo "FAIL $name: no fixture $expected (run generate.py)"; fail=1; continue; fi
  for variant in plain gz; do
    q=$qrels r=$run
    if [ $variant = gz ]; then
      [ -f "$work/$qrels.gz" ] && q=$qrels.gz || continue
      [ -f "$work/$run.gz" ] && r=$run.gz
    fi
    # shellcheck disable=SC2086 # the options are words
    if ! (cd "$work" && "$bin" evaluate $opts --format json "$q" "$r" 2>/dev/null) > "$work/$name.$variant.json"; then
      echo "FAIL $name ($variant): pairpower evaluate exited with an error"; fail=1; continue
    fi
    node "$work/compare.js" "$expected" "$work/$name.$variant.json" "$name ($variant: $q $r)" || fail=1
  done
done < <(grep -v '^#' "$fixtures/cases.txt")

# Every fixture belongs to a case (none is left unchecked).
for f in "$fixtures"/expected/*.json.gz; do
  name=$(basename "$f" .json.gz)
  grep -q "^$name|" "$fixtures/cases.txt" || { echo "FAIL: $f is in no case of cases.txt"; fail=1; }
done
[ "$cases" -ge 10 ] || { echo "FAIL: only $cases cases read"; fail=1; }

[ $fail = 0 ] && echo "every per-topic value of the $cases cases equals pytrec_eval's within 1e-12"
exit $fail
