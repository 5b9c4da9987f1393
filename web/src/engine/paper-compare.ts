// Sets the paper's printed values beside ours (the paper used R = 1000).
import type { PaperValue } from '../wasm/pairpower-module';
import type { CellKey, CellResult } from './plan';

export const PAPER_REPS = 1000;

export interface PaperComparison {
  printed: number;
  section: string;
  /** Printed value lies beyond 4 combined Monte Carlo SEs of our estimate. */
  offOurs: boolean;
  /** Printed value lies beyond 4 Monte Carlo SEs (its own, R = 1000) of the analytic value. */
  offAnalytic: boolean;
}

export function findPrinted(values: PaperValue[], key: CellKey): PaperValue | undefined {
  return values.find((v) => v.model === key.model && v.test === key.test && v.n === key.n && v.delta === key.delta && v.rho === key.rho);
}

export function comparePrinted(printed: PaperValue, ours: CellResult, analytic: number | undefined): PaperComparison {
  // Binomial SEs at our estimate, kept off 0 and 1; plus the paper's rounding.
  const q = (ours.rejections + 0.5) / (ours.reps + 1);
  const seCombined = Math.sqrt(q * (1 - q) * (1 / ours.reps + 1 / PAPER_REPS));
  const offOurs = Math.abs(printed.power - ours.power) > 4 * seCombined + 0.0005;
  let offAnalytic = false;
  if (analytic !== undefined && Number.isFinite(analytic)) {
    const a = Math.min(Math.max(analytic, 0.5 / PAPER_REPS), 1 - 0.5 / PAPER_REPS);
    offAnalytic = Math.abs(printed.power - analytic) > 4 * Math.sqrt((a * (1 - a)) / PAPER_REPS) + 0.0005;
  }
  return { printed: printed.power, section: printed.section, offOurs, offAnalytic };
}
