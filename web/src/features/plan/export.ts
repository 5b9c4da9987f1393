// A run's exports. JSON, CSV and Markdown are all written by the core
// (plan_export.hpp: the CLI's `simulate --format json|csv|md`), via the worker.
import type * as Comlink from 'comlink';
import type { PlanApi } from './worker';
import { REGISTRY } from '../../runtime/registry';
import type { CellResult } from '../../generated/boundary';
import { cellId, type CellKey, type PlanSpec } from './spec';

export interface ExportInput {
  spec: PlanSpec;
  cells: CellResult[];
  engine: string;
  elapsedS: number;
}

export type ExportKind = 'CSV' | 'Markdown' | 'JSON';
const FORMAT: Record<ExportKind, 'csv' | 'md' | 'json'> = { CSV: 'csv', Markdown: 'md', JSON: 'json' };

export type PrintedValue = (typeof REGISTRY.paper.printed)[number];

// By cellId: every table cell looks its printed value up as it is made.
let printedById: Map<string, PrintedValue> | null = null;

/** The paper's printed value for a cell, if it prints one (shown beside the cell). */
export function findPrinted(key: CellKey): PrintedValue | undefined {
  printedById ??= new Map(REGISTRY.paper.printed.map((v) => [cellId(v as CellKey), v]));
  return printedById.get(cellId(key));
}

/** The run in one of the core's export formats. */
export function exportRun(worker: Comlink.Remote<PlanApi>, x: ExportInput, threads: number, kind: ExportKind): Promise<string> {
  const cells = x.cells.map((c) => ({ ...c }));
  return worker.simulationExport(x.spec, cells, { engine: x.engine, threads, elapsedS: x.elapsedS, cancelled: false }, FORMAT[kind]);
}
