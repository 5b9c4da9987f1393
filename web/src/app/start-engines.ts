// The engines, started by their own small entry script that the page runs
// before its main one: the workers' scripts, the wasm downloads and their
// compilation then overlap the evaluation of the page's code and the building
// of its views (shell.ts takes the engines from here).
import { startEngines, type Engines } from '../runtime/engines';

export const wasmBase = new URL('wasm/', document.baseURI).href;
/** `?threads` asks for the threaded build where the page is cross-origin isolated (the pool is the default: scheduler.ts); `?threads=0` does not. */
const threadsParam = new URLSearchParams(location.search).get('threads');
export const threadsAsked = threadsParam !== null && !['0', 'false', 'no', 'off'].includes(threadsParam.toLowerCase());
export const earlyEngines: Engines = startEngines(wasmBase, threadsAsked);
