// Results as Markdown, CSV and JSON. The JSON carries every setting and the seed.
import type { PaperValue } from '../wasm/pairpower-module';
import { findPrinted } from './paper-compare';
import { cellId, type CellResult, type PlanSpec } from './plan';

export interface ExportInput {
  spec: PlanSpec;
  cells: CellResult[];
  /** Analytic power by cellId. */
  analytic: Map<string, number>;
  paper: PaperValue[];
  engine: string;
  elapsedS: number;
}

function sorted(cells: CellResult[]): CellResult[] {
  const models = ['normal', 'beta', 'unclipped'];
  const tests = ['t', 'wilcoxon', 'sign'];
  return [...cells].sort(
    (a, b) => models.indexOf(a.model) - models.indexOf(b.model) || a.n - b.n || a.delta - b.delta || a.rho - b.rho || tests.indexOf(a.test) - tests.indexOf(b.test),
  );
}

export function toCsv(x: ExportInput): string {
  const rows = ['model,n,delta,rho,test,reps,rejections,power,mc_se,analytic_power,paper'];
  for (const c of sorted(x.cells)) {
    const a = x.analytic.get(cellId(c));
    const p = findPrinted(x.paper, c);
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
  for (const c of sorted(x.cells)) {
    const p = findPrinted(x.paper, c);
    lines.push(`| ${c.model} | ${c.n} | ${c.delta} | ${c.rho} | ${c.test} | ${f3(c.power)} | ${f3(c.mcSe)} | ${f3(x.analytic.get(cellId(c)))} | ${p ? f3(p.power) : ''} |`);
  }
  return lines.join('\n') + '\n';
}

export function toJson(x: ExportInput): string {
  return (
    JSON.stringify(
      {
        settings: { ...x.spec },
        seed: x.spec.seed,
        alpha: x.spec.alpha,
        engine: x.engine,
        elapsed_s: x.elapsedS,
        results: sorted(x.cells).map((c) => ({
          model: c.model,
          n: c.n,
          delta: c.delta,
          rho: c.rho,
          test: c.test,
          reps: c.reps,
          rejections: c.rejections,
          power: c.power,
          mc_se: c.mcSe,
          analytic_power: x.analytic.get(cellId(c)) ?? null,
        })),
      },
      null,
      1,
    ) + '\n'
  );
}
