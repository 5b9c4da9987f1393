import { describe, expect, it } from 'vitest';
import { analyzeLimit, planCost, planPairs } from '../../web/src/engine/limits';
import { PRESETS } from '../../web/src/engine/plan';

describe('plan cost', () => {
  it('counts the paper grid as 55.5 million pairs at R = 1000', () => {
    expect(planPairs(PRESETS.paper)).toBe(55_500_000);
  });
  it('runs small plans, asks before long ones and refuses huge ones, naming what to reduce', () => {
    expect(planCost(PRESETS.paper, 2).kind).toBe('run');
    const long = planCost({ ...PRESETS.paper, reps: 30_000 }, 2);
    expect(long.kind).toBe('confirm');
    const huge = planCost({ ...PRESETS.paper, reps: 1_000_000 }, 2);
    expect(huge.kind).toBe('refuse');
    if (huge.kind === 'refuse') expect(huge.message).toMatch(/replicates R \(now 1,000,000\).*largest N \(1,000\)/);
  });
});

describe('analysis limits', () => {
  it('refuses oversized pastes, resamples and runs with the reason', () => {
    expect(analyzeLimit(1000, 100, 100_000, 10_000)).toBeNull();
    expect(analyzeLimit(60_000_000, 100, 1000, 1000)).toMatch(/reads up to 50 MB/);
    expect(analyzeLimit(1000, 100, 1000, 2_000_000)).toMatch(/Bootstrap resamples: at most 1,000,000/);
    expect(analyzeLimit(1000, 100, 20_000_000, 1000)).toMatch(/Sign flips: at most 10,000,000/);
    expect(analyzeLimit(1000, 5_000_000, 10_000_000, 1_000_000)).toMatch(/minutes; reduce/);
  });
});
