// Benchmark (not a test) of scoring runs, in one run so that the figures are
// ratios on the same machine at the same moment:
//  1. `pairpower evaluate -q -m all_trec` of six TREC 2003 Robust runs in
//     one call, against trec_eval 10.0 run once per run (as a user scores them);
//  2. 100 runs × 250 topics × 1,000 documents (25 M lines, made here,
//     deterministic) scored and ranked natively: `leaderboard --qrels` on 2 threads;
//  3. the same files in the page (headless Chromium): qrels and runs chosen in
//     the Leaderboard, scored in the workers and ranked, with the longest
//     main-thread stall; page/native; and the page's board (its JSON export)
//     against the native JSON, value for value (a difference fails the run).
// Usage: node scripts/bench-evaluate.mjs [--trec-eval PATH] [--robust DIR] [--skip-page]
//   --trec-eval: trec_eval 10.0 built from usnistgov/trec_eval v10.0 (default /tmp/te10/trec_eval);
//   --robust: the runs of trectools' examples/robust03/runs (input.*.gz) and its qrel/robust03_qrels.txt
//   (default: extracted from the trectools mirror of the fixtures' PROVENANCE.md when it is here).
// Without trec_eval or the Robust runs, part 1 says so and is skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { launch, serve, root } from '../tests/browser/browser.mjs';
import { longestTask, startProbe, stopProbe } from './page-probe.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const cli = `${root}build/pairpower`;
const trecEval = arg('--trec-eval', '/tmp/te10/trec_eval');
const dir = mkdtempSync(join(os.tmpdir(), 'pairpower-bench-eval-'));
const seconds = (f) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e9;
};
const bestOf = (n, f) => Math.min(...Array.from({ length: n }, () => seconds(f)));
const quiet = { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 };

console.log(`== pairpower evaluate bench, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}`);
console.log(`command: node scripts/bench-evaluate.mjs ${process.argv.slice(2).join(' ')}`.trimEnd());

// 1. Six Robust runs, all_trec, per topic.
function robustInputs() {
  const given = arg('--robust');
  if (given) return given;
  const mirror = '/work/.mirror/joaopalotti+trectools';
  if (!existsSync(mirror)) return null;
  const git = readdirSync(mirror).map((d) => join(mirror, d)).find((d) => existsSync(join(d, 'HEAD'))) ?? mirror;
  const out = join(dir, 'robust03');
  execFileSync('bash', ['-c', `mkdir -p ${out} && git --git-dir=${git} archive 8a896def007e3d657eb29f820ee3de98e2f32691 examples/robust03 | tar -x -C ${out}`]);
  return join(out, 'examples/robust03');
}
const robust = robustInputs();
if (!robust || !existsSync(trecEval)) {
  console.log(`part 1 skipped: ${!robust ? 'no Robust 2003 runs (--robust DIR)' : `no trec_eval at ${trecEval} (--trec-eval PATH)`}`);
} else {
  // trec_eval reads no gzip: both read the same plain files.
  const runsDir = join(robust, 'runs');
  // The six runs of the leaderboard's fixtures (tests/fixtures/real/robust03/).
  const six = ['SABIR03BASE', 'UIUC03Rd1', 'aplrob03a', 'pircRBa1', 'rutcor03100', 'uwmtCR0'];
  const plain = readdirSync(runsDir).filter((f) => six.some((r) => f === `input.${r}.gz`)).sort().map((f) => {
    const out = join(dir, f.replace(/\.gz$/, ''));
    execFileSync('bash', ['-c', `gzip -dc '${join(runsDir, f)}' > '${out}'`]);
    return out;
  });
  const qrels = join(robust, 'qrel/robust03_qrels.txt');
  const ours = bestOf(5, () => execFileSync(cli, ['evaluate', '-q', '-m', 'all_trec', qrels, ...plain], quiet));
  const theirs = bestOf(5, () => plain.forEach((r) => execFileSync(trecEval, ['-q', '-m', 'all_trec', qrels, r], quiet)));
  console.log(`${plain.length} Robust 2003 runs, -q -m all_trec: pairpower evaluate ${ours.toFixed(3)} s (one call), trec_eval 10.0 ${theirs.toFixed(3)} s (once per run); trec_eval/pairpower = ${(theirs / ours).toFixed(2)}`);
}

// 2. 100 runs × 250 topics × 1,000 documents: each topic judges 400 of its 4,000 documents (0–2),
// each system retrieves 1,000 of them, the better systems putting more relevant ones higher.
const systems = 100, topics = 250, depth = 1000, pool = 4000;
let seed = 20261126;
const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
const relOf = [];
const qrelsLines = [];
for (let t = 0; t < topics; t++) {
  const rel = new Int8Array(pool).fill(-1);
  for (let j = 0; j < 400; j++) {
    const d = Math.floor(random() * pool);
    if (rel[d] >= 0) continue;
    const u = random();
    rel[d] = u < 0.85 ? 0 : u < 0.95 ? 1 : 2;
    qrelsLines.push(`${401 + t} 0 D${t}-${d} ${rel[d]}`);
  }
  relOf.push(rel);
}
const qrelsFile = join(dir, 'qrels.txt');
writeFileSync(qrelsFile, qrelsLines.join('\n') + '\n');
const runFiles = [];
for (let s = 0; s < systems; s++) {
  const file = join(dir, `run${String(s + 1).padStart(3, '0')}.txt`);
  const out = createWriteStream(file);
  const skill = 0.2 + (0.6 * s) / systems;
  for (let t = 0; t < topics; t++) {
    // A score per document: noise plus the system's skill times its relevance; the top 1,000 are retrieved.
    const scored = [];
    for (let d = 0; d < pool; d++) scored.push([d, random() + skill * Math.max(0, relOf[t][d])]);
    scored.sort((a, b) => b[1] - a[1]);
    let chunk = '';
    for (let r = 0; r < depth; r++) chunk += `${401 + t} Q0 D${t}-${scored[r][0]} ${r + 1} ${scored[r][1].toFixed(6)} sys${s + 1}\n`;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  runFiles.push(file);
}
const lines = systems * topics * depth;
const scoredOnly = bestOf(1, () => execFileSync(cli, ['evaluate', '-m', 'ndcg_cut.10', qrelsFile, ...runFiles], quiet));
const natives = [0, 1].map(() => seconds(() => execFileSync(cli, ['leaderboard', '--qrels', qrelsFile, ...runFiles, '--threads', '2', '--format', 'json'], quiet)));
const native = Math.min(...natives);
console.log(`${systems} runs × ${topics} topics × ${depth} documents (${(lines / 1e6).toFixed(0)} M lines): native evaluate (nDCG@10) ${scoredOnly.toFixed(2)} s; ` +
  `scored and ranked (leaderboard --qrels, 2 threads, 10,000 resamples and bootstrap) ${native.toFixed(2)} s (best of ${natives.map((t) => t.toFixed(2)).join(' and ')}; target ≤ 10 s)`);

// 3. The same in the page.
if (process.argv.includes('--skip-page')) process.exit(process.exitCode ?? 0);
const browser = await launch();
const { server, url } = await serve(true);
// Best of 2, as natively; each in a page of its own, so that neither finds the other's compiled code.
let page, wall = Infinity, stall = 0, longest = 0;
const walls = [];
for (let attempt = 0; attempt < 2; attempt++) {
  await page?.close();
  page = await browser.newPage();
  page.setDefaultTimeout(1_200_000);
  await page.goto(`${url}#view=leaderboard`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.setInputFiles('#leaderboard [data-testid="qrels-file"]', qrelsFile);
  await page.setInputFiles('#leaderboard [data-testid="run-files"]', runFiles);
  await startProbe(page);
  const t0 = Date.now();
  await page.click('[data-testid="rank"]');
  await page.waitForFunction(() => ['done', 'error'].includes(document.getElementById('leaderboard').dataset.state));
  walls.push((Date.now() - t0) / 1000);
  wall = Math.min(wall, walls.at(-1));
  longest = Math.max(longest, await longestTask(page));
  stall = Math.max(stall, await stopProbe(page));
  if ((await page.getAttribute('#leaderboard', 'data-state')) !== 'done') throw new Error(await page.textContent('[data-testid="error"]'));
}
console.log(`Chromium page, the same qrels and ${systems} run files: ${wall.toFixed(2)} s from Rank to the board (best of ${walls.map((w) => w.toFixed(2)).join(' and ')}); ` +
  `page/native = ${(wall / native).toFixed(2)} (target ≤ 2); longest main-thread stall ${stall.toFixed(0)} ms, longest task ${longest ? `${longest.toFixed(0)} ms` : 'none over 50 ms'}`);
// Number for number: the page's JSON export is the CLI's own report text. Every value is the
// native one exactly, but for the studentized range's special function (its libm's erfc: glibc
// natively, musl in the wasm), which the wasm tests hold to 1e-12.
const download = page.waitForEvent('download');
await page.click('[data-testid="leaderboard-download-json"]');
const pageJson = readFileSync(await (await download).path(), 'utf8');
const nativeJson = execFileSync(cli, ['leaderboard', '--qrels', qrelsFile, ...runFiles, '--threads', '2', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
const differences = [];
let special = 0, largest = 0;
const walk = (a, b, path, key) => {
  if (typeof a === 'number' && typeof b === 'number' && key === 'p_tukey_hsd') {
    if (a !== b) special++;
    largest = Math.max(largest, Math.abs(a - b));
    if (!(Math.abs(a - b) <= 1e-12)) differences.push(`${path}: page ${a}, native ${b}`);
  } else if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) walk(a[k], b[k], `${path}/${k}`, Array.isArray(a) ? key : k);
  } else if (a !== b) differences.push(`${path}: page ${JSON.stringify(a)}, native ${JSON.stringify(b)}`);
};
walk(JSON.parse(pageJson), JSON.parse(nativeJson), '', '');
console.log(`the page's board (JSON export, ${pageJson.length} bytes) against the native leaderboard --qrels JSON: ` +
  (differences.length ? `${differences.length} values DIFFER, first ${differences.slice(0, 3).join('; ')}` : 'every value equal') +
  `; p_tukey_hsd: ${special} differ in the last digits, by at most ${largest.toExponential(1)} (≤ 1e-12)`);
if (differences.length) process.exitCode = 1;
await browser.close();
server.close();
spawnSync('rm', ['-rf', dir]);
process.exit(process.exitCode ?? 0);
