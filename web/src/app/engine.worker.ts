// The full engine worker: the loader of a full build (st, mt) with every
// feature's functions over it — the Plan's and the simulation, Analyze, the
// leaderboard — exposed with Comlink. Loaded as a classic worker so that
// importScripts can load Emscripten's (non-ES6) glue; the page never runs the
// module itself.
// First, so that a compiling worker's download starts before anything else runs.
import { loaderApi } from '../runtime/worker/module';
import * as Comlink from 'comlink';
import { phraseErrorsWith } from '../runtime/errors';
import { phraseError } from '../features/analyze/fields';
import { planApi, simulationApi } from '../features/plan/worker';
import { analyzeApi } from '../features/analyze/worker';
import { leaderboardApi } from '../features/leaderboard/worker';
import { provideChecks, type ReportChecks } from '../runtime/worker/checks';
import checksUrl from './checks?worker&url';

declare function importScripts(...urls: string[]): void;
// The report checks' script (app/checks.ts), loaded on the first report; the single-file page's engine carries it already.
provideChecks(() => {
  const scope = globalThis as { __PAIRPOWER_CHECKS__?: ReportChecks };
  if (!scope.__PAIRPOWER_CHECKS__) importScripts(new URL(checksUrl, self.location.href).href);
  if (!scope.__PAIRPOWER_CHECKS__) throw new Error('the report checks did not load');
  return scope.__PAIRPOWER_CHECKS__;
});

// The core's errors in the page's words (its form labels).
phraseErrorsWith(phraseError);

const api = { ...loaderApi, ...planApi, ...simulationApi, ...analyzeApi, ...leaderboardApi };

export type EngineApi = typeof api;
Comlink.expose(api);
