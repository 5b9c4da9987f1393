// A run's exports. JSON, CSV and Markdown are all written by the core
// (plan_export.hpp: the CLI's `simulate --format json|csv|md`), via the worker.
import type * as Comlink from 'comlink';
import type { PlanApi } from '../../engine/plan.worker';
import { REGISTRY } from '../../engine/registry';
import type { CellResult } from '../../wasm/pairpower-module';
import type { CellKey, PlanSpec } from './spec';

export interface ExportInput {
  spec: PlanSpec;
  cells: CellResult[];
  engine: string;
  elapsedS: number;
}

export type ExportKind = 'CSV' | 'Markdown' | 'JSON';
const FORMAT: Record<ExportKind, 'csv' | 'md' | 'json'> = { CSV: 'csv', Markdown: 'md', JSON: 'json' };

export type PrintedValue = (typeof REGISTRY.paper.printed)[number];

/** The paper's printed value for a cell, if it prints one (shown beside the cell). */
export function findPrinted(key: CellKey): PrintedValue | undefined {
  return REGISTRY.paper.printed.find((v) => v.model === key.model && v.test === key.test && v.n === key.n && v.delta === key.delta && v.rho === key.rho);
}

/** The run in one of the core's export formats. */
export function exportRun(worker: Comlink.Remote<PlanApi>, x: ExportInput, threads: number, kind: ExportKind): Promise<string> {
  const cells = x.cells.map((c) => ({ ...c }));
  return worker.simulationExport(x.spec, cells, { engine: x.engine, threads, elapsedS: x.elapsedS, cancelled: false }, FORMAT[kind]);
}
