// The small Plan engine: the Plan's functions (features/plan/worker.ts) over
// the Plan build (pairpower-plan.wasm, a third of the full engine's bytes, no
// simulation). A shared link's analytic answers, its solvers and its run's plan
// come from here while the full engines are still starting.
// First, so that the download and compilation start before anything else runs.
import { loaderApi } from '../runtime/worker/module';
import * as Comlink from 'comlink';
import { phraseErrorsWith } from '../runtime/errors';
import { phraseError } from '../features/analyze/fields';
import { planApi } from '../features/plan/worker';

// The core's errors in the page's words (its form labels).
phraseErrorsWith(phraseError);

const api = { ...loaderApi, ...planApi };

export type PlanEngineApi = typeof api;
Comlink.expose(api);
