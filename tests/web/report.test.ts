import { describe, expect, it } from 'vitest';
import type { ComparisonReport } from '../../web/src/features/analyze/report';
import { reportStats } from '../../web/src/features/analyze/report-stats';
import { histogram, plotData, slimReport, type AnalysisReport } from '../../web/src/features/analyze/report';

describe('report numbers', () => {
  it('lists the numbers the core formatted for display, each with its value read by its JSON path', () => {
    const c = { n: 3, delta: 0.1, t: { p: 0.04 }, bootstrap: { bca: { ci_low: 0 } }, display: { n: '3', 't.p': '0.040', 'bootstrap.bca.ci_low': '0.0000' } } as unknown as ComparisonReport;
    expect(reportStats(c)).toEqual([['n', 3], ['t.p', 0.04], ['bootstrap.bca.ci_low', 0]]);
  });
  it('leaves the display strings out of the numbers', () => {
    const c = { n: 3, display: { n: '3' } } as unknown as ComparisonReport;
    expect(reportStats(c)).toEqual([['n', 3]]);
  });
});

describe('histogram', () => {
  it('counts every value once, the maximum in the last bin', () => {
    const h = histogram([0, 0.1, 0.2, 0.3, 1], 5);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(5);
    expect(h.counts[4]).toBe(1);
    expect(h.width).toBeCloseTo(0.2);
  });
});

describe('plot data and the slim report', () => {
  it('thins the scatter to at most 4000 points and drops per-query data from the report', () => {
    const n = 10_000;
    const a = Array.from({ length: n }, (_, i) => (i * 7919) % n / n);
    const c = { delta: 0.01, bootstrap: { bca: { ci_low: 0, ci_high: 1 }, percentile: { ci_low: 0, ci_high: 1 }, resamples: 3, distribution: [0.1, 0.2, 0.3] }, data: { qids: [], a, b: a.map((x) => x + 0.01) } } as unknown as ComparisonReport;
    const p = plotData(c);
    expect(p.scatter!.a.length).toBeLessThanOrEqual(4000);
    expect(p.scatter!.every).toBe(3);
    expect([...p.scatter!.a].sort((x, y) => x - y)).toEqual(p.scatter!.a);
    expect(p.differences!.counts.reduce((s, k) => s + k, 0)).toBe(n);
    const slim = slimReport({ comparisons: [c], by_system: [], systems: [], overall: 'HOLD', summary: '', pairing: [], settings: {}, wilcoxon_note: '' } as unknown as AnalysisReport);
    expect('data' in slim.comparisons[0]).toBe(false);
    expect('distribution' in slim.comparisons[0].bootstrap).toBe(false);
  });
  it('sends no scatter for binary items, whose table of outcomes is drawn instead, and keeps their differences', () => {
    const a = [1, 0, 1, 1, 0, 0];
    const c = { delta: 0, table: { both: 2, a_only: 1, b_only: 1, neither: 2 }, bootstrap: { resamples: 0 }, data: { qids: [], a, b: [1, 1, 0, 1, 0, 0] } } as unknown as ComparisonReport;
    const p = plotData(c);
    expect(p.scatter).toBeNull();
    expect(p.differences!.counts.reduce((s, k) => s + k, 0)).toBe(a.length);
  });
});
