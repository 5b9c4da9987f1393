import { describe, expect, it } from 'vitest';
import { FIELD_PARSERS, PRESETS, groupCells, planGroups, planUnits, specFromFields, fieldText, FIELD_NAMES, type FieldName } from '../../web/src/engine/plan';

describe('plan fields', () => {
  it('parses lists and ranges of N', () => {
    expect(FIELD_PARSERS.n('50, 100,200')).toEqual({ ok: true, value: [50, 100, 200] });
    expect(FIELD_PARSERS.n('50:200:50')).toEqual({ ok: true, value: [50, 100, 150, 200] });
  });

  it.each([
    ['n', '-5'], ['n', '1.5'], ['n', '1'], ['n', '50,,100'], ['n', '200:100:10'], ['n', '100001'],
    ['rho', '1'], ['rho', 'nan'], ['rho', '-1'], ['delta', 'abc'], ['delta', 'Infinity'], ['reps', '0'],
    ['alpha', '1.5'], ['seed', '-1'], ['tests', 't,bogus'], ['model', 'gamma'], ['power', '1'],
  ] as [FieldName, string][])('rejects %s = %s with a message', (field, text) => {
    const r = FIELD_PARSERS[field](text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
  });

  it('names every bad field at once and requires power above alpha', () => {
    const texts = Object.fromEntries(FIELD_NAMES.map((f) => [f, fieldText(PRESETS.quick, f)])) as Record<FieldName, string>;
    expect('spec' in specFromFields(texts)).toBe(true);
    const r = specFromFields({ ...texts, n: 'x', rho: '2', power: '0.01' });
    expect('errors' in r && Object.keys(r.errors).sort()).toEqual(['n', 'power', 'rho']);
  });
});

describe('work planning', () => {
  it('covers every replicate of every group exactly once', () => {
    const spec = PRESETS.paper;
    const groups = planGroups(spec);
    expect(groups).toHaveLength(2 * 5 * 3);
    for (const perUnit of [1, 50_000, 250_000, 1e9]) {
      const units = planUnits(groups, 1000, perUnit);
      groups.forEach((_, g) => {
        const ranges = units.filter((u) => u.group === g).sort((a, b) => a.repBegin - b.repBegin);
        expect(ranges[0].repBegin).toBe(0);
        ranges.forEach((u, i) => i > 0 && expect(u.repBegin).toBe(ranges[i - 1].repEnd));
        expect(ranges.at(-1)!.repEnd).toBe(1000);
      });
    }
  });

  it('turns group counts into cells in delta-major order', () => {
    const [g] = planGroups({ ...PRESETS.quick, n: [50], rho: [0.8], tests: ['t', 'wilcoxon'], delta: [0, 0.02] });
    const cells = groupCells(g, [5, 6, 40, 38], 100);
    expect(cells.map((c) => [c.delta, c.test, c.rejections])).toEqual([[0, 't', 5], [0, 'wilcoxon', 6], [0.02, 't', 40], [0.02, 'wilcoxon', 38]]);
    expect(cells[2].mcSe).toBeCloseTo(Math.sqrt(0.4 * 0.6 / 100), 15);
  });
});
