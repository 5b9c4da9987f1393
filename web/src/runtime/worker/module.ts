// What every engine worker shares: loading a build's Emscripten glue and wasm
// (compiled here, from the worker's first moment, or sent by another worker of
// the same build, or handed over by the page), and calling into the module. The
// app's worker entries expose this loader with the features' functions.
// First, so that a compiling worker's download starts before anything else runs.
import { compileWasm, early } from './compile';
import { buildOf, wasmUrl, type Variant } from './builds';
import type { PairpowerModule, PlanModule } from '../../generated/boundary';

/** The options of a build's Emscripten factory that the loaders use (Emscripten's, not the bindings'). */
export interface ModuleOptions {
  /** In Node the .wasm must be passed in: Emscripten 3.1.6 fetch()es a file URL otherwise. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  /** Instantiate the module yourself and hand the instance (and its module) to `receive`; return {} when that is asynchronous. */
  instantiateWasm?: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
  /** The module's own script URL, which its pthread workers import. */
  mainScriptUrlOrBlob?: string;
}
/** A build's factory (its glue's createPairpower); the full builds' modules are PairpowerModules. */
export type PlanModuleFactory = (options?: ModuleOptions) => Promise<PlanModule>;

// Typed against the DOM library (the page's); these are the worker globals used.
declare function importScripts(...urls: string[]): void;
// Each build's glue defines createPairpower; the Plan build's module has the Plan's functions only.
declare const self: typeof globalThis & { createPairpower?: PlanModuleFactory; __PAIRPOWER_WASM__?: string };

let modulePromise: Promise<PlanModule> | null = null;
let variantLoaded: Variant = 'st';
/** When this worker's script started and its module was ready (epoch ms, for the page's start-up timeline). */
const scriptAt = performance.timeOrigin + performance.now();
// The compiled module, handed over from another worker of the same build (null: compile it here).
let deliver: (m: WebAssembly.Module | null) => void = () => {};
const delivered = new Promise<WebAssembly.Module | null>((resolve) => {
  deliver = resolve;
});

type Instantiate = NonNullable<ModuleOptions['instantiateWasm']>;
// Emscripten's hook: instantiate the compiled module handed over, or compile
// the file here when there is none.
let failInstantiation: (e: unknown) => void = () => {};
const instantiationFailed = new Promise<never>((_, reject) => {
  failInstantiation = reject;
});
instantiationFailed.catch(() => undefined);
let compiled: WebAssembly.Module | null = null;
let compiledAt: number | null = null;
// The module once this worker has it (null: it failed), for the build's other workers (share).
let moduleKnown: (m: WebAssembly.Module | null) => void = () => {};
const known = new Promise<WebAssembly.Module | null>((resolve) => {
  moduleKnown = resolve;
});
/** When the module was created (epoch ms): the page may ask later. */
let readyAt: number | null = null;
const handedOver = (url: string): Instantiate => (imports, receive) => {
  void delivered.then(async (module) => {
    const own = early?.url === url ? early : null;
    const m = module ?? (await (own ? own.module : compileWasm(url)));
    if (!module) compiledAt = own ? await own.compiledAt : performance.timeOrigin + performance.now();
    compiled = m;
    moduleKnown(m);
    receive(await WebAssembly.instantiate(m, imports), m);
  }).catch((e) => (moduleKnown(null), failInstantiation(new Error(`the engine ${url} could not be loaded: ${(e as Error).message ?? e}`))));
  return {};
};

/** Loads Emscripten's glue and starts the module's creation (its thread pool, if threaded); the wasm itself comes with `init`. */
function start(wasmBase: string, variant: Variant): Promise<PlanModule> {
  if (!modulePromise && self.__PAIRPOWER_WASM__ && self.createPairpower) {
    // The single-file build: the glue is already defined and the wasm is inline.
    variantLoaded = 'st';
    const bytes = Uint8Array.from(atob(self.__PAIRPOWER_WASM__), (c) => c.charCodeAt(0));
    modulePromise = self.createPairpower({ wasmBinary: bytes });
  }
  if (!modulePromise) {
    variantLoaded = variant;
    const script = new URL(`pairpower-${variant}.js`, wasmBase).href;
    importScripts(script);
    const factory = self.createPairpower;
    if (!factory) throw new Error(`the engine script ${script} did not define createPairpower`);
    modulePromise = factory({
      locateFile: (path) => new URL(path, wasmBase).href,
      mainScriptUrlOrBlob: script,
      instantiateWasm: handedOver(wasmUrl(wasmBase, variant)),
    });
  }
  void modulePromise.then(() => (readyAt ??= performance.timeOrigin + performance.now()), () => undefined);
  return modulePromise;
}

/** This worker's module, once created (the Plan build offers the Plan's functions only). */
export async function engine(): Promise<PlanModule> {
  if (!modulePromise) throw new Error('engine not initialised');
  return modulePromise;
}

/** The module of a full build (st, mt): for the functions the Plan build does not have. */
export const fullEngine = (): Promise<PairpowerModule> => engine() as Promise<PairpowerModule>;

// Calls into the module; a C++ exception that escaped it (the threaded build
// cannot catch them) becomes an Error that can cross to the page.
export function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new Error(`the engine stopped on an internal error (${Object.prototype.toString.call(e)}); the inputs are kept — check them and run again`);
  }
}

export const loaderApi = {
  /** Loads the glue of the build (once) and starts creating the module; returns at once. */
  async prepare(wasmBase: string, variant: Variant): Promise<void> {
    try {
      start(wasmBase, variant);
    } catch (e) {
      modulePromise = Promise.reject(e);  // the glue did not load: init reports it
    }
    modulePromise?.catch(() => undefined);  // observed by init
  },
  /**
   * Sends this worker's compiled module, as soon as it has it (null if it
   * failed: the receiver compiles its own), to the build's other workers
   * through their ports: straight from worker to worker, never waiting for
   * the page's thread, which is busy building the page while they start.
   */
  async share(ports: MessagePort[]): Promise<void> {
    void known.then((m) => {
      for (const port of ports) port.postMessage(m);
    });
  },
  /**
   * Hands over a compiled module (null: download and compile the build here;
   * a port: the module another worker sends through it, see share) and waits
   * until the engine can run; returns the compiled module, for the build's
   * other workers, and when each stage ended (epoch ms).
   */
  async init(module: WebAssembly.Module | MessagePort | null): Promise<{ variant: Variant; module: WebAssembly.Module | null; scriptAt: number; compiledAt: number | null; loadedAt: number }> {
    if (module instanceof MessagePort) {
      const port = module;
      port.onmessage = (e: MessageEvent<WebAssembly.Module | null>) => {
        port.close();
        deliver(e.data);
      };
    } else deliver(module);
    await Promise.race([engine(), instantiationFailed]);
    return { variant: variantLoaded, module: compiled, scriptAt, compiledAt, loadedAt: readyAt ?? performance.timeOrigin + performance.now() };
  },
  /** For the failure-handling test: the worker dies as a crashed one would. */
  async crashForTesting(): Promise<void> {
    setTimeout(() => {
      self.close();
      throw new Error('simulated crash');
    }, 0);
  },
};

/** The loader's functions, which every engine worker exposes. */
export type LoaderApi = typeof loaderApi;

// A compiling worker knows its build from its name: it loads the glue and
// creates its module now, without waiting for the page's prepare and init,
// which the browser forwards to a starting worker only when the page's own
// thread is free, which can be long after the worker has started.
{
  const own = early ? buildOf(early.url) : null;
  if (own) {
    void loaderApi.prepare(own.wasmBase, own.variant);
    deliver(null);
  }
}
