// The checks of the reports an engine worker hands to the page (zod over the
// boundary's schema, runtime/checked.ts): a script of their own, which the
// worker loads on its first report. zod and the schema are most of a worker's
// code, and every worker would otherwise compile and run them at its start,
// beside the wasm build it compiles, where a shared link's run waits for it.
// The worker's entry says how to load them (app/engine.worker.ts).
import type { LeaderboardReport, PageReport } from '../../generated/boundary';

/** The checks (features/analyze/report.ts, features/leaderboard/report.ts): a mismatch throws, naming the first path. */
export interface ReportChecks {
  checkReport(json: unknown): PageReport;
  checkLeaderboard(json: unknown): LeaderboardReport;
}

let load: (() => ReportChecks) | null = null;
let loaded: ReportChecks | null = null;

/** Set by the worker's entry: how it loads the checks' script. */
export function provideChecks(loader: () => ReportChecks): void {
  load = loader;
}

/** The checks, loaded on first use. */
export function reportChecks(): ReportChecks {
  if (!loaded) {
    if (!load) throw new Error('the report checks are not available in this worker');
    loaded = load();
  }
  return loaded;
}
