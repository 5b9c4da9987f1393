// The single-file variant: dist/ folded into one HTML file that works from a
// disk or an e-mail attachment (no server, no network, no threads needed).
// CSS and JS are inlined; the engine worker's source — Emscripten's glue, the
// single-thread wasm as base64, and the worker code — rides along as a string
// and runs from a blob: URL.
// Usage: node scripts/build-single.mjs   (after the regular build; writes dist-single/pairpower.html)
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'dist';
const read = (p) => readFileSync(join(dist, p), 'utf8');
// Text that sits inside <script>…</script> must not close it early.
const scriptSafe = (s) => s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

let html = read('index.html');
const worker = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('engine.worker-') && f.endsWith('.js'));
if (!worker) throw new Error('no engine worker in dist/assets: run the regular build first');
const workerSource = [
  `self.__PAIRPOWER_WASM__ = "${readFileSync(join(dist, 'wasm/pairpower-st.wasm')).toString('base64')}";`,
  read('wasm/pairpower-st.js'),
  read(`assets/${worker}`),
].join('\n');

html = html.replace(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/, (_, css) => `<style>\n${read(css)}\n</style>`);
html = html.replace(/<script type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"[^>]*><\/script>/, (_, js) =>
  `<script>globalThis.__PAIRPOWER_INLINE__ = { worker: ${scriptSafe(JSON.stringify(workerSource))} };</script>\n` +
  `<script type="module">\n${scriptSafe(read(js))}\n</script>`);
html = html.replace(/<link rel="manifest"[^>]*>\s*/, '');
html = html.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="data:image/svg+xml;base64,${Buffer.from(read('icons/icon.svg')).toString('base64')}" type="image/svg+xml" />`);
// No other origin, and no network at all: inline code, blob: workers; Embind's
// glue compiles functions at run time inside the worker, hence 'unsafe-eval'.
html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*" \/>/,
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:; worker-src blob:; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'" />`);
if (/(src|href)="\.\/(assets|wasm)\//.test(html)) throw new Error('build-single: an asset reference was left unresolved');
mkdirSync('dist-single', { recursive: true });
writeFileSync('dist-single/pairpower.html', html);
console.log(`build-single: dist-single/pairpower.html (${(html.length / 1024).toFixed(0)} KiB)`);
