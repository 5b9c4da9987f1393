// The engine worker: plain async functions over a lazily created wasm module,
// exposed with Comlink. Loaded as a classic worker so importScripts can load
// Emscripten's (non-ES6) glue; the page never runs the module itself.
// First, so that a compiling worker's download starts before anything else runs.
import { compileWasm, early, wasmUrl } from './early-compile';
import * as Comlink from 'comlink';
import type {
  AnalyzeOutput,
  AnalyzeQuery,
  AnalyticPowers,
  DetectQuery,
  Detected,
  AnalyticQuery,
  CellResult,
  EffectAnswer,
  EffectQuery,
  ErrorResult,
  GroupSpec,
  ModelSdQuery,
  QuestionFields,
  LeaderboardQuery,
  LeaderboardPart,
  PairTableQuery,
  ModuleFactory,
  ModuleOptions,
  PaperCheck,
  PairpowerModule,
  PlanWork,
  SampleSizeAnswer,
  SampleSizeQuery,
  SensitivityAnswer,
} from '../wasm/pairpower-module';
import { isError } from '../wasm/is-error';
import { REGISTRY } from './registry';
import { phraseError } from '../features/analyze/analyze-fields';
import { checkReport, exportReport, plotData, slimReport, type AnalysisReport, type PlotData } from '../features/analyze/report';
import type { PlanSpec } from '../features/plan/spec';
import { checkLeaderboard, type LeaderboardReport } from '../features/leaderboard/report';

// Typed against the DOM library (the page's); these are the worker globals used.
declare function importScripts(...urls: string[]): void;
declare const self: typeof globalThis & { createPairpower?: ModuleFactory; __PAIRPOWER_WASM__?: string };

export type Variant = 'mt' | 'st';

export interface AnalysisResult {
  report: AnalysisReport;
  plots: PlotData[];
  markdown: string;
  latex: string;
  csv: string;
  /** The report as JSON (settings and seed included, per-query data left out). */
  json: string;
  /** Per comparison, the per-query differences B − A: a pilot for the Plan's pilot model. */
  pilots: number[][];
}

let modulePromise: Promise<PairpowerModule> | null = null;
let variantLoaded: Variant = 'st';
/** When this worker's script started and its module was ready (epoch ms, for the page's start-up timeline). */
const scriptAt = performance.timeOrigin + performance.now();
// The compiled module, handed over by the page from another worker of the same build (null: compile it here).
let deliver: (m: WebAssembly.Module | null) => void = () => {};
const delivered = new Promise<WebAssembly.Module | null>((resolve) => {
  deliver = resolve;
});

type Instantiate = NonNullable<ModuleOptions['instantiateWasm']>;
// Emscripten's hook: instantiate the page's compiled module, or fall back to the
// glue's own streaming load of the file when there is none.
let failInstantiation: (e: unknown) => void = () => {};
const instantiationFailed = new Promise<never>((_, reject) => {
  failInstantiation = reject;
});
instantiationFailed.catch(() => undefined);
let compiled: WebAssembly.Module | null = null;
let compiledAt: number | null = null;
const fromPage = (url: string): Instantiate => (imports, receive) => {
  void delivered.then(async (module) => {
    const own = early?.url === url ? early : null;
    const m = module ?? (await (own ? own.module : compileWasm(url)));
    if (!module) compiledAt = own ? await own.compiledAt : performance.timeOrigin + performance.now();
    compiled = m;
    receive(await WebAssembly.instantiate(m, imports), m);
  }).catch((e) => failInstantiation(new Error(`the engine ${url} could not be loaded: ${(e as Error).message ?? e}`)));
  return {};
};

/** Loads Emscripten's glue and starts the module's creation (its thread pool, if threaded); the wasm itself comes with `init`. */
function start(wasmBase: string, variant: Variant): Promise<PairpowerModule> {
  if (!modulePromise && self.__PAIRPOWER_WASM__ && self.createPairpower) {
    // The single-file build: the glue is already defined and the wasm is inline.
    variantLoaded = 'st';
    const bytes = Uint8Array.from(atob(self.__PAIRPOWER_WASM__), (c) => c.charCodeAt(0));
    modulePromise = self.createPairpower({ wasmBinary: bytes });
  }
  if (!modulePromise) {
    variantLoaded = variant;
    const script = new URL(`pairpower-${variant}.js`, wasmBase).href;
    importScripts(script);
    const factory = self.createPairpower;
    if (!factory) throw new Error(`the engine script ${script} did not define createPairpower`);
    modulePromise = factory({
      locateFile: (path) => new URL(path, wasmBase).href,
      mainScriptUrlOrBlob: script,
      instantiateWasm: fromPage(wasmUrl(wasmBase, variant)),
    });
  }
  return modulePromise;
}

async function engine(): Promise<PairpowerModule> {
  if (!modulePromise) throw new Error('engine not initialised');
  return modulePromise;
}

// V8 runs new wasm in its baseline tier and optimises hot functions later; a
// few small simulations while the page is idle (~50 ms) spare the user's first
// run that slow phase. The page asks for it only when no run is waiting: a run
// warms the code up just as well.
function warmUp(m: PairpowerModule): void {
  const t0 = performance.now();
  const p = REGISTRY.presets.find((x) => x.id === 'paper')!.spec;
  for (let i = 0; i < 40 && performance.now() - t0 < 80; i++) {
    const model = p.models[i % p.models.length];
    m.simulateGroup({ model, n: 400, rho: p.rho[0], mean: p.mean, sd: p.sd, deltas: [...p.delta], alpha: p.alpha, tests: [...p.tests], seed: i }, 0, 8, 1);
  }
}

function unwrap<T extends object>(r: T | ErrorResult): T {
  if (isError(r)) throw new Error(phraseError(r));
  return r as T;
}

// Calls into the module; a C++ exception that escaped it (the threaded build
// cannot catch them) becomes an Error that can cross to the page.
function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new Error(`the engine stopped on an internal error (${Object.prototype.toString.call(e)}); the inputs are kept — check them and run again`);
  }
}

/** analyticGrid's answer: per scenario, σ_d (null: the model offers none) and the powers at each N (null: not asked or no σ_d). */
export interface AnalyticGrid { sdDiff: (number | null)[]; powers: (AnalyticPowers[] | null)[] }

/** The quick calculator's answers for one scenario. */
export interface CalculatorAnswer { power: AnalyticPowers; sampleSize: SampleSizeAnswer; effect: EffectAnswer; sensitivity: SensitivityAnswer }

const api = {
  /** Loads the glue of the build (once) and starts creating the module; returns at once. */
  async prepare(wasmBase: string, variant: Variant): Promise<void> {
    try {
      start(wasmBase, variant);
    } catch (e) {
      modulePromise = Promise.reject(e);  // the glue did not load: init reports it
    }
    modulePromise?.catch(() => undefined);  // observed by init
  },
  /**
   * Hands over a compiled module (null: download and compile the build here)
   * and waits until the engine can run; returns the compiled module, for the
   * build's other workers, and when each stage ended (epoch ms).
   */
  async init(module: WebAssembly.Module | null): Promise<{ variant: Variant; module: WebAssembly.Module | null; scriptAt: number; compiledAt: number | null; loadedAt: number }> {
    deliver(module);
    await Promise.race([engine(), instantiationFailed]);
    return { variant: variantLoaded, module: compiled, scriptAt, compiledAt, loadedAt: performance.timeOrigin + performance.now() };
  },
  /** Runs the hot code once while the page is idle (see warmUp). */
  async warmUp(): Promise<void> {
    warmUp(await engine());
  },
  async simulateGroup(spec: GroupSpec, repBegin: number, repEnd: number, threads: number): Promise<number[]> {
    const m = await engine();
    return guard(() => unwrap(m.simulateGroup(spec, repBegin, repEnd, threads)).counts);
  },
  /**
   * Each model scenario's σ_d and, where `powered[i]`, its analytic power at every N
   * of `ns` — in one call: a link's first numbers wait for each round trip
   * through the page's busy thread. Scenarios with the same δ and σ_d (the
   * clipped normal and the Beta copula share it) are computed once.
   */
  async analyticGrid(scenarios: ModelSdQuery[], powered: boolean[], ns: number[], asked: { alpha: number } & QuestionFields): Promise<AnalyticGrid> {
    const m = await engine();
    return guard(() => {
      const sdDiff = scenarios.map((q) => unwrap(m.modelSdDiff(q)).sdDiff);
      const rows = new Map<string, AnalyticPowers[]>();
      const powers = scenarios.map((q, i) => {
        const sd = sdDiff[i];
        if (sd === null || !powered[i]) return null;
        const key = `${q.delta}|${sd}`;
        if (!rows.has(key)) rows.set(key, ns.map((n) => unwrap(m.analyticPower({ ...asked, n, delta: q.delta, sdDiff: sd }))));
        return rows.get(key)!;
      });
      return { sdDiff, powers };
    });
  },
  async minSampleSizes(queries: SampleSizeQuery[]): Promise<SampleSizeAnswer[]> {
    const m = await engine();
    return guard(() => queries.map((q) => unwrap(m.minSampleSize(q))));
  },
  async minDetectableEffects(queries: EffectQuery[]): Promise<EffectAnswer[]> {
    const m = await engine();
    return guard(() => queries.map((q) => unwrap(m.minDetectableEffect(q))));
  },
  /** The quick calculator's three answers for one scenario, or the core's typed error (the calculator phrases it with its labels). */
  async calculate(q: AnalyticQuery & { power: number }): Promise<CalculatorAnswer | ErrorResult> {
    const m = await engine();
    return guard(() => {
      const power = m.analyticPower(q);
      if (isError(power)) return power;
      const sampleSize = m.minSampleSize(q);
      if (isError(sampleSize)) return sampleSize;
      // The MDE and the sensitivity views concern one comparison.
      const single = { ...q, comparisons: undefined, correction: undefined, familyTarget: undefined };
      const effect = m.minDetectableEffect(single);
      if (isError(effect)) return effect;
      const sensitivity = m.sensitivity(single);
      if (isError(sensitivity)) return sensitivity;
      return { power, sampleSize, effect, sensitivity };
    });
  },
  async detectScores(q: DetectQuery): Promise<Detected> {
    const m = await engine();
    return guard(() => unwrap(m.detectScores(q)));
  },
  /** Parses, pairs, analyses and prepares the plots here, so a 100 000-row paste never stalls the page. */
  async analyzeScores(q: AnalyzeQuery): Promise<AnalysisResult> {
    const m = await engine();
    const out: AnalyzeOutput = guard(() => unwrap(m.analyzeScores(q)));
    const full = checkReport(JSON.parse(out.json));
    const report = slimReport(full);
    const pilots = full.comparisons.map((c) => (c.data ? c.data.b.map((b, i) => b - c.data!.a[i]) : []));
    return { report, plots: full.comparisons.map(plotData), pilots, markdown: out.markdown, latex: out.latex, csv: out.csv, json: JSON.stringify(exportReport(report), null, 1) + '\n' };
  },
  /** A leaderboard pair's scores as a table for Analyze. */
  async pairTable(q: PairTableQuery): Promise<string> {
    const m = await engine();
    return guard(() => unwrap(m.pairTable(q)).text);
  },
  /** Ranks many systems (leaderboard.hpp) in parts, one per worker, then merged in one, with the report checked against its schema. */
  async rankPart(q: LeaderboardQuery, part: number, parts: number): Promise<LeaderboardPart> {
    const m = await engine();
    const out = guard(() => unwrap(m.rankPart({ ...q, part, parts })));
    // Handed to the merging worker without a copy.
    return Comlink.transfer(out, out.boards.flatMap((b) => [b.tukey.buffer, b.boot.buffer, b.p.buffer, b.pSe.buffer, b.pHsd.buffer]) as ArrayBuffer[]);
  },
  async rankMerge(q: LeaderboardQuery, parts: LeaderboardPart[]): Promise<{ report: LeaderboardReport; json: string; markdown: string; latex: string; csv: string }> {
    const m = await engine();
    const out: AnalyzeOutput = guard(() => unwrap(m.rankMerge({ ...q, parts })));
    const report = checkLeaderboard(JSON.parse(out.json));
    return { report, json: JSON.stringify(report, null, 1) + '\n', markdown: out.markdown, latex: out.latex, csv: out.csv };
  },

  /** For the failure-handling test: the worker dies as a crashed one would. */
  async crashForTesting(): Promise<void> {
    setTimeout(() => {
      self.close();
      throw new Error('simulated crash');
    }, 0);
  },
  /** The groups and replicate ranges of a run, and its pairs (the core plans the work). */
  async planWork(spec: PlanSpec, pairsPerUnit: number): Promise<PlanWork> {
    const m = await engine();
    return guard(() => unwrap(m.planWork(JSON.stringify(spec), pairsPerUnit)));
  },
  async groupCells(group: GroupSpec, counts: number[], reps: number): Promise<CellResult[]> {
    const m = await engine();
    return guard(() => unwrap(m.groupCells(group, counts, reps)));
  },
  /** The paper's printed values beside these cells, flagged by the core's rule. */
  async paperChecks(cells: (CellResult & { analytic?: number })[]): Promise<(PaperCheck | null)[]> {
    const m = await engine();
    return guard(() => unwrap(m.paperChecks(JSON.stringify(cells))));
  },
  /** The run as JSON, CSV or Markdown, in the CLI's shapes (`simulate --format json|csv|md`). */
  async simulationExport(spec: PlanSpec, cells: CellResult[], run: { engine: string; threads: number; elapsedS: number; cancelled: boolean }, format: 'json' | 'csv' | 'md'): Promise<string> {
    const m = await engine();
    return guard(() => unwrap(m.simulationExport(JSON.stringify(spec), JSON.stringify(cells), JSON.stringify(run), format)).text);
  },
  async registry(): Promise<unknown> {
    const m = await engine();
    return m.registry();
  },
};

export type EngineApi = typeof api;
Comlink.expose(api);
