// The engine worker: plain async functions over a lazily created wasm module,
// exposed with Comlink. Loaded as a classic worker so importScripts can load
// Emscripten's (non-ES6) glue; the page never runs the module itself.
import * as Comlink from 'comlink';
import type {
  AnalyzeOutput,
  AnalyzeQuery,
  AnalyticPowers,
  DetectQuery,
  Detected,
  AnalyticQuery,
  EffectAnswer,
  EffectQuery,
  ErrorResult,
  GroupSpec,
  ModuleFactory,
  PaperValue,
  PairpowerModule,
  SampleSizeAnswer,
  SampleSizeQuery,
} from '../wasm/pairpower-module';
import { isError } from '../wasm/is-error';
import { phraseError } from '../ui/analyze-fields';
import { exportReport, plotData, slimReport, type AnalysisReport, type PlotData } from './report';

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
}

let modulePromise: Promise<PairpowerModule> | null = null;
let variantLoaded: Variant = 'st';

function load(wasmBase: string, variant: Variant): Promise<PairpowerModule> {
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
    });
  }
  return modulePromise;
}

async function engine(): Promise<PairpowerModule> {
  if (!modulePromise) throw new Error('engine not initialised');
  return modulePromise;
}

// V8 runs new wasm in its baseline tier and optimises hot functions later; a
// few small simulations at start-up (~50 ms, before any run) spare the user's
// first run that slow phase.
function warmUp(m: PairpowerModule): void {
  const t0 = performance.now();
  for (let i = 0; i < 40 && performance.now() - t0 < 80; i++) {
    const model = i % 2 ? 'beta' : 'normal';
    m.simulateGroup({ model, n: 400, rho: 0.8, mean: 0.65, sd: 0.12, deltas: [0, 0.02], alpha: 0.05, tests: ['t', 'wilcoxon'], seed: i }, 0, 8, 1);
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

const api = {
  /** Loads the module (once); returns the threads it may use. */
  async init(wasmBase: string, variant: Variant): Promise<{ variant: Variant; threads: number }> {
    const m = await load(wasmBase, variant);
    const threads = variantLoaded === 'mt' ? Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2)) : 1;
    warmUp(m);
    return { variant: variantLoaded, threads };
  },
  async simulateGroup(spec: GroupSpec, repBegin: number, repEnd: number, threads: number): Promise<number[]> {
    const m = await engine();
    return guard(() => unwrap(m.simulateGroup(spec, repBegin, repEnd, threads)).counts);
  },
  async analyticPowers(queries: AnalyticQuery[]): Promise<AnalyticPowers[]> {
    const m = await engine();
    return guard(() => queries.map((q) => unwrap(m.analyticPower(q))));
  },
  async minSampleSizes(queries: SampleSizeQuery[]): Promise<SampleSizeAnswer[]> {
    const m = await engine();
    return guard(() => queries.map((q) => unwrap(m.minSampleSize(q))));
  },
  async minDetectableEffects(queries: EffectQuery[]): Promise<EffectAnswer[]> {
    const m = await engine();
    return guard(() => queries.map((q) => unwrap(m.minDetectableEffect(q))));
  },
  async detectScores(q: DetectQuery): Promise<Detected> {
    const m = await engine();
    return guard(() => unwrap(m.detectScores(q)));
  },
  /** Parses, pairs, analyses and prepares the plots here, so a 100 000-row paste never stalls the page. */
  async analyzeScores(q: AnalyzeQuery): Promise<AnalysisResult> {
    const m = await engine();
    const out: AnalyzeOutput = guard(() => unwrap(m.analyzeScores(q)));
    const full = JSON.parse(out.json) as AnalysisReport;
    const report = slimReport(full);
    return { report, plots: full.comparisons.map(plotData), markdown: out.markdown, latex: out.latex, csv: out.csv, json: JSON.stringify(exportReport(report), null, 1) + '\n' };
  },
  /** For the failure-handling test: the worker dies as a crashed one would. */
  async crashForTesting(): Promise<void> {
    setTimeout(() => {
      self.close();
      throw new Error('simulated crash');
    }, 0);
  },
  async paperPrintedValues(): Promise<PaperValue[]> {
    const m = await engine();
    return m.paperPrintedValues();
  },
};

export type EngineApi = typeof api;
Comlink.expose(api);
