// Loads a wasm build in Node the way the tests need it: Emscripten 3.1.6 would
// fetch() the .wasm by file URL, so the bytes are handed over directly.
import { execFileSync } from 'node:child_process';
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

/** The CLI's JSON for `args`; compare exits 1 or 3 for a verdict other than ship, with its JSON on stdout all the same. */
export function cliJson(args) {
  try {
    return JSON.parse(execFileSync(cliPath, [...args, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  } catch (e) {
    if (e.status === 1 || e.status === 3) return JSON.parse(e.stdout);
    throw e;
  }
}

/**
 * Pushes onto `mismatches` each place where `web` differs from the CLI's `native`, keys of either side.
 * Counts and resampled p-values are exact; special functions may differ in the last bits between
 * Emscripten's libm and glibc, hence the 1e-12 relative tolerance.
 */
export function sameAsCli(web, native, path, mismatches) {
  if (typeof native === 'number' && typeof web === 'number') {
    if (!(web === native || Math.abs(web - native) <= 1e-12 * Math.max(1, Math.abs(native)))) mismatches.push(`${path}: wasm ${web}, CLI ${native}`);
  } else if (native !== null && typeof native === 'object') {
    for (const k of new Set([...Object.keys(native), ...Object.keys(web ?? {})])) sameAsCli(web?.[k], native[k], `${path}.${k}`, mismatches);
  } else if (web !== native) {
    mismatches.push(`${path}: wasm ${JSON.stringify(web)}, CLI ${JSON.stringify(native)}`);
  }
}

/** `web` cut down to the keys the CLI's `native` has (the page's JSON adds per-query data and display strings). */
export function cliKeysOf(web, native) {
  if (Array.isArray(native)) return native.map((x, i) => cliKeysOf(web?.[i], x));
  if (native && typeof native === 'object') return Object.fromEntries(Object.keys(native).map((k) => [k, cliKeysOf(web?.[k], native[k])]));
  return web;
}
