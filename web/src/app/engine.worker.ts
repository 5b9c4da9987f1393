// The full engine worker: plain async functions over a lazily created wasm
// module, exposed with Comlink — simulation, Analyze, the leaderboard, and the
// Plan's functions (plan-api.ts). Loaded as a classic worker so importScripts
// can load Emscripten's (non-ES6) glue; the page never runs the module itself.
// First, so that a compiling worker's download starts before anything else runs.
import { engine, guard, loaderApi, unwrap } from '../runtime/worker/module';
import * as Comlink from 'comlink';
import type {
  AnalyzeOutput,
  AnalyzeQuery,
  BetaTable,
  DetectQuery,
  Detected,
  GroupSpec,
  LeaderboardQuery,
  LeaderboardPart,
  PairTableQuery,
  PairpowerModule,
} from '../runtime/worker/pairpower-module';
import { REGISTRY } from '../runtime/registry';
import { planApi } from '../features/plan/worker';
import { checkReport, exportReport, plotData, slimReport, type AnalysisReport, type PlotData } from '../features/analyze/report';
import { checkLeaderboard, type LeaderboardReport } from '../features/leaderboard/report';

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

/** The module: this worker loads the full builds only (st, mt). */
const fullEngine = () => engine() as Promise<PairpowerModule>;

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

const api = {
  ...loaderApi,
  ...planApi,
  /** Runs the hot code once while the page is idle (see warmUp). */
  async warmUp(): Promise<void> {
    warmUp(await fullEngine());
  },
  async simulateGroup(spec: GroupSpec, repBegin: number, repEnd: number, threads: number): Promise<number[]> {
    const m = await fullEngine();
    return guard(() => unwrap(m.simulateGroup(spec, repBegin, repEnd, threads)).counts);
  },
  /** Beta tables from the Plan engine: this worker's simulations use them instead of building their own. */
  async adoptBetaTables(tables: BetaTable[]): Promise<void> {
    const m = await fullEngine();
    guard(() => unwrap(m.adoptBetaTables(tables)));
  },
  async detectScores(q: DetectQuery): Promise<Detected> {
    const m = await fullEngine();
    return guard(() => unwrap(m.detectScores(q)));
  },
  /** Parses, pairs, analyses and prepares the plots here, so a 100 000-row paste never stalls the page. */
  async analyzeScores(q: AnalyzeQuery): Promise<AnalysisResult> {
    const m = await fullEngine();
    const out: AnalyzeOutput = guard(() => unwrap(m.analyzeScores(q)));
    const full = checkReport(JSON.parse(out.json));
    const report = slimReport(full);
    const pilots = full.comparisons.map((c) => (c.data ? c.data.b.map((b, i) => b - c.data!.a[i]) : []));
    return { report, plots: full.comparisons.map(plotData), pilots, markdown: out.markdown, latex: out.latex, csv: out.csv, json: JSON.stringify(exportReport(report), null, 1) + '\n' };
  },
  /** A leaderboard pair's scores as a table for Analyze. */
  async pairTable(q: PairTableQuery): Promise<string> {
    const m = await fullEngine();
    return guard(() => unwrap(m.pairTable(q)).text);
  },
  /** Ranks many systems (leaderboard.hpp) in parts, one per worker, then merged in one, with the report checked against its schema. */
  async rankPart(q: LeaderboardQuery, part: number, parts: number): Promise<LeaderboardPart> {
    const m = await fullEngine();
    const out = guard(() => unwrap(m.rankPart({ ...q, part, parts })));
    // Handed to the merging worker without a copy.
    return Comlink.transfer(out, out.boards.flatMap((b) => [b.tukey.buffer, b.boot.buffer, b.p.buffer, b.pSe.buffer, b.pHsd.buffer]) as ArrayBuffer[]);
  },
  async rankMerge(q: LeaderboardQuery, parts: LeaderboardPart[]): Promise<{ report: LeaderboardReport; json: string; markdown: string; latex: string; csv: string }> {
    const m = await fullEngine();
    const out: AnalyzeOutput = guard(() => unwrap(m.rankMerge({ ...q, parts })));
    const report = checkLeaderboard(JSON.parse(out.json));
    return { report, json: JSON.stringify(report, null, 1) + '\n', markdown: out.markdown, latex: out.latex, csv: out.csv };
  },
};

export type EngineApi = typeof api;
Comlink.expose(api);
