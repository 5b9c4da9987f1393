#!/usr/bin/python3
# Benchmark input (not a fixture): 20 lm-eval-shaped samples files of 14,042 records each, made by
# repeating the records lm-eval wrote in tests/fixtures/logs/lm_eval/dummy-a with new doc_ids and acc values.
import json, random, sys, pathlib
src = (pathlib.Path(__file__).resolve().parent.parent / 'tests/fixtures/logs/lm_eval/dummy-a').glob('samples_arith_sum_*.jsonl')
recs = [json.loads(l) for l in next(src).read_text().splitlines()]
out = pathlib.Path(sys.argv[1])
rng = random.Random(1)
for m in range(20):
    d = out / f"model-{m:02d}"; d.mkdir(parents=True, exist_ok=True)
    with open(d / "samples_mmlu_2026-11-27T00-00-00.000000.jsonl", "w") as f:
        for i in range(14042):
            r = dict(recs[i % len(recs)]); r["doc_id"] = i
            r["acc"] = r["acc_norm"] = float(rng.random() < 0.5 + 0.01 * m)
            f.write(json.dumps(r) + "\n")
