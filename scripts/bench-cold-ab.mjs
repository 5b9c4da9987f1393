// Benchmark (not a test): two built sites' shared-link first opens, interleaved
// in one browser and one minute, so that a change is judged against the noise of
// this machine (a single bench:cold run swings by ±0.1 s). Each round runs the
// native CLI once (its wall time is the ratios' unit) and opens each site in a
// fresh context, alternating which goes first.
// Usage: node scripts/bench-cold-ab.mjs BEFORE_DIST AFTER_DIST [rounds]
//   e.g. git worktree add /tmp/before <commit>
//        (cd /tmp/before && ln -s /path/to/pairpower/node_modules . && bash scripts/build.sh)
//        node scripts/bench-cold-ab.mjs /tmp/before/dist dist 11
import { execFileSync } from 'node:child_process';
import { launch } from '../tests/browser/browser.mjs';
import { cliPath } from '../tests/wasm/load-module.mjs';
import { startServer } from './serve.mjs';
import { openColdLink } from './cold-link.mjs';

const [before, after, roundsArg] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/bench-cold-ab.mjs BEFORE_DIST AFTER_DIST [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 9);
const dirs = { before, after };
const browser = await launch();
const sites = {};
for (const [k, dir] of Object.entries(dirs)) sites[k] = await startServer({ dir, isolate: true });
const rows = { before: [], after: [] }, cli = [];
for (let i = 0; i < rounds; i++) {
  const t0 = Date.now();
  execFileSync(cliPath, ['simulate', '--preset', 'paper', '--reps', '1000', '--seed', String(9 + i), '--format', 'json', '--progress', 'off']);
  cli.push((Date.now() - t0) / 1000);
  for (const k of i % 2 ? ['after', 'before'] : ['before', 'after']) rows[k].push(await openColdLink(browser, sites[k].url, 9 + i));
}
const at = (xs, f) => [...xs].sort((a, b) => a - b)[Math.floor(f * (xs.length - 1))];
const med = (xs) => at(xs, 0.5);
console.log(`== pairpower bench:cold A/B, ${new Date().toISOString().slice(0, 16)}Z: ${rounds} interleaved first opens of each site; native CLI wall (median) ${med(cli).toFixed(3)} s`);
console.log(`command: node scripts/bench-cold-ab.mjs ${before} ${after} ${rounds}   (medians, quartiles in brackets; ms after navigation)`);
for (const k of ['before', 'after']) {
  const r = rows[k];
  const show = (f) => {
    const xs = r.map(f).filter((x) => Number.isFinite(x));
    return xs.length ? `${med(xs).toFixed(0)} [${at(xs, 0.25).toFixed(0)}–${at(xs, 0.75).toFixed(0)}]` : 'n/a';
  };
  console.log(`${k} (${dirs[k]}): first analytic value ${show((x) => x.firstAnalytic)}; the answer ${show((x) => x.marks['answer-shown'])}; ` +
    `Monte Carlo start ${show((x) => x.marks['monte-carlo-start'])}; first Monte Carlo cell ${show((x) => x.first)}; all results ${show((x) => x.done)} ` +
    `= ${(med(r.map((x) => x.done)) / 1000 / med(cli)).toFixed(2)}× the CLI's wall; longest main-thread task ${show((x) => x.longest)} (worst ${Math.max(...r.map((x) => x.longest)).toFixed(0)}; ${r.filter((x) => x.longCount > 0).length}/${r.length} opens had one)`);
}
await browser.close();
for (const s of Object.values(sites)) s.server.close();
process.exit(0);
