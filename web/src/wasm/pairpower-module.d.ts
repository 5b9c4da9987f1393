// Types of the Emscripten module built from cpp/bindings/power_engine_bindings.cpp
// (both the threaded and the single-thread build expose the same functions).

export type ModelName = 'normal' | 'beta' | 'unclipped';
export type TestName = 't' | 'wilcoxon' | 'sign';

/** A core error, typed (cpp/include/pairpower/errors.hpp): the page phrases it with its own labels. */
export interface ErrorResult {
  /** The core's own phrasing ("alpha: must lie …"), for logs. */
  error: string;
  /** The core's name of the setting ("alpha", "min_effect", "measure", "input_format", "missing"; "scores" for the data). */
  field?: string;
  kind?: 'invalid_value' | 'not_in_input' | 'not_per_query' | 'choose_one' | 'ambiguous_format' | 'malformed_input' | 'unmatched_ids' | 'not_enough_data' | 'internal';
  /** What is wrong, without the field's name. */
  detail?: string;
  value?: string;
  /** Which input the error is in: "a" (first box) or "b" (second). */
  source?: 'a' | 'b';
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
}

/** Rejections indexed [delta * tests.length + test]. */
export interface GroupCounts {
  counts: number[];
}

export interface AnalyticQuery {
  n: number;
  delta: number;
  sdDiff: number;
  alpha: number;
}

export interface AnalyticPowers {
  t: number;
  wilcoxon: number;
  noether: number;
  sign: number;
}

export interface SampleSizeQuery {
  delta: number;
  sdDiff: number;
  alpha: number;
  power: number;
}

export interface SampleSizeAnswer {
  t: { n: number; power: number } | null;
  wilcoxon: { n: number; power: number } | null;
}

export interface EffectQuery {
  n: number;
  sdDiff: number;
  alpha: number;
  power: number;
}

export interface EffectAnswer {
  t: { delta: number; power: number } | null;
  wilcoxon: { delta: number; power: number } | null;
}

export interface PaperValue {
  section: string;
  model: 'normal' | 'beta';
  test: 't' | 'wilcoxon';
  n: number;
  delta: number;
  rho: number;
  power: number;
}

export type InputFormatName = 'auto' | 'csv-wide' | 'csv-long' | 'csv-bare' | 'trec_eval' | 'ir_measures' | 'ranx' | 'pytrec_eval' | 'json' | 'ir_measures-jsonl';

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

export interface AnalyzeQuery {
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
  missing: 'error' | 'intersect' | 'zero';
  alpha: number;
  confidence: number;
  resamples: number;
  bootstrap: number;
  seed: number;
  minEffect: number;
  direction: 'higher' | 'lower';
  power: number;
}

/** report_json (the CLI's `compare --format json`) as text, and the other exports. */
export interface AnalyzeOutput {
  json: string;
  markdown: string;
  latex: string;
  csv: string;
}

export interface PairpowerModule {
  detectScores(q: DetectQuery): Detected | ErrorResult;
  analyzeScores(q: AnalyzeQuery): AnalyzeOutput | ErrorResult;
  simulateGroup(spec: GroupSpec, repBegin: number, repEnd: number, threads: number): GroupCounts | ErrorResult;
  analyticPower(q: AnalyticQuery): AnalyticPowers | ErrorResult;
  minSampleSize(q: SampleSizeQuery): SampleSizeAnswer | ErrorResult;
  minDetectableEffect(q: EffectQuery): EffectAnswer | ErrorResult;
  paperPrintedValues(): PaperValue[];
  hardwareThreads(): number;
}

export interface ModuleOptions {
  /** In Node the .wasm must be passed in: Emscripten 3.1.6 fetch()es a file URL otherwise. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  /** The module's own script URL, which its pthread workers import. */
  mainScriptUrlOrBlob?: string;
}

export type ModuleFactory = (options?: ModuleOptions) => Promise<PairpowerModule>;

