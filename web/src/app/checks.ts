// The report checks as a script of their own (runtime/worker/checks.ts): an
// engine worker loads it with importScripts on its first report. Built by Vite
// as a classic script (the `?worker&url` import in engine.worker.ts); the
// single-file page puts it in its engine's source (scripts/build-single.mjs).
import { checkReport } from '../features/analyze/report';
import { checkLeaderboard } from '../features/leaderboard/report';
import type { ReportChecks } from '../runtime/worker/checks';

(globalThis as { __PAIRPOWER_CHECKS__?: ReportChecks }).__PAIRPOWER_CHECKS__ = { checkReport, checkLeaderboard };
