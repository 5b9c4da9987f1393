// Benchmark (not a test) for issue 13: where a shared link's first open spends
// its time. Each run opens `#preset=paper&reps=1000&seed=S&run=1` in a fresh
// browser context (empty cache) on a COOP/COEP server and reads, from the
// page's own timelines: the document's response, the script and the wasm
// files' fetches (Resource Timing), DOMContentLoaded, the first power cell in
// the DOM, and the run's end; plus the main thread's long tasks (> 50 ms,
// Long Tasks API). The native CLI runs the same grid in the same minute.
// Usage: node scripts/bench-cold.mjs [runs]   (needs `npm run build` first)
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import os from 'node:os';
import { launch, serve } from '../tests/browser/browser.mjs';
import { cliPath } from '../tests/wasm/load-module.mjs';

const runs = Number(process.argv[2] ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;

const browser = await launch();
const site = await serve(true);
const rows = [];
for (let i = 0; i < runs; i++) {
  const seed = 9 + i;
  const t0 = Date.now();
  const cli = JSON.parse(execFileSync(cliPath, ['simulate', '--preset', 'paper', '--reps', '1000', '--seed', String(seed), '--format', 'json', '--progress', 'off']));
  const cliWall = (Date.now() - t0) / 1000;
  const context = await browser.newContext();
  const page = await context.newPage();
  // Requests from the page and its workers (the wasm is fetched by a worker, outside the page's Resource Timing).
  const requests = [];
  page.on('requestfinished', (r) => requests.push(r));
  // Long tasks from the first moment the document exists.
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-power]') && !window.__firstPower) {
        window.__firstPower = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${site.url}#preset=paper&reps=1000&seed=${seed}&run=1`);
  await page.waitForFunction(() => document.getElementById('app')?.dataset.state === 'done', null, { timeout: 300_000 });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').map((r) => ({ name: r.name.split('/').pop(), start: r.startTime, end: r.responseEnd, bytes: r.transferSize }));
    return { response: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, res, first: window.__firstPower, done: performance.now(), long: window.__long };
  });
  const origin = await page.evaluate(() => performance.timeOrigin);
  const wasm = [];
  for (const r of requests) {
    if (!r.url().endsWith('.wasm')) continue;
    const timing = r.timing();
    const size = statSync(new URL(`../dist/wasm/${r.url().split('/').pop()}`, import.meta.url)).size;
    wasm.push({ name: r.url().split('/').pop(), start: timing.startTime - origin, end: timing.startTime - origin + timing.responseEnd, bytes: size });
  }
  const scripts = t.res.filter((r) => r.name.endsWith('.js'));
  rows.push({
    cli: cli.elapsed_s, cliWall, response: t.response, dcl: t.dcl,
    scriptsEnd: Math.max(0, ...scripts.map((r) => r.end)), wasmStart: Math.min(...wasm.map((r) => r.start)), wasmEnd: Math.max(0, ...wasm.map((r) => r.end)),
    wasmFiles: wasm.map((r) => `${r.name} ${(r.bytes / 1024).toFixed(0)} KiB`).join(', '),
    first: t.first, done: t.done, longest: Math.max(0, ...t.long.map(([, d]) => d)), longCount: t.long.length,
  });
  await context.close();
}
await browser.close();
site.server.close();

console.log(`== pairpower bench:cold, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}, ${runs} runs (medians)`);
console.log(`command: node scripts/bench-cold.mjs ${runs}`);
const m = (k) => median(rows.map((r) => r[k]));
console.log(`native CLI (all threads): ${m('cli').toFixed(3)} s engine, ${m('cliWall').toFixed(3)} s wall`);
console.log(`page, from navigation start: document ${ms(m('response'))}, scripts fetched ${ms(m('scriptsEnd'))}, DOMContentLoaded ${ms(m('dcl'))}`);
console.log(`  wasm fetch ${ms(m('wasmStart'))} → ${ms(m('wasmEnd'))} (${rows[0].wasmFiles})`);
console.log(`  first power cell ${ms(m('first'))}, all results ${ms(m('done'))} = ${(m('done') / 1000 / m('cliWall')).toFixed(2)}× the CLI's wall time`);
console.log(`  main thread: ${m('longCount')} long tasks (> 50 ms), the longest ${ms(m('longest'))}`);
