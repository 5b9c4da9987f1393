// Benchmark (not a test) for the browser engine, in one run so that the figures
// are ratios on the same machine at the same moment:
//  - the native CLI on the paper grid (R = 1000), 1 and all threads;
//  - the wasm builds in Node and in a Chromium worker on the same grid, split into units as the page does;
//  - a shared link's first open (cold: fresh context, empty cache): all
//    results, the first analytic value, the longest main-thread task, and its
//    floor: the same units on the same build in bare workers (bench/floor/);
//  - the page in headless Chromium (served with COOP/COEP), warm: paper preset,
//    R = 1000, its default engine (the worker pool) and the threaded one
//    (`?threads`), each run 1 s after the previous one (whose charts draw after its
//    results), from the hash asking for the run until every result is shown, with
//    the longest main-thread task (Long Tasks API) and the longest stall of a
//    10 ms timer probe during each run,
//    and how long Cancel takes to stop a long run (R = 50 000) in each engine;
//  - the messages each job sends between the page and its workers (scripts/round-trips.mjs).
// Usage: node scripts/bench-web.mjs [runs]   (needs `npm run build` first)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { launch, serve } from '../tests/browser/browser.mjs';
import { cliPath, loadModule } from '../tests/wasm/load-module.mjs';
import { startProbe, stopProbe } from './page-probe.mjs';
import { coldRuns } from './cold-link.mjs';
import { printRoundTrips, roundTrips } from './round-trips.mjs';

const runs = Number(process.argv[2] ?? 3);
const threads = os.cpus().length;
const best = (xs) => Math.min(...xs);
const fmt = (s) => `${s.toFixed(3)} s`;
const grid = { models: ['normal', 'beta'], n: [50, 100, 200, 500, 1000], delta: [0, 0.01, 0.02, 0.05, 0.1], rho: [0.5, 0.8, 0.95] };
const PAIRS = 55.5e6;

function native(t) {
  const out = [];
  for (let i = 0; i < runs; i++)
    out.push(JSON.parse(execFileSync(cliPath, ['simulate', '--preset', 'paper', '--reps', '1000', '--seed', String(i + 1), '--threads', String(t), '--format', 'json', '--progress', 'off'])).elapsed_s);
  return best(out);
}

// The grid once, in units as the page splits it; seconds. Self-contained: its
// source also runs in a Chromium worker (chromiumGrid).
function gridOnce(module, grid, t, pairsPerUnit, seed) {
  const t0 = performance.now();
  for (const model of grid.models)
    for (const n of grid.n)
      for (const rho of grid.rho) {
        const spec = { model, n, rho, mean: 0.65, sd: 0.12, deltas: grid.delta, alpha: 0.05, tests: ['t', 'wilcoxon'], seed };
        const step = Math.max(1, Math.floor(pairsPerUnit / (n * grid.delta.length)));
        for (let r = 0; r < 1000; r += step) module.simulateGroup(spec, r, Math.min(1000, r + step), t);
      }
  return (performance.now() - t0) / 1000;
}

function wasmGrid(module, t, pairsPerUnit) {
  const out = [];
  for (let i = 0; i < runs; i++) out.push(gridOnce(module, grid, t, pairsPerUnit, i + 1));
  return best(out);
}

// The same grid loop in a Chromium worker, with the build the page serves: the
// page's V8, not Node's (their code for the same wasm differs: Node 20 ran a
// scalar f64.floor several times slower than Chromium 156 on an Intel Xeon).
async function chromiumGrid(variant, t, pairsPerUnit) {
  const browser = await launch();
  const { server, url } = await serve(true);
  const page = await browser.newPage();
  // A same-origin document without the page's CSP (its workers inherit it, and Embind needs eval): the glue file itself.
  await page.goto(`${url}wasm/pairpower-${variant}.js`);
  const s = await page.evaluate(({ variant, t, pairsPerUnit, grid, runs, gridOnce }) => new Promise((resolve, reject) => {
    const base = new URL('./', location.href).href;  // the wasm folder (this document is a file in it)
    const body = `importScripts(${JSON.stringify(base + `pairpower-${variant}.js`)});
      ${gridOnce}
      createPairpower({ locateFile: (p) => ${JSON.stringify(base)} + p, mainScriptUrlOrBlob: ${JSON.stringify(base + `pairpower-${variant}.js`)} }).then((module) => {
        const out = [];
        for (let i = 0; i < ${runs}; i++) out.push(gridOnce(module, ${JSON.stringify(grid)}, ${t}, ${pairsPerUnit}, i + 1));
        postMessage(Math.min(...out));
      }, (e) => postMessage({ error: String(e) }));`;
    const w = new Worker(URL.createObjectURL(new Blob([body], { type: 'text/javascript' })));
    w.onmessage = (e) => (typeof e.data === 'number' ? resolve(e.data) : reject(new Error(e.data.error)));
    w.onerror = (e) => reject(new Error(e.message));
  }), { variant, t, pairsPerUnit, grid, runs, gridOnce: gridOnce.toString() });
  await browser.close();
  server.close();
  return s;
}

// The Plan page: the paper grid at R = 1000 `runs` times (elapsed time and the
// longest main-thread stall of each run), then `runs` long runs (R = 50 000)
// cancelled once the first cells are in: ms from the Cancel click until the
// page reports data-outcome="cancelled".
async function browserGrid(query) {
  const browser = await launch();
  const { server, url } = await serve(true);
  const page = await browser.newPage();
  page.setDefaultTimeout(300_000);
  page.on('dialog', (d) => d.accept());  // the long runs ask first; say yes
  await page.goto(`${url}${query}#preset=paper&reps=1000&seed=0`);
  await page.waitForSelector('#app[data-state="idle"]');
  const times = [], stalls = [], cancels = [], longest = [];
  for (let i = 0; i < runs; i++) {
    // Each run from a quiet page, as a person's next click would be: a run's
    // charts (and their analytic curves) are drawn after its results are shown.
    await page.waitForTimeout(1000);
    await startProbe(page);
    // Warm: from the moment the link's hash asks for the run until every result is shown (state "done"), in the page's clock.
    const t = await page.evaluate((h) => new Promise((resolve) => {
      const app = document.getElementById('app');
      const long = [];
      const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => long.push(e.duration)));
      obs.observe({ type: 'longtask' });
      const t0 = performance.now();
      let started = false;
      const watch = new MutationObserver(() => {
        if (app.dataset.state === 'running') started = true;
        if (started && app.dataset.state === 'done') {
          watch.disconnect();
          const s = (performance.now() - t0) / 1000;
          setTimeout(() => (obs.disconnect(), resolve({ s, long: Math.max(0, ...long) })), 0);
        }
      });
      watch.observe(app, { attributes: true, attributeFilter: ['data-state'] });
      location.hash = h;
    }), `#preset=paper&reps=1000&seed=${i + 1}&run=1`);
    stalls.push(await stopProbe(page));
    times.push(t.s);
    longest.push(t.long);
  }
  for (let i = 0; i < runs; i++) {
    await page.evaluate((h) => (location.hash = h), `#preset=paper&reps=50000&seed=${i + 1}`);
    await page.waitForFunction(() => document.querySelector('#field-reps').value === '50000');
    await page.click('[data-testid="run"]');
    await page.waitForFunction(() => document.getElementById('app').dataset.state === 'running' && (document.querySelector('progress')?.value ?? 0) >= 1);
    cancels.push(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const app = document.getElementById('app');
            const t0 = performance.now();
            const obs = new MutationObserver((records) => {
              if (records.some((r) => r.attributeName === 'data-outcome') && app.dataset.outcome === 'cancelled') {
                obs.disconnect();
                resolve(performance.now() - t0);
              }
            });
            obs.observe(app, { attributes: true, attributeFilter: ['data-outcome'] });
            document.querySelector('[data-testid="cancel"]').click();
          }),
      ),
    );
    await page.waitForSelector('#app[data-state="done"]');
  }
  const engine = await page.getAttribute('#app', 'data-engine');
  await browser.close();
  server.close();
  return { times, stalls, cancels, engine, longest };
}

console.log(`== pairpower web bench, ${new Date().toISOString().slice(0, 16)}Z, ${threads} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-web.mjs ${runs}   (best of ${runs}; paper grid, R = 1000, t + Wilcoxon, ${PAIRS / 1e6} M pairs)`);
const n1 = native(1), nAll = native(threads);
console.log(`native CLI, 1 thread:           ${fmt(n1)}  (${(1e9 * n1 / PAIRS).toFixed(1)} ns/pair)`);
console.log(`native CLI, ${threads} threads:          ${fmt(nAll)}`);
const st = await loadModule('st');
const w1 = wasmGrid(st, 1, 250_000);
console.log(`wasm (single-thread) in Node:   ${fmt(w1)}  wasm/native = ${(w1 / n1).toFixed(2)}`);
const mt = await loadModule('mt');
const wAll = wasmGrid(mt, threads, 400_000 * threads);
console.log(`wasm (${threads} threads) in Node:      ${fmt(wAll)}  wasm/native = ${(wAll / nAll).toFixed(2)}`);
const c1 = await chromiumGrid('st', 1, 250_000);
console.log(`wasm (single-thread) in a Chromium worker: ${fmt(c1)}  wasm/native = ${(c1 / n1).toFixed(2)}`);
const cAll = await chromiumGrid('mt', threads, 400_000 * threads);
console.log(`wasm (${threads} threads) in a Chromium worker:    ${fmt(cAll)}  wasm/native = ${(cAll / nAll).toFixed(2)}`);
// A shared link's first open, in fresh browser contexts (median of `runs`), with its native CLI wall time in the same minute.
{
  const cold = await coldRuns(runs);
  const med = (k) => [...cold.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(cold.length / 2)];
  console.log(`native CLI wall time (process start to exit), beside the cold opens: ${fmt(med('cliWall'))}`);
  console.log(`cold shared link (fresh context, the page's default engine): all results ${fmt(med('done') / 1000)} = ${(med('done') / 1000 / med('cliWall')).toFixed(2)}× native wall; ` +
    `first analytic value ${(med('firstAnalytic')).toFixed(0)} ms, first Monte Carlo cell ${(med('first')).toFixed(0)} ms after navigation; longest main-thread task ${med('longest').toFixed(0)} ms`);
  console.log(`  its floor (bench/floor/: the same units, the same build, bare workers, nothing drawn; fresh contexts beside the opens): ${fmt(med('floor') / 1000)} = ${(med('floor') / 1000 / med('cliWall')).toFixed(2)}× native wall`);
}
for (const query of ['', '?threads']) {
  const { times, stalls, cancels, engine, longest } = await browserGrid(query);
  const ms = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`Chromium page, ${engine.padEnd(7)}, warm (hash asks → all shown): ${fmt(best(times))}  (runs: ${times.map((t) => t.toFixed(2)).join(', ')})  page/native = ${(best(times) / nAll).toFixed(2)}`);
  console.log(`  longest main-thread task during a run (Long Tasks API): ${Math.max(...longest).toFixed(0)} ms (runs: ${ms(longest)}); longest 10 ms-probe stall: ${Math.max(...stalls).toFixed(0)} ms  (runs: ${ms(stalls)} ms)`);
  console.log(`  Cancel click to data-outcome="cancelled", R = 50 000: worst ${Math.max(...cancels).toFixed(0)} ms  (runs: ${ms(cancels)} ms)`);
}
// Analyze: 10^6 sign flips at n = 1000, and a 100 000-row paste, in the page.
function wideCsv(n) {
  let x = 1;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['qid,A,B'];
  for (let i = 0; i < n; i++) {
    const a = 0.2 + 0.6 * r();
    rows.push(`q${i},${a.toFixed(4)},${Math.min(1, a + 0.01 + 0.1 * (r() - 0.5)).toFixed(4)}`);
  }
  return rows.join('\n') + '\n';
}
{
  const browser = await launch();
  const { server, url } = await serve(true);
  const page = await browser.newPage();
  await page.goto(`${url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  for (const [n, flips] of [[1000, 1_000_000], [100_000, 100_000]]) {
    await page.evaluate((t) => { const el = document.querySelector('[data-testid="paste-a"]'); el.value = t; el.dispatchEvent(new Event('input')); }, wideCsv(n));
    await page.fill('#an-resamples', String(flips));
    await startProbe(page);
    await page.click('[data-testid="analyze"]');
    await page.waitForFunction(() => document.getElementById('analyze').dataset.state === 'done', null, { timeout: 300_000 });
    const s = Number(await page.getAttribute('#analyze', 'data-elapsed-s'));
    const lag = await stopProbe(page);
    console.log(`Chromium Analyze, n = ${n.toLocaleString('en-US')}, ${flips.toLocaleString('en-US')} sign flips + 10 000 bootstrap: ${fmt(s)}  (longest main-thread stall ${lag.toFixed(0)} ms)`);
  }
  await browser.close();
  server.close();
}
printRoundTrips(await roundTrips());
process.exit(0);
