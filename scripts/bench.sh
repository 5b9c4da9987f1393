#!/usr/bin/env bash
# Benchmark (not a test): the seed paper's full grid (R = 1000, both models,
# t + Wilcoxon) with 1 thread and with all threads, the per-pair kernel cost at
# N = 200, the scoring of runs and the leaderboard of 20 models' LLM-eval logs
# (each by its own script, natively and in the page), and — in the same run —
# the seed paper's own Python/scipy script at a reduced replicate count, scaled
# to R = 1000, so the speed-up is a ratio measured side by side. Prints its
# command and figures for BENCHMARKS.md.
#
# Usage: scripts/bench.sh [seed-replicates]   (default 20; the seed at R = 1000 takes minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
seed_reps=${1:-20}
bash scripts/setup.sh python3-scipy
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build --parallel "$(nproc)" >/dev/null
bin=./build/pairpower
threads=$(nproc)

best_of() {  # best_of RUNS THREADS -> prints the fastest elapsed_s of RUNS runs
  local best=""
  for _ in $(seq "$1"); do
    local s
    s=$("$bin" simulate --preset paper --reps 1000 --seed 1 --threads "$2" --format json --progress off |
      node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).elapsed_s)')
    if [[ -z $best ]] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  echo "$best"
}

pairs=$("$bin" simulate --preset paper --reps 1000 --format json --progress off |
  node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).pairs)')
echo "== pairpower bench, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "command: scripts/bench.sh $seed_reps"
one=$(best_of 5 1)
all=$(best_of 5 "$threads")
awk -v s="$one" -v p="$pairs" 'BEGIN{printf "paper grid, R = 1000, 1 thread:   %.3f s  (%.1f ns per simulated pair)\n", s, 1e9*s/p}'
awk -v s="$all" -v p="$pairs" -v t="$threads" 'BEGIN{printf "paper grid, R = 1000, %d threads: %.3f s  (%.1f ns per pair per thread)\n", t, s, 1e9*s*t/p}'
echo "kernel at N = 200, 1 thread (generate + t + Wilcoxon; one cell alone, and the grid's N = 200 slice):"
./build/pairpower_kernel_bench 200 20000 | sed 's/^/  /'

# Scoring runs (evaluate, leaderboard --qrels, the page): its own script, its ratios measured side by side.
if [[ -f dist/index.html ]]; then node scripts/bench-evaluate.mjs; else node scripts/bench-evaluate.mjs --skip-page; fi
# 20 models' LLM-eval logs ranked natively and in the page, with each side's CPU (makes the logs in /tmp once).
if [[ -f dist/index.html ]]; then node scripts/bench-logs.mjs 3; else echo "LLM-eval logs: the page's side needs npm run build; skipped"; fi

seed_md=../shared/seeds/000_paper_readable.md
if [[ ! -f $seed_md ]]; then
  echo "seed script: $seed_md not found beside the repository; skipping the side-by-side ratio"
  exit 0
fi
# The seed's code is read from the seed file at run time (never copied into this
# repository) and timed over the same grid at seed_reps replicates per cell.
seed_s=$(/usr/bin/python3 - "$seed_md" "$seed_reps" <<'PY'
import re, sys, time, warnings
text = open(sys.argv[1]).read()
code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
code = code.split('if __name__ == "__main__":')[0]
ns = {}
exec(compile(code, "seed_simulation", "exec"), ns)
reps = int(sys.argv[2])
warnings.simplefilter("ignore")
t0 = time.perf_counter()
for dist in ["normal", "beta"]:
    for n in ns["SAMPLE_SIZES"]:
        for effect in ns["EFFECT_SIZES"]:
            for corr in ns["CORRELATIONS"]:
                ns["run_power"](n, effect, corr, dist, n_reps=reps)
print(time.perf_counter() - t0)
PY
)
awk -v s="$seed_s" -v r="$seed_reps" -v one="$one" -v all="$all" -v t="$threads" 'BEGIN{
  scaled = s * 1000 / r
  printf "seed script (python3-scipy), R = %d: %.2f s, scaled to R = 1000: %.1f s\n", r, s, scaled
  printf "speed-up vs the seed script: %.0fx with 1 thread, %.0fx with %d threads\n", scaled/one, scaled/all, t
}'
