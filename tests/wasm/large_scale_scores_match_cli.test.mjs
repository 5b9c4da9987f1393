// Scores of any scale (latencies in microseconds) are planned after dividing Δ and σ by one
// factor into the solvers' range (solver_scale); the division and the MDE multiplied back run
// in double precision on both targets, and the page must plan what the CLI plans.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliJson, cliKeysOf, loadModule, sameAsCli } from './load-module.mjs';

// Three systems' latencies in µs around 5·10⁷ whose differences have an SD of about 3·10⁶,
// three times the planner's 1e6; `scale` multiplies every latency.
function latencies(n, scale) {
  let x = 17;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const normal = () => Math.sqrt(-2 * Math.log(r())) * Math.cos(2 * Math.PI * r());
  const rows = ['qid,old,new,newer'];
  for (let i = 0; i < n; i++) {
    const a = 5e7 + 8e6 * normal();
    rows.push(`q${i},${Math.round(a * scale)},${Math.round((a - 1e5 + 3e6 * normal()) * scale)},${Math.round((a - 4e5 + 3e6 * normal()) * scale)}`);
  }
  return rows.join('\n') + '\n';
}

const settings = { missing: 'error', direction: 'lower', alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 200, seed: 9 };

for (const scale of [1, 1e4]) {
  test(`latencies ${scale === 1 ? 'in microseconds' : 'ten thousand times larger'} are planned in the wasm as the CLI plans them, in compare and on a board`, async () => {
    const text = latencies(3000, scale);
    const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
    const file = join(dir, 'latency.csv');
    writeFileSync(file, text);
    const flags = ['--direction', 'lower', '--resamples', '200', '--bootstrap', '200', '--seed', '9'];
    const m = await loadModule('st');

    const native = cliJson(['compare', file, ...flags]);
    const out = m.analyzeScores({ textA: text, measures: [], minEffect: 0, power: 0.8, equivalence: 0, nonInferiority: 0, ...settings });
    assert.ok(!out.error, out.error);
    const web = JSON.parse(out.report);
    const mismatches = [];
    sameAsCli(cliKeysOf(web.comparisons, native.comparisons), native.comparisons, 'compare', mismatches);
    // The plan is there and is the one of scores in range: n does not depend on the unit, the MDE scales with it.
    const plans = native.comparisons.map((c) => c.planning);
    assert.ok(plans.every((p) => p.mde > 1e5 * scale && Number.isInteger(p.n_required)), JSON.stringify(plans.map((p) => [p.mde, p.n_required])));

    const board = m.rankPrepare({ inputs: [{ name: 'latency.csv', text }] });
    assert.ok(!board.error, board.error);
    const part = m.rankPart({ ...settings, board, part: 0, parts: 1 });
    assert.ok(!part.error, part.error);
    const merged = m.rankMerge({ ...settings, board, parts: [part] });
    assert.ok(!merged.error, merged.error);
    const nativeBoard = cliJson(['leaderboard', file, ...flags]);
    sameAsCli(JSON.parse(merged.json), nativeBoard, 'leaderboard', mismatches);
    assert.equal(mismatches.length, 0, mismatches.slice(0, 20).join('\n'));
  });
}
