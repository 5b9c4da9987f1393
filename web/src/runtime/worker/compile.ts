// Every engine worker's first import (through module.ts). The page names the
// worker that compiles a build after the build's wasm file (compilerName), so
// that its download and streaming compilation start before the rest of the
// worker's script and Emscripten's glue are evaluated.
import { compiledBy } from './builds';

/** Downloads and compiles a wasm file, streaming where the server sends application/wasm. */
export function compileWasm(url: string): Promise<WebAssembly.Module> {
  return WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' })).catch(async () =>
    WebAssembly.compile(await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer()));
}

/** This worker's early compilation, if the page named it a compiler: the file's URL and the module to come. */
export const early: { url: string; module: Promise<WebAssembly.Module>; compiledAt: Promise<number> } | null = (() => {
  if (!('WorkerGlobalScope' in globalThis)) return null;  // the page imports the names only
  const url = compiledBy((globalThis as { name?: string }).name ?? '');
  if (url === null) return null;
  const module = compileWasm(url);
  module.catch(() => undefined);  // observed when the module is instantiated
  return { url, module, compiledAt: module.then(() => performance.timeOrigin + performance.now()) };
})();
