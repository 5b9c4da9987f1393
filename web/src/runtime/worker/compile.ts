// Every engine worker's first import (through worker-module.ts). The page names
// the worker that compiles a build after the build's wasm file (compilerName),
// so that its download and streaming compilation start before the rest of the
// worker's script and Emscripten's glue have even been evaluated: on a shared
// link's first open that script and glue took ~120 ms of a busy machine before
// the download began.
import type { Variant } from './module';

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

/** Downloads and compiles a wasm file, streaming where the server sends application/wasm. */
export function compileWasm(url: string): Promise<WebAssembly.Module> {
  return WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' })).catch(async () =>
    WebAssembly.compile(await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer()));
}

/** This worker's early compilation, if the page named it a compiler: the file's URL and the module to come. */
export const early: { url: string; module: Promise<WebAssembly.Module>; compiledAt: Promise<number> } | null = (() => {
  if (!('WorkerGlobalScope' in globalThis)) return null;  // the page imports the names only
  const name = (globalThis as { name?: string }).name ?? '';
  if (!name.startsWith(PREFIX)) return null;
  const url = name.slice(PREFIX.length);
  const module = compileWasm(url);
  module.catch(() => undefined);  // observed when the module is instantiated
  return { url, module, compiledAt: module.then(() => performance.timeOrigin + performance.now()) };
})();
