import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// Writes dist/precache.json: every file of the built site, for the service
// worker to cache at install (its version changes whenever a file does).
function precacheList(): Plugin {
  let outDir = '';
  return {
    name: 'pairpower-precache',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else files.push(relative(outDir, path).split('\\').join('/'));
        }
      };
      walk(outDir);
      const keep = files.filter((f) => f !== 'sw.js' && f !== 'precache.json').sort();
      const hash = createHash('sha256');
      for (const f of keep) hash.update(f).update(readFileSync(join(outDir, f)));
      const version = hash.digest('hex').slice(0, 16);
      writeFileSync(join(outDir, 'precache.json'), JSON.stringify({ version, files: ['./', ...keep] }, null, 1) + '\n');
    },
  };
}

// V8's explicit compile hint (Chromium 136+; other engines read a comment):
// every function of the page's entry script and of the Plan engine's worker is
// compiled while the script streams in, off the page's thread, instead of on
// first call, when a shared link's first answers wait for it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileHints(names: RegExp): Plugin {
  return {
    name: 'pairpower-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && names.test(chunk.name) && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
    },
  };
}

// Threads need SharedArrayBuffer, i.e. a cross-origin-isolated page.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: 'web',
  base: './',
  publicDir: 'public',
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  // Classic workers: the engine worker loads Emscripten's glue with importScripts.
  worker: { format: 'iife', plugins: () => [compileHints(/^plan\.worker$/)] },
  plugins: [compileHints(/^index$/), precacheList()],
  server: { headers: isolation },
  preview: { headers: isolation },
});
