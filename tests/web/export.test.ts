import { describe, expect, it } from 'vitest';
import { toCsv, toMarkdown, type ExportInput } from '../../web/src/features/plan/export';
import { PRESETS, cellId } from '../../web/src/features/plan/spec';
import type { CellResult } from '../../web/src/wasm/pairpower-module';

const cell = (over: Partial<CellResult>): CellResult => ({ model: 'normal', n: 100, delta: 0.01, rho: 0.5, test: 't', reps: 1000, rejections: 131, power: 0.131, mcSe: Math.sqrt(0.131 * 0.869 / 1000), ...over });

const input: ExportInput = {
  spec: PRESETS.paper,
  cells: [cell({ test: 'wilcoxon', rejections: 120, power: 0.12 }), cell({})],
  analytic: new Map([[cellId(cell({})), 0.1309]]),
  engine: 'test',
  elapsedS: 0.5,
};

// The JSON export and the paper's flag rule are the core's (simulation_json,
// check_printed): tests/plan_work_test.cpp and tests/paper_test.cpp hold them.
describe('exports', () => {
  it('writes CSV with the CLI’s columns plus the paper value', () => {
    const lines = toCsv(input).trim().split('\n');
    expect(lines[0]).toBe('model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power,paper');
    expect(lines[1].startsWith('normal,100,0.01,0.5,t,1000,131,0.131,')).toBe(true);
    expect(lines[1].endsWith(',0.1309,0.134')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('writes a Markdown table with one row per cell', () => {
    const md = toMarkdown(input);
    expect(md).toContain('| normal | 100 | 0.01 | 0.5 | t | 0.131 | 0.011 | 0.131 | 0.134 |');
    expect(md.trim().split('\n')).toHaveLength(2 + 2 + 2);
  });
});
