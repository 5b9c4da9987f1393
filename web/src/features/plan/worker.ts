// The Plan's half of the engine workers: analytic power over a grid, the
// solvers, the quick calculator, the run's plan of work and its cells, the
// paper's checks and the exports (planApi, which the small Plan engine exposes
// alone), and the simulation of a run's units (simulationApi, full builds only).
import * as Comlink from 'comlink';
import type {
  AnalyticGridQuery,
  AnalyticPowers,
  AnalyticQuery,
  BetaTable,
  BinaryAnswer,
  BinarySampleSizeQuery,
  CellResult,
  PairpowerModule,
  EffectAnswer,
  ErrorResult,
  GroupSpec,
  FinishedRun,
  PlanAnswer,
  PlanWork,
  SampleSizeAnswer,
  SensitivityAnswer,
} from '../../generated/boundary';
import { isError, unwrap } from '../../runtime/errors';
import type { Engines } from '../../runtime/engines';
import { REGISTRY } from '../../runtime/registry';
import { engine, fullEngine, guard, type LoaderApi } from '../../runtime/worker/module';
import type { PlanSpec } from './spec';

/** analyticGrid's answer: per scenario its σ_d (null: the model offers none); powers[(i · ns + j) · tests + k],
 *  the power of the registry's test k for scenario i at ns[j] (NaN: not asked, no σ_d or no closed form). */
export interface AnalyticGrid { sdDiff: (number | null)[]; powers: Float64Array }

/** The quick calculator's answers for one scenario. */
export interface CalculatorAnswer { power: AnalyticPowers; sampleSize: SampleSizeAnswer; effect: EffectAnswer; sensitivity: SensitivityAnswer }
/** The quick calculator's answers for binary items: power at N and the smallest N, exact and approximate. */
export interface BinaryCalculatorAnswer { power: BinaryAnswer; sampleSize: BinaryAnswer }

// Calls that wait for the module together resume in one task, and a reply goes
// out only once the microtasks queued before it have run: a long computation
// first yields the task, so that the replies of the calls asked before it (a
// link's plan of work before its analytic grid) are not held behind it.
const yieldTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const planApi = {
  /**
   * Each model scenario's σ_d and, where asked, its analytic power at every N —
   * the grid in one call (the core's analyticGrid): a link's first numbers wait
   * for each round trip through the page's busy thread.
   */
  async analyticGrid(q: AnalyticGridQuery): Promise<AnalyticGrid> {
    const m = await engine();
    await yieldTask();
    const out = guard(() => unwrap(m.analyticGrid(q)));
    return Comlink.transfer(out, [out.powers.buffer as ArrayBuffer]);
  },
  /** The Plan's answer for a grid (the core's plan_answer: the first model's smallest N and MDE rows). */
  async planAnswer(spec: PlanSpec): Promise<PlanAnswer> {
    const m = await engine();
    await yieldTask();
    return guard(() => unwrap(m.planAnswer(JSON.stringify(spec))));
  },
  /** The quick calculator's answers for binary items (McNemar), or the core's typed error. */
  async calculateBinary(q: BinarySampleSizeQuery & { n: number }): Promise<BinaryCalculatorAnswer | ErrorResult> {
    const m = await engine();
    await yieldTask();
    return guard(() => {
      const sampleSize = m.binarySampleSize(q);
      if (isError(sampleSize)) return sampleSize;
      const power = m.binaryPower(q);
      if (isError(power)) return power;
      return { power, sampleSize };
    });
  },
  /** The quick calculator's three answers for one scenario, or the core's typed error (the calculator phrases it with its labels). */
  async calculate(q: AnalyticQuery & { power: number }): Promise<CalculatorAnswer | ErrorResult> {
    const m = await engine();
    await yieldTask();
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
  /** The groups and replicate ranges of a run, and its pairs (the core plans the work). */
  async planWork(spec: PlanSpec, pairsPerUnit: number): Promise<PlanWork> {
    const m = await engine();
    return guard(() => unwrap(m.planWork(JSON.stringify(spec), pairsPerUnit)));
  },
  async groupCells(group: GroupSpec, counts: number[], reps: number): Promise<CellResult[]> {
    const m = await engine();
    return guard(() => unwrap(m.groupCells(group, counts, reps)));
  },
  /** The Beta tables of a run's groups, built (once) here and handed to the simulating workers, which then need not build them. */
  async betaTables(groups: GroupSpec[]): Promise<BetaTable[]> {
    const m = await engine();
    const tables = guard(() => unwrap(m.betaTables(groups)));
    return Comlink.transfer(tables, tables.map((t) => t.coefficients.buffer as ArrayBuffer));
  },
  /** What a run concludes (the core's finish_run): the paper's values beside its cells, its Monte Carlo answer when
   *  complete, and the warnings; with no cells and not complete, the spec's own warnings. */
  async finishRun(spec: PlanSpec, cells: (CellResult & { analytic?: number })[], complete: boolean): Promise<FinishedRun> {
    const m = await engine();
    await yieldTask();
    return guard(() => unwrap(m.finishRun(JSON.stringify(spec), cells, complete)));
  },
  /** The run as JSON, CSV or Markdown, in the CLI's shapes (`simulate --format json|csv|md`). */
  async simulationExport(spec: PlanSpec, cells: CellResult[], run: { engine: string; threads: number; elapsedS: number; cancelled: boolean }, format: 'json' | 'csv' | 'md'): Promise<string> {
    const m = await engine();
    return guard(() => unwrap(m.simulationExport(JSON.stringify(spec), cells, JSON.stringify(run), format)).text);
  },
};

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

export const simulationApi = {
  /** Runs the hot code once while the page is idle (see warmUp). */
  async warmUp(): Promise<void> {
    warmUp(await fullEngine());
  },
  /** One unit of a run: group `group` of the run's spec (JSON text), replicates [repBegin, repEnd). The spec
   *  comes with a worker's first unit of a run only (null after): the worker reads the run's groups once. */
  async simulateUnit(spec: string | null, group: number, repBegin: number, repEnd: number, threads: number): Promise<number[]> {
    const m = await fullEngine();
    return guard(() => {
      if (spec !== null) unwrap(m.loadRun(spec));
      return unwrap(m.simulateUnit(group, repBegin, repEnd, threads)).counts;
    });
  },
  /** Beta tables from the Plan engine: this worker's simulations use them instead of building their own. */
  async adoptBetaTables(tables: BetaTable[]): Promise<void> {
    const m = await fullEngine();
    guard(() => unwrap(m.adoptBetaTables(tables)));
  },
};

/** The Plan engine's functions (the small Plan build's worker, or a full engine). */
export type PlanApi = LoaderApi & typeof planApi;
/** A simulating worker's functions. */
export type SimulationApi = LoaderApi & typeof simulationApi;
/** The engines as the Plan uses them: simulating workers and the Plan engine. */
export type PlanEngines = Engines<SimulationApi, PlanApi>;
