import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, PRESETS, fieldText, parseField, specFromFields, type FieldName } from '../../web/src/features/plan/spec';

// The fields, their bounds and rules are the core's registry; this holds the
// page's reading of them. How a run splits into work and how counts become
// cells is the core's (plan_units, group_cells): tests/plan_work_test.cpp.
describe('plan fields', () => {
  it('parses lists and ranges of N', () => {
    expect(parseField('n', '50, 100,200')).toEqual({ ok: true, value: [50, 100, 200] });
    expect(parseField('n', '50:200:50')).toEqual({ ok: true, value: [50, 100, 150, 200] });
  });

  it.each([
    ['n', '-5'], ['n', '1.5'], ['n', '1'], ['n', '50,,100'], ['n', '200:100:10'], ['n', '100001'],
    ['rho', '1'], ['rho', 'nan'], ['rho', '-1'], ['delta', 'abc'], ['delta', 'Infinity'], ['reps', '0'],
    ['alpha', '1.5'], ['seed', '-1'], ['tests', 't,bogus'], ['model', 'gamma'], ['power', '1'],
  ] as [FieldName, string][])('rejects %s = %s with a message', (field, text) => {
    const r = parseField(field, text);
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
