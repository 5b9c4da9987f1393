import { describe, expect, it } from 'vitest';
import { toCsv, toJson, toMarkdown, type ExportInput } from '../../web/src/engine/export';
import { comparePrinted } from '../../web/src/engine/paper-compare';
import { PRESETS, cellId, type CellResult } from '../../web/src/engine/plan';

const cell = (over: Partial<CellResult>): CellResult => ({ model: 'normal', n: 100, delta: 0.01, rho: 0.5, test: 't', reps: 1000, rejections: 131, power: 0.131, mcSe: Math.sqrt(0.131 * 0.869 / 1000), ...over });

const input: ExportInput = {
  spec: PRESETS.paper,
  cells: [cell({ test: 'wilcoxon', rejections: 120, power: 0.12 }), cell({})],
  analytic: new Map([[cellId(cell({})), 0.1309]]),
  paper: [{ section: '4.2', model: 'normal', test: 't', n: 100, delta: 0.01, rho: 0.5, power: 0.134 }],
  engine: 'test',
  elapsedS: 0.5,
};

describe('exports', () => {
  it('writes CSV with the CLI’s columns plus the paper value', () => {
    const lines = toCsv(input).trim().split('\n');
    expect(lines[0]).toBe('model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power,paper');
    expect(lines[1].startsWith('normal,100,0.01,0.5,t,1000,131,0.131,')).toBe(true);
    expect(lines[1].endsWith(',0.1309,0.134')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('writes JSON carrying every setting and the seed', () => {
    const j = JSON.parse(toJson(input));
    expect(j.settings).toEqual(PRESETS.paper);
    expect(j.seed).toBe(1);
    expect(j.results.map((r: { test: string }) => r.test)).toEqual(['t', 'wilcoxon']);
    expect(j.results[0]).toMatchObject({ model: 'normal', n: 100, reps: 1000, rejections: 131, analytic_power: 0.1309 });
  });

  it('writes a Markdown table with one row per cell', () => {
    const md = toMarkdown(input);
    expect(md).toContain('| normal | 100 | 0.01 | 0.5 | t | 0.131 | 0.011 | 0.131 | 0.134 |');
    expect(md.trim().split('\n')).toHaveLength(2 + 2 + 2);
  });
});

describe('paper comparison', () => {
  it('flags a printed value only when it is far from ours or from the analytic value', () => {
    const printed = { section: '4.2', model: 'normal' as const, test: 't' as const, n: 100, delta: 0.01, rho: 0.5, power: 0.134 };
    expect(comparePrinted(printed, cell({}), 0.1309)).toMatchObject({ offOurs: false, offAnalytic: false });
    const far = comparePrinted({ ...printed, power: 0.25 }, cell({}), 0.1309);
    expect(far.offOurs && far.offAnalytic).toBe(true);
    // Our estimate of exactly 1 still has a nonzero SE: 0.999 printed is not flagged.
    expect(comparePrinted({ ...printed, power: 0.999 }, cell({ rejections: 1000, power: 1, mcSe: 0 }), 0.9993).offOurs).toBe(false);
  });
});
