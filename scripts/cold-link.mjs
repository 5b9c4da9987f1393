// Benchmarks' measure of a shared link's first open (bench:cold, bench:web):
// opens `#preset=paper&reps=1000&seed=S&run=1` in a fresh browser context
// (empty cache) and reads, from the page's own timelines: the document's
// response, DOMContentLoaded, the engines' start-up marks (User Timing,
// `pairpower:*`, set by the page), the first analytic value and the first
// Monte Carlo value in the DOM (data-analytic, data-power), every result shown
// (data-state="done"), and the main thread's long tasks (> 50 ms, Long Tasks
// API) from the first moment of the document.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { launch, serve, root } from '../tests/browser/browser.mjs';
import { cliPath, loadModule } from '../tests/wasm/load-module.mjs';
import { startServer } from './serve.mjs';

export async function openColdLink(browser, siteUrl, seed) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Requests from the page and its workers (a worker's fetches are outside the page's Resource Timing).
  const requests = [];
  page.on('requestfinished', (r) => requests.push(r));
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
    const seen = () => {
      if (!window.__firstAnalytic && document.querySelector('[data-analytic]')) window.__firstAnalytic = performance.now();
      if (!window.__firstPower && document.querySelector('[data-power]')) window.__firstPower = performance.now();
      if (!window.__done && document.getElementById('app')?.dataset.state === 'done') {
        window.__done = performance.now();
        console.debug('pairpower-bench:done');
      }
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-analytic', 'data-power', 'data-state'] });
  });
  // Waited for through the page's console, not page.waitForFunction: Playwright
  // would evaluate its injected script (~30 ms) on the page's thread during the
  // startup being measured.
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === 'pairpower-bench:done', timeout: 300_000 });
  await page.goto(`${siteUrl}#preset=paper&reps=1000&seed=${seed}&run=1`);
  await done;
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').map((r) => ({ name: r.name.split('/').pop(), end: r.responseEnd }));
    const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('pairpower:')).map((m) => [m.name.slice(10), m.startTime]));
    return { response: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, res, marks, firstAnalytic: window.__firstAnalytic, first: window.__firstPower, done: window.__done, long: window.__long };
  });
  const origin = await page.evaluate(() => performance.timeOrigin);
  const wasm = [];
  for (const r of requests) {
    if (!r.url().endsWith('.wasm')) continue;
    const timing = r.timing();
    const size = statSync(new URL(`../dist/wasm/${r.url().split('/').pop()}`, import.meta.url)).size;
    wasm.push({ name: r.url().split('/').pop(), start: timing.startTime - origin, end: timing.startTime - origin + timing.responseEnd, bytes: size });
  }
  // The page's entry script (chunks such as uPlot's come later, with the first chart).
  const scripts = t.res.filter((r) => r.name.startsWith('index-') && r.name.endsWith('.js'));
  await context.close();
  return {
    response: t.response, dcl: t.dcl, scriptsEnd: Math.max(0, ...scripts.map((r) => r.end)),
    wasmStart: Math.min(...wasm.map((r) => r.start)), wasmEnd: Math.max(0, ...wasm.map((r) => r.end)),
    wasmFiles: wasm.map((r) => `${r.name} ${(r.bytes / 1024).toFixed(0)} KiB`).join(', '),
    marks: t.marks, firstAnalytic: t.firstAnalytic, first: t.first, done: t.done,
    longest: Math.max(0, ...t.long.map(([, d]) => d)), longCount: t.long.length,
  };
}

/**
 * The floor page (bench/floor/) served beside the built single-thread wasm: the
 * same grid's units on the same build in a pool of workers, nothing else. Its
 * spec is the core's paper preset (the registry), its unit size and pool the
 * page's (runtime/engines.ts and features/plan/run.ts: 1 M pairs a unit, one worker per core up to the registry's cap).
 */
export async function floorSite() {
  const dir = mkdtempSync(join(os.tmpdir(), 'pairpower-floor-'));
  for (const f of ['index.html', 'floor.js', 'floor-worker.js']) copyFileSync(`${root}bench/floor/${f}`, join(dir, f));
  mkdirSync(join(dir, 'wasm'));
  for (const f of ['pairpower-st.js', 'pairpower-st.wasm']) copyFileSync(`${root}dist/wasm/${f}`, join(dir, 'wasm', f));
  const plan = await loadModule('plan');
  const registry = plan.registry();
  const paper = registry.presets.find((p) => p.id === 'paper').spec;
  const workers = Math.max(1, Math.min(registry.limits.page_max_threads, os.cpus().length));
  const site = await startServer({ dir, isolate: true });
  return { ...site, dir, query: (seed) => `?workers=${workers}&ppu=1000000&spec=${encodeURIComponent(JSON.stringify({ ...paper, reps: 1000, seed }))}` };
}

/** One fresh-context open of the floor page: ms after navigation until every unit is done. */
async function openFloor(browser, floor, seed) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === 'pairpower-floor:done', timeout: 300_000 });
  await page.goto(`${floor.url}${floor.query(seed)}`);
  await done;
  const t = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
  await context.close();
  return { floor: t['floor:done'], floorStart: t['floor:monte-carlo-start'] };
}

/**
 * `runs` cold opens (seeds 9, 10, …) on a COOP/COEP server, each after the
 * native CLI ran the same grid in the same minute (its engine and wall
 * seconds), and beside each a fresh open of the floor page (bench/floor/).
 */
export async function coldRuns(runs) {
  const browser = await launch();
  const site = await serve(true);
  const floor = await floorSite();
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const seed = 9 + i;
    const t0 = Date.now();
    const cli = JSON.parse(execFileSync(cliPath, ['simulate', '--preset', 'paper', '--reps', '1000', '--seed', String(seed), '--format', 'json', '--progress', 'off']));
    const cliWall = (Date.now() - t0) / 1000;
    const row = { cli: cli.elapsed_s, cliWall };
    // Alternating which goes first, so that neither always follows the CLI.
    const opens = [() => openColdLink(browser, site.url, seed), () => openFloor(browser, floor, seed)];
    for (const open of i % 2 ? opens.reverse() : opens) Object.assign(row, await open());
    rows.push(row);
  }
  await browser.close();
  site.server.close();
  floor.server.close();
  rmSync(floor.dir, { recursive: true, force: true });
  return rows;
}
