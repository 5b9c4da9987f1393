// The single-file variant: dist/ folded into one HTML file that works from a
// disk or an e-mail attachment (no server, no network, no threads needed).
// CSS and JS are inlined; the engine worker's source — Emscripten's glue, the
// single-thread wasm as base64, and the worker code — rides along as a string
// and runs from a blob: URL, as do the chunks the page loads on demand.
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
// The report checks' script, which a site's engine loads on its first report, rides inside the engine here.
const checks = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('checks-') && f.endsWith('.js'));
if (!checks) throw new Error('no report checks script in dist/assets: run the regular build first');
// The worker names the checks' file relative to its own URL, which a blob: URL cannot resolve: it is not loaded here.
const checksRef = new RegExp(`new URL\\(\`${checks.replace(/[.-]/g, '\\$&')}\`,self\\.location\\.href\\)\\.href`);
if (!checksRef.test(read(`assets/${worker}`))) throw new Error(`build-single: the engine worker does not name ${checks} as expected`);
const workerSource = [
  `self.__PAIRPOWER_WASM__ = "${readFileSync(join(dist, 'wasm/pairpower-st.wasm')).toString('base64')}";`,
  read('wasm/pairpower-st.js'),
  read(`assets/${checks}`),
  read(`assets/${worker}`).replace(checksRef, '""'),
].join('\n');

// Chunks the page imports on demand (uPlot, loaded with the first chart) ride
// along as blob: modules; each must stand alone (no imports of its own).
const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"[^>]*><\/script>/.exec(html)?.[1];
if (!entry) throw new Error('build-single: no module script in dist/index.html');
const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && f !== entry && f !== worker && f !== checks && !f.startsWith('plan.worker-'));
for (const c of chunks) if (/\bimport\b/.test(read(`assets/${c}`))) throw new Error(`build-single: the chunk ${c} imports other modules; inline it another way`);
const main = read(`assets/${entry}`).replace(/import\((["'`])\.\/([\w.-]+\.js)\1\)/g, (whole, _q, name) => {
  if (!chunks.includes(name)) throw new Error(`build-single: ${entry} imports ${name}, which is not a chunk of dist/assets`);
  return `import(globalThis.__PAIRPOWER_CHUNKS__[${JSON.stringify(name)}])`;
});
const chunkUrls = `{${chunks.map((c) => `${JSON.stringify(c)}: URL.createObjectURL(new Blob([${JSON.stringify(read(`assets/${c}`))}], { type: 'text/javascript' }))`).join(', ')}}`;

html = html.replace(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/, (_, css) => `<style>\n${read(css)}\n</style>`);
html = html.replace(/<script type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"[^>]*><\/script>/, () =>
  `<script>globalThis.__PAIRPOWER_INLINE__ = { worker: ${scriptSafe(JSON.stringify(workerSource))} };\n` +
  `globalThis.__PAIRPOWER_CHUNKS__ = ${scriptSafe(chunkUrls)};</script>\n` +
  `<script type="module">\n${scriptSafe(main)}\n</script>`);
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
