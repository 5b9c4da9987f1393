// Loads a wasm build in Node the way the tests need it: Emscripten 3.1.6 would
// fetch() the .wasm by file URL, so the bytes are handed over directly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** @param {'st' | 'mt' | 'plan'} variant  (the Plan build is linked in the single-thread build's folder) */
export async function loadModule(variant) {
  const dir = `${root}build-wasm-${variant === 'plan' ? 'st' : variant}/`;
  const require = createRequire(dir);
  const factory = require(`${dir}pairpower-${variant}.js`);
  return factory({ wasmBinary: readFileSync(`${dir}pairpower-${variant}.wasm`) });
}

export const cliPath = `${root}build/pairpower`;
