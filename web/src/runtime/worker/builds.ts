// The wasm builds and where each one's files are: the page names its workers
// after them, and each worker loads the one it is given.

/** The builds: threaded (mt), single-thread (st), and the small Plan build (plan: no simulation). */
export type Variant = 'mt' | 'st' | 'plan';

const PREFIX = 'pairpower-engine ';

/** Where a build's wasm file is, under the page's wasm folder. */
export const wasmUrl = (wasmBase: string, variant: Variant): string => new URL(`pairpower-${variant}.wasm`, wasmBase).href;

/** The wasm folder and the build of a wasmUrl (null: not one). */
export function buildOf(url: string): { wasmBase: string; variant: Variant } | null {
  const m = /pairpower-(mt|st|plan)\.wasm$/.exec(url);
  return m ? { wasmBase: new URL('./', url).href, variant: m[1] as Variant } : null;
}

/** The name of a worker that compiles the wasm file at `url` as soon as it starts. */
export const compilerName = (url: string): string => PREFIX + url;

/** The wasm file a worker named by compilerName compiles (null: the worker was not named so). */
export const compiledBy = (workerName: string): string | null => (workerName.startsWith(PREFIX) ? workerName.slice(PREFIX.length) : null);
