// Benchmark (not a test) of how fast headless Chromium hands a chosen folder's files to workers, apart
// from pairpower: what reading alone costs the leaderboard of LLM-eval logs (bench-logs.mjs). Each
// worker reads its share (every n-th file, one file ahead of the one it is on) and then either does
// nothing or stays busy `busy` ms per file, as a worker parsing it would; or the page's thread reads
// each file's bytes for the worker whose share it is when it asks, 1, 2 or 3 files ahead (the
// leaderboard's workers ask 2 ahead). Wall time from the first read to the last worker done, the
// median of `runs` rounds, each way in a fresh browser. Then what reading alone costs in CPU
// (Chromium's processes, scripts/process-cpu.mjs), six ways: the page's thread a file at a time or
// four at a time, or as streams; two workers with FileReaderSync, arrayBuffer, streams, or streams
// into one buffer kept from file to file (no fresh pages for the bytes once the first file is read).
// Usage: node scripts/bench-file-read.mjs [runs] [dir] [busy-ms]   (dir: bench-logs.mjs's folder)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { launch } from '../tests/browser/browser.mjs';
import { cpuSince, descendantsCpu } from './process-cpu.mjs';

const runs = Number(process.argv[2] ?? 3);
const dir = process.argv[3] ?? join(os.tmpdir(), 'pairpower-lmbench');
const busyMs = Number(process.argv[4] ?? 50);
if (!existsSync(join(dir, 'model-19'))) execFileSync('/usr/bin/python3', ['bench/make_lm_eval_logs.py', dir], { stdio: 'inherit' });

// A file read as a stream into one buffer: the same source in the page and in its workers.
const intoOne = `const intoOne = async (f) => {
  const out = new Uint8Array(f.size);
  let at = 0;
  for (const reader = f.stream().getReader(); ;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.set(value, at);
    at += value.length;
  }
};`;
// The page: a folder input, and a worker that reads its share itself or takes bytes from the page.
const page = `<!doctype html><input type=file id=f webkitdirectory multiple><script>
const worker = \`const busy = (ms) => { const t = performance.now(); while (performance.now() - t < ms); };
${intoOne}
let kept = new Uint8Array(0);
const intoKept = async (f) => {
  if (kept.length < f.size) kept = new Uint8Array(f.size).fill(1);
  let at = 0;
  for (const reader = f.stream().getReader(); ;) {
    const { done, value } = await reader.read();
    if (done) return;
    kept.set(value, at);
    at += value.length;
  }
};
onmessage = async (e) => {
  const { files, busyMs, only } = e.data;
  if (only) {
    const sync = new FileReaderSync();
    for (const f of files) only === 'sync' ? sync.readAsArrayBuffer(f) : only === 'stream' ? await intoOne(f) : only === 'kept' ? await intoKept(f) : await f.arrayBuffer();
    postMessage('done');
  } else if (files) {
    let next = files[0].arrayBuffer();
    for (let k = 0; k < files.length; k++) {
      await next;
      next = k + 1 < files.length ? files[k + 1].arrayBuffer() : null;
      busy(busyMs);
    }
    postMessage('done');
  } else {
    // As the app asks the page: so many files ahead of the one it works on.
    const { count, ahead } = e.data;
    let k = 0;
    for (let i = 0; i < Math.min(ahead, count); i++) postMessage({ want: i });
    onmessage = () => {
      if (k + ahead < count) postMessage({ want: k + ahead });
      k++;
      busy(busyMs);
      if (k === count) postMessage('done');
    };
  }
};\`;
const url = URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }));
${intoOne}
// Reading alone: the page's thread (a file at a time, four at a time, or as streams) or two workers.
window.readOnly = async (how) => {
  const files = [...document.getElementById('f').files].filter((f) => f.name.startsWith('samples_'));
  const t0 = performance.now();
  if (how.startsWith('page')) {
    let k = 0;
    const next = async () => { while (k < files.length) { const f = files[k++]; how === 'page-stream' ? await intoOne(f) : await f.arrayBuffer(); } };
    await Promise.all(Array.from({ length: how === 'page-4' ? 4 : 1 }, next));
  } else {
    const workers = [0, 1].map(() => new Worker(url));
    await Promise.all(workers.map((w, i) => new Promise((ok) => { w.onmessage = ok; w.postMessage({ files: files.filter((_, j) => j % 2 === i), only: how.slice(8) }); })));
    workers.forEach((w) => w.terminate());
  }
  return performance.now() - t0;
};
window.read = async (count, busyMs, byPage, ahead) => {
  const files = [...document.getElementById('f').files].filter((f) => f.name.startsWith('samples_'));
  const share = (w) => files.filter((_, i) => i % count === w);
  const t0 = performance.now();
  const workers = Array.from({ length: count }, () => new Worker(url));
  const done = workers.map((w, i) => new Promise((ok) => (w.onmessage = async (m) => {
    if (m.data === 'done') return ok();
    const b = await share(i)[m.data.want].arrayBuffer();
    w.postMessage(b, [b]);
  })));
  workers.forEach((w, i) => w.postMessage(byPage ? { busyMs, count: share(i).length, ahead } : { files: share(i), busyMs }));
  await Promise.all(done);
  workers.forEach((w) => w.terminate());
  return performance.now() - t0;
};
</script>`;
const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page)).listen(0);
const url = `http://localhost:${server.address().port}/`;

async function once(count, busy, byPage, ahead) {
  const browser = await launch();
  const p = await browser.newPage();
  await p.goto(url);
  await p.setInputFiles('#f', dir);
  const t = await p.evaluate(([c, b, byPage, ahead]) => window.read(c, b, byPage, ahead), [count, busy, byPage, ahead]);
  await browser.close();
  return t / 1000;
}

// The ways, interleaved round by round (the machine's speed drifts within minutes); medians.
const ways = [
  ...[1, 2, 4].map((count) => ({ what: `${count} worker(s) reading, nothing else`, args: [count, 0, false, 1] })),
  { what: `2 workers reading for themselves (a file ahead), busy ${busyMs} ms per file`, args: [2, busyMs, false, 1] },
  ...[1, 2, 3].map((ahead) => ({ what: `the page's thread reading for 2 workers, ${ahead} file(s) ahead of each, busy ${busyMs} ms per file`, args: [2, busyMs, true, ahead] })),
];
const times = ways.map(() => []);
for (let r = 0; r < runs; r++) for (const [i, w] of ways.entries()) times[i].push(await once(...w.args));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`== pairpower file-read bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-file-read.mjs ${runs} ${dir} ${busyMs}   (20 lm-eval samples files; ${runs} interleaved rounds, each open in a fresh browser)`);
for (const [i, w] of ways.entries()) console.log(`${w.what}: median ${median(times[i]).toFixed(3)} s (runs: ${times[i].map((t) => t.toFixed(2)).join(', ')})`);

// What reading alone costs in CPU, each way in a fresh browser, interleaved.
const alone = ['page-1', 'page-4', 'page-stream', 'workers-sync', 'workers-buffer', 'workers-stream', 'workers-kept'];
const costs = Object.fromEntries(alone.map((how) => [how, []]));
for (let r = 0; r < runs; r++)
  for (const how of alone) {
    const browser = await launch();
    const p = await browser.newPage();
    await p.goto(url);
    await p.setInputFiles('#f', dir);
    await new Promise((settled) => setTimeout(settled, 300));  // the browser's listing of the folder is not reading
    const before = descendantsCpu();
    const t = await p.evaluate((h) => window.readOnly(h), how);
    costs[how].push([t / 1000, cpuSince(before, descendantsCpu()).total]);  // ended workers' threads count in their process
    await browser.close();
  }
for (const how of alone)
  console.log(`reading alone, ${how}: ${costs[how].map(([t, c]) => `${t.toFixed(2)} s wall / ${c.toFixed(2)} s CPU`).join(', ')}`);
server.close();
