// The statistics a comparison's report lists for display, apart from the report's
// zod schemas (report.ts): the page uses this, and the schemas stay in the worker.
import type { ComparisonReport } from './report';

/** The numbers a report shows, as [JSON path, value] pairs (data-stat / data-value): the paths the core
 *  formatted for display (display_stats walks the comparison), their values read from the comparison. */
export function reportStats(c: ComparisonReport): [string, number][] {
  const at = (path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], c) as number;
  return Object.keys(c.display).map((path) => [path, at(path)]);
}
