// Benchmark (not a test): where the CPU time of a shared link's first open goes,
// thread by thread, beside the floor page's (bench/floor/). Each is opened once
// in a fresh context under Chromium's tracing (which slows the page's thread, so
// the milliseconds are not bench:cold's); a thread's time is the CPU time of its
// top-level tasks from navigation until every result is shown, in the page's
// renderer process (the browser process's own work is left out). On a machine of
// C cores the page's CPU beyond the floor's costs at least that much / C of
// wall time beside the floor's: bench:cold's ratio cannot fall below it.
// Then, untraced, the CPU of every Chromium process (the browser's, the GPU
// process's and the network service's too) from /proc over `opens` opens of
// each, alternating: on a machine whose cores stay equally busy through both
// opens, the page's wall time over the floor's follows this ratio.
// Usage: node scripts/cold-cpu.mjs [seed] [opens]   (needs `npm run build` first)
import os from 'node:os';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { launch, serve } from '../tests/browser/browser.mjs';
import { floorSite } from './cold-link.mjs';

const seed = Number(process.argv[2] ?? 9);
const opens = Number(process.argv[3] ?? 6);
const categories = ['devtools.timeline', 'toplevel', '__metadata', 'blink.user_timing'];

/** Busy ms of each thread of the renderer that opened `url`, by thread name (workers numbered, busiest first). */
function busy(trace, url) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(url));
  if (!navigation) throw new Error(`no navigation to ${url} in the trace`);
  const { pid, ts: start } = navigation;
  const byThread = new Map();
  for (const e of events) {
    if (e.pid !== pid || e.ph !== 'X' || !e.dur || e.ts < start || !['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask'].includes(e.name)) continue;
    const key = `${e.pid}:${e.tid}`;
    (byThread.get(key) ?? byThread.set(key, []).get(key)).push([e.ts, e.ts + e.dur, e.tdur ?? e.dur]);
  }
  const rows = [];
  for (const [key, spans] of byThread) {
    spans.sort((a, b) => a[0] - b[0]);
    // A top-level task's thread time (CPU, not the wall time a busy machine stretches); nested tasks are in it.
    let total = 0, end = -Infinity;
    for (const [s, e, cpu] of spans) {
      if (s < end) continue;
      total += cpu;
      end = e;
    }
    rows.push({ thread: names.get(key) ?? key, ms: total / 1000 });
  }
  const workers = rows.filter((r) => r.thread === 'DedicatedWorker thread').sort((a, b) => b.ms - a.ms);
  workers.forEach((w, i) => (w.thread = `worker ${i + 1}`));
  const pool = rows.filter((r) => r.thread.startsWith('ThreadPool'));
  const others = rows.filter((r) => !r.thread.startsWith('ThreadPool'));
  // The renderer's pool threads (script streaming, wasm compilation, raster) as one.
  if (pool.length) others.push({ thread: 'renderer pool threads', ms: pool.reduce((s, r) => s + r.ms, 0) });
  return others.filter((r) => r.ms >= 5).sort((a, b) => b.ms - a.ms);
}

/** The page logs `pairpower-bench:done` once every result is shown (the floor logs its own). */
async function watchDone(page, doneText) {
  if (doneText === 'pairpower-bench:done')
    await page.addInitScript(() => {
      new MutationObserver((_, o) => {
        if (document.getElementById('app')?.dataset.state !== 'done') return;
        o.disconnect();
        console.debug('pairpower-bench:done');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    });
}

/** Opens `url` traced until the page logs `doneText` (waiting through the console adds no work to the page). */
async function traced(browser, url, doneText) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watchDone(page, doneText);
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === doneText, timeout: 300_000 });
  await browser.startTracing(page, { categories });
  await page.goto(url);
  await done;
  const trace = await browser.stopTracing();
  await context.close();
  return busy(trace, url.split(/[?#]/)[0]);
}

/** CPU ms used so far by each running process of the browser this script launched (its descendants only: another
 *  Chromium on the machine is not counted), by pid, with its process type (/proc/PID/stat: utime + stime). */
function chromiumCpu() {
  const hz = 100;  // USER_HZ on Linux
  const stats = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      stats.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' '));  // [state, ppid, …]
    } catch {
      // the process ended between the listing and the read
    }
  }
  const ours = (pid) => {
    for (let p = pid, hops = 0; p && p !== '0' && hops < 64; p = stats.get(p)?.[1], hops++) if (p === String(process.pid)) return true;
    return false;
  };
  const out = new Map();
  for (const [pid, f] of stats) {
    if (pid === String(process.pid) || !ours(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/chrom/i.test(cmd)) continue;
      const type = /--utility-sub-type=[\w.]*?(\w+)(?:\s|\0|$)/.exec(cmd)?.[1] ?? /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      // The renderer's threads by name too (a thread that ended before the read is in its process's total only).
      const threads = {};
      if (type === 'renderer')
        for (const tid of readdirSync(`/proc/${pid}/task`)) {
          try {
            const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim().replace(/[\d/]+$/, '');
            const t = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
            const g = t.slice(t.lastIndexOf(')') + 2).split(' ');
            threads[name] = (threads[name] ?? 0) + ((Number(g[11]) + Number(g[12])) * 1000) / hz;
          } catch {
            // the thread ended between the listing and the read
          }
        }
      out.set(pid, { type, ms: ((Number(f[11]) + Number(f[12])) * 1000) / hz, threads });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return out;
}

/** An untraced open of `url` until the page logs `doneText`: CPU ms by Chromium process type. */
async function untraced(browser, url, doneText) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watchDone(page, doneText);
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === doneText, timeout: 300_000 });
  const before = chromiumCpu();
  await page.goto(url);
  await done;
  const after = chromiumCpu();
  await context.close();
  const byType = {};
  for (const [pid, { type, ms, threads }] of after) {
    byType[type] = (byType[type] ?? 0) + ms - (before.get(pid)?.ms ?? 0);
    for (const [name, t] of Object.entries(threads)) byType[`renderer: ${name}`] = (byType[`renderer: ${name}`] ?? 0) + t - (before.get(pid)?.threads[name] ?? 0);
  }
  return byType;
}

const browser = await launch();
const site = await serve(true);
const floor = await floorSite();
const pageUrl = (s) => `${site.url}#preset=paper&reps=1000&seed=${s}&run=1`;
const pageRows = await traced(browser, pageUrl(seed), 'pairpower-bench:done');
const floorRows = await traced(browser, `${floor.url}${floor.query(seed)}`, 'pairpower-floor:done');
const cpu = { page: {}, floor: {} };
for (let i = 0; i < opens; i++) {
  const both = [['page', pageUrl(seed + i), 'pairpower-bench:done'], ['floor', `${floor.url}${floor.query(seed + i)}`, 'pairpower-floor:done']];
  for (const [kind, url, doneText] of i % 2 ? both.reverse() : both)
    for (const [type, ms] of Object.entries(await untraced(browser, url, doneText))) cpu[kind][type] = (cpu[kind][type] ?? 0) + ms / opens;
}
await browser.close();
site.server.close();
floor.server.close();
rmSync(floor.dir, { recursive: true, force: true });

const total = (rows) => rows.reduce((s, r) => s + r.ms, 0);
const show = (rows) => rows.map((r) => `${r.thread} ${Math.round(r.ms)}`).join(', ');
const cores = os.cpus().length;
console.log(`== pairpower bench:cold-cpu, ${new Date().toISOString().slice(0, 16)}Z, ${cores} cores, ${os.cpus()[0].model}, seed ${seed}`);
console.log(`page (ms of CPU by thread, traced): ${show(pageRows)}; all ${Math.round(total(pageRows))}`);
console.log(`floor: ${show(floorRows)}; all ${Math.round(total(floorRows))}`);
const extra = total(pageRows) - total(floorRows);
console.log(`the page's CPU beyond the floor's: ${Math.round(extra)} ms, at least ${Math.round(extra / cores)} ms of wall time beside the floor's on ${cores} cores`);
const sum = (o) => Object.entries(o).filter(([t]) => !t.includes(':')).reduce((a, [, b]) => a + b, 0);
const byType = (o) => Object.entries(o).filter(([, ms]) => ms >= 3).sort((a, b) => b[1] - a[1]).map(([t, ms]) => `${t} ${Math.round(ms)}`).join(', ');
console.log(`every Chromium process, untraced (/proc, ms of CPU per open, mean of ${opens} opens of each, seeds ${seed}–${seed + opens - 1}):`);
console.log(`  page: ${byType(cpu.page)}; all ${Math.round(sum(cpu.page))}`);
console.log(`  floor: ${byType(cpu.floor)}; all ${Math.round(sum(cpu.floor))}`);
console.log(`  the page's CPU / the floor's: ${(sum(cpu.page) / sum(cpu.floor)).toFixed(3)} (the cold open's target: all results within 1.15× the floor's time)`);
