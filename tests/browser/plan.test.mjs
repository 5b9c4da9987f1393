// The Plan page in headless Chromium: the worker pool, isolated or not, and the
// threaded build with ?threads, the CLI's numbers in each, cancel, and the URL hash.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { cliPowers, launch, root, serve, shownPowers, waitDone } from './browser.mjs';
import { loadModule } from '../wasm/load-module.mjs';

let browser;
const servers = [];
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
  servers.forEach((s) => s.server.close());
});

// A hang guard, not a speed requirement: generous for a busy machine.
const HANG_GUARD = 120_000;

async function openPage(isolate, hash, query = '') {
  const s = await serve(isolate);
  servers.push(s);
  const context = await browser.newContext();
  context.setDefaultTimeout(HANG_GUARD);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${s.url}${query}${hash}`);
  return { page, errors, url: s.url };
}

function assertSameAsCli(shown, cli) {
  assert.ok(shown.length >= cli.size, `the page shows ${shown.length} values, the CLI ${cli.size}`);
  const seen = new Set();
  for (const { key, power } of shown) {
    assert.ok(cli.has(key), `unexpected cell ${key}`);
    assert.equal(power, cli.get(key), `cell ${key}`);
    seen.add(key);
  }
  assert.equal(seen.size, cli.size);
}

const paperCli = cliPowers(['--preset', 'paper', '--reps', '200', '--seed', '5']);

test('cross-origin isolated, the worker pool runs by default and the paper preset equals the CLI cell by cell', async () => {
  const { page, errors } = await openPage(true, '#preset=paper&reps=200&seed=5&run=1');
  await waitDone(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'pool');
  assertSameAsCli(await shownPowers(page), paperCli);
  assert.deepEqual(errors, []);
});

test('cross-origin isolated with ?threads: the threaded build runs and the paper preset equals the CLI cell by cell', async () => {
  const { page, errors } = await openPage(true, '#preset=paper&reps=200&seed=5&run=1', '?threads');
  await waitDone(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'threads');
  assertSameAsCli(await shownPowers(page), paperCli);
  assert.deepEqual(errors, []);
});

test('a new run of the same grid keeps its tables, empties them first, and shows the new seed’s CLI numbers and paper column as a fresh page does', async () => {
  const { page, errors, url } = await openPage(true, '#preset=paper&reps=200&seed=5&run=1');
  await waitDone(page);
  await page.evaluate(() => document.querySelectorAll('table.power-table').forEach((t) => (t.__before = true)));
  assert.ok(await page.$$eval('[data-power]', (els) => els.length) > 0);  // values to clear
  await page.fill('#field-seed', '6');
  const atStart = page.evaluate(() => new Promise((resolve) => {
    const app = document.getElementById('app');
    const watch = new MutationObserver(() => {
      if (app.dataset.state !== 'running') return;
      watch.disconnect();
      resolve({ powers: document.querySelectorAll('[data-power]').length, analytic: document.querySelectorAll('[data-analytic]').length });
    });
    watch.observe(app, { attributes: true, attributeFilter: ['data-state'] });
  }));
  await page.click('[data-testid="run"]');
  const start = await atStart;
  assert.equal(start.powers, 0, 'Monte Carlo values of the last run left in the tables');
  assert.ok(start.analytic > 0, 'the analytic values stay');
  await waitDone(page);
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('table.power-table')].every((t) => t.__before)), true);
  const cli = cliPowers(['--preset', 'paper', '--reps', '200', '--seed', '6']);
  assertSameAsCli(await shownPowers(page), cli);
  // The paper's column (its values and any ⚠ flags) as a fresh page on the new seed's link shows it.
  const flags = (p) => p.$$eval('.paper', (els) => els.map((e) => `${e.parentElement.firstElementChild.dataset.power ?? ''}|${e.textContent}|${e.classList.contains('flagged')}`).sort());
  const other = await openPage(true, '#preset=paper&reps=200&seed=6&run=1');
  await waitDone(other.page);
  assert.deepEqual(await flags(page), await flags(other.page));
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await other.page.close();
});

test('?threads=0 keeps the worker pool on an isolated page', async () => {
  const { page, errors } = await openPage(true, '#n=50&delta=0.02&rho=0.8&model=normal&reps=50&seed=2&run=1', '?threads=0');
  await waitDone(page);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'pool');
  assert.deepEqual(errors, []);
});

test('without COOP/COEP the worker pool runs and gives the same numbers', async () => {
  const { page, errors } = await openPage(false, '#preset=paper&reps=200&seed=5&run=1');
  await waitDone(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  assert.equal(await page.getAttribute('#app', 'data-engine'), 'pool');
  assertSameAsCli(await shownPowers(page), paperCli);
  assert.deepEqual(errors, []);
});

for (const isolate of [true, false]) {
  test(`Cancel stops a run, no cell arrives after it, and the page goes on working (${isolate ? 'threads' : 'pool'})`, async () => {
    // Behaviour only: how fast Cancel lands and how long the main thread stalls
    // are measured by `npm run bench:web` (BENCHMARKS.md), not asserted here.
    const { page, errors } = await openPage(isolate, '#preset=paper&reps=50000&seed=1', isolate ? '?threads' : '');
    await page.waitForSelector('#app[data-state="idle"]');
    page.on('dialog', (d) => d.accept());  // a run this long asks first; the user says yes
    await page.click('[data-testid="run"]');
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 1, null, { timeout: HANG_GUARD });
    assert.equal(await page.getAttribute('#app', 'data-state'), 'running');
    // While the run goes the page answers: the calculator recomputes as the user types.
    await page.fill('#calc-rho', '0.95');
    await page.waitForFunction(() => document.querySelector('[data-testid="calc-n-t"]')?.textContent === '115', null, { timeout: HANG_GUARD });
    // Note what the page shows at the moment the run reports that it stopped.
    await page.evaluate(() => {
      const app = document.getElementById('app');
      const obs = new MutationObserver(() => {
        if (app.dataset.state !== 'done') return;
        obs.disconnect();
        const bar = document.querySelector('progress');
        window.__atStop = { cells: document.querySelectorAll('[data-power]').length, value: bar.value, max: bar.max };
      });
      obs.observe(app, { attributes: true, attributeFilter: ['data-state'] });
    });
    await page.click('[data-testid="cancel"]');
    await page.waitForSelector('#app[data-state="done"]', { timeout: HANG_GUARD });
    assert.equal(await page.getAttribute('#app', 'data-outcome'), 'cancelled');
    const atStop = await page.evaluate(() => window.__atStop);
    assert.ok(atStop.cells > 0, 'no finished cell was shown before Cancel');
    assert.ok(atStop.value < atStop.max, `progress ${atStop.value} / ${atStop.max} at the stop`);
    // Nothing arrives after the stop: the workers' in-flight units are not shown.
    await page.waitForTimeout(1000);
    assert.equal(await page.locator('[data-power]').count(), atStop.cells, 'cells were added after Cancel');
    assert.equal(await page.getAttribute('#app', 'data-state'), 'done');
    assert.deepEqual(await page.evaluate(() => { const bar = document.querySelector('progress'); return { value: bar.value, max: bar.max }; }), { value: atStop.value, max: atStop.max });
    // Unfinished cells stay pending; the finished ones carry powers.
    const shown = await shownPowers(page);
    assert.ok(shown.length > 0 && (await page.locator('.power.pending').count()) > 0);
    assert.ok(shown.every(({ power }) => power >= 0 && power <= 1));
    // The page goes on: Run is enabled again, and a second, small run completes with the CLI's numbers.
    assert.equal(await page.isDisabled('[data-testid="run"]'), false);
    assert.equal(await page.isDisabled('[data-testid="cancel"]'), true);
    await page.fill('#field-reps', '100');
    await page.click('[data-testid="run"]');
    await page.waitForSelector('#app[data-state="done"][data-outcome="complete"]', { timeout: HANG_GUARD });
    assertSameAsCli(await shownPowers(page), cliPowers(['--preset', 'paper', '--reps', '100', '--seed', '1']));
    assert.equal(await page.locator('.power.pending').count(), 0);
    assert.deepEqual(errors, []);
  });
}

test('Cancel pressed before the Monte Carlo units start ends the run there, keeping the analytic values', async () => {
  const { page, errors } = await openPage(true, '#preset=quick&reps=2000&seed=3');
  await page.waitForSelector('#app[data-state="idle"]');
  // Run, then Cancel in the same task: the run has not reached its Monte Carlo units yet.
  await page.evaluate(() => {
    document.querySelector('[data-testid="run"]').click();
    document.querySelector('[data-testid="cancel"]').click();
  });
  await page.waitForSelector('#app[data-state="done"]');
  assert.equal(await page.getAttribute('#app', 'data-outcome'), 'cancelled');
  assert.equal(await page.locator('[data-power]').count(), 0);
  assert.ok((await page.locator('[data-analytic]').count()) > 0);
  assert.equal(await page.isDisabled('[data-testid="run"]'), false);
  assert.deepEqual(errors, []);
});

test('the URL hash round-trips and a shared link reproduces the run', async () => {
  const hash = '#n=50,100&delta=0.02&rho=0.8&model=normal&reps=100&seed=4&run=1';
  const { page, url } = await openPage(true, hash);
  await waitDone(page);
  assertSameAsCli(await shownPowers(page), cliPowers(['--n', '50,100', '--delta', '0.02', '--rho', '0.8', '--model', 'normal', '--reps', '100', '--seed', '4']));
  assert.equal(await page.inputValue('#field-n'), '50,100');
  assert.equal(await page.inputValue('#field-reps'), '100');
  // Change fields in the form and run: the hash follows.
  await page.fill('#field-n', '60,120');
  await page.fill('#field-delta', '0.01,0.03');
  await page.selectOption('#field-model', 'beta');
  await page.check('#field-tests-sign');
  await page.click('[data-testid="run"]');
  await waitDone(page);
  const shared = await page.evaluate(() => location.hash);
  for (const part of ['n=60,120', 'delta=0.01,0.03', 'model=beta', 'tests=t,wilcoxon,sign', 'reps=100', 'seed=4', 'rho=0.8'])
    assert.ok(shared.includes(part), `${part} missing from ${shared}`);
  // A fresh page opened on that link shows the same fields and, run, the same numbers.
  const otherContext = await browser.newContext();
  otherContext.setDefaultTimeout(HANG_GUARD);
  const other = await otherContext.newPage();
  await other.goto(`${url}${shared}&run=1`);
  await waitDone(other);
  for (const id of ['n', 'delta', 'rho', 'model', 'mean', 'sd', 'alpha', 'tests', 'reps', 'seed', 'power'])
    assert.equal(await other.inputValue(`#field-${id}`), await page.inputValue(`#field-${id}`), id);
  assert.deepEqual(await shownPowers(other), await shownPowers(page));
});

test('a shared link shows every cell’s analytic value before the first Monte Carlo value, with the CLI’s analytic numbers, and leads with the answer', async () => {
  const s = await serve(true);
  servers.push(s);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(HANG_GUARD);
  const page = await context.newPage();
  // What the page shows at the moment its first Monte Carlo value lands.
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.querySelector('[data-power]')) return;
      obs.disconnect();
      window.__atFirstPower = document.querySelectorAll('[data-analytic]').length;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-power'] });
  });
  await page.goto(`${s.url}#preset=paper&reps=200&seed=5&run=1`);
  await waitDone(page);
  const out = JSON.parse(execFileSync(`${root}build/pairpower`, ['simulate', '--preset', 'paper', '--reps', '200', '--seed', '5', '--format', 'json']));
  const cli = new Map(out.results.filter((r) => r.analytic_power !== undefined && r.analytic_power !== null).map((r) => [`${r.model}|${r.n}|${r.delta}|${r.rho}|${r.test}`, r.analytic_power]));
  const shown = await page.$$eval('[data-analytic]', (els) => els.map((e) => ({ key: `${e.dataset.model}|${e.dataset.n}|${e.dataset.delta}|${e.dataset.rho}|${e.dataset.test}`, value: Number(e.dataset.analytic) })));
  const keys = new Set(shown.map((x) => x.key));
  assert.equal(keys.size, cli.size, 'every cell with an analytic value shows it');
  for (const { key, value } of shown) assert.ok(Math.abs(value - cli.get(key)) <= 1e-9, `${key}: page ${value}, CLI ${cli.get(key)}`);
  // The type I table repeats the δ = 0 cells: every analytic element was in place before the first Monte Carlo value.
  assert.equal(await page.evaluate(() => window.__atFirstPower), shown.length);
  // The answer sits above the grid's form, in the first screen, and names the seed paper's ⚠ rule with the tables.
  const top = await page.$eval('[data-testid="min-n"]', (e) => e.getBoundingClientRect().top);
  assert.ok(top < 900, `the smallest-N table starts at ${top} px`);
  assert.match(await page.textContent('[data-testid="plan-answer"]'), /Queries needed for 80% power with the paired t/);
  assert.match(await page.textContent('[data-testid="paper-legend"]'), /How Many Test Pairs Do You Need\?.*⚠/s);
  await context.close();
});

test('invalid input is flagged at its field before running', async () => {
  const { page } = await openPage(true, '#preset=quick');
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#field-rho', '1.5');
  assert.equal(await page.getAttribute('#field-rho', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#field-rho-error'), /between −1 and 1/);
  assert.equal(await page.isDisabled('[data-testid="run"]'), true);
  await page.fill('#field-rho', '0.7');
  assert.equal(await page.isDisabled('[data-testid="run"]'), false);
  await page.fill('#field-n', '10,abc');
  assert.match(await page.textContent('#field-n-error'), /not a whole number/);
});

test('the quick calculator answers as the user types', async () => {
  const { page } = await openPage(true, '#preset=quick');
  await page.waitForSelector('#app[data-state="idle"]');
  await page.waitForSelector('[data-testid="calc-n-t"]');
  assert.equal(await page.textContent('[data-testid="calc-n-t"]'), '455');
  await page.fill('#calc-rho', '0.95');
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-n-t"]')?.textContent === '115');
});

test('the calculator plans clustered and repeated items and binary items with the CLI numbers, and names a bad design field by its label', async () => {
  const { page, errors } = await openPage(true, '#preset=quick');
  await page.waitForSelector('#app[data-state="idle"]');
  await page.waitForSelector('[data-testid="calc-n-t"]');
  const cli = (args) => JSON.parse(execFileSync(`${root}build/pairpower`, [...args, '--format', 'json'], { encoding: 'utf8' })), int = (x) => x.toLocaleString('en-US');
  // Continuous scores in clusters of 5 at ICC 0.2: the t answers in items and clusters, the others say why not.
  await page.fill('#calc-sddiff', '0.2');
  await page.fill('#calc-delta', '0.02');
  await page.fill('#calc-n', '1000');
  await page.click('[data-testid="calc-design-fold"] summary');
  await page.fill('#calc-cluster-size', '5');
  await page.fill('#calc-icc', '0.2');
  const ss = cli(['samplesize', '--delta', '0.02', '--sd-diff', '0.2', '--power', '0.8', '--cluster-size', '5', '--icc', '0.2']);
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-n-t"]')?.textContent === want, int(ss.t.n));
  assert.match(await page.textContent('[data-testid="calc-output"]'), new RegExp(`${int(ss.t.n)} items in ${int(ss.t.clusters)} clusters`));
  assert.equal(await page.textContent('[data-testid="calc-n-wilcoxon"]'), 'not computed');
  const pw = cli(['power', '--n', '1000', '--delta', '0.02', '--sd-diff', '0.2', '--cluster-size', '5', '--icc', '0.2']);
  assert.equal(await page.textContent('[data-testid="calc-power-t"]'), pw.t.power.toFixed(3));
  assert.match(await page.textContent('[data-testid="calc-design"]'), /design effect 1\.8/);
  // Binary items with the same clusters: no exact McNemar, the approximation in items and clusters.
  await page.selectOption('#calc-metric', 'binary');
  assert.equal(await page.isHidden('#calc-delta'), true);
  const b = cli(['samplesize', '--metric', 'binary', '--accuracy-a', '0.70', '--accuracy-b', '0.75', '--agreement', '0.85', '--power', '0.8', '--cluster-size', '5', '--icc', '0.2']);
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-binary-n-approximate"]')?.textContent === want,
    `${int(b.approximate.n)} items in ${int(b.approximate.clusters)} clusters`);
  assert.equal(await page.textContent('[data-testid="calc-binary-n-exact"]'), 'not computed');
  // Independent items: McNemar's exact n and power.
  await page.fill('#calc-cluster-size', '1');
  await page.fill('#calc-icc', '0');
  const e = cli(['samplesize', '--metric', 'binary', '--accuracy-a', '0.70', '--accuracy-b', '0.75', '--agreement', '0.85', '--power', '0.8']);
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-binary-n-exact"]')?.textContent === want, `${int(e.exact.n)} items`);
  const ep = cli(['power', '--metric', 'binary', '--accuracy-a', '0.70', '--accuracy-b', '0.75', '--agreement', '0.85', '--n', '1000']);
  assert.equal(await page.textContent('[data-testid="calc-binary-power-exact"]'), ep.exact.power.toFixed(3));
  // An impossible agreement, an ICC without clusters: the core's words under the page's labels.
  await page.fill('#calc-agreement', '0.97');
  await page.waitForFunction(() => /^Agreement: /.test(document.querySelector('[data-testid="calc-error"]')?.textContent ?? ''));
  await page.fill('#calc-agreement', '0.85');
  await page.fill('#calc-icc', '0.3');
  await page.waitForFunction(() => /^ICC: applies to items in clusters/.test(document.querySelector('[data-testid="calc-error"]')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the models beyond the paper run in the page with the CLI numbers, and each shows only its own parameter', async () => {
  const cases = [
    ['binary', '&mean=0.4', ['--mean', '0.4'], []],
    ['heterogeneous', '&tau=0.07', ['--tau', '0.07'], ['tau']],
    ['heavy-tailed', '&df=3', ['--df', '3'], ['df']],
    ['zero-inflated', '&zero_share=0.25', ['--zero-share', '0.25'], ['zero_share']],
    ['lattice', '&levels=5', ['--levels', '5'], ['levels']],
  ];
  for (const [model, hashExtra, flags, shownParams] of cases) {
    const grid = ['--n', '40,90', '--delta', '0,0.04', '--rho', '0.6', '--model', model, '--tests', 't,wilcoxon,sign', '--reps', '150', '--seed', '4', ...flags];
    const { page, errors } = await openPage(true, `#n=40,90&delta=0,0.04&rho=0.6&model=${model}&tests=t,wilcoxon,sign&reps=150&seed=4${hashExtra}&run=1`);
    await waitDone(page);
    assertSameAsCli(await shownPowers(page), cliPowers(grid));
    const visible = await page.$$eval('[data-field]', (rows) => rows.filter((r) => !r.hidden).map((r) => r.dataset.field));
    for (const p of ['tau', 'df', 'zero_share', 'levels']) assert.equal(visible.includes(p), shownParams.includes(p), `${model}: field ${p}`);
    // The pilot model is not offered until Analyze hands data over (a link cannot carry them).
    assert.equal(await page.$eval('#field-model', (s) => [...s.options].filter((o) => o.value === 'pilot' && !o.hidden && !o.disabled).length), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a one-sided alternative from the hash gives the CLI numbers', async () => {
  const { page, errors } = await openPage(true, '#n=50,200&delta=0,0.01&rho=0.8&model=normal&tests=t,wilcoxon,sign&reps=200&seed=6&alternative=greater&run=1');
  await waitDone(page);
  assert.equal(await page.$eval('#field-alternative', (s) => s.value), 'greater');
  assertSameAsCli(await shownPowers(page), cliPowers(['--n', '50,200', '--delta', '0,0.01', '--rho', '0.8', '--tests', 't,wilcoxon,sign', '--reps', '200', '--seed', '6', '--alternative', 'greater']));
  assert.deepEqual(errors, []);
});

test('the calculator asks equivalence, non-inferiority and family questions with the CLI numbers, and shows the sensitivity views', async () => {
  const { page, errors } = await openPage(true, '#preset=quick');
  await page.waitForSelector('#app[data-state="idle"]');
  await page.waitForSelector('[data-testid="calc-n-t"]');
  const cli = (args) => JSON.parse(execFileSync(`${root}build/pairpower`, [...args, '--format', 'json'], { encoding: 'utf8' }));
  // Equivalence within ±0.01 at δ = 0 with a measured σ_d.
  await page.fill('#calc-sddiff', '0.05');
  await page.fill('#calc-delta', '0');
  await page.fill('#calc-n', '400');
  await page.selectOption('#calc-question', 'equivalence');
  await page.fill('#calc-margin', '0.01');
  const n = cli(['samplesize', '--delta', '0', '--sd-diff', '0.05', '--power', '0.8', '--equivalence', '0.01']).t.n;
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-n-t"]')?.textContent === want, String(n));
  const p = cli(['power', '--n', '400', '--delta', '0', '--sd-diff', '0.05', '--equivalence', '0.01']);
  assert.equal(await page.textContent('[data-testid="calc-power-t"]'), p.t.power.toFixed(3));
  assert.equal(await page.textContent('[data-testid="calc-power-wilcoxon"]'), '—');
  // The sensitivity views: a sentence per N whose effect is the CLI's mde, and the grid's cells.
  const rows = await page.$$eval('[data-testid="calc-detectable"] li', (els) => els.map((e) => ({ n: Number(e.dataset.n), delta: e.dataset.delta, text: e.textContent })));
  assert.ok(rows.length >= 4);
  for (const r of rows) {
    const m = cli(['mde', '--n', String(r.n), '--sd-diff', '0.05', '--power', '0.8', '--equivalence', '0.01']).t.delta;
    if (m === null) assert.equal(r.delta, '');
    else assert.ok(Math.abs(Number(r.delta) - m) <= 1e-12 * m, `N = ${r.n}: page ${r.delta}, CLI ${m}`);
    assert.match(r.text, new RegExp(`^At N = ${r.n} `));
  }
  assert.ok((await page.$$('[data-testid="calc-grid"] td[data-grid-power]')).length >= 60);
  await page.waitForSelector('[data-testid="calc-curve"] canvas');
  // Non-inferiority: the MDE may be negative.
  await page.selectOption('#calc-question', 'non_inferiority');
  const ni = cli(['mde', '--n', '400', '--sd-diff', '0.05', '--power', '0.8', '--non-inferiority', '0.01']).t.delta;
  // Written in the core's number format (formatting.hpp), signed: a non-inferiority MDE may be negative.
  const [niText] = (await loadModule('plan')).formatNumbers('signed', [ni]);
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-mde-t"]')?.textContent === want, niText);
  // A family of 8 comparisons after Holm: the CLI's Monte Carlo power_all (same seed, same numbers).
  await page.selectOption('#calc-question', 'difference');
  await page.fill('#calc-delta', '0.01');
  await page.fill('#calc-n', '200');
  await page.fill('#calc-comparisons', '8');
  const fam = cli(['power', '--n', '200', '--delta', '0.01', '--sd-diff', '0.05', '--comparisons', '8']);
  await page.waitForFunction((want) => document.querySelector('[data-testid="calc-family-all-t"]')?.textContent === want, fam.t.power_all.toFixed(3));
  assert.equal(await page.textContent('[data-testid="calc-family-any-t"]'), fam.t.power_any.toFixed(3));
  // A bad margin is named by its label.
  await page.selectOption('#calc-question', 'equivalence');
  await page.fill('#calc-margin', '-1');
  await page.waitForFunction(() => /^Margin M: /.test(document.querySelector('[data-testid="calc-error"]')?.textContent ?? ''));
  assert.deepEqual(errors, []);
});

test('an equivalence question from the hash runs every test as TOST with the CLI numbers (a leftover one-sided alternative is not sent), and shows its margin instead of the alternative', async () => {
  const { page, errors } = await openPage(true, '#n=40,120&delta=0,0.01&rho=0.8&model=unclipped&tests=t,wilcoxon,sign&reps=200&seed=3&alternative=greater&question=equivalence&margin=0.03&run=1');
  await waitDone(page);
  assertSameAsCli(await shownPowers(page), cliPowers(['--n', '40,120', '--delta', '0,0.01', '--rho', '0.8', '--model', 'unclipped', '--tests', 't,wilcoxon,sign',
    '--reps', '200', '--seed', '3', '--equivalence', '0.03']));
  const visible = await page.$$eval('[data-field]', (rows) => rows.filter((r) => !r.hidden).map((r) => r.dataset.field));
  assert.ok(visible.includes('margin') && !visible.includes('alternative'));
  assert.match(await page.textContent('.power-table caption'), /^Power to show equivalence within ±0.03/);
  assert.equal(await page.$('.type-one'), null);  // at δ = 0 equivalence power is not a type I error
  // The smallest N for the t-test at δ = 0 is the CLI's samplesize --equivalence answer (the unclipped model's σ_d is σ√(2(1−ρ))).
  await page.waitForSelector('[data-testid="min-n"] td[data-delta="0"]');
  const shownN = Number(await page.getAttribute('[data-testid="min-n"] td[data-delta="0"]', 'data-min-n-t'));
  const want = JSON.parse(execFileSync(`${root}build/pairpower`, ['samplesize', '--delta', '0', '--rho', '0.8', '--power', '0.8', '--equivalence', '0.03', '--format', 'json'],
    { encoding: 'utf8' })).t.n;
  assert.equal(shownN, want);
  assert.deepEqual(errors, []);
});
