// A grid's analytic side, asked of the core: each model scenario's σ_d and its
// analytic power at the grid's N and the curves' N (one analyticGrid call), a
// shared link's first questions asked before the page is built (primeLink), and
// the run's plan of work.
import type * as Comlink from 'comlink';
import type { PlanApi, PlanEngines } from './worker';
import type { AnalyticGrid } from './worker';
import { TEST_IDS, modelInfo, type ModelName } from '../../runtime/registry';
import { pairsPerUnit, planWork, startRun, type RunCallbacks, type RunHandle, type RunProgress } from './run';
import type { CellResult, PlanWork, TestName } from '../../generated/boundary';
import { markStage, runThreads } from '../../runtime/engines';
import { planCost } from './cost';
import { formatHash, parseHash } from './hash';
import { cellId, cellIdOf, settled, type PlanSpec } from './spec';

/** Log-spaced N for the analytic curves, spanning the grid. */
export function curveNs(spec: PlanSpec): number[] {
  const lo = Math.max(2, Math.min(...spec.n) / 2), hi = Math.max(...spec.n) * 1.5;
  const out: number[] = [];
  for (let i = 0; i <= 40; i++) out.push(Math.round(lo * (hi / lo) ** (i / 40)));
  return [...new Set(out)];
}

/** The model scenarios of a grid (each model × δ × ρ), as the core's σ_d query reads them. */
function scenariosOf(spec: PlanSpec) {
  return spec.models.flatMap((model) => spec.delta.flatMap((delta) => spec.rho.map((rho) => ({
    model, delta, rho, mean: spec.mean, sd: spec.sd, tau: spec.tau, df: spec.df, zero_share: spec.zero_share, levels: spec.levels,
    ...(modelInfo(model).param === 'pilot' && spec.pilot ? { pilot: spec.pilot } : {}) }))));
}

/** The question of the analytic answers: the alternative for a difference, else the question and its margin. */
export const asked = (spec: PlanSpec) =>
  spec.question === 'difference' ? { alternative: spec.alternative } : { question: spec.question, margin: spec.margin };

/** The tests a model's analytic power covers (the registry's "all", "t" or "none"). */
export const analyticTests = (model: ModelName): readonly TestName[] => {
  const a = modelInfo(model).analytic;
  return a === 'all' ? TEST_IDS : a === 't' ? ['t'] : [];
};

/** The key of an analytic value: `model|n|δ|ρ|test`. */
export const analyticKey: (model: ModelName, n: number, delta: number, rho: number, test: TestName) => string = cellIdOf;

/** The core's analyticGrid query for a grid's scenarios at each of `ns`. */
function gridQuery(spec: PlanSpec, ns: number[]) {
  const scenarios = scenariosOf(spec);
  return { scenarios, powered: scenarios.map((q) => analyticTests(q.model).length > 0), ns, alpha: spec.alpha, ...asked(spec) };
}

/** A question asked of the Plan engine before the page is built (primeLink),
 *  taken by the first call that asks it again; any first call clears it. */
function primed<T>() {
  let slot: { key: string; answer: Promise<T> } | null = null;
  return {
    put(key: string, answer: Promise<T>) {
      answer.catch(() => undefined);  // reported by the call that takes it, as its own would be
      slot = { key, answer };
    },
    take(key: string, ask: () => Promise<T>): Promise<T> {
      const early = slot?.key === key ? slot.answer : null;
      slot = null;
      return early ?? ask();
    },
  };
}
const primedGrid = primed<AnalyticGrid>();
const primedWork = primed<PlanWork>();

/**
 * Asks the Plan engine, while the page is still being built (main.ts), for
 * what the link's Plan (or the default preset) will ask first: a run's plan of
 * work, then the grid's analytic values. On a shared link's first open the
 * engine answers beside the page's first layout instead of after it, and a
 * run's Monte Carlo units go out as soon as the core has planned them.
 */
export function primeLink(engines: PlanEngines, hash: string): void {
  if ((new URLSearchParams(hash.replace(/^#/, '')).get('view') ?? 'plan') !== 'plan') return;
  const link = parseHash(hash);
  const spec = settled(link.spec);
  const { run } = link;
  if (run) {
    const work = planWork(spec, engines);
    primedWork.put(workKey(spec, engines), work);
    // The units go out as soon as they are planned, when the run needs no
    // confirmation: the page's thread, building the page, is not waited for.
    const held = work.then((w) => (planCost(spec, w.pairs, runThreads(engines)).kind === 'run' ? holdRun(spec, w, engines) : null));
    held.catch(() => undefined);  // the view's own wait on the work reports it
    primedRun = { key: workKey(spec, engines), held };
  }
  const query = gridQuery(spec, spec.n);
  primedGrid.put(JSON.stringify(query), engines.plan.analyticGrid(query));
}

// Every field in a fixed order (the link's own form), and a pilot's data, which links do not carry.
const workKey = (spec: PlanSpec, engines: PlanEngines) => JSON.stringify([formatHash(spec), spec.pilot ?? null, pairsPerUnit(engines)]);

/** The run's plan of work: the primed one if it answers the same spec. */
export function workFor(spec: PlanSpec, engines: PlanEngines): Promise<PlanWork> {
  return primedWork.take(workKey(spec, engines), () => planWork(spec, engines));
}

/** A run started before its view: its results wait until the view attaches its callbacks. */
export interface HeldRun {
  handle: RunHandle;
  attach(cb: RunCallbacks): void;
}
let primedRun: { key: string; held: Promise<HeldRun | null> } | null = null;

function holdRun(spec: PlanSpec, work: PlanWork, engines: PlanEngines): HeldRun {
  const cells: CellResult[][] = [];
  let progress: RunProgress | null = null;
  let target: RunCallbacks | null = null;
  markStage('monte-carlo-start');
  const handle = startRun(spec, work, engines, {
    onCells: (c) => (target ? target.onCells?.(c) : cells.push(c)),
    onProgress: (p) => (target ? target.onProgress?.(p) : (progress = p)),
  });
  handle.done.catch(() => undefined);  // reported by the view that takes the run
  return {
    handle,
    attach(cb) {
      target = cb;
      for (const c of cells.splice(0)) cb.onCells?.(c);
      if (progress) cb.onProgress?.(progress);
    },
  };
}

/**
 * The link's run if it was started for this spec (null otherwise); any first
 * call takes it, and a run for another spec is cancelled. The caller cancels
 * a run it takes and does not go on with.
 */
export function takeRun(spec: PlanSpec, engines: PlanEngines): Promise<HeldRun | null> {
  const primed = primedRun;
  if (primed?.key !== workKey(spec, engines)) {
    dropPrimedRun();
    return Promise.resolve(null);
  }
  primedRun = null;
  return primed.held.catch(() => null);
}

/** Cancels the link's run if no view took it (a Plan view that will not run). */
export function dropPrimedRun(): void {
  const primed = primedRun;
  primedRun = null;
  void primed?.held.then((r) => r?.handle.cancel(), () => undefined);
}

/** Analytic power by analyticKey at each of `ns`, from the core with each model's own σ_d (one call). */
export async function analyticFor(spec: PlanSpec, remote: Comlink.Remote<PlanApi>, ns: number[]) {
  const query = gridQuery(spec, ns);
  const { scenarios } = query;
  const grid = await primedGrid.take(JSON.stringify(query), () => remote.analyticGrid(query));
  const analytic = new Map<string, number>();
  scenarios.forEach((q, i) => {
    // The Plan grid asks the difference question: every test has its closed form (NaN only for equivalence).
    ns.forEach((n, j) => {
      for (const test of analyticTests(q.model)) {
        const p = grid.powers[(i * ns.length + j) * TEST_IDS.length + TEST_IDS.indexOf(test)];
        if (!Number.isNaN(p)) analytic.set(analyticKey(q.model, n, q.delta, q.rho, test), p);
      }
    });
  });
  return analytic;
}

/** Analytic power by cell id for the grid's cells (where a closed form exists). */
export function analyticByCell(spec: PlanSpec, analytic: Map<string, number>) {
  const m = new Map<string, number>();
  for (const model of spec.models) for (const n of spec.n) for (const delta of spec.delta) for (const rho of spec.rho) for (const test of spec.tests) {
    const a = analytic.get(analyticKey(model, n, delta, rho, test));
    if (a !== undefined) m.set(cellId({ model, n, delta, rho, test }), a);
  }
  return m;
}
