import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../web/src/features/plan/hash';
import { PRESETS } from '../../web/src/features/plan/spec';

describe('URL hash', () => {
  it('reads a link to the paper preset with its replicates, seed and run', () => {
    const s = parseHash('#preset=paper&reps=200&seed=5&run=1');
    expect(s.preset).toBe('paper');
    expect(s.run).toBe(true);
    expect(s.spec).toEqual({ ...PRESETS.paper, reps: 200, seed: 5 });
  });

  it('reads a link that spells out its own small grid, with no problems', () => {
    const s = parseHash('#n=50,100&delta=0.02&rho=0.8&model=normal&reps=100&seed=4&run=1');
    expect(s.spec.n).toEqual([50, 100]);
    expect(s.spec.delta).toEqual([0.02]);
    expect(s.spec.models).toEqual(['normal']);
    expect(s.spec.reps).toBe(100);
    expect(s.problems).toEqual([]);
  });

  it('round-trips every parameter', () => {
    const spec = { ...PRESETS.paper, n: [30, 60], delta: [-0.01, 0.03], rho: [0.25], models: ['beta' as const], mean: 0.4, sd: 0.2, alpha: 0.01, tests: ['sign' as const, 't' as const], reps: 77, seed: 123456789, power: 0.9 };
    const back = parseHash(formatHash(spec, { run: true }));
    expect(back.spec).toEqual(spec);
    expect(back.run).toBe(true);
    expect(parseHash(formatHash(PRESETS.paper)).preset).toBe('paper');
  });

  it('reports unusable keys instead of dropping them silently', () => {
    const s = parseHash('#n=abc&rho=2&preset=nope');
    expect(s.problems).toHaveLength(3);
    expect(s.spec.n).toEqual(PRESETS.quick.n);
  });
});
