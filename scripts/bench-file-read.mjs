// Benchmark (not a test) of how fast headless Chromium hands a chosen folder's files to workers, apart
// from pairpower: what reading alone costs the leaderboard of LLM-eval logs (bench-logs.mjs). Each
// worker reads its share (every n-th file, one file ahead of the one it is on) and then either does
// nothing or stays busy `busy` ms per file, as a worker parsing it would; or the page's thread reads
// and hands each file's bytes to the worker whose share it is. Wall time from the first read to the
// last worker done, best of `runs`, each way in a fresh browser.
// Usage: node scripts/bench-file-read.mjs [runs] [dir] [busy-ms]   (dir: bench-logs.mjs's folder)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { launch } from '../tests/browser/browser.mjs';

const runs = Number(process.argv[2] ?? 3);
const dir = process.argv[3] ?? join(os.tmpdir(), 'pairpower-lmbench');
const busyMs = Number(process.argv[4] ?? 50);
if (!existsSync(join(dir, 'model-19'))) execFileSync('/usr/bin/python3', ['bench/make_lm_eval_logs.py', dir], { stdio: 'inherit' });

// The page: a folder input, and a worker that reads its share itself or takes bytes from the page.
const page = `<!doctype html><input type=file id=f webkitdirectory multiple><script>
const worker = \`const busy = (ms) => { const t = performance.now(); while (performance.now() - t < ms); };
onmessage = async (e) => {
  const { files, busyMs } = e.data;
  if (files) {
    let next = files[0].arrayBuffer();
    for (let k = 0; k < files.length; k++) {
      await next;
      next = k + 1 < files.length ? files[k + 1].arrayBuffer() : null;
      busy(busyMs);
    }
    postMessage('done');
  } else onmessage = (m) => (m.data === null ? postMessage('done') : busy(busyMs));
};\`;
const url = URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }));
window.read = async (count, busyMs, byPage) => {
  const files = [...document.getElementById('f').files].filter((f) => f.name.startsWith('samples_'));
  const share = (w) => files.filter((_, i) => i % count === w);
  const t0 = performance.now();
  const workers = Array.from({ length: count }, () => new Worker(url));
  const done = workers.map((w) => new Promise((ok) => (w.onmessage = ok)));
  if (!byPage) workers.forEach((w, i) => w.postMessage({ files: share(i), busyMs }));
  else {
    workers.forEach((w) => w.postMessage({ busyMs }));
    await Promise.all(workers.map(async (w, i) => {
      const mine = share(i);
      let next = mine[0].arrayBuffer();
      for (let k = 0; k < mine.length; k++) {
        const b = await next;
        next = k + 1 < mine.length ? mine[k + 1].arrayBuffer() : null;
        w.postMessage(b, [b]);
      }
      w.postMessage(null);
    }));
  }
  await Promise.all(done);
  workers.forEach((w) => w.terminate());
  return performance.now() - t0;
};
</script>`;
const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page)).listen(0);
const url = `http://localhost:${server.address().port}/`;

async function best(count, busy, byPage) {
  const times = [];
  for (let r = 0; r < runs; r++) {
    const browser = await launch();
    const p = await browser.newPage();
    await p.goto(url);
    await p.setInputFiles('#f', dir);
    times.push(await p.evaluate(([c, b, byPage]) => window.read(c, b, byPage), [count, busy, byPage]));
    await browser.close();
  }
  return `${(Math.min(...times) / 1000).toFixed(3)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`;
}

console.log(`== pairpower file-read bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-file-read.mjs ${runs} ${dir} ${busyMs}   (20 lm-eval samples files; best of ${runs}, each in a fresh browser)`);
for (const count of [1, 2, 4]) console.log(`${count} worker(s) reading, nothing else: ${await best(count, 0, false)}`);
console.log(`2 workers reading, busy ${busyMs} ms per file: ${await best(2, busyMs, false)}`);
console.log(`the page's thread reading for 2 workers, busy ${busyMs} ms per file: ${await best(2, busyMs, true)}`);
server.close();
