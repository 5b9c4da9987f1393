// The built site as people host and use it: a plain static server without
// special headers, offline after one visit, no request to another origin,
// embedded in another site's iframe, and the single-file variant from disk.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliPowers, launch, rankAndWait, root, serve, shownPowers, waitDone, warmedUp } from './browser.mjs';

let browser, plain;
// A hang guard, not a speed requirement: generous for a busy machine.
const HANG_GUARD = 120_000;
const guarded = (pageOrContext) => (pageOrContext.setDefaultTimeout(HANG_GUARD), pageOrContext);
before(async () => {
  browser = await launch();
  plain = await serve(false);  // a static host that sets no headers
});
after(async () => {
  await browser?.close();
  plain?.server.close();
});

function watchOrigins(page, origin) {
  const offsite = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['blob:', 'data:'].includes(u.protocol) && u.origin !== origin) offsite.push(r.url());
  });
  return offsite;
}

async function analyzeSmallTable(page) {
  await page.goto(`${plain.url}#view=analyze`);
  await page.waitForSelector('#app:is([data-state="idle"], [data-state="done"])');
  const rows = ['qid,bm25,dense'];
  for (let i = 0; i < 60; i++) rows.push(`q${i},${(0.3 + (i % 7) / 20).toFixed(3)},${(0.32 + ((i * 3) % 7) / 20).toFixed(3)}`);
  await page.fill('[data-testid="paste-a"]', rows.join('\n'));
  await page.click('[data-testid="analyze"]');
  await page.waitForSelector('#analyze[data-state="done"]', { timeout: HANG_GUARD });
}

test('served plainly, the site works online, then offline after one visit', async () => {
  const context = guarded(await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${plain.url}#preset=quick&reps=200&seed=3&run=1`);
  await waitDone(page);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'pool');  // the page's engine
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Wait until the service worker controls the page and holds the precache.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => (await caches.keys()).some((k) => k.startsWith('pairpower-') && k !== 'pairpower-runtime'));
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#app[data-state="idle"]');
  await page.click('[data-testid="run"]');  // the hash kept the settings (not run=1)
  await waitDone(page);
  const cli = cliPowers(['--n', '50,100,200,400', '--delta', '0,0.01,0.02', '--rho', '0.8', '--model', 'normal', '--reps', '200', '--seed', '3']);
  for (const { key, power } of await shownPowers(page)) assert.equal(power, cli.get(key), key);
  // Served by the service worker, the page is cross-origin isolated even on this plain host.
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  await analyzeSmallTable(page);
  assert.match(await page.textContent('[data-testid="verdict"]'), /SHIP|HOLD|REJECT/);
  await context.close();
});

test('a whole session makes no request to another origin and stores no pasted data', async () => {
  const context = guarded(await browser.newContext({ acceptDownloads: true }));
  const page = await context.newPage();
  const offsite = watchOrigins(page, new URL(plain.url).origin);
  await page.goto(`${plain.url}#preset=quick&reps=100&run=1`);
  await waitDone(page);
  const download = page.waitForEvent('download');
  await page.click('[data-testid="download-csv"]');
  assert.match(await (await download).suggestedFilename(), /pairpower-plan\.csv/);
  await page.fill('#calc-rho', '0.9');
  await analyzeSmallTable(page);
  const dl2 = page.waitForEvent('download');
  await page.click('[data-testid="analysis-download-json"]');
  await dl2;
  assert.deepEqual(offsite, []);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /connect-src 'self'/);
  // The pasted scores are in neither the address nor any storage.
  assert.doesNotMatch(await page.evaluate(() => location.href), /bm25|q59/);
  const stored = await page.evaluate(async () => {
    const cached = [];
    for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) cached.push(req.url);
    return { local: localStorage.length, session: sessionStorage.length, cached };
  });
  assert.equal(stored.local, 0);
  assert.equal(stored.session, 0);
  assert.ok(stored.cached.every((u) => !/bm25|q59/.test(u)));
  await context.close();
});

test('the page embeds in another site’s iframe, and the embed dialog writes the snippet', async () => {
  const site = new URL(plain.url);
  // A second origin (another port) hosting a paper's supplementary page.
  const host = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end(`<!doctype html><title>Supplement</title><h1>Supplementary material</h1>
      <iframe id="calc" src="${site.origin}/?embed=calculator" width="600" height="500"></iframe>
      <iframe id="grid" src="${site.origin}/?embed#n=50,100&delta=0,0.02&rho=0.8&model=normal&reps=100&seed=2&run=1" width="600" height="400"></iframe>`);
  });
  await new Promise((r) => host.listen(0, '127.0.0.1', r));
  const page = guarded(await browser.newPage({ viewport: { width: 1300, height: 900 } }));
  await page.goto(`http://127.0.0.1:${host.address().port}/`);
  const calc = page.frameLocator('#calc');
  await calc.locator('[data-testid="calc-n-t"]').waitFor();
  assert.equal(await calc.locator('[data-testid="calc-n-t"]').textContent(), '455');
  const calcFrame = page.frame({ url: /embed=calculator/ });
  const overflow = await calcFrame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the 600 px frame scrolls sideways by ${overflow} px`);
  const gridFrame = page.frame({ url: /\?embed#/ });
  await gridFrame.waitForSelector('#app[data-state="done"]');
  const cli = cliPowers(['--n', '50,100', '--delta', '0,0.02', '--rho', '0.8', '--model', 'normal', '--reps', '100', '--seed', '2']);
  for (const { key, power } of await shownPowers(gridFrame)) assert.equal(power, cli.get(key), key);
  host.close();

  const own = guarded(await browser.newPage());
  await own.goto(`${plain.url}#preset=quick&reps=50&run=1`);
  await waitDone(own);
  await own.click('[data-testid="embed-button"]');
  const snippet = await own.inputValue('[data-testid="embed-code"]');
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed#.*n=50,100,200,400.*run=1" title="[^"]+" width="600"/);
});

test('the single-file build runs from disk with no network, gives the CLI’s numbers and draws its charts', async () => {
  const page = guarded(await browser.newPage());
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  const file = pathToFileURL(`${root}dist-single/pairpower.html`).href;
  await page.goto(`${file}#n=50,100&delta=0.02&rho=0.8&model=beta&reps=150&seed=8&run=1`);
  await waitDone(page);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'pool');
  const cli = cliPowers(['--n', '50,100', '--delta', '0.02', '--rho', '0.8', '--model', 'beta', '--reps', '150', '--seed', '8']);
  const shown = await shownPowers(page);
  assert.ok(shown.length >= cli.size);
  for (const { key, power } of shown) assert.equal(power, cli.get(key), key);
  // uPlot, loaded with the first chart, comes from inside the file too.
  await page.waitForSelector('[data-testid="calc-curve"] canvas');
  assert.deepEqual(errors, []);
  assert.deepEqual(requests.filter((u) => !u.startsWith('blob:') && u !== file.split('#')[0] && !u.startsWith(file)), []);
});

test('the single-file build from disk warms the leaderboard up while idle and ranks a folder of lm-eval logs as the CLI does', async () => {
  const page = guarded(await browser.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const file = pathToFileURL(`${root}dist-single/pairpower.html`).href;
  await page.goto(`${file}#view=leaderboard`);
  assert.equal(await warmedUp(page), 'pairpower:warm');
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  for (const m of ['dummy-a', 'dummy-b']) cpSync(join(root, 'tests/fixtures/logs/lm_eval', m), join(dir, m), { recursive: true });
  const samples = readdirSync(dir).flatMap((m) => readdirSync(join(dir, m)).filter((f) => f.startsWith('samples_')).map((f) => join(dir, m, f)));
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['leaderboard', ...samples, '--measure', 'acc', '--resamples', '500', '--bootstrap', '200', '--format', 'json'], { encoding: 'utf8' }));
  await page.fill('#lb-resamples', '500');
  await page.fill('#lb-bootstrap', '200');
  await page.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await page.fill('#lb-measure', 'acc');
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  const download = page.waitForEvent('download');
  await page.click('[data-testid="leaderboard-download-json"]');
  const got = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  const board = (r) => r.leaderboards.map((b) => [b.dataset, b.n, b.systems.map((s) => [s.system, s.mean, s.rank]), b.pairs.map((x) => [x.system_a, x.system_b, x.p, x.p_tukey])]);
  assert.deepEqual(board(got), board(want));
  assert.deepEqual(errors, []);
});

test('every control has a label, tables have captions, and phone width does not scroll sideways', async () => {
  const page = guarded(await browser.newPage({ viewport: { width: 390, height: 844 } }));
  for (const view of ['plan', 'analyze']) {
    await page.goto(`${plain.url}#view=${view}&preset=quick&reps=50&run=1`);
    await page.waitForSelector('#app:is([data-state="done"], [data-state="idle"])');
    if (view === 'plan') await waitDone(page);
    const unlabelled = await page.$$eval('input:not([type=hidden]), select, textarea, button', (els) =>
      els.filter((e) => e.offsetParent !== null).filter((e) => {
        const id = e.id;
        const byFor = id && document.querySelector(`label[for="${id}"]`);
        const wrapped = e.closest('label');
        return !(byFor || wrapped || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || (e.tagName === 'BUTTON' && e.textContent.trim()));
      }).map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(unlabelled, [], `${view}: unlabelled controls`);
    const uncaptioned = await page.$$eval('table:not([role="presentation"])', (ts) => ts.filter((t) => !t.querySelector('caption')).length);
    assert.equal(uncaptioned, 0, `${view}: tables without a caption`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(sideways <= 0, `${view}: the phone layout scrolls sideways by ${sideways} px`);
  }
  // Keyboard: Tab reaches the Run button, and focus is visible.
  await page.goto(`${plain.url}#preset=quick`);
  await page.waitForSelector('#app:is([data-state="idle"], [data-state="done"])');
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'run');
  }
  assert.ok(reached, 'Tab never reached the Run button');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
});
