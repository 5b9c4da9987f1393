// wasm32 is not native: size_t and long are 32 bits there, so a product of counts
// that fits in 64 bits can wrap in the page and not in the CLI. These properties
// sweep every calculator field over its whole range (log-spaced, edges included,
// the bound itself too) and require the wasm builds to give the CLI's answers.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliJson as cli, cliKeysOf, loadModule, sameAsCli as same } from './load-module.mjs';

const modules = async () => [['st', await loadModule('st')], ['plan', await loadModule('plan')]];

// N across its whole range: where n(n+1)/2 (65,536), n² (46,341) and n(n+1)(2n+1)
// (1,626) pass 2³², log-spaced points between, and the field's own bound.
async function nValues() {
  const m = await loadModule('plan');
  const field = m.registry().plan_fields.find((f) => f.id === 'n');
  const max = field.bounds.max;
  assert.equal(max, 1_000_000, 'the sweep below is written for the CLI bound of N');
  const logSpaced = Array.from({ length: 13 }, (_, i) => Math.round(2 * (max / 2) ** (i / 12)));
  return [...new Set([field.bounds.min, 3, 4, 5, 49, 50, 51, 1625, 1626, 46340, 46341, 65535, 65536, 92681, 92682, 100_000, ...logSpaced, max])].sort((a, b) => a - b);
}

test('analytic power in wasm equals the CLI for every N up to its bound, at every δ and ρ', async () => {
  const ns = await nValues();
  const deltas = [-0.99, -0.02, -1e-6, 0, 1e-6, 0.002, 0.02, 0.5, 0.99];
  const mismatches = [];
  const builds = await modules();
  for (const n of ns)
    for (const delta of deltas) {
      const native = cli(['power', '--n', String(n), '--delta', String(delta), '--rho', '0.5']);
      for (const [name, m] of builds) same(m.analyticPower({ n, delta, sd: 0.12, rho: 0.5, alpha: 0.05 }), native, `${name} n=${n} δ=${delta}`, mismatches);
    }
  assert.deepEqual(mismatches, []);
});

test('analytic power in wasm equals the CLI across ρ, α, one-sided and equivalence questions at large N', async () => {
  const ns = [2, 1626, 65536, 100_000, 1_000_000];
  const cases = [];
  for (const rho of [-0.99, 0, 0.8, 0.999]) cases.push([{ rho }, ['--rho', String(rho)]]);
  for (const alpha of [1e-10, 1e-4, 0.5, 0.99]) cases.push([{ alpha }, ['--alpha', String(alpha)]]);
  for (const alternative of ['greater', 'less']) cases.push([{ alternative }, ['--alternative', alternative]]);
  for (const margin of [1e-6, 0.03, 0.99]) {
    cases.push([{ question: 'equivalence', margin }, ['--equivalence', String(margin)]]);
    cases.push([{ question: 'non_inferiority', margin }, ['--non-inferiority', String(margin)]]);
  }
  const mismatches = [];
  const builds = await modules();
  for (const n of ns)
    for (const [q, flags] of cases) {
      const query = { n, delta: 0.01, sd: 0.12, rho: 0.5, alpha: 0.05, ...q };
      const native = cli(['power', '--n', String(n), '--delta', '0.01', ...(q.rho === undefined ? ['--rho', '0.5'] : []), ...flags]);
      for (const [name, m] of builds) same(m.analyticPower(query), native, `${name} n=${n} ${JSON.stringify(q)}`, mismatches);
    }
  assert.deepEqual(mismatches, []);
});

test('family power, smallest N and the MDE in wasm equal the CLI for K up to its bound and N up to its bound', async () => {
  const mismatches = [];
  const [[, st], [, plan]] = await modules();
  // Bonferroni and no correction are closed forms: every K and N in both builds. Holm and BH
  // simulate the family (seconds per answer at K = 1000): the page's Plan build, at N past 2¹⁶.
  const family = [];
  for (const comparisons of [1, 2, 28, 1000])
    for (const correction of ['none', 'bonferroni'])
      for (const n of [50, 65536, 1_000_000]) family.push([[['st', st], ['plan', plan]], n, comparisons, correction]);
  for (const correction of ['holm', 'bh']) for (const comparisons of [28, 1000]) family.push([[['plan', plan]], 65536, comparisons, correction]);
  for (const [builds, n, comparisons, correction] of family) {
    const native = cli(['power', '--n', String(n), '--delta', '0.003', '--rho', '0.5', '--comparisons', String(comparisons), '--correction', correction]);
    for (const [name, m] of builds)
      same(m.analyticPower({ n, delta: 0.003, sd: 0.12, rho: 0.5, alpha: 0.05, comparisons, correction }), native, `${name} power n=${n} K=${comparisons} ${correction}`, mismatches);
  }
  for (const [name, m] of [['st', st], ['plan', plan]]) {
    // Smallest N from tiny effects (answers near and past the solver's bound) to large ones.
    for (const delta of [1e-4, 4e-4, 0.001, 0.01, 0.3])
      for (const power of [0.5, 0.8, 0.999]) {
        const native = cli(['samplesize', '--delta', String(delta), '--rho', '0.5', '--power', String(power)]);
        same(m.minSampleSize({ delta, sd: 0.12, rho: 0.5, alpha: 0.05, power }), native, `${name} samplesize δ=${delta} power=${power}`, mismatches);
      }
    for (const n of [2, 5, 1626, 65536, 100_000, 1_000_000]) {
      const native = cli(['mde', '--n', String(n), '--rho', '0.5', '--power', '0.8']);
      same(m.minDetectableEffect({ n, sd: 0.12, rho: 0.5, alpha: 0.05, power: 0.8 }), native, `${name} mde n=${n}`, mismatches);
    }
  }
  for (const target of ['all', 'any']) {
    const native = cli(['samplesize', '--delta', '0.002', '--rho', '0.5', '--power', '0.8', '--comparisons', '28', '--correction', 'bonferroni', '--family-target', target]);
    same(plan.minSampleSize({ delta: 0.002, sd: 0.12, rho: 0.5, alpha: 0.05, power: 0.8, comparisons: 28, correction: 'bonferroni', familyTarget: target }), native,
      `plan samplesize K=28 ${target}`, mismatches);
  }
  assert.deepEqual(mismatches, []);
});

test("the grid's analytic powers at large N are the CLI's, and a count past 2³² is refused rather than wrapped", async () => {
  const ns = [65535, 65536, 92682, 100_000, 1_000_000];
  for (const [name, m] of await modules()) {
    const tests = m.registry().tests.map((t) => t.id);
    const scenario = { model: 'normal', mean: 0.65, sd: 0.12, delta: 0.02, rho: 0.5, tau: 0, df: 3, zero_share: 0, levels: 5 };
    const grid = m.analyticGrid({ scenarios: [scenario], powered: [true], ns, alpha: 0.05 });
    assert.ok(!('error' in grid), grid.error);
    ns.forEach((n, j) => {
      const native = cli(['power', '--n', String(n), '--delta', '0.02', '--sd-diff', String(grid.sdDiff[0])]);
      tests.forEach((t, k) => {
        const p = grid.powers[j * tests.length + k];
        if (Number.isNaN(p)) return;
        assert.ok(Math.abs(p - native[t].power) <= 1e-12, `${name} grid n=${n} ${t}: wasm ${p}, CLI ${native[t].power}`);
      });
    });
    // 2³² + 100 must not reach the core as 100.
    const wrapped = m.analyticPower({ n: 2 ** 32 + 100, delta: 0.02, sd: 0.12, rho: 0.5, alpha: 0.05 });
    assert.equal(wrapped.field, 'n', `${name}: ${JSON.stringify(wrapped)}`);
  }
});

test("a simulation seed past 2³² gives the CLI's counts in both wasm builds", async () => {
  const seed = 2 ** 40 + 12345;
  const native = cli(['simulate', '--n', '70', '--delta', '0,0.02', '--rho', '0.5', '--reps', '400', '--seed', String(seed), '--tests', 't,wilcoxon,sign']);
  for (const [variant, threads] of [['st', 1], ['mt', 2]]) {
    const m = await loadModule(variant);
    const out = m.simulateGroup({ model: 'normal', n: 70, rho: 0.5, mean: 0.65, sd: 0.12, deltas: [0, 0.02], alpha: 0.05, tests: ['t', 'wilcoxon', 'sign'], seed }, 0, 400, threads);
    assert.ok(!('error' in out), out.error);
    assert.deepEqual(out.counts, native.results.map((r) => r.rejections), `${variant}: seed ${seed}`);
  }
});

// Analyze past the 32-bit edges: at 100,000 queries the Walsh averages (n(n+1)/2 = 5·10⁹)
// and n² pass 2³², and two-decimal scores make tie groups of thousands.
test('an analysis of 100,000 queries in wasm equals pairpower compare', async () => {
  const n = 100_000;
  let x = 7;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['qid,bm25,dense'];
  for (let i = 0; i < n; i++) {
    const a = Math.round((0.2 + 0.6 * r()) * 100) / 100;
    rows.push(`q${i},${a},${Math.min(1, Math.max(0, Math.round((a + 0.003 + 0.1 * (r() - 0.5)) * 100) / 100))}`);
  }
  const text = rows.join('\n') + '\n';
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 'big.csv'), text);
  const native = cli(['compare', join(dir, 'big.csv'), '--resamples', '200', '--bootstrap', '200', '--seed', '3']);
  const m = await loadModule('st');
  const out = m.analyzeScores({ textA: text, measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 200, seed: 3, minEffect: 0,
    direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
  assert.ok(!out.error, out.error);
  const web = JSON.parse(out.report);
  assert.equal(web.comparisons[0].n, n);
  const mismatches = [];
  // Every number the CLI reports.
  same(cliKeysOf({ comparisons: web.comparisons, summary: web.summary }, { comparisons: native.comparisons, summary: native.summary }), { comparisons: native.comparisons, summary: native.summary }, 'analysis', mismatches);
  assert.deepEqual(mismatches, []);
});

test('binary items by the million, with and without clusters, give the CLI\'s McNemar, Newcombe, Wilson and cluster-robust numbers in wasm', async () => {
  const n = 1_000_000;
  let x = 11;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const plain = ['qid,A,B'], clustered = ['qid,cluster,A,B'];
  for (let i = 0; i < n; i++) {
    const a = r() < 0.61 ? 1 : 0, b = r() < (a ? 0.93 : 0.12) ? 1 : 0;
    plain.push(`q${i},${a},${b}`);
    clustered.push(`q${i},c${Math.floor(i / 25)},${a},${b}`);
  }
  const m = await loadModule('st');
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  for (const [name, rows] of [['binary', plain], ['clustered', clustered]]) {
    const text = rows.join('\n') + '\n';
    writeFileSync(join(dir, `${name}.csv`), text);
    // The power curve as the page draws it: above 15,000 items there is none, only its note, so this costs nothing.
    const native = cli(['compare', join(dir, `${name}.csv`), '--resamples', '200', '--bootstrap', '200', '--seed', '5']);
    const out = m.analyzeScores({ textA: text, measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 200, seed: 5, minEffect: 0,
      direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
    assert.ok(!out.error, out.error);
    const web = JSON.parse(out.report).comparisons[0], cliC = native.comparisons[0];
    assert.equal(web.n, n);
    const mismatches = [];
    for (const key of ['mean_a', 'mean_b', 'delta', 'sd_diff', 'mcnemar', 'newcombe', 'wilson_a', 'wilson_b', 'cluster', 't', 'planning'])
      if (cliC[key] !== undefined) same(web[key], cliC[key], `${name}.${key}`, mismatches);
    assert.deepEqual(mismatches, []);
    assert.ok(name === 'binary' ? cliC.mcnemar.discordant_a + cliC.mcnemar.discordant_b > 50_000 : cliC.cluster.clusters === n / 25);
  }
});
