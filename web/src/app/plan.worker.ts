// The small Plan engine beside the threaded one: the Plan's functions
// (features/plan/worker.ts) over the Plan build (pairpower-plan.wasm, less than
// half the full engine's bytes, no simulation). The threaded engine's one worker
// is busy for a whole run; the Plan's answers come from here meanwhile.
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
