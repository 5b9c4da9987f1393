import { describe, expect, it } from 'vitest';
import { reportStats, type ComparisonReport } from '../../web/src/engine/report';
import { histogram } from '../../web/src/ui/analysis-plots';

describe('report numbers', () => {
  it('lists every number with its JSON path, leaving out per-query data', () => {
    const c = { n: 3, delta: 0.1, t: { p: 0.04, ci_low: -1, ci_high: 2 }, bootstrap: { bca: { ci_low: 0, ci_high: 1 }, distribution: [1, 2] }, data: { a: [1], b: [2] }, verdict: 'SHIP', planning: { n_required: null } } as unknown as ComparisonReport;
    expect(reportStats(c)).toEqual([['n', 3], ['delta', 0.1], ['t.p', 0.04], ['t.ci_low', -1], ['t.ci_high', 2], ['bootstrap.bca.ci_low', 0], ['bootstrap.bca.ci_high', 1]]);
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
