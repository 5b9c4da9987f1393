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
  planning: { mde: number; n_required: number | null; curve: { n: number; power: number; mc_se: number }[]; curve_reps: number };
  p_holm: number;
  p_bonferroni: number;
  p_bh: number;
  verdict: 'SHIP' | 'HOLD' | 'REJECT';
  reason: string;
  sentence: string;
  data?: { qids: string[]; a: number[]; b: number[] };
}

export interface PairingReport {
  dataset: string;
  measure: string;
  matched: number;
  only_a: number;
  only_b: number;
  examples_only_a: string[];
  examples_only_b: string[];
}

export interface AnalysisReport {
  settings: Record<string, unknown>;
  comparisons: ComparisonReport[];
  overall: 'SHIP' | 'HOLD' | 'REJECT';
  summary: string;
  pairing: PairingReport[];
  wilcoxon_note: string;
}

/** The numbers a report shows, as [JSON path, value] pairs (data-stat / data-value). */
export function reportStats(c: ComparisonReport): [string, number][] {
  const out: [string, number][] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'number') out.push([prefix, v]);
    else if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (k !== 'data' && k !== 'distribution') walk(prefix ? `${prefix}.${k}` : k, x);
  };
  walk('', c);
  return out;
}
