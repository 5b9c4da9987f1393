// The engines, started by the page's first import (main.ts): the workers'
// scripts, the wasm downloads and their compilation then overlap the
// evaluation of the page's code and the building of its views (shell.ts takes
// the engines from here, and starts new ones from the same scripts).
import { startEngines, type Engines, type WorkerScripts } from '../runtime/engines';
import type { EngineApi } from './engine.worker';
import type { PlanEngineApi } from './plan.worker';

/** The app's engines: full workers with every feature's functions, and beside the threaded one the small Plan engine. */
export type AppEngines = Engines<EngineApi, PlanEngineApi>;

// Classic workers: the engine workers load Emscripten's glue with importScripts.
export const workerScripts: WorkerScripts = {
  engine: (name) => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'classic', name }),
  plan: (name) => new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'classic', name }),
};

export const wasmBase = new URL('wasm/', document.baseURI).href;
/** `?threads` asks for the threaded build where the page is cross-origin isolated (the pool is the default: runtime/engines.ts); `?threads=0` does not. */
const threadsParam = new URLSearchParams(location.search).get('threads');
export const threadsAsked = threadsParam !== null && !['0', 'false', 'no', 'off'].includes(threadsParam.toLowerCase());
export const startAppEngines = (): AppEngines => startEngines<PlanEngineApi, EngineApi>(workerScripts, wasmBase, threadsAsked);
export const earlyEngines: AppEngines = startAppEngines();
