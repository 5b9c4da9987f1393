// Same seed, same numbers: the single-thread and the threaded wasm builds give
// the native CLI's rejection counts for every cell of the paper grid (R = 200).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

const reps = 200;
const seed = 5;
const cli = JSON.parse(execFileSync(cliPath, ['simulate', '--preset', 'paper', '--reps', String(reps), '--seed', String(seed), '--tests', 't,wilcoxon,sign', '--format', 'json']));
const expected = new Map(cli.results.map((r) => [`${r.model}|${r.n}|${r.delta}|${r.rho}|${r.test}`, r.rejections]));
const grid = { models: ['normal', 'beta'], n: [50, 100, 200, 500, 1000], delta: [0, 0.01, 0.02, 0.05, 0.1], rho: [0.5, 0.8, 0.95], tests: ['t', 'wilcoxon', 'sign'] };

function compare(module, threads, split) {
  let cells = 0;
  for (const model of grid.models)
    for (const n of grid.n)
      for (const rho of grid.rho) {
        const spec = { model, n, rho, mean: 0.65, sd: 0.12, deltas: grid.delta, alpha: 0.05, tests: grid.tests, seed };
        // Split the replicates as a scheduler would: counts must add up exactly.
        const counts = new Array(grid.delta.length * grid.tests.length).fill(0);
        for (let r = 0; r < reps; r += split) {
          const out = module.simulateGroup(spec, r, Math.min(reps, r + split), threads);
          assert.ok(!('error' in out), out.error);
          out.counts.forEach((c, i) => (counts[i] += c));
        }
        grid.delta.forEach((delta, d) =>
          grid.tests.forEach((t, k) => {
            assert.equal(counts[d * grid.tests.length + k], expected.get(`${model}|${n}|${delta}|${rho}|${t}`), `${model} n=${n} δ=${delta} ρ=${rho} ${t}`);
            cells++;
          }),
        );
      }
  assert.equal(cells, expected.size);
}

test('single-thread wasm equals the CLI cell by cell', async () => {
  compare(await loadModule('st'), 1, 70);
});

test('threaded wasm equals the CLI cell by cell with two threads', async () => {
  compare(await loadModule('mt'), 2, 200);
});

// The models beyond the paper's draw extra variates (Marsaglia–Tsang gammas with
// a portable log, zero masks, pilot indices): the same counts in wasm as natively.
test("every score model gives the CLI's counts in both wasm builds", async () => {
  const here = new URL('../fixtures/real/trec_eval/', import.meta.url).pathname;
  const pilotArgs = ['--pilot', `${here}te908.q.org_manual_bm25.txt`, '--pilot', `${here}te908.q.org_manual_ance_bert.txt`, '--pilot-measure', 'map'];
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/score_models.json', import.meta.url), 'utf8'));
  const models = [['heterogeneous', ['--tau', '0.08'], { tau: 0.08 }], ['heavy-tailed', ['--df', '2.5'], { df: 2.5 }], ['zero-inflated', ['--zero-share', '0.3'], { zero_share: 0.3 }],
    ['binary', [], {}], ['lattice', ['--levels', '7'], { levels: 7 }], ['pilot', pilotArgs, { pilot: fixture.pilot }]];
  const st = await loadModule('st'), mt = await loadModule('mt');
  for (const [model, flags, params] of models) {
    const args = ['simulate', '--model', model, '--n', '37,120', '--delta', '0,0.03', '--rho', '0.6', '--mean', '0.5', '--sd', '0.15', '--tests', 't,wilcoxon,sign', '--reps', '300', '--seed', '9', '--format', 'json', ...flags];
    const cli = JSON.parse(execFileSync(cliPath, args));
    for (const n of [37, 120]) {
      const spec = { model, n, rho: 0.6, mean: 0.5, sd: 0.15, deltas: [0, 0.03], alpha: 0.05, tests: ['t', 'wilcoxon', 'sign'], seed: 9, ...params };
      for (const [m, threads] of [[st, 1], [mt, 2]]) {
        const out = m.simulateGroup(spec, 0, 300, threads);
        assert.ok(!('error' in out), out.error);
        const want = cli.results.filter((r) => r.n === n).map((r) => r.rejections);
        // The CLI nests δ × tests for one (model, n, ρ), as the group's counts do.
        assert.deepEqual(out.counts, want, `${model} n=${n} threads=${threads}`);
      }
    }
  }
});

test('bad input comes back as an error naming the field, not an abort', async () => {
  const m = await loadModule('st');
  const spec = { model: 'normal', n: 100, rho: 0.5, mean: 0.65, sd: 0.12, deltas: [0.01], alpha: 0.05, tests: ['t'], seed: 1 };
  assert.match(m.simulateGroup({ ...spec, rho: 1 }, 0, 10, 1).error, /^rho/);
  assert.match(m.simulateGroup({ ...spec, n: 1 }, 0, 10, 1).error, /^n/);
  assert.match(m.simulateGroup({ ...spec, tests: ['x'] }, 0, 10, 1).error, /^tests/);
  // Typed: the field by the core's name, the kind and the rule; the page phrases it with its label.
  const e = m.analyticPower({ n: 100, delta: 0.01, sdDiff: -1, alpha: 0.05 });
  assert.deepEqual([e.field, e.kind, e.detail], ['sd_diff', 'invalid_value', 'must lie between 1e-12 and 1e6']);
  // The module still works after an error.
  assert.deepEqual(Object.keys(m.simulateGroup(spec, 0, 10, 1)), ['counts']);
});

for (const variant of ['st', 'plan'])
test(`analytic answers equal the CLI’s (${variant} build)`, async () => {
  const m = await loadModule(variant);
  const cliPower = JSON.parse(execFileSync(cliPath, ['power', '--n', '100', '--delta', '0.01', '--rho', '0.5', '--format', 'json']));
  const p = m.analyticPower({ n: 100, delta: 0.01, sdDiff: 0.12, alpha: 0.05 });
  assert.ok(Math.abs(p.t.power - cliPower.t.power) < 1e-14);
  assert.ok(Math.abs(p.wilcoxon.power - cliPower.wilcoxon.power) < 1e-14);
  const cliN = JSON.parse(execFileSync(cliPath, ['samplesize', '--delta', '0.01', '--rho', '0.8', '--power', '0.8', '--format', 'json']));
  const s = m.minSampleSize({ delta: 0.01, sdDiff: 0.12 * Math.sqrt(0.4), alpha: 0.05, power: 0.8 });
  assert.equal(s.t.n, cliN.t.n);
  assert.equal(s.wilcoxon.n, cliN.wilcoxon.n);
  // One writer (analytic_answers.hpp): the page's answers are the CLI's JSON, key for key; numbers
  // to 1e-14 relative (the sign test's binomial tail differs in its last bit between wasm and x86).
  const close = (a, b, path = '') => {
    if (typeof a === 'number' && typeof b === 'number') return assert.ok(Math.abs(a - b) <= 1e-14 * Math.max(1, Math.abs(b)), `${path}: ${a} vs ${b}`);
    if (a === null || typeof a !== 'object') return assert.equal(a, b, path);
    assert.deepEqual(Object.keys(a), Object.keys(b), path);
    for (const k of Object.keys(a)) close(a[k], b[k], `${path}.${k}`);
  };
  close(m.analyticPower({ n: 100, delta: 0.01, sd: 0.12, rho: 0.5, alpha: 0.05 }), cliPower);
  close(m.minSampleSize({ delta: 0.01, sd: 0.12, rho: 0.8, alpha: 0.05, power: 0.8 }), cliN);
  const cliMde = JSON.parse(execFileSync(cliPath, ['mde', '--n', '200', '--rho', '0.5', '--power', '0.8', '--format', 'json']));
  close(m.minDetectableEffect({ n: 200, sd: 0.12, rho: 0.5, alpha: 0.05, power: 0.8 }), cliMde);
});

test("the Plan build plans a run, names its cells and checks the paper as the full build does, without simulating", async () => {
  const [plan, full] = [await loadModule('plan'), await loadModule('st')];
  assert.equal(plan.simulateGroup, undefined);  // the small build leaves simulation (and Analyze) out
  const spec = JSON.stringify({ ...full.registry().presets.find((p) => p.id === 'paper').spec, reps: 1000, seed: 9 });
  const work = plan.planWork(spec, 3e6);
  assert.deepEqual(work, full.planWork(spec, 3e6));
  assert.ok(work.units.length > 0 && work.pairs > 0);
  const group = work.groups[0];
  const counts = new Array(group.deltas.length * group.tests.length).fill(7);
  const cells = plan.groupCells(group, counts, 100);
  assert.deepEqual(cells, full.groupCells(group, counts, 100));
  const checks = cells.map((c) => ({ ...c, analytic: 0.5 }));
  assert.deepEqual(plan.finishRun(spec, checks, true), full.finishRun(spec, checks, true));
  assert.ok(plan.finishRun(spec, checks, true).checks.some((c) => c !== null), 'the paper preset has printed values');
  const equivalence = JSON.stringify({ ...JSON.parse(spec), question: 'equivalence', margin: 0.02 });
  assert.ok(plan.finishRun(equivalence, checks, true).checks.every((c) => c === null), 'an equivalence run is not checked against the paper');
  assert.ok('error' in plan.planWork('{', 3e6), 'bad JSON comes back as an error');
  assert.match(plan.finishRun(spec, [{ ...cells[0], n: 1.5 }], true).error, /^n: /, 'a bad cell comes back as an error naming its field');
});

// The page's Plan engine builds a run's Beta tables once and its simulating
// workers adopt them (features/plan/run.ts): the tables must be the bits a worker would
// build itself, and a worker simulating with them must give the CLI's counts.
test("Beta tables from the Plan build are the full build's own, and a full build that adopts them gives the CLI's counts", async () => {
  const [plan, own, adopting] = [await loadModule('plan'), await loadModule('st'), await loadModule('st')];
  const spec = JSON.stringify({ ...plan.registry().presets.find((p) => p.id === 'paper').spec, reps, seed, tests: grid.tests });
  const work = plan.planWork(spec, 3e6);
  assert.deepEqual(work.tabulated, work.groups.map((g) => g.model === 'beta'), 'the Beta copula\'s groups, and only they, use tables');
  const groups = work.groups.filter((_, i) => work.tabulated[i]);
  const tables = plan.betaTables(groups);
  assert.equal(tables.length, grid.delta.length, "system A's shape (δ = 0's too) and one per other δ, each once");
  const mine = own.betaTables(groups);
  tables.forEach((t, i) => {
    assert.equal(t.coefficients.length, 4 * 1023);
    assert.deepEqual([t.a, t.b], [mine[i].a, mine[i].b]);
    assert.ok(Buffer.from(t.coefficients.buffer).equals(Buffer.from(mine[i].coefficients.buffer)), `the table of Beta(${t.a}, ${t.b}), bit for bit`);
  });
  assert.deepEqual(adopting.adoptBetaTables(tables), { adopted: tables.length });
  // Simulated with the adopted tables only (this module never built one), unit by unit as the page runs them.
  const counts = work.groups.map((g) => new Array(g.deltas.length * g.tests.length).fill(0));
  for (const u of work.units) {
    if (!work.tabulated[u.group]) continue;
    const out = adopting.simulateGroup(work.groups[u.group], u.repBegin, u.repEnd, 1);
    assert.ok(!('error' in out), out.error);
    out.counts.forEach((c, k) => (counts[u.group][k] += c));
  }
  let cells = 0;
  work.groups.forEach((g, i) => {
    if (!work.tabulated[i]) return;
    g.deltas.forEach((delta, d) => g.tests.forEach((t, k) => {
      assert.equal(counts[i][d * g.tests.length + k], expected.get(`${g.model}|${g.n}|${delta}|${g.rho}|${t}`), `${g.model} n=${g.n} δ=${delta} ρ=${g.rho} ${t}`);
      cells++;
    }));
  });
  assert.equal(cells, expected.size / 2);
  // The adopted tables are the ones simulated with: system B's table at δ = 0.01
  // (power well inside (0, 1)) shifted up by 0.02 in a fresh module moves that δ's counts, and no other's.
  const shifted = await loadModule('st');
  const d = grid.delta.indexOf(0.01);
  const moved = Float64Array.from(tables[d].coefficients, (c, i) => (i % 4 === 0 ? c + 0.02 : c));
  shifted.adoptBetaTables(tables.map((t, i) => (i === d ? { ...t, coefficients: moved } : t)));
  const u = work.units.find((x) => work.tabulated[x.group]);
  const g = work.groups[u.group];
  const plain = adopting.simulateGroup(g, u.repBegin, u.repEnd, 1).counts, changed = shifted.simulateGroup(g, u.repBegin, u.repEnd, 1).counts;
  const k = g.tests.length, at = (c, j) => c.slice(j * k, (j + 1) * k);
  g.deltas.forEach((delta, j) => {
    if (j === d) assert.notDeepEqual(at(changed, j), at(plain, j), 'the shifted table is the one simulated with');
    else assert.deepEqual(at(changed, j), at(plain, j), `δ = ${delta} keeps its counts`);
  });
  const bad = { ...tables[0], coefficients: tables[0].coefficients.slice(1) };
  assert.match(adopting.adoptBetaTables([bad]).error ?? '', /coefficients/, 'a table of the wrong size comes back as an error');
  assert.match(plan.betaTables('x').error ?? '', /^groups: /);
});

test("the grid's analytic powers are analyticPower's, cell by cell, in both single-thread builds", async () => {
  for (const variant of ['st', 'plan']) {
    const m = await loadModule(variant);
    const tests = m.registry().tests.map((t) => t.id);
    const ns = [2, 20, 50, 51, 300];
    const scenario = (model, delta, rho) => ({ model, mean: 0.65, sd: 0.12, delta, rho, tau: 0.05, df: 3, zero_share: 0.2, levels: 5 });
    const scenarios = [scenario('normal', 0.01, 0.5), scenario('beta', 0.01, 0.5), scenario('normal', -0.02, 0.9), scenario('binary', 0.05, 0.5)];
    for (const asked of [{ alternative: 'two-sided' }, { alternative: 'less' }, { question: 'equivalence', margin: 0.03 }]) {
      const grid = m.analyticGrid({ scenarios, powered: [true, true, false, true], ns, alpha: 0.05, ...asked });
      assert.ok(!('error' in grid), grid.error);
      assert.equal(grid.powers.length, scenarios.length * ns.length * tests.length);
      scenarios.forEach((q, i) => {
        ns.forEach((n, j) => tests.forEach((t, k) => {
          const p = grid.powers[(i * ns.length + j) * tests.length + k];
          if (i === 2 || grid.sdDiff[i] === null) return assert.ok(Number.isNaN(p), `${variant} ${i} ${n} ${t}: not asked`);
          const one = m.analyticPower({ n, delta: q.delta, sdDiff: grid.sdDiff[i], alpha: 0.05, ...asked })[t].power;
          assert.equal(Number.isNaN(p) ? null : p, one, `${variant} ${q.model} δ=${q.delta} n=${n} ${t} ${JSON.stringify(asked)}`);
        }));
      });
    }
    assert.equal(m.analyticGrid({ scenarios, powered: [true, true, true, true], ns: [1], alpha: 0.05 }).field, 'n');  // N below the Plan field's minimum
  }
});

test('a unit named by its group index in a loaded run counts what the group itself counts, and an unloaded index is refused', async () => {
  const m = await loadModule('st');
  const spec = JSON.stringify({ ...m.registry().presets.find((p) => p.id === 'quick').spec, seed: 3 });
  const work = m.planWork(spec, 1e6);
  assert.equal(m.loadRun(spec).groups, work.groups.length);
  for (const g of [0, work.groups.length - 1]) assert.deepEqual(m.simulateUnit(g, 5, 40, 1), m.simulateGroup(work.groups[g], 5, 40, 1));
  assert.match(m.simulateUnit(work.groups.length, 0, 10, 1).error, /^group: /);
  assert.match(m.loadRun('{').error, /^spec: /);
});
