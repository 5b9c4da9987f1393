// Benchmark (not a test) of the leaderboard, in one run so that the figures are
// ratios on the same machine at the same moment: the native CLI on boards of
// 20 × 1,000, 50 × 5,000 and 100 × 5,000 (systems × queries; 10,000 randomized
// Tukey resamples, 10,000 randomization resamples per pair, 10,000 bootstrap
// resamples), 1 and 2 threads; then the page in headless Chromium on the first
// two, with the longest main-thread stall while it ranks.
// Usage: node scripts/bench-leaderboard.mjs [runs]   (needs `npm run build` first)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { launch, serve } from '../tests/browser/browser.mjs';
import { cliPath } from '../tests/wasm/load-module.mjs';
import { startProbe, stopProbe } from './page-probe.mjs';

const runs = Number(process.argv[2] ?? 3);
const fmt = (s) => `${s.toFixed(3)} s`;

// k systems a little apart on n queries of varied difficulty, deterministic.
function board(k, n) {
  let x = 12345;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['qid,' + Array.from({ length: k }, (_, i) => `s${String(i).padStart(3, '0')}`).join(',')];
  for (let q = 0; q < n; q++) {
    const base = 0.3 + 0.3 * r();
    rows.push(`q${q},` + Array.from({ length: k }, (_, i) => Math.min(1, Math.max(0, base + (0.05 * i) / k + 0.3 * (r() - 0.5))).toFixed(4)).join(','));
  }
  return rows.join('\n') + '\n';
}

function native(file, threads) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    execFileSync(cliPath, ['leaderboard', file, '--threads', String(threads), '--format', 'json'], { maxBuffer: 1 << 28 });
    out.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return Math.min(...out);
}

async function page(text) {
  const browser = await launch();
  const { server, url } = await serve(true);
  const p = await browser.newPage();
  p.setDefaultTimeout(600_000);
  await p.goto(`${url}#view=leaderboard`);
  await p.waitForSelector('#app[data-state="idle"]');
  await p.evaluate((t) => { const el = document.querySelector('[data-testid="paste-leaderboard"]'); el.value = t; el.dispatchEvent(new Event('input')); }, text);
  const times = [], stalls = [];
  for (let i = 0; i < runs; i++) {
    await startProbe(p);
    await p.click('[data-testid="rank"]');
    await p.waitForFunction((n) => { const el = document.getElementById('leaderboard'); return el.dataset.runs === String(n) && ['done', 'error'].includes(el.dataset.state); }, i + 1);
    stalls.push(await stopProbe(p));
    if ((await p.getAttribute('#leaderboard', 'data-state')) !== 'done') throw new Error(await p.textContent('[data-testid="error"]'));
    times.push(Number(await p.getAttribute('#leaderboard', 'data-elapsed-s')));
  }
  await browser.close();
  server.close();
  return { time: Math.min(...times), times, stall: Math.max(...stalls) };
}

const dir = mkdtempSync(join(os.tmpdir(), 'pairpower-bench-lb-'));
console.log(`== pairpower leaderboard bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-leaderboard.mjs ${runs}   (best of ${runs}; defaults: 10,000 resamples and 10,000 bootstrap)`);
const nativeTwo = {};
for (const [k, n] of [[20, 1000], [50, 5000], [100, 5000]]) {
  const file = join(dir, `board-${k}x${n}.csv`);
  writeFileSync(file, board(k, n));
  const one = native(file, 1), two = native(file, 2);
  nativeTwo[`${k}x${n}`] = two;
  console.log(`native CLI, ${k} systems × ${n.toLocaleString('en-US')} queries (${(k * (k - 1)) / 2} pairs): 1 thread ${fmt(one)}, 2 threads ${fmt(two)}`);
}
for (const [k, n] of [[20, 1000], [50, 5000]]) {
  const r = await page(board(k, n));
  console.log(`Chromium page, ${k} × ${n.toLocaleString('en-US')}: ${fmt(r.time)}  (runs: ${r.times.map((t) => t.toFixed(2)).join(', ')})  page/native(2 threads) = ${(r.time / nativeTwo[`${k}x${n}`]).toFixed(2)};  longest main-thread stall ${r.stall.toFixed(0)} ms`);
}
process.exit(0);
