// The engine workers, never the page's thread, run the core: a pool of workers
// runs the single-thread build on separate work units or, asked for
// (`?threads`) on a cross-origin isolated page, one worker runs the threaded
// build with each unit split over its threads, and beside it the small Plan
// build answers the Plan's questions. This module starts them and reports
// their failure; what runs on them is the features' (features/*/worker.ts).
//
// The pool is the default: its workers take whole units and never wait for
// each other, where the threaded engine ends every unit at a barrier, so a
// thread that the page, the browser or another program holds back makes the
// others wait there.
import * as Comlink from 'comlink';
import type { LoaderApi } from './worker/module';
import { compilerName, wasmUrl, type Variant } from './worker/builds';
import { pageThreads } from './registry';

/** How the app starts its worker scripts (the bundler needs their URLs written out where the workers are). */
export interface WorkerScripts {
  /** A full engine worker, given its name. */
  engine(name: string): Worker;
  /** The small Plan engine's worker, given its name. */
  plan(name: string): Worker;
}

export interface Engines<Full extends LoaderApi = LoaderApi, Plan extends LoaderApi = LoaderApi> {
  mode: 'threads' | 'pool';
  variant: Variant;
  /** Threads each unit may use inside its worker (1 in the pool). */
  threads: number;
  remotes: Comlink.Remote<Full>[];
  /** The Plan's analytic answers, solvers, calculator, run plans, cells, paper
   *  checks and exports: beside the threaded engine, the small Plan build in its
   *  own worker, started first; in the pool (and the single-file page), the first worker. */
  plan: Comlink.Remote<Plan>;
  /** The Plan engine has its module. */
  planReady: Promise<void>;
  /** The Plan engine's worker answers messages (its module may still be loading). */
  planStarted: Promise<void>;
  /** Parsing and analysis (Analyze, the leaderboard, pilots): always a single-thread
   *  build, whose C++ exceptions come back as messages (the threaded build of
   *  Emscripten 3.1.6 cannot catch them, so it only runs validated simulation units).
   *  Beside the threaded engine it starts on first use (reading this starts it),
   *  so that a shared link's first seconds are not shared with a third engine. */
  readonly analysis: Comlink.Remote<Full>;
  workers: Worker[];
  /** Rejects, with a message, as soon as any worker dies (an uncaught error, a crashed module). */
  failure: Promise<never>;
  /** Set once a worker has died: these engines must be replaced. */
  dead: boolean;
  /** Single-thread engines besides `analysis` for work cut in parts (the
   *  leaderboard's resampling): the pool's other workers, or one started on
   *  first use beside the threaded engine (whose build cannot report errors). */
  analysisHelpers(): Promise<Comlink.Remote<Full>[]>;
  /** The analysis worker has its module (reading this starts it). */
  readonly analysisReady: Promise<void>;
  /** The Plan engine and every simulating worker have their modules: runs can go. */
  ready: Promise<void>;
}

/** A worker died (crashed, or ran out of memory): the engines must be replaced. */
export class EngineStopped extends Error {}

/** Waits for a worker call, or fails at once if a worker has died. */
export function orFailure<T>(engines: Pick<Engines, 'failure'>, call: Promise<T>): Promise<T> {
  return orFailureOf(engines.failure, call);
}

export function shutdown(engines: Pick<Engines, 'workers'>): void {
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

/** A full engine worker; `compiles`, the wasm file it downloads and compiles from its first moment (worker/compile.ts). */
function spawn(scripts: WorkerScripts, compiles: string | null = null): Worker {
  const inline = inlineEngine();
  if (inline) return new Worker(URL.createObjectURL(new Blob([inline.worker], { type: 'text/javascript' })), { name: 'pairpower-engine' });
  return scripts.engine(compiles ? compilerName(compiles) : 'pairpower-engine');
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
export function startEngines<Plan extends LoaderApi, Full extends Plan>(scripts: WorkerScripts, wasmBase: string, threadsAsked = false): Engines<Full, Plan> {
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
  // The Plan engine has a worker of its own only beside the threaded engine,
  // whose one worker is busy for a whole run. In the pool the first simulating
  // worker answers the Plan's questions between its units: a third build
  // compiled and a third thread on the cores would only slow a link's run.
  // The first worker of each build compiles it (named so, it starts at once);
  // the others get the compiled module.
  const planWorker = inline || !threadsOk ? null : add(scripts.plan(compilerName(wasmUrl(wasmBase, 'plan'))));
  const remotes = Array.from({ length: count }, (_, i) => Comlink.wrap<Full>(add(spawn(scripts, i === 0 ? wasmUrl(wasmBase, variant) : null))));
  // Each worker loads Emscripten's glue (and, threaded, starts its thread
  // pool) at once. The first worker of each build downloads and compiles it
  // (streaming, off the page's thread); the build's other workers, which only
  // instantiate it, get the compiled module from it through a port of their
  // own (a module the page holds already, it hands over itself).
  const prepared = new Map<Comlink.Remote<LoaderApi>, Promise<void>>();
  const load = (r: Comlink.Remote<LoaderApi>, v: Variant, module: Promise<WebAssembly.Module | null> | MessagePort) => {
    prepared.set(r, r.prepare(wasmBase, v));
    return orFailureOf(failure, module instanceof MessagePort ? r.init(Comlink.transfer(module, [module])) : module.then((m) => r.init(m)));
  };
  const stamp = (name: string, info: { loadedAt: number; scriptAt: number; compiledAt: number | null }) => {
    markStage(`${name}-script`, info.scriptAt);
    if (info.compiledAt !== null) markStage(`${name}-compiled`, info.compiledAt);
    markStage(`${name}-ready`, info.loadedAt);
  };
  const firstInit = load(remotes[0], variant, Promise.resolve(null));
  const channels = remotes.slice(1).map(() => new MessageChannel());
  const sending = channels.map((c) => c.port1);
  if (sending.length > 0) remotes[0].share(Comlink.transfer(sending, sending)).catch(() => undefined);  // a worker that dies reports it through failure
  const computeInits = [firstInit, ...remotes.slice(1).map((r, i) => load(r, variant, channels[i].port2))];
  // Without a worker of its own, the first full engine answers the Plan's questions (Full extends Plan).
  const plan: Comlink.Remote<Plan> = planWorker ? Comlink.wrap<Plan>(planWorker) : remotes[0];
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
  let analysisEngine: { remote: Comlink.Remote<Full>; init: ReturnType<typeof load>; ready: Promise<void> } | null = null;
  const startAnalysis = () =>
    (analysisEngine ??= (() => {
      const remote = threadsOk ? Comlink.wrap<Full>(add(spawn(scripts, wasmUrl(wasmBase, 'st')))) : remotes[0];
      const init = threadsOk ? load(remote, 'st', Promise.resolve(null)) : firstInit;
      const ready = init.then((info) => stamp('analysis', info));
      ready.catch(() => undefined);
      return { remote, init, ready };
    })());
  let helpers: Promise<Comlink.Remote<Full>[]> | null = null;
  const analysisHelpers = () =>
    (helpers ??= threadsOk
      ? (async () => {
          const remote = Comlink.wrap<Full>(add(spawn(scripts)));
          await load(remote, 'st', startAnalysis().init.then((info) => info.module, () => null));
          return [remote];
        })()
      : ready.then(() => remotes.slice(1)));
  const engines: Engines<Full, Plan> = {
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
export const runThreads = (e: Pick<Engines, 'mode' | 'threads' | 'remotes'>): number => (e.mode === 'threads' ? e.threads : e.remotes.length);

export function describeEngines(e: Pick<Engines, 'mode' | 'threads' | 'remotes'>): string {
  return e.mode === 'threads'
    ? `WebAssembly SIMD, ${e.threads} threads in one worker (page is cross-origin isolated)`
    : `WebAssembly SIMD, a pool of ${e.remotes.length} single-thread workers`;
}
