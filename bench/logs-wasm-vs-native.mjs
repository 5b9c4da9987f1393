// Benchmark (not a test): the wasm build against the native CLI on the same leaderboard of LLM-eval
// logs (scripts/bench-logs.mjs's folder), both on one thread, apart from any browser: how much of the
// page's CPU is the wasm's own. Each round: the CLI's CPU seconds (--threads 1) reading and ranking
// with 2 resamples (reading, mostly) and with the defaults (10,000); then the single-thread build in
// this Node process, its calls timed: parsing each file, joining them, resampling in one part or in
// two, merging. Rounds interleaved; medians.
// Usage: node bench/logs-wasm-vs-native.mjs [rounds] [dir]   (needs the native and wasm builds)
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { cliPath, loadModule } from '../tests/wasm/load-module.mjs';
import { waitedChildrenCpu } from '../scripts/process-cpu.mjs';

const rounds = Number(process.argv[2] ?? 3);
const dir = process.argv[3] ?? join(os.tmpdir(), 'pairpower-lmbench');
const names = readdirSync(dir).filter((d) => d.startsWith('model-')).sort()
  .flatMap((d) => readdirSync(join(dir, d)).filter((f) => f.startsWith('samples_')).map((f) => join(d, f)));
const inputs = names.map((name, index) => ({ name, index, text: new Uint8Array(readFileSync(join(dir, name))) }));
const settings = (resamples) => ({ missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, seed: 1, resamples, bootstrap: resamples });
const m = await loadModule('st');
const ok = (r) => {
  if (r.error) throw new Error(r.error);
  return r;
};

function native(resamples) {
  const before = waitedChildrenCpu();
  execFileSync(cliPath, ['leaderboard', ...names.map((n) => join(dir, n)), '--measure', 'acc', '--format', 'json', '--threads', '1',
    '--resamples', String(resamples), '--bootstrap', String(resamples)], { maxBuffer: 1 << 28 });
  return waitedChildrenCpu() - before;
}

function wasm(resamples, parts) {
  const time = (f) => {
    const t = performance.now();
    const out = f();
    return [out, (performance.now() - t) / 1000];
  };
  const [read, parse] = time(() => inputs.map((input) => ok(m.readInputs({ inputs: [input] }))));
  const [board, join] = time(() => ok(m.rankPrepare({ inputs: [], read, measure: 'acc' })));
  const s = settings(resamples);
  const [partsOut, resample] = time(() => Array.from({ length: parts }, (_, part) => ok(m.rankPart({ ...s, board, part, parts }))));
  const [, merge] = time(() => ok(m.rankMerge({ ...s, board, parts: partsOut })));
  return { parse, join, resample, merge, total: parse + join + resample + merge };
}

const rows = { nativeRead: [], nativeFull: [], wasmRead: [], wasmFull: [], wasmTwo: [] };
for (let r = 0; r < rounds; r++) {
  rows.nativeRead.push({ total: native(2) });
  rows.nativeFull.push({ total: native(10000) });
  rows.wasmRead.push(wasm(2, 1));
  rows.wasmFull.push(wasm(10000, 1));
  rows.wasmTwo.push(wasm(10000, 2));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const med = (list, key) => median(list.map((x) => x[key]));
const parts = (list) => ['parse', 'join', 'resample', 'merge'].map((k) => `${k} ${med(list, k).toFixed(3)}`).join(', ');
console.log(`== pairpower logs, wasm against native on one thread, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus()[0].model}`);
console.log(`command: node bench/logs-wasm-vs-native.mjs ${rounds} ${dir}   (${names.length} files; medians of ${rounds} interleaved rounds)`);
console.log(`native CLI, 1 thread, CPU: 2 resamples ${med(rows.nativeRead, 'total').toFixed(3)} s, the defaults ${med(rows.nativeFull, 'total').toFixed(3)} s`);
console.log(`wasm in Node, 2 resamples: ${med(rows.wasmRead, 'total').toFixed(3)} s (${parts(rows.wasmRead)})`);
console.log(`wasm in Node, the defaults in one part: ${med(rows.wasmFull, 'total').toFixed(3)} s (${parts(rows.wasmFull)})`);
console.log(`wasm in Node, the defaults in two parts one after the other: ${med(rows.wasmTwo, 'total').toFixed(3)} s (${parts(rows.wasmTwo)})`);
console.log(`wasm / native: 2 resamples ${(med(rows.wasmRead, 'total') / med(rows.nativeRead, 'total')).toFixed(2)}, the defaults ${(med(rows.wasmFull, 'total') / med(rows.nativeFull, 'total')).toFixed(2)}`);
