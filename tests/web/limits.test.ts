import { describe, expect, it } from 'vitest';
import { analyzeLimit } from '../../web/src/features/analyze/limits';
import { planCost } from '../../web/src/features/plan/cost';
import { PRESETS } from '../../web/src/features/plan/spec';

// The paper grid's 55.5 million pairs at R = 1000 are counted by the core (grid_pairs, tests/plan_work_test.cpp).
const paperPairs = (reps: number) => 55_500 * reps;

describe('plan cost', () => {
  it('runs small plans, asks before long ones and refuses huge ones, naming what to reduce', () => {
    expect(planCost(PRESETS.paper, paperPairs(1000), 2).kind).toBe('run');
    const long = planCost({ ...PRESETS.paper, reps: 30_000 }, paperPairs(30_000), 2);
    expect(long.kind).toBe('confirm');
    const huge = planCost({ ...PRESETS.paper, reps: 1_000_000 }, paperPairs(1_000_000), 2);
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
