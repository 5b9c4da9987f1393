// The core's comparison report (report_json in cpp/src/comparison_report.cpp,
// the CLI's `compare --format json`, plus what the bindings add for the page),
// defined once as a schema: the TypeScript types are inferred from it, and every
// report crossing the wasm boundary is checked against it (strictly: a key the
// C++ writer adds or drops fails tests/wasm/report_shape.test.mjs).
import { z } from 'zod';
import { builtOnFirstUse, checkedShape } from '../../runtime/checked';
import { REGISTRY, type AlternativeName } from '../../runtime/registry';

// The schemas, built on first use (builtOnFirstUse).
function buildSchemas() {
  const verdict = z.enum(REGISTRY.verdicts);
  const interval = z.strictObject({ ci_low: z.number(), ci_high: z.number() });

  /** One comparison as the CLI writes it. */
  const cliComparison = z.strictObject({
    dataset: z.string(),
    measure: z.string(),
    system_a: z.string(),
    system_b: z.string(),
    n: z.number(),
    mean_a: z.number(),
    mean_b: z.number(),
    delta: z.number(),
    sd_diff: z.number(),
    pearson: z.number(),
    spearman: z.number(),
    t: z.strictObject({ t: z.number(), p: z.number(), ci_low: z.number(), ci_high: z.number(), dz: z.number() }),
    wilcoxon: z.strictObject({ statistic: z.number(), p: z.number(), exact: z.boolean(), hl: z.number(), hl_ci_low: z.number(), hl_ci_high: z.number() }),
    randomization: z.strictObject({ p: z.number(), exact: z.boolean(), resamples: z.number(), p_se: z.number() }),
    bootstrap: z.strictObject({ bca: interval, percentile: interval, resamples: z.number(), distribution: z.array(z.number()).optional() }),
    sign: z.strictObject({ p: z.number() }),
    min_attainable_p: z.number(),
    planning: z.strictObject({
      mde: z.number().nullable(),
      n_required: z.number().nullable(),
      target_power: z.number(),
      curve: z.array(z.strictObject({ n: z.number(), power: z.number(), mc_se: z.number() })),
      curve_reps: z.number(),
      curve_cap: z.number(),
      curve_note: z.string().nullable(),
      curve_test: z.string(),
    }),
    p_holm: z.number(),
    p_bonferroni: z.number(),
    p_bh: z.number(),
    /** Present for a pair taken from a family (a leaderboard's): the family-wise p that decided its verdict. */
    family: z.strictObject({ p: z.number() }).optional(),
    /** Present when the equivalence question is asked (TOST, paired t). */
    equivalence: z.strictObject({
      p: z.number(), ci_low: z.number(), ci_high: z.number(), ci_level: z.number(), margin: z.number(), p_lower: z.number(), p_upper: z.number(),
      p_outside: z.number(), p_holm: z.number(), p_outside_holm: z.number(),
    }).optional(),
    /** Present when the non-inferiority question is asked (one-sided paired t). */
    non_inferiority: z.strictObject({
      p: z.number(), t: z.number(), margin: z.number(), p_outside: z.number(), p_holm: z.number(), p_outside_holm: z.number(),
    }).optional(),
    verdict,
    reason: z.string(),
    sentence: z.string(),
    /** Per-query data: the page's bindings only. */
    data: z.strictObject({ qids: z.array(z.string()), a: z.array(z.number()), b: z.array(z.number()) }).optional(),
  });

  const settings = z.strictObject({
    alpha: z.number(),
    confidence: z.number(),
    resamples: z.number(),
    bootstrap_resamples: z.number(),
    seed: z.number(),
    min_effect: z.number(),
    direction: z.string(),
    missing: z.string(),
    planning_power: z.number(),
    baseline: z.string(),
    detected: z.array(z.string()),
    alternative: z.enum(REGISTRY.alternatives.map((a) => a.id) as [AlternativeName, ...AlternativeName[]]),
    equivalence: z.number(),
    non_inferiority: z.number(),
    /** The family a pair was taken from (a leaderboard's); `rule`: the core's sentence of how it decides this question,
     *  `question_alpha`: the level of an equivalence or non-inferiority claim (α over the family's pairs). */
    family: z.strictObject({ systems: z.number(), pairs: z.number(), procedure: z.string(), procedure_label: z.string(), p: z.number(),
      question_alpha: z.number(), rule: z.string() }).nullable(),
  });

  const systemTally = z.strictObject({
    system: z.string(), comparisons: z.number(), better: z.number(), worse: z.number(), within: z.number(), outside: z.number(), verdict,
  });

  const pairing = z.strictObject({
    dataset: z.string(),
    measure: z.string(),
    system_a: z.string(),
    system_b: z.string(),
    matched: z.number(),
    only_a: z.number(),
    only_b: z.number(),
    examples_only_a: z.array(z.string()),
    examples_only_b: z.array(z.string()),
    /** 'position' when neither input had query ids (bare columns): row i with row i, said in `note`. */
    paired_by: z.enum(['query id', 'position']),
    note: z.string(),
  });

  /** The report as the CLI writes it. */
  const cliReport = z.strictObject({
    settings,
    comparisons: z.array(cliComparison),
    by_system: z.array(systemTally),
    overall: verdict,
    summary: z.string(),
    pairing: z.array(pairing),
    wilcoxon_note: z.string(),
    /** Why an answer may not be trusted (the core's warnings.hpp), each with the comparison it qualifies. */
    warnings: z.array(z.strictObject({ code: z.string(), message: z.string(), comparison: z.number() })),
  });


  /** The report the bindings give the page: the CLI's, plus display strings and the systems (and per-query data for plots). */
  const pageReport = cliReport.extend({
    comparisons: z.array(
      cliComparison.extend({
        /** Every statistic as the page shows it, by JSON path (the core formats them). */
        display: z.record(z.string(), z.string()),
      }),
    ),
    /** The systems in the input, for the baseline chooser. */
    systems: z.array(z.string()),
  });
  return { interval, cliComparison, cliReport, pageReport };
}

/** The report's schemas: `cliReport` as the CLI writes it, `pageReport` as the bindings give the page. */
export const reportSchemas = builtOnFirstUse(buildSchemas);
type Schemas = ReturnType<typeof buildSchemas>;

export type AnalysisReport = z.infer<Schemas['pageReport']>;
export type ComparisonReport = AnalysisReport['comparisons'][number];
export type SystemTally = AnalysisReport['by_system'][number];
export type PairingReport = AnalysisReport['pairing'][number];
export type Interval = z.infer<Schemas['interval']>;

/** The report from the engine, checked against the schema; a mismatch is an internal error, never a silent NaN. */
export function checkReport(json: unknown): AnalysisReport {
  return checkedShape(reportSchemas().pageReport, json, 'report');
}

export interface Histogram {
  centers: number[];
  counts: number[];
  width: number;
}

/** Equal-width bins over the data's range (√n rule, 10 to 60 bins unless given). */
export function histogram(values: number[], bins?: number): Histogram {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const k = bins ?? Math.max(10, Math.min(60, Math.round(Math.sqrt(values.length))));
  const width = hi > lo ? (hi - lo) / k : 1;
  const counts = new Array<number>(k).fill(0);
  for (const v of values) counts[Math.min(k - 1, Math.floor((v - lo) / width))]++;
  return { centers: counts.map((_, i) => lo + (i + 0.5) * width), counts, width };
}

/** What the plots need, small enough to send to the page whatever n is. */
export interface PlotData {
  /** Points sorted by A; every `every`-th of `total` queries. */
  scatter: { a: number[]; b: number[]; every: number; total: number } | null;
  differences: Histogram | null;
  bootstrap: Histogram | null;
}

export const MAX_SCATTER_POINTS = 4000;

export function plotData(c: ComparisonReport): PlotData {
  const out: PlotData = { scatter: null, differences: null, bootstrap: null };
  if (c.data && c.data.a.length > 1) {
    const { a, b } = c.data;
    const order = a.map((_, i) => i).sort((i, j) => a[i] - a[j]);
    const every = Math.ceil(order.length / MAX_SCATTER_POINTS);
    const kept = order.filter((_, k) => k % every === 0);
    out.scatter = { a: kept.map((i) => a[i]), b: kept.map((i) => b[i]), every, total: order.length };
    out.differences = histogram(a.map((x, i) => b[i] - x));
  }
  const dist = c.bootstrap.distribution;
  if (dist && dist.length > 1 && dist[0] !== dist[dist.length - 1]) out.bootstrap = histogram(dist, 50);
  return out;
}

/** The report without per-query data and resamples: for the page and the JSON export. */
export function slimReport(r: AnalysisReport): AnalysisReport {
  return {
    ...r,
    comparisons: r.comparisons.map((c) => {
      const { data: _data, ...rest } = c;
      const { distribution: _dist, ...boot } = c.bootstrap;
      void _data;
      void _dist;
      return { ...rest, bootstrap: boot };
    }),
  };
}

/** The JSON export: the CLI's report, without what only the page uses (display strings, the systems list). */
export function exportReport(r: AnalysisReport): object {
  const { systems: _systems, ...rest } = r;
  void _systems;
  return { ...rest, comparisons: r.comparisons.map(({ display: _display, ...c }) => (void _display, c)) };
}
