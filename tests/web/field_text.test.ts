// The page reads its Plan fields synchronously as the user types (spec.ts
// parseField); the CLI reads its flags with the core (field_text.hpp). This holds
// the two equal — the same values, or both refusing — on hand-picked texts and on
// seeded random ones, so that the grammar and the bounds live in one place (the
// core) and the page's reader can only follow it.
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { loadModule } from '../wasm/load-module.mjs';
import { FIELD_NAMES, parseField } from '../../web/src/features/plan/spec';
import type { FieldName } from '../../web/src/runtime/registry';

type Module = { readPlanField(id: string, text: string, page: boolean): { value?: unknown; error?: string; detail?: string } };
let m: Module;
beforeAll(async () => {
  m = (await loadModule('st')) as unknown as Module;
});

const core = (id: FieldName, text: string) => {
  const r = m.readPlanField(id, text, true);
  return typeof r.error === 'string' ? { ok: false, message: r.detail } : { ok: true, value: r.value };
};
const page = (id: FieldName, text: string) => {
  const r = parseField(id, text);
  return r.ok ? { ok: true, value: r.value } : { ok: false, message: r.error };
};

const chosen: Record<string, string[]> = {
  n: ['100', '50,100,200', '50:500:50', ' 50 , 60 ', '1', '2', '100000', '100001', '0:10:2', '2:10:0', '10:2:1', '5:5:1', '2:100000:10', '2:3', '50,,60', '',
      '1e2', '-5', '1.5', '+5', '50:60:5:1', '2:40000:2', ',', '99999999999999999999999'],
  delta: ['0', '0,0.01,0.02', '-0.5', '+0.5', '.5', '5.', '1', '-1', '0.999', '1e-3', '1E-3', '1e', '1e-400', '1e400', 'nan', 'inf', '0x10', '--1', '+-1', ' 0.1 ', '0.1,', '1-2'],
  rho: ['0.5', '0.5,0.8,0.95', '-0.99', '1', '-1', '0.9999999'],
  mean: ['0.65', '0', '1', '0.5e0'],
  sd: ['0.12', '0', '1', '-0.1'],
  alpha: ['0.05', '1e-10', '1e-11', '1', '0.999'],
  model: ['normal', 'beta', 'both', 'unclipped', 'normal,beta', 'both,normal', 'foo', 'normal,', ' beta ', 'heterogeneous', 'heavy-tailed', 'binary,lattice', 'zero-inflated', 'pilot'],
  tau: ['0.05', '0', '-0.01', '1', '0.999', 'x'],
  df: ['5', '2', '2.0001', '1e6', '1e7', '-3'],
  zero_share: ['0.2', '0', '1', '0.999', '-0.1'],
  levels: ['10', '0', '1', '1000', '1001', '2.5', '1e1'],
  alternative: ['two-sided', 'greater', 'less', ' less ', 'Greater', 'one-sided', '', 'greater,less'],
  question: ['difference', 'equivalence', 'non_inferiority', ' equivalence ', 'non-inferiority', 'greater', '', 'Equivalence'],
  margin: ['0.01', '0', '1', '0.5', '-0.01', '1e-3', 'x'],
  tests: ['t', 't,wilcoxon', 'sign,t,t', 'x', 't,,sign', 'wilcoxon, sign'],
  reps: ['1000', '0', '1', '1000000', '1000001', '1e3', '1,2'],
  seed: ['0', '1', '9007199254740991', '9007199254740992', '-1', '1.0'],
  power: ['0.8', '0', '1', '0.05', '.9'],
};

describe('the page reads a Plan field as the core does', () => {
  it('covers every field of the registry', () => {
    expect(Object.keys(chosen).sort()).toEqual([...FIELD_NAMES].sort());
  });
  for (const id of FIELD_NAMES) {
    it(`agrees on hand-picked texts for “${id}”`, () => {
      for (const text of chosen[id]) expect({ text, ...page(id, text) }).toEqual({ text, ...core(id, text) });
    });
  }
  it('agrees on 20 000 seeded random texts', () => {
    let state = 20261122;
    const rand = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const alphabet = '0123456789012345.,:-+eE x';
    const words = ['normal', 'beta', 'both', 'unclipped', 'binary', 'lattice', 'pilot', 't', 'wilcoxon', 'sign', 'greater', 'two-sided', ','];
    let agreed = 0;
    for (let i = 0; i < 20000; i++) {
      const id = FIELD_NAMES[i % FIELD_NAMES.length];
      const len = 1 + Math.floor(rand() * 12);
      let text = '';
      if (id === 'model' || id === 'tests') for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) text += words[Math.floor(rand() * words.length)];
      else for (let k = 0; k < len; k++) text += alphabet[Math.floor(rand() * alphabet.length)];
      const [p, c] = [page(id, text), core(id, text)];
      expect({ id, text, ...p }).toEqual({ id, text, ...c });
      if (c.ok) agreed++;
    }
    // Not only refusals: a fair share of the random texts are values both accept.
    expect(agreed).toBeGreaterThan(1000);
  });
});
