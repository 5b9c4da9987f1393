// Runs a plan on the engine workers, never on the page's thread: a pool of
// workers runs the single-thread build on separate work units or, asked for
// (`?threads`) on a cross-origin isolated page, one worker runs the threaded
// build with each unit split over its threads. Units are (group, replicate
// range); counts add up, so both modes give the CLI's numbers exactly.
//
// The pool is the default because it was measured faster on the page (BENCHMARKS.md,
// issue 13): its workers take whole units and never wait for each other, where
// the threaded engine ends every unit at a barrier; a thread that the page, the
// browser or another program holds back makes the other one wait there, so the
// pool is as fast on an idle machine and faster on a busy one.
import * as Comlink from 'comlink';
import type { EngineApi } from '../app/engine.worker';
import type { PlanApi } from '../app/plan.worker';
import type { Variant } from './worker/module';
import { pageThreads } from './registry';
import { compilerName, wasmUrl } from './worker/compile';
import type { BetaTable, CellResult, PlanWork } from './worker/pairpower-module';
import type { PlanSpec } from '../features/plan/spec';

export interface Engines {
  mode: 'threads' | 'pool';
  variant: Variant;
  /** Threads each unit may use inside its worker (1 in the pool). */
  threads: number;
  remotes: Comlink.Remote<EngineApi>[];
  /** The Plan's analytic answers, solvers, calculator, run plans, cells, paper
   *  checks and exports: the small Plan build in its own worker, started first
   *  (the single-file page, which carries one build, asks its first engine). */
  plan: Comlink.Remote<PlanApi>;
  /** The Plan engine has its module. */
  planReady: Promise<void>;
  /** The Plan engine's worker answers messages (its module may still be loading). */
  planStarted: Promise<void>;
  /** Parsing and analysis (Analyze, the leaderboard, pilots): always a single-thread
   *  build, whose C++ exceptions come back as messages (the threaded build of
   *  Emscripten 3.1.6 cannot catch them, so it only runs validated simulation units).
   *  Beside the threaded engine it starts on first use (reading this starts it),
   *  so that a shared link's first seconds are not shared with a third engine. */
  readonly analysis: Comlink.Remote<EngineApi>;
  workers: Worker[];
  /** Rejects, with a message, as soon as any worker dies (an uncaught error, a crashed module). */
  failure: Promise<never>;
  /** Set once a worker has died: these engines must be replaced. */
  dead: boolean;
  /** Single-thread engines besides `analysis` for work cut in parts (the
   *  leaderboard's resampling): the pool's other workers, or one started on
   *  first use beside the threaded engine (whose build cannot report errors). */
  analysisHelpers(): Promise<Comlink.Remote<EngineApi>[]>;
  /** The analysis worker has its module (reading this starts it). */
  readonly analysisReady: Promise<void>;
  /** The Plan engine and every simulating worker have their modules: runs can go. */
  ready: Promise<void>;
}

/** A worker died (crashed, or ran out of memory): the engines must be replaced. */
export class EngineStopped extends Error {}

/** Waits for a worker call, or fails at once if a worker has died. */
export function orFailure<T>(engines: Engines, call: Promise<T>): Promise<T> {
  return orFailureOf(engines.failure, call);
}

export function shutdown(engines: Engines): void {
  for (const w of engines.workers) w.terminate();
}

export function crossOriginIsolatedNow(): boolean {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
}

/** Set by the single-file build: the engine worker's whole source (glue, wasm, code). */
interface InlineEngine {
  worker: string;
}
function inlineEngine(): InlineEngine | undefined {
  return (globalThis as { __PAIRPOWER_INLINE__?: InlineEngine }).__PAIRPOWER_INLINE__;
}

/** A full engine worker; `compiles`, the wasm file it downloads and compiles from its first moment (early-compile.ts). */
function spawn(compiles: string | null = null): Worker {
  const inline = inlineEngine();
  if (inline) return new Worker(URL.createObjectURL(new Blob([inline.worker], { type: 'text/javascript' })), { name: 'pairpower-engine' });
  return new Worker(new URL('../app/engine.worker.ts', import.meta.url), { type: 'classic', name: compiles ? compilerName(compiles) : 'pairpower-engine' });
}

/** The Plan engine's worker, which compiles the Plan build from its first moment. */
function spawnPlan(wasmBase: string): Worker {
  return new Worker(new URL('../app/plan.worker.ts', import.meta.url), { type: 'classic', name: compilerName(wasmUrl(wasmBase, 'plan')) });
}

/** Marks a start-up or run stage on the page's User Timing line (`npm run bench:cold` reads them); `epochMs` for a worker's moment. */
export function markStage(name: string, epochMs?: number) {
  performance.mark(`pairpower:${name}`, epochMs === undefined ? undefined : { startTime: Math.max(0, epochMs - performance.timeOrigin) });
}

/**
 * Starts the workers and loads the wasm builds that fit this page. Returns at
 * once: `planReady` resolves when the Plan engine can answer (analytic power,
 * solvers, run plans), `ready` when every simulating worker can run too;
 * `analysisReady` (parsing, Analyze, the leaderboard) when first asked.
 */
export function startEngines(wasmBase: string, threadsAsked = false): Engines {
  markStage('engines-start');
  // The single-file build carries the single-thread engine only.
  const inline = inlineEngine() !== undefined;
  const threadsOk = threadsAsked && crossOriginIsolatedNow() && !inline;
  const variant: Variant = threadsOk ? 'mt' : 'st';
  const count = threadsOk ? 1 : pageThreads();
  let markDead = () => {};
  let stopped: (e: EngineStopped) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    stopped = reject;
  });
  failure.catch(() => undefined);  // observed by the runs that race it
  const workers: Worker[] = [];
  const add = (w: Worker) => {
    workers.push(w);
    w.addEventListener('error', (e: ErrorEvent) => {
      e.preventDefault();
      markDead();
      stopped(new EngineStopped(`a computation worker stopped (${e.message || 'it crashed'})`));
    });
    return w;
  };
  // The Plan engine first, then the simulating ones. The first worker of each
  // build compiles it (named so, it starts at once); the others get the compiled module.
  const planWorker = inline ? null : add(spawnPlan(wasmBase));
  const remotes = Array.from({ length: count }, (_, i) => Comlink.wrap<EngineApi>(add(spawn(i === 0 ? wasmUrl(wasmBase, variant) : null))));
  // Each worker loads Emscripten's glue (and, threaded, starts its thread
  // pool) at once. The first worker of each build downloads and compiles it
  // (streaming, off the page's thread) and hands the compiled module back; the
  // page passes it to the build's other workers, which only instantiate it.
  const prepared = new Map<Comlink.Remote<PlanApi>, Promise<void>>();
  const load = (r: Comlink.Remote<PlanApi>, v: Variant, module: Promise<WebAssembly.Module | null>) => {
    prepared.set(r, r.prepare(wasmBase, v));
    return orFailureOf(failure, module.then((m) => r.init(m)));
  };
  const stamp = (name: string, info: { loadedAt: number; scriptAt: number; compiledAt: number | null }) => {
    markStage(`${name}-script`, info.scriptAt);
    if (info.compiledAt !== null) markStage(`${name}-compiled`, info.compiledAt);
    markStage(`${name}-ready`, info.loadedAt);
  };
  const firstInit = load(remotes[0], variant, Promise.resolve(null));
  const poolModule = firstInit.then((info) => info.module, () => null);
  const computeInits = [firstInit, ...remotes.slice(1).map((r) => load(r, variant, poolModule))];
  const plan = planWorker ? Comlink.wrap<PlanApi>(planWorker) : remotes[0];
  const planInit = planWorker ? load(plan, 'plan', Promise.resolve(null)) : firstInit;
  const planReady = planInit.then((info) => stamp('plan', info));
  // Its first answer: the browser holds messages to a worker until the page's
  // thread has seen its script evaluated, so the page's own work in between
  // would delay every question to it.
  const planStarted = orFailureOf(failure, prepared.get(plan)!).then(() => markStage('plan-answers'));
  planStarted.catch(() => undefined);
  const ready = Promise.all([planInit, ...computeInits]).then(([, ...infos]) => {
    infos.forEach((info, i) => stamp(`compute${i}`, info));
  });
  planReady.catch(() => undefined);
  ready.catch(() => undefined);
  // The analysis engine: the pool's first worker, or a single-thread worker
  // started on first use beside the threaded one.
  let analysisEngine: { remote: Comlink.Remote<EngineApi>; init: ReturnType<typeof load>; ready: Promise<void> } | null = null;
  const startAnalysis = () =>
    (analysisEngine ??= (() => {
      const remote = threadsOk ? Comlink.wrap<EngineApi>(add(spawn(wasmUrl(wasmBase, 'st')))) : remotes[0];
      const init = threadsOk ? load(remote, 'st', Promise.resolve(null)) : firstInit;
      const ready = init.then((info) => stamp('analysis', info));
      ready.catch(() => undefined);
      return { remote, init, ready };
    })());
  let helpers: Promise<Comlink.Remote<EngineApi>[]> | null = null;
  const analysisHelpers = () =>
    (helpers ??= threadsOk
      ? (async () => {
          const remote = Comlink.wrap<EngineApi>(add(spawn()));
          await load(remote, 'st', startAnalysis().init.then((info) => info.module, () => null));
          return [remote];
        })()
      : ready.then(() => remotes.slice(1)));
  const engines: Engines = {
    mode: threadsOk ? 'threads' : 'pool', variant, threads: threadsOk ? pageThreads() : 1,
    remotes, plan, planReady, planStarted, workers, failure, dead: false, analysisHelpers, ready,
    get analysis() {
      return startAnalysis().remote;
    },
    get analysisReady() {
      return startAnalysis().ready;
    },
  };
  markDead = () => {
    engines.dead = true;
  };
  return engines;
}

function orFailureOf<T>(failure: Promise<never>, call: Promise<T>): Promise<T> {
  return Promise.race([call, failure]);
}

/** Threads computing a run at once: the threaded engine's, or the pool's workers. */
export const runThreads = (e: Engines): number => (e.mode === 'threads' ? e.threads : e.remotes.length);

export function describeEngines(e: Engines): string {
  return e.mode === 'threads'
    ? `WebAssembly SIMD, ${e.threads} threads in one worker (page is cross-origin isolated)`
    : `WebAssembly SIMD, a pool of ${e.remotes.length} single-thread workers`;
}

export interface RunProgress {
  cellsDone: number;
  cellsTotal: number;
  pairsDone: number;
  pairsTotal: number;
  elapsedS: number;
  /** Estimated seconds left, from the pace so far. */
  etaS: number;
}

export interface RunCallbacks {
  onProgress?(p: RunProgress): void;
  /** A group's cells, as soon as all its units are done. */
  onCells?(cells: CellResult[]): void;
}

export interface RunOutcome {
  cancelled: boolean;
  elapsedS: number;
  cells: CellResult[];
}

export interface RunHandle {
  cancel(): void;
  done: Promise<RunOutcome>;
}

/** About 10–20 ms of work a unit (the kernel runs ~10 ns a pair and thread):
 *  cancel lands fast (two units are in flight per worker) and progress moves
 *  smoothly, while each unit's message to the page and back stays a small share. */
export function pairsPerUnit(engines: Engines): number {
  return engines.mode === 'threads' ? 1_500_000 * engines.threads : 1_000_000;
}

/** The run's work as the core plans it (groups, replicate ranges, pairs). */
export function planWork(spec: PlanSpec, engines: Engines): Promise<PlanWork> {
  return orFailure(engines, engines.plan.planWork(spec, pairsPerUnit(engines)));
}

// Beta tables each worker holds from the Plan engine, by shape ("a b"): a worker keeps them across runs.
const adoptedTables = new WeakMap<object, Set<string>>();

/**
 * The Beta quantile tables of a run's groups (the Beta copula's), built once by
 * the Plan engine, which has little else to do once the run is planned: each
 * simulating worker would otherwise build the same ones before its first such
 * unit (~7 ms a table in wasm, and V8 compiling Boost's inverse incomplete beta
 * beside the simulation on a first open). Nothing waits for them: a worker is
 * handed the tables before its first such unit if they have come, and builds
 * its own otherwise (the bits are the same). The message goes ahead of the unit
 * on the same port, so the worker holds them when the unit runs. Not for the
 * threaded engine, whose build cannot report a refused table (README).
 */
function tablesFor(engines: Engines, work: PlanWork): (remote: Comlink.Remote<EngineApi>) => void {
  const needed = work.groups.filter((_, i) => work.tabulated[i]);
  if (!needed.length || engines.mode === 'threads') return () => {};
  let tables: BetaTable[] | null = null;
  orFailure(engines, engines.plan.betaTables(needed)).then((t) => (tables = t), () => undefined);
  return (remote) => {
    if (!tables) return;
    // Counted as held once sent: were it refused, the worker would build its own.
    const held = adoptedTables.get(remote) ?? new Set<string>();
    adoptedTables.set(remote, held);
    const fresh = tables.filter((t) => !held.has(`${t.a} ${t.b}`));
    if (!fresh.length) return;
    fresh.forEach((t) => held.add(`${t.a} ${t.b}`));
    orFailure(engines, remote.adoptBetaTables(fresh)).catch(() => undefined);
  };
}

export function startRun(spec: PlanSpec, work: PlanWork, engines: Engines, cb: RunCallbacks = {}): RunHandle {
  const { groups, units } = work;
  const tables = tablesFor(engines, work);
  const stride = spec.delta.length * spec.tests.length;
  const counts = groups.map(() => new Array<number>(stride).fill(0));
  const left = groups.map(() => 0);
  for (const u of units) left[u.group]++;
  const pairsTotal = units.reduce((s, u) => s + u.pairs, 0);
  const cellsTotal = groups.length * spec.delta.length;
  const cells: CellResult[] = [];
  const start = performance.now();
  let next = 0;
  let pairsDone = 0;
  let cellsDone = 0;
  let cancelled = false;

  const loop = async (remote: Comlink.Remote<EngineApi>) => {
    while (!cancelled && next < units.length) {
      const u = units[next++];
      if (work.tabulated[u.group]) tables(remote);
      const c = await orFailure(engines, remote.simulateGroup(groups[u.group], u.repBegin, u.repEnd, engines.threads));
      const sum = counts[u.group];
      for (let k = 0; k < stride; k++) sum[k] += c[k];
      pairsDone += u.pairs;
      if (--left[u.group] === 0) {
        const done = await orFailure(engines, engines.plan.groupCells(groups[u.group], sum, spec.reps));
        cells.push(...done);
        cellsDone += spec.delta.length;
        cb.onCells?.(done);
      }
      const elapsedS = (performance.now() - start) / 1000;
      cb.onProgress?.({ cellsDone, cellsTotal, pairsDone, pairsTotal, elapsedS, etaS: pairsDone > 0 ? (elapsedS * (pairsTotal - pairsDone)) / pairsDone : NaN });
    }
  };

  // Two loops per worker keep one unit queued in its message queue, so the
  // worker never idles while the page handles the previous result.
  const done = Promise.all(engines.remotes.flatMap((r) => [loop(r), loop(r)])).then(() => ({
    cancelled: cancelled && cellsDone < cellsTotal,
    elapsedS: (performance.now() - start) / 1000,
    cells,
  }));
  return {
    cancel() {
      cancelled = true;
    },
    done,
  };
}
