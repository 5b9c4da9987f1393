// Holds every wasm build to the boundary schema (cpp/schema/, the source of the
// page's generated types): each build exposes exactly the bindings the schema
// gives it, and each binding's answer to a real request has exactly the
// schema's shape (strict: a key added, dropped or retyped on either side fails).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { loadModule } from '../wasm/load-module.mjs';
import { BINDINGS, BINDING_RESULTS, BOUNDARY_SCHEMA, type PairpowerModule } from '../../web/src/generated/boundary';
import { REGISTRY } from '../../web/src/runtime/registry';

type Variant = 'plan' | 'st' | 'mt';
const real = (p: string) => readFileSync(new URL(`../fixtures/real/${p}`, import.meta.url), 'utf8');

/** Embind's functions on a module: the only functions it gives an argCount. */
function bindingsOf(m: Record<string, unknown>): string[] {
  return Object.keys(m).filter((k) => typeof m[k] === 'function' && (m[k] as { argCount?: number }).argCount !== undefined).sort();
}

/** Typed arrays as plain arrays: the schema states their elements (f64: a Float64Array of numbers, bytes: a Uint8Array of integers). */
function plain(v: unknown): unknown {
  if (v instanceof Float64Array || v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function resultIssues(name: string, value: unknown): unknown[] {
  const schema = z.fromJSONSchema({ $defs: BOUNDARY_SCHEMA.$defs, ...BINDING_RESULTS[name] } as Parameters<typeof z.fromJSONSchema>[0]);
  const r = schema.safeParse(plain(value));
  return r.success ? [] : r.error.issues.slice(0, 3);
}

const paper = REGISTRY.presets.find((p) => p.id === 'paper')!.spec;
// A small run of the paper's grid: both models (the Beta one builds tables), every test.
const spec = JSON.stringify({ ...paper, n: [50, 100], delta: [0, 0.05], rho: [0.5], reps: 40 });
const lbInputs = [
  { text: real('trec_eval/te908.q.org_manual_bm25.txt'), name: 'bm25.txt' },
  { text: real('trec_eval/te908.q.org_manual_ance_bert.txt'), name: 'ance.txt' },
];
// A small run and its qrels, as trec_eval reads them (one topic judged, one retrieved).
const runsQrels = '301 0 d1 1\n301 0 d2 0\n302 0 d3 2\n';
const runText = '301 Q0 d2 1 2.5 bm25\n301 Q0 d1 2 1.5 bm25\n302 Q0 d4 1 3 bm25\n';
const lbSettings = { missing: 'intersect', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 100, seed: 1 } as const;

/** One real request per binding, run in order (later ones use earlier answers); each returns the binding's answer. */
function requests(m: PairpowerModule, full: boolean): Record<string, () => unknown> {
  const work = () => m.planWork(spec, 1e6) as Exclude<ReturnType<typeof m.planWork>, { error: string }>;
  const cells = () => {
    const w = work();
    const g = w.groups[0];
    const counts = new Array(g.deltas.length * g.tests.length).fill(3);
    return m.groupCells(g, counts, 40) as Exclude<ReturnType<typeof m.groupCells>, { error: string }>;
  };
  const plan: Record<string, () => unknown> = {
    analyticPower: () => m.analyticPower({ n: 100, delta: 0.02, alpha: 0.05, sd: 0.12, rho: 0.8, comparisons: 5, correction: 'holm', familyTarget: 'all' }),
    analyticGrid: () => m.analyticGrid({
      scenarios: [{ model: 'normal', mean: 0.65, sd: 0.12, delta: 0.02, rho: 0.8, tau: 0.05, df: 5, zero_share: 0.2, levels: 10 }],
      powered: [true], ns: [50, 100], alpha: 0.05,
    }),
    // In clusters, with repeats: the design's echo and each answer's clusters.
    minSampleSize: () => m.minSampleSize({ delta: 0.02, alpha: 0.05, power: 0.8, sdDiff: 0.08, clusterSize: 4, icc: 0.1, repeats: 3, withinShare: 0.4 }),
    binaryPower: () => m.binaryPower({ n: 400, alpha: 0.05, accuracyA: 0.7, accuracyB: 0.75, agreement: 0.85, clusterSize: 4, icc: 0.1 }),
    binarySampleSize: () => m.binarySampleSize({ power: 0.8, alpha: 0.05, accuracyA: 0.7, accuracyB: 0.75, agreement: 0.85, alternative: 'greater' }),
    minDetectableEffect: () => m.minDetectableEffect({ n: 100, alpha: 0.05, power: 0.8, sdDiff: 0.08 }),
    sensitivity: () => m.sensitivity({ n: 100, alpha: 0.05, power: 0.8, sd: 0.12, rho: 0.8 }),
    registry: () => m.registry(),
    readPlanField: () => m.readPlanField('n', '50, 100', true),
    formatNumbers: () => m.formatNumbers('p', [0.0123, 1e-9]),
    planWork: () => work(),
    groupCells: () => cells(),
    betaTables: () => m.betaTables(work().groups),
    finishRun: () => m.finishRun(spec, cells(), true),
    planAnswer: () => m.planAnswer(spec),
    simulationExport: () => m.simulationExport(spec, cells(), JSON.stringify({ engine: 'test', threads: 1, elapsedS: 0, cancelled: false }), 'json'),
  };
  if (!full) return plan;
  const board = () => m.rankPrepare({ inputs: lbInputs, measure: 'map' }) as Exclude<ReturnType<typeof m.rankPrepare>, { error: string }>;
  return {
    ...plan,
    simulateGroup: () => m.simulateGroup(work().groups[0], 0, 20, 1),
    loadRun: () => m.loadRun(spec),
    simulateUnit: () => (m.loadRun(spec), m.simulateUnit(work().groups.length - 1, 0, 20, 1)),
    adoptBetaTables: () => m.adoptBetaTables(m.betaTables(work().groups) as never),
    hardwareThreads: () => m.hardwareThreads(),
    detectScores: () => m.detectScores({ text: lbInputs[0].text, name: 'bm25.txt' }),
    analyzeScores: () => m.analyzeScores({
      textA: lbInputs[0].text, textB: lbInputs[1].text, measures: ['map'], missing: 'intersect', direction: 'higher',
      alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 100, seed: 1, minEffect: 0, power: 0.8, equivalence: 0, nonInferiority: 0,
    }),
    rankPrepare: () => m.rankPrepare({ inputs: lbInputs, measure: 'map' }),
    inputShare: () => m.inputShare({ paths: lbInputs.map((x, i) => x.name ?? `S${i + 1}`), part: 1, parts: 2 }),
    readInputs: () => m.readInputs({ inputs: lbInputs.map((x, index) => ({ ...x, index })) }),
    rankPart: () => m.rankPart({ ...lbSettings, board: board(), part: 0, parts: 2 }),
    rankMerge: () => m.rankMerge({ ...lbSettings, board: board(), parts: [0, 1].map((part) => m.rankPart({ ...lbSettings, board: board(), part, parts: 2 }) as never) }),
    pairTable: () => m.pairTable({ inputs: lbInputs, measure: 'map', missing: 'intersect', dataset: '', systemA: 'org_manual_bm25.run', systemB: 'org_manual_ance_bert.run' } as never),
    loadQrels: () => m.loadQrels({ name: 'qrels.txt', text: runsQrels }),
    scoreRun: () => m.scoreRun({ qrels: { name: 'qrels.txt', text: runsQrels }, run: { name: 'bm25.run', text: new TextEncoder().encode(runText) }, measure: 'AP' }),
  };
}

describe.each<Variant>(['plan', 'st', 'mt'])('the %s build', (variant) => {
  let m: PairpowerModule;
  beforeAll(async () => {
    m = await loadModule(variant);
  });

  it('exposes exactly the bindings the schema gives it', () => {
    const expected = Object.entries(BINDINGS).filter(([, build]) => build === 'plan' || variant !== 'plan').map(([n]) => n).sort();
    expect(bindingsOf(m as unknown as Record<string, unknown>)).toEqual(expected);
  });

  it('answers each binding with exactly the schema’s shape', () => {
    const calls = requests(m, variant !== 'plan');
    const names = bindingsOf(m as unknown as Record<string, unknown>);
    // Every binding has a request here: a new one without a request fails.
    expect(Object.keys(calls).sort()).toEqual(names);
    const wrong: Record<string, unknown> = {};
    for (const name of names) {
      let answer: unknown;
      try {
        answer = calls[name]();
      } catch (e) {
        wrong[name] = [`threw: ${e instanceof Error ? e.message : String(e)}`];
        continue;
      }
      const error = answer && typeof answer === 'object' && 'error' in answer ? (answer as { error: string }).error : null;
      const issues = error ? [`answered an error: ${error}`] : resultIssues(name, answer);
      if (issues.length) wrong[name] = issues;
    }
    expect(wrong).toEqual({});
  });
});

describe.each<Variant>(['st', 'mt'])('the %s build’s reports', (variant) => {
  it('hold the JSON inside analyzeScores and rankMerge to PageReport, CliReport and LeaderboardReport', async () => {
    const m: PairpowerModule = await loadModule(variant);
    const check = (type: string, text: string) => {
      const r = z.fromJSONSchema({ $defs: BOUNDARY_SCHEMA.$defs, $ref: `#/$defs/${type}` } as Parameters<typeof z.fromJSONSchema>[0]).safeParse(JSON.parse(text));
      return r.success ? [] : r.error.issues.slice(0, 3);
    };
    const calls = requests(m, true);
    const analysis = calls.analyzeScores() as { report: string; json: string };
    expect(check('PageReport', analysis.report)).toEqual([]);
    expect(check('CliReport', analysis.json)).toEqual([]);
    expect(check('LeaderboardReport', (calls.rankMerge() as { json: string }).json)).toEqual([]);
  });
});
