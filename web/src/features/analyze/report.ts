// The core's comparison report (report_json in cpp/src/compare/comparison_report.cpp,
// the CLI's `compare --format json`, plus what the bindings add for the page):
// its types and validator come from cpp/schema/analyze.json (CliReport, PageReport),
// and every report crossing the wasm boundary is checked strictly against it.
import { checkedShape } from '../../runtime/checked';
import type { CliComparison, Interval, PageComparison, PageReport, PairingReport, SystemTally } from '../../generated/boundary';

export type AnalysisReport = PageReport;
export type ComparisonReport = PageComparison;
export type { CliComparison, Interval, PairingReport, SystemTally };

/** The report from the engine, checked against the schema; a mismatch is an internal error, never a silent NaN. */
export function checkReport(json: unknown): AnalysisReport {
  return checkedShape<AnalysisReport>('PageReport', json, 'report');
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
    // Binary items show their table of outcomes instead (plots.ts).
    if (!c.table) {
      const order = a.map((_, i) => i).sort((i, j) => a[i] - a[j]);
      const every = Math.ceil(order.length / MAX_SCATTER_POINTS);
      const kept = order.filter((_, k) => k % every === 0);
      out.scatter = { a: kept.map((i) => a[i]), b: kept.map((i) => b[i]), every, total: order.length };
    }
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
