// Times one analysis of n paired queries in the native CLI (`pairpower compare`) and
// in the single-thread wasm build (the page's analyzeScores, run in Node), and prints
// the pilot power curve's work: points, replicates, and resampled draws (Σn × reps).
//   node bench/analyze-large-n.mjs 100000 [cli|wasm|both] [sign flips, default 100000] [bootstrap, default 10000]
// Measured, never asserted (BENCHMARKS.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cliPath, loadModule } from '../tests/wasm/load-module.mjs';

const n = Number(process.argv[2] ?? 100000);
const which = process.argv[3] ?? 'both';
const flips = Number(process.argv[4] ?? 100000);
const boots = Number(process.argv[5] ?? 10000);

let x = 11;
const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
const rows = ['qid,bm25,dense'];
for (let i = 0; i < n; i++) {
  const a = 0.2 + 0.6 * r();
  rows.push(`q${i},${a.toFixed(4)},${Math.min(1, Math.max(0, a + 0.002 + 0.1 * (r() - 0.5))).toFixed(4)}`);
}
const text = rows.join('\n') + '\n';
const dir = mkdtempSync(join(tmpdir(), 'pairpower-bench-'));
const file = join(dir, 'scores.csv');
writeFileSync(file, text);

const curveWork = (c) => {
  const p = c.planning;
  const total = p.curve.reduce((s, q) => s + q.n, 0);
  return `n_required ${p.n_required}, curve ${p.curve.length} points up to n = ${p.curve.at(-1)?.n ?? '—'} (cap ${p.curve_cap}), ` +
    `${p.curve_reps} reps, ${(total * p.curve_reps).toExponential(2)} draws`;
};

console.log(`== analysis of n = ${n.toLocaleString('en')} queries, ${flips} sign flips, ${boots} bootstrap resamples, ${new Date().toISOString().slice(0, 16)}Z`);
if (which !== 'wasm') {
  const t0 = performance.now();
  let out;
  try {
    out = execFileSync(cliPath, ['compare', file, '--format', 'json', '--resamples', String(flips), '--bootstrap', String(boots)], { encoding: 'utf8', maxBuffer: 1 << 30 });
  } catch (e) {
    if (e.status !== 1 && e.status !== 3) throw e;
    out = e.stdout;
  }
  const s = (performance.now() - t0) / 1000;
  console.log(`native CLI compare:      ${s.toFixed(2)} s   ${curveWork(JSON.parse(out).comparisons[0])}`);
}
if (which !== 'cli') {
  const m = await loadModule('st');
  const t0 = performance.now();
  const res = m.analyzeScores({ textA: text, measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: flips, bootstrap: boots, seed: 1,
    minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
  const s = (performance.now() - t0) / 1000;
  if (res.error) throw new Error(res.error);
  console.log(`wasm (st) analyzeScores: ${s.toFixed(2)} s   ${curveWork(JSON.parse(res.report).comparisons[0])}`);
}
process.exit(0);
