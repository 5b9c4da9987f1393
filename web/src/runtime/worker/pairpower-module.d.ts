// Types of the Emscripten module built from cpp/bindings/power_engine_bindings.cpp
// (both the threaded and the single-thread build expose the same functions).

import type { AlternativeName, AnalyzeKey, CorrectionName, FamilyTargetName, QuestionName, Direction, ErrorKindName, InputFormatName, MissingPolicy, ModelName, SolvableTest, TestName } from '../registry';
export type { InputFormatName, ModelName, TestName };

/** A core error, typed (cpp/include/pairpower/errors.hpp): the page phrases it with its own labels. */
export interface ErrorResult {
  /** The core's own phrasing ("alpha: must lie …"), for logs. */
  error: string;
  /** The core's name of the setting ("alpha", "min_effect", "measure", "input_format", "missing"; "scores" for the data). */
  field?: string;
  kind?: ErrorKindName | 'internal';
  /** What is wrong, without the field's name. */
  detail?: string;
  value?: string;
  /** Which input the error is in: "a" (first box), "b" (second), or a leaderboard input's name. */
  source?: string;
}

export interface GroupSpec {
  model: ModelName;
  n: number;
  rho: number;
  mean: number;
  sd: number;
  deltas: number[];
  alpha: number;
  tests: TestName[];
  seed: number;
  /** The models' own parameters (the core's group_json writes them all). */
  tau?: number;
  df?: number;
  zero_share?: number;
  levels?: number;
}

/** Rejections indexed [delta * tests.length + test]. */
export interface GroupCounts {
  counts: number[];
}

/** σ_d as measured, or the SD of each system's scores and their correlation (the core forms σ√(2(1−ρ))). */
export type SdOfDifferences = { sdDiff: number } | { sd: number; rho: number };

/** A model and its parameters at one (δ, ρ): the Plan spec's names. */
export interface ModelSdQuery { model: ModelName; mean: number; sd: number; delta: number; rho: number; tau: number; df: number; zero_share: number; levels: number; pilot?: number[] }
/** alternative: two-sided when absent; question (the registry's questions) with its margin: the difference when absent. */
export type QuestionFields = { alternative?: AlternativeName; question?: QuestionName; margin?: number };
/** A family of K independent comparisons after a correction (family_power.hpp); absent: one comparison. */
export type FamilyFields = { comparisons?: number; correction?: CorrectionName; familyTarget?: FamilyTargetName };
export type AnalyticQuery = { n: number; delta: number; alpha: number } & QuestionFields & FamilyFields & SdOfDifferences;

/** What an analytic answer was asked, echoed by the core (analytic_answers.hpp). */
export interface AnalyticInputs {
  rho?: number;
  sd?: number;
  sd_diff: number;
  alpha: number;
  n?: number;
  delta?: number;
  power?: number;
}

/** Power of every test of the registry (the CLI's `power --format json`): null with a reason where no closed form answers
 *  the question; with a family, each comparison's power, all K and at least one (Monte Carlo for Holm and BH). */
export type AnalyticPowers = Record<TestName, {
  power: number | null; method: string; noether?: number; reason?: string; closed_form?: false;
  power_per_comparison?: number; power_all?: number; power_any?: number; family_note?: string;
  monte_carlo?: { reps: number; se_per_comparison: number; se_all: number; se_any: number };
}> & { inputs: AnalyticInputs };

/** The sensitivity of one scenario (sensitivity.hpp). */
export interface SensitivityAnswer {
  curve: { delta: number[] } & Record<TestName, (number | null)[]>;
  grid: { n: number[]; delta: number[]; test: TestName; power: number[][] };
  detectable: { n: number; delta: number | null; sentence: string }[];
  inputs: AnalyticInputs;
}

export type SampleSizeQuery = { delta: number; alpha: number; power: number } & QuestionFields & FamilyFields & SdOfDifferences;

/** For each test the solvers offer: the smallest N, or nulls and the reason (the CLI's `samplesize --format json`). */
export type SampleSizeAnswer = Record<SolvableTest, { n: number | null; power: number | null; reason?: string; closed_form?: false }> & { inputs: AnalyticInputs };

export type EffectQuery = { n: number; alpha: number; power: number } & QuestionFields & SdOfDifferences;

/** For each test the solvers offer: the minimum detectable effect (the CLI's `mde --format json`). */
export type EffectAnswer = Record<SolvableTest, { delta: number | null; power: number | null; reason?: string; closed_form?: false }> & { inputs: AnalyticInputs };

/** A run's work (plan_work.hpp): its groups, the replicate ranges to hand out, its pairs. */
export interface PlanWork {
  groups: GroupSpec[];
  /** Per group, whether its simulation uses Beta tables (betaTables). */
  tabulated: boolean[];
  units: { group: number; repBegin: number; repEnd: number; pairs: number }[];
  pairs: number;
}

/** One finished cell (plan_work.hpp group_cells). */
export interface CellResult {
  model: ModelName;
  n: number;
  delta: number;
  rho: number;
  test: TestName;
  reps: number;
  rejections: number;
  power: number;
  mcSe: number;
}

/** A run's Monte Carlo answer for one model, test, δ and ρ: n is null when no N of the grid reaches the target; power and mcSe are at n (or at the largest N). */
export interface GridAnswer {
  model: ModelName;
  test: TestName;
  delta: number;
  rho: number;
  n: number | null;
  power: number;
  mcSe: number;
}

/** A printed value of the paper set beside a cell (paper.hpp check_printed). */
/** The Plan's answer from the closed forms (plan_answer.hpp): the grid's first model, the tests it answers, the rows. */
export interface PlanAnswer {
  model: ModelName;
  offered: SolvableTest[];
  exact: boolean;
  minRows: { delta: number; rho: number; sdDiff: number; byTest: Record<SolvableTest, number | null> }[];
  mdeRows: { n: number; rho: number; sdDiff: number; byTest: Record<SolvableTest, number | null> }[];
}

export interface PaperCheck {
  printed: number;
  section: string;
  offOurs: boolean;
  offAnalytic: boolean;
}

export interface DetectQuery {
  text: string;
  format?: InputFormatName;
  /** The system's name when the file has no runid (the file's name). */
  name?: string;
}

export interface Detected {
  format: InputFormatName;
  description: string;
  measures: string[];
  /** The measure to offer first: never a count (num_ret …). */
  preferred: string;
  /** Measures read but not comparable: text values, or only in summary rows. */
  textMeasures: string[];
  summaryMeasures: string[];
  systems: string[];
  datasets: string[];
  queries: number;
}

/** The settings are the registry's Analyze settings, by key (alpha, confidence, minEffect, ...). */
export type AnalyzeQuery = Record<AnalyzeKey, number> & {
  textA: string;
  textB?: string;
  /** Names for runs without a runid (the files' names). */
  nameA?: string;
  nameB?: string;
  /** The system the others are compared with (default: the first). */
  baseline?: string;
  format?: InputFormatName;
  /** Measures to compare; empty: the only one (several must be chosen); ["*"]: all both inputs hold, counts left out. */
  measures: string[];
  missing: MissingPolicy;
  direction: Direction;
  /** Of the t, Wilcoxon, sign and randomization p-values on Δ = B − A (default two-sided). */
  alternative?: AlternativeName;
  /** A pair taken from a leaderboard: its family-wise p decides the verdict (FamilyContext in comparison.hpp). */
  family?: FamilyContext;
};

/** The family a pair was taken from: K systems, the comparisons made, how the family-wise p was computed (an id of the registry's family_procedures), and that p. */
export interface FamilyContext {
  systems: number;
  pairs: number;
  procedure: string;
  p: number;
}

/** report_json (the CLI's `compare --format json`) as text, and the other exports. */
export interface AnalyzeOutput {
  json: string;
  markdown: string;
  latex: string;
  csv: string;
}

/** The Leaderboard view's query: its inputs (pasted text or dropped files) and settings. */
export interface LeaderboardQuery {
  inputs: { text: string; name?: string }[];
  format?: InputFormatName;
  measure?: string;
  missing: MissingPolicy;
  direction: Direction;
  alpha: number;
  confidence: number;
  resamples: number;
  bootstrap: number;
  seed: number;
}

/** Part of a leaderboard's resampling, per dataset (BoardPart). */
export interface LeaderboardPart {
  boards: { tukey: Float64Array; boot: Float64Array; p: Float64Array; pSe: Float64Array; pHsd: Float64Array }[];
}

/** One pair of a leaderboard: the same inputs, the dataset ('' for none) and the two systems. */
export interface PairTableQuery extends Pick<LeaderboardQuery, 'inputs' | 'format' | 'measure' | 'missing'> {
  dataset: string;
  systemA: string;
  systemB: string;
}

/** analyticGrid's question: the model scenarios, which of them to power, at which N, and what is asked. */
export interface AnalyticGridQuery extends QuestionFields {
  scenarios: ModelSdQuery[];
  powered: boolean[];
  ns: number[];
  alpha: number;
}

/** A Beta shape's quantile table at Φ(z) (beta_quantile_table.hpp): its cubic pieces' coefficients. */
export interface BetaTable {
  a: number;
  b: number;
  coefficients: Float64Array;
}

/** What the Plan asks besides simulation: the small Plan build (pairpower-plan.wasm) has this only (plan_bindings.cpp). */
export interface PlanModule {
  /** A Plan field's text read by the core's grammar and bounds; `page` applies the page's caps. */
  readPlanField(id: string, text: string, page: boolean): { value: unknown } | ErrorResult;
  analyticPower(q: AnalyticQuery): AnalyticPowers | ErrorResult;
  /** A grid's σ_d per scenario (the SD of differences each model's analytic power uses; null where it offers none) and its analytic powers, powers[(i · ns + j) · tests + k] for scenario i, ns[j]
   *  and the registry's test k (NaN: not powered, no σ_d or no closed form). */
  analyticGrid(q: AnalyticGridQuery): { sdDiff: (number | null)[]; powers: Float64Array } | ErrorResult;
  minSampleSize(q: SampleSizeQuery): SampleSizeAnswer | ErrorResult;
  minDetectableEffect(q: EffectQuery): EffectAnswer | ErrorResult;
  sensitivity(q: EffectQuery): SensitivityAnswer | ErrorResult;
  /** The registry (JSON-equal to web/src/generated/registry.ts). */
  registry(): unknown;
  /** The core's number format (formatting.hpp), value by value: the reference web/src/ui/format.ts is tested against. */
  formatNumbers(kind: 'p' | 'sig' | 'signed' | 'se', values: number[]): string[] | ErrorResult;
  /** spec: JSON text of a PlanSpec. */
  planWork(spec: string, pairsPerUnit: number): PlanWork | ErrorResult;
  groupCells(group: GroupSpec, counts: number[], reps: number): CellResult[] | ErrorResult;
  /** The Beta quantile tables these groups simulate with (Beta copula only), built once here for the simulating workers to adopt. */
  betaTables(groups: GroupSpec[]): BetaTable[] | ErrorResult;
  /** Per cell, the paper's printed value and flags; null where the paper prints nothing. */
  paperChecks(cells: (CellResult & { analytic?: number })[], specJson: string): (PaperCheck | null)[] | ErrorResult;
  planAnswer(specJson: string): PlanAnswer | ErrorResult;
  /** Per (model, test, δ, ρ) of the cells: the smallest N of the grid whose Monte Carlo power reaches `target` (grid_answer.hpp). */
  gridAnswers(cells: CellResult[], target: number, difference: boolean): GridAnswer[] | ErrorResult;
  /** What qualifies a Plan's answers (warnings.hpp plan_warnings): spec as JSON text; cells of a finished run, or none. */
  planWarnings(spec: string, cells: CellResult[]): { code: string; message: string }[] | ErrorResult;
  /** JSON texts of the spec and of {engine, threads, elapsedS, cancelled}, and the cells. */
  simulationExport(spec: string, cells: CellResult[], run: string, format: 'json' | 'csv' | 'md'): { text: string } | ErrorResult;
}

/** The full engine (pairpower-st / -mt.wasm): the Plan's functions, simulation, Analyze and the leaderboard. */
export interface PairpowerModule extends PlanModule {
  /** The pair's scores as a `qid,A,B` table, paired as the leaderboard paired them (pair_scores_csv). */
  pairTable(q: PairTableQuery): { text: string } | ErrorResult;
  /** One worker's share of a leaderboard's resampling (leaderboard_part). */
  rankPart(q: LeaderboardQuery & { part: number; parts: number }): LeaderboardPart | ErrorResult;
  /** The parts joined: leaderboard_json (the CLI's `leaderboard --format json`) as text, and its tables. */
  rankMerge(q: LeaderboardQuery & { parts: LeaderboardPart[] }): AnalyzeOutput | ErrorResult;
  detectScores(q: DetectQuery): Detected | ErrorResult;
  analyzeScores(q: AnalyzeQuery): AnalyzeOutput | ErrorResult;
  simulateGroup(spec: GroupSpec, repBegin: number, repEnd: number, threads: number): GroupCounts | ErrorResult;
  /** Tables built by the Plan engine (betaTables): this worker's simulations use them instead of building their own. */
  adoptBetaTables(tables: BetaTable[]): { adopted: number } | ErrorResult;
  hardwareThreads(): number;
}

export interface ModuleOptions {
  /** In Node the .wasm must be passed in: Emscripten 3.1.6 fetch()es a file URL otherwise. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  /** Emscripten's hook: instantiate the module yourself and hand the instance (and its module) to `receive`; return {} when that is asynchronous. */
  instantiateWasm?: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
  /** The module's own script URL, which its pthread workers import. */
  mainScriptUrlOrBlob?: string;
}

/** A build's factory (its glue's createPairpower); the full builds' modules are PairpowerModules. */
export type PlanModuleFactory = (options?: ModuleOptions) => Promise<PlanModule>;

