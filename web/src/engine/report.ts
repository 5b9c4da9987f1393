// The shape of the core's comparison report (pairpower compare --format json).
export interface Interval {
  ci_low: number;
  ci_high: number;
}

export interface ComparisonReport {
  dataset: string;
  measure: string;
  system_a: string;
  system_b: string;
  n: number;
  mean_a: number;
  mean_b: number;
  delta: number;
  sd_diff: number;
  pearson: number;
  spearman: number;
  t: { t: number; p: number; ci_low: number; ci_high: number; dz: number };
  wilcoxon: { statistic: number; p: number; exact: boolean; hl: number; hl_ci_low: number; hl_ci_high: number };
  randomization: { p: number; exact: boolean; resamples: number; p_se: number };
  bootstrap: { bca: Interval; percentile: Interval; resamples: number; distribution?: number[] };
  sign: { p: number };
  min_attainable_p: number;
  planning: {
    mde: number;
    n_required: number | null;
    target_power: number;
    curve: { n: number; power: number; mc_se: number }[];
    curve_reps: number;
    curve_cap: number;
    curve_test: string;
  };
  p_holm: number;
  p_bonferroni: number;
  p_bh: number;
  verdict: 'SHIP' | 'HOLD' | 'REJECT';
  reason: string;
  sentence: string;
  data?: { qids: string[]; a: number[]; b: number[] };
  /** Every statistic as the page shows it, by JSON path (the core formats them: one p-value format). */
  display: Record<string, string>;
}

export interface SystemTally {
  system: string;
  comparisons: number;
  better: number;
  worse: number;
  verdict: 'SHIP' | 'HOLD' | 'REJECT';
}

export interface PairingReport {
  dataset: string;
  measure: string;
  system_a: string;
  system_b: string;
  matched: number;
  only_a: number;
  only_b: number;
  examples_only_a: string[];
  examples_only_b: string[];
}

export interface AnalysisReport {
  settings: Record<string, unknown>;
  comparisons: ComparisonReport[];
  by_system: SystemTally[];
  overall: 'SHIP' | 'HOLD' | 'REJECT';
  summary: string;
  pairing: PairingReport[];
  /** The systems in the input, for the baseline chooser. */
  systems: string[];
  wilcoxon_note: string;
}

/** The numbers a report shows, as [JSON path, value] pairs (data-stat / data-value). */
export function reportStats(c: ComparisonReport): [string, number][] {
  const out: [string, number][] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'number') out.push([prefix, v]);
    else if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (k !== 'data' && k !== 'distribution' && k !== 'display') walk(prefix ? `${prefix}.${k}` : k, x);
  };
  walk('', c);
  return out;
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

/** The JSON export: the CLI's report, without the page's display strings. */
export function exportReport(r: AnalysisReport): object {
  return { ...r, comparisons: r.comparisons.map(({ display: _display, ...c }) => (void _display, c)) };
}
