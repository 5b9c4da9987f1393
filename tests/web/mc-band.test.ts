import { describe, expect, it } from 'vitest';
import { mcBand } from '../../web/src/ui/mc-band';

describe('the span drawn around a Monte Carlo power', () => {
  it('is two standard errors either side, clipped to the unit interval', () => {
    const [lo, hi] = mcBand(0.5, 0.01);
    expect(lo).toBeCloseTo(0.48, 15);
    expect(hi).toBeCloseTo(0.52, 15);
    expect(mcBand(0.995, 0.004)).toEqual([0.987, 1]);
    expect(mcBand(0.003, 0.002)).toEqual([0, 0.007]);
  });

  it('reaches the one-sided bound where every replicate rejected or none did', () => {
    // 0.05^(1/R) and 1 − 0.05^(1/R) for R = 1000: the core's Clopper–Pearson bounds at power 1 and 0.
    const upper = 1 - Math.pow(0.05, 1 / 1000), lower = Math.pow(0.05, 1 / 1000);
    expect(mcBand(1, 0, lower)).toEqual([lower, 1]);
    expect(mcBand(0, 0, upper)).toEqual([0, upper]);
    // A missing bound (null in the Plan's cells, absent in Analyze's curve) is ±2 SE, a zero-width span at SE 0.
    expect(mcBand(1, 0, null)).toEqual([1, 1]);
    expect(mcBand(0, 0, undefined)).toEqual([0, 0]);
  });
});
