// A run's results as Markdown and CSV. The JSON export is the core's
// (simulation_json: the CLI's `simulate --format json` shape), via the worker.
import { REGISTRY } from '../../engine/registry';
import type { CellResult } from '../../wasm/pairpower-module';
import { cellId, type CellKey, type PlanSpec } from './spec';

export interface ExportInput {
  spec: PlanSpec;
  cells: CellResult[];
  /** Analytic power by cellId. */
  analytic: Map<string, number>;
  engine: string;
  elapsedS: number;
}

export type PrintedValue = (typeof REGISTRY.paper.printed)[number];

/** The paper's printed value for a cell, if it prints one. */
export function findPrinted(key: CellKey): PrintedValue | undefined {
  return REGISTRY.paper.printed.find((v) => v.model === key.model && v.test === key.test && v.n === key.n && v.delta === key.delta && v.rho === key.rho);
}

/** Cells in the order the spec lists models, N, δ, ρ and tests (as the core's JSON). */
function sorted(spec: PlanSpec, cells: CellResult[]): CellResult[] {
  const key = (c: CellResult) => [spec.models.indexOf(c.model), spec.n.indexOf(c.n), spec.delta.indexOf(c.delta), spec.rho.indexOf(c.rho), spec.tests.indexOf(c.test)];
  return [...cells].sort((a, b) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

export function toCsv(x: ExportInput): string {
  const rows = ['model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power,paper'];
  for (const c of sorted(x.spec, x.cells)) {
    const a = x.analytic.get(cellId(c));
    const p = findPrinted(c);
    rows.push([c.model, c.n, c.delta, c.rho, c.test, c.reps, c.rejections, c.power, c.mcSe, a ?? '', p?.power ?? ''].join(','));
  }
  return rows.join('\n') + '\n';
}

const f3 = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3));

export function toMarkdown(x: ExportInput): string {
  const s = x.spec;
  const lines = [
    `Power by Monte Carlo (pairpower): ${s.reps} replicates per cell, seed ${s.seed}, α = ${s.alpha}, mean ${s.mean}, SD ${s.sd}.`,
    '',
    '| model | N | δ | ρ | test | power | MC SE | analytic | paper |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|',
  ];
  for (const c of sorted(s, x.cells)) {
    const p = findPrinted(c);
    lines.push(`| ${c.model} | ${c.n} | ${c.delta} | ${c.rho} | ${c.test} | ${f3(c.power)} | ${f3(c.mcSe)} | ${f3(x.analytic.get(cellId(c)))} | ${p ? f3(p.power) : ''} |`);
  }
  return lines.join('\n') + '\n';
}
