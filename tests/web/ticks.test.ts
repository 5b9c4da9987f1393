import { describe, expect, it } from 'vitest';
import { fittingTicks, roundTicks, stepLabels } from '../../web/src/ui/ticks';

describe('chart axis ticks', () => {
  it('labels small steps with the decimals they need, so neighbouring ticks never read alike', () => {
    // The calculator's δ axis: steps of 0.0002 printed as "0 0 0 0.001" with three decimals.
    const splits = [0, 0.0002, 0.0004, 0.0006, 0.0008, 0.001];
    const labels = stepLabels(null, splits, 0, 0, 0.0002);
    expect(labels).toEqual(['0.0000', '0.0002', '0.0004', '0.0006', '0.0008', '0.0010']);
    expect(new Set(labels).size).toBe(splits.length);
    expect(stepLabels(null, [0, 0.25, 0.5], 0, 0, 0.25)).toEqual(['0.00', '0.25', '0.50']);
    expect(stepLabels(null, [0, 500, 1000, 1500], 0, 0, 500)).toEqual(['0', '500', '1,000', '1,500']);
  });

  it('thins the round N ticks of a log axis until their labels fit the plot', () => {
    expect(roundTicks(50, 3200)).toEqual([50, 100, 200, 500, 1000, 2000]);
    // Wide: all of 1-2-5.
    expect(fittingTicks(50, 3200, 500)).toEqual([50, 100, 200, 500, 1000, 2000]);
    // A phone's plot (~210 px): "500" and "1,000" no longer run together.
    const narrow = fittingTicks(50, 3200, 210);
    const widthOf = (t: number[]) => t.reduce((w, v) => w + v.toLocaleString('en-US').length * 7 + 14, 0);
    expect(widthOf(narrow)).toBeLessThanOrEqual(210);
    expect(narrow.length).toBeGreaterThanOrEqual(2);
    expect(narrow).toEqual([50, 100, 500, 1000]);
  });

  it('labels a range holding no round number by its ends', () => {
    expect(fittingTicks(60, 90, 300)).toEqual([60, 90]);
  });
});
