import { defineConfig } from 'vite';

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
  worker: { format: 'iife' },
  server: { headers: isolation },
  preview: { headers: isolation },
});
