// Benchmark (not a test) of a leaderboard of LLM-eval logs, native and in the page, in one run so
// that page/native is a ratio on the same machine at the same moment: 20 lm-eval samples files of
// 14,042 records each (bench/make_lm_eval_logs.py), ranked with the defaults (10,000 resamples and
// bootstrap). Native: the CLI on 2 threads, wall time. Page: headless Chromium, cross-origin isolated,
// the folder chosen in Leaderboard (reading its files into the page) and ranked; both steps timed in a
// fresh page, with the longest main-thread stall. `runs` rounds of one native run then one page run;
// page/native as the best page run against the best native run, and the median of the rounds'; then
// the page's board against the CLI's, pair by pair. Each side's CPU seconds too (the CLI's, and
// Chromium's processes' from choosing the folder to the board drawn): on C cores the page's wall
// time cannot fall below its CPU / C, which bounds page/native whatever the scheduling.
// Usage: node scripts/bench-logs.mjs [runs] [dir]   (needs `npm run build`; makes dir when empty)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { launch, openLeaderboard, serve, warmedUp } from '../tests/browser/browser.mjs';
import { cliPath } from '../tests/wasm/load-module.mjs';
import { startProbe, stopProbe } from './page-probe.mjs';
import { cpuSince, descendantsCpu, waitedChildrenCpu } from './process-cpu.mjs';

const runs = Number(process.argv[2] ?? 3);
const dir = process.argv[3] ?? join(os.tmpdir(), 'pairpower-lmbench');
if (!existsSync(join(dir, 'model-19'))) execFileSync('/usr/bin/python3', ['bench/make_lm_eval_logs.py', dir], { stdio: 'inherit' });
const files = readdirSync(dir).filter((d) => d.startsWith('model-')).sort()
  .flatMap((d) => readdirSync(join(dir, d)).filter((f) => f.startsWith('samples_')).map((f) => join(dir, d, f)));
const args = ['leaderboard', ...files, '--measure', 'acc', '--format', 'json'];

function native() {
  const c0 = waitedChildrenCpu();
  const t0 = process.hrtime.bigint();
  const out = execFileSync(cliPath, [...args, '--threads', '2'], { maxBuffer: 1 << 28 }).toString();
  return { time: Number(process.hrtime.bigint() - t0) / 1e9, cpu: waitedChildrenCpu() - c0, report: JSON.parse(out) };
}

// The run's end, awaited in the page without polling: Playwright's waitForFunction polls on every animation
// frame, and those frames (its callback, style, layout, paint, the compositor's and GPU process's share)
// would count in the page's CPU.
const settled = (p) =>
  p.evaluate(() => new Promise((resolve) => {
    const board = document.getElementById('leaderboard');
    const done = () => ['done', 'error'].includes(board.dataset.state);
    if (done()) return resolve();
    const watch = new MutationObserver(() => done() && (watch.disconnect(), resolve()));
    watch.observe(board, { attributes: true, attributeFilter: ['data-state'] });
  }));

async function pageRun() {
  const browser = await launch();
  const { server, url } = await serve(true);
  const p = await openLeaderboard(browser, url, { resamples: 10000, bootstrap: 10000 });  // the defaults, as the CLI's
  p.setDefaultTimeout(600_000);
  // The page as a person finds it by the time they have chosen a folder: loaded, idle, its warm-up done.
  const warm = await warmedUp(p);
  if (warm !== 'pairpower:warm') throw new Error(`the page's warm-up did not finish (${warm}): see its console`);
  const cpu0 = descendantsCpu();
  const t0 = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - t0) / 1e9;
  await p.setInputFiles('[data-testid="folder-leaderboard"]', dir);  // the folder names each model, as in the CLI
  await p.waitForFunction((n) => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith(`${n} files`), files.length);
  const load = since();
  await p.fill('#lb-measure', 'acc');
  await startProbe(p);
  await p.click('[data-testid="rank"]');
  await settled(p);
  const { total: cpu, byLabel: threads } = cpuSince(cpu0, descendantsCpu());
  const span = since();  // the CPU's window: the bench's own steps between the stages too
  const stall = await stopProbe(p);
  if ((await p.getAttribute('#leaderboard', 'data-state')) !== 'done') throw new Error(await p.textContent('[data-testid="error"]'));
  const rank = Number(await p.getAttribute('#leaderboard', 'data-elapsed-s'));
  // The run's stages, as the page marks them (User Timing, pairpower:rank-*).
  const marks = await p.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('pairpower:rank-')).map((m) => [m.name.slice(15), m.startTime])));
  const download = p.waitForEvent('download');
  await p.click('[data-testid="leaderboard-download-json"]');
  const report = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  await browser.close();
  server.close();
  return { load, rank, total: load + rank, cpu, span, threads, stall, report, marks };
}

console.log(`== pairpower LLM-log leaderboard bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-logs.mjs ${runs} ${dir}   (${files.length} lm-eval samples files; ${runs} rounds of a native run then a page run; best of each)`);
// Native and page runs alternate: this machine's speed drifts by a quarter over minutes, and each round's
// page/native compares two runs a few seconds apart.
const natives = [];
const pages = [];
for (let i = 0; i < runs; i++) {
  natives.push(native());
  pages.push(await pageRun());
}
const n = natives.reduce((a, b) => (b.time < a.time ? b : a));
const best = pages.reduce((a, b) => (b.total < a.total ? b : a));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`native CLI, 2 threads: ${n.time.toFixed(3)} s, ${n.cpu.toFixed(2)} s of CPU  (runs: ${natives.map((r) => r.time.toFixed(2)).join(', ')})`);
console.log(`Chromium page: ${best.total.toFixed(3)} s = reading the files ${best.load.toFixed(3)} s + ranking ${best.rank.toFixed(3)} s  (totals: ${pages.map((r) => r.total.toFixed(2)).join(', ')});  page/native = ${(best.total / n.time).toFixed(2)} (best against best), median of the rounds' ${median(pages.map((r, i) => r.total / natives[i].time)).toFixed(2)};  longest main-thread stall ${Math.max(...pages.map((r) => r.stall)).toFixed(0)} ms`);
const stages = ['read', 'prepared', 'resampled', 'merged', 'drawn'];
const names = { read: 'reading and parsing (a share per worker)', prepared: 'joining into one board', resampled: 'resampling (a part per worker)', merged: 'merging the parts into the report', drawn: 'drawing' };
const at = (r, s) => r.marks[s] ?? NaN;
const cores = os.cpus().length;
console.log(`  CPU of the best run: ${best.cpu.toFixed(2)} s in Chromium's processes = ${(best.cpu / n.cpu).toFixed(2)}× the CLI's, over ${best.span.toFixed(3)} s from choosing the folder to the board drawn (${(best.cpu / best.span).toFixed(2)} of ${cores} cores busy); on ${cores} cores that CPU cannot take less than ${(best.cpu / cores).toFixed(3)} s = ${(best.cpu / cores / n.time).toFixed(2)}× the CLI's wall`);
console.log(`  by thread (seconds): ${[...best.threads].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 0.01).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
console.log(`  stages of the best run: ${stages.map((s, i) => `${names[s]} ${((at(best, s) - (i ? at(best, stages[i - 1]) : at(best, 'start'))) / 1000).toFixed(3)} s`).join(', ')}`);
// Value for value, but for what libm's special functions give (glibc natively, musl in the wasm): the
// studentized range's p and McNemar's binomial p, to 1e-12, as the wasm tests hold them.
const differences = [];
const special = (path, key) => key === 'p_tukey_hsd' || key === 'mcnemar_p_holm' || path.includes('/mcnemar/');
const walk = (a, b, path, key) => {
  if (typeof a === 'number' && typeof b === 'number' && special(path, key)) {
    if (!(Math.abs(a - b) <= 1e-12)) differences.push(`${path}: page ${a}, native ${b}`);
  } else if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${path}/${k}`, Array.isArray(a) ? key : k);
  } else if (a !== b) differences.push(`${path}: page ${JSON.stringify(a)}, native ${JSON.stringify(b)}`);
};
walk(best.report, n.report, '', '');
const keys = new Set(differences.map((d) => d.split(':')[0].replace(/\/\d+/g, '/#')));
console.log(`differing fields: ${[...keys].join(', ')}`);
console.log(`the page's board (JSON export) against the CLI's JSON: ${differences.length ? `${differences.length} values DIFFER, first ${differences.slice(0, 3).join('; ')}` : 'every value equal'}`);
process.exit(differences.length ? 1 : 0);
