// The Plan's answer and what qualifies it, in headless Chromium: a pilot far
// smaller than the N it plans warns in the core's (and the CLI's) words and a
// pilot of similar size does not; a pilot grid over two ρ is one simulation; after a run the answer is in view and focused
// with the power tables folded below it; the charts follow a colour-scheme
// change made while the page is open; the calculator embed carries its
// sensitivity views, folded, and still fits its frame; on a link's run the
// calculator answers once the run is done; the seed paper's values stand
// beside a run on its scores only; Copy link reopens a run's own results.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeAndWait, root, paste, shownPowers, useSite, waitDone } from './browser.mjs';

const site = useSite();
const HANG_GUARD = 180_000;  // a hang guard for a busy machine, not a speed requirement

// Pilot scores as `qid,A,B` with `n` queries; deterministic (the SD of B − A is about 0.06).
function pilotTable(n) {
  let seed = 17;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const rows = ['qid,A,B'];
  for (let i = 0; i < n; i++) {
    const a = 0.3 + 0.4 * rand();
    rows.push(`q${i},${a.toFixed(4)},${(a + 0.03 + 0.2 * (rand() - 0.5)).toFixed(4)}`);
  }
  return rows.join('\n') + '\n';
}

// Analyses the pilot in Analyze, hands it to Plan, sets the grid and runs it; the page, done.
async function planWithPilot(table, grid) {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  await paste(page, 'paste-a', table);
  assert.equal(await analyzeAndWait(page, HANG_GUARD), 'done', await page.textContent('[data-testid="error"]'));
  await page.click('[data-testid="send-pilot"]');
  await page.waitForSelector('#plan:not([hidden])');
  assert.equal(await page.inputValue('#field-model'), 'pilot');
  // The hand-over's result is in focus: the model field, now the pilot's.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-model');
  for (const [field, value] of Object.entries(grid)) await page.fill(`#field-${field}`, value);
  if (await page.isChecked('#field-tests-wilcoxon')) await page.uncheck('#field-tests-wilcoxon');
  if (await page.isChecked('#field-tests-sign')) await page.uncheck('#field-tests-sign');
  await page.check('#field-tests-t');
  await page.click('[data-testid="run"]');
  await waitDone(page, HANG_GUARD);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="mc-answer"]').length > 0);
  return page;
}

// The CLI's simulate on the same pilot and grid: its JSON and what it printed on stderr.
function cliPilot(table, grid) {
  const file = join(mkdtempSync(join(tmpdir(), 'pp-pilot-')), 'pilot.csv');
  writeFileSync(file, table);
  const args = ['simulate', '--model', 'pilot', '--pilot', file, '--tests', 't', ...Object.entries(grid).flatMap(([k, v]) => [`--${k}`, v]), '--format', 'json'];
  const run = spawnSync(`${root}build/pairpower`, args, { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return { json: JSON.parse(run.stdout), stderr: run.stderr };
}

const pageWarnings = (page) => page.$$eval('#plan [data-testid="warning"]', (els) => els.map((e) => ({
  code: e.dataset.code, text: e.textContent.replace(/^Warning: /, ''), inAnswer: !!e.closest('.answer'), visible: e.getClientRects().length > 0,
})));

test('Plan: a pilot of 10 queries planning hundreds warns beside the answer in the CLI’s words; a pilot of 60 planning about as many does not', async () => {
  const grid = { n: '50,100', delta: '0,0.01', rho: '0.5', reps: '200', seed: '5' };
  const small = pilotTable(10);
  const page = await planWithPilot(small, grid);
  const cli = cliPilot(small, grid);
  // The same cells as the CLI: the warning is judged on the same run.
  for (const { key, power } of await shownPowers(page)) {
    const [model, n, delta, rho, t] = key.split('|');
    const row = cli.json.results.find((r) => r.model === model && r.n === Number(n) && r.delta === Number(delta) && r.rho === Number(rho) && r.test === t);
    assert.equal(power, row.power, key);
  }
  assert.equal(cli.json.warnings.length, 1);
  assert.equal(cli.json.warnings[0].code, 'pilot_extrapolated');
  assert.match(cli.stderr, /^warning: .*a pilot of 10 queries/m);
  const shown = await pageWarnings(page);
  assert.deepEqual(shown, [{ code: 'pilot_extrapolated', text: cli.json.warnings[0].message, inAnswer: true, visible: true }]);
  await page.close();

  const similar = { n: '30,60', delta: '0,0.05', rho: '0.5', reps: '200', seed: '5' };
  const big = pilotTable(60);
  const quiet = await planWithPilot(big, similar);
  assert.deepEqual(await pageWarnings(quiet), []);
  const cliQuiet = cliPilot(big, similar);
  assert.deepEqual(cliQuiet.json.warnings, []);
  assert.doesNotMatch(cliQuiet.stderr, /warning/);
  await quiet.close();
});

test('a pilot grid over two ρ shows one simulation at every ρ, the CLI’s, and says in the CLI’s words that the model does not read ρ', async () => {
  const grid = { n: '30,60', delta: '0,0.05', rho: '0.2,0.8', reps: '200', seed: '5' };
  const table = pilotTable(60);
  const page = await planWithPilot(table, grid);
  const cli = cliPilot(table, grid);
  const shown = await shownPowers(page);
  assert.equal(new Set(shown.map((x) => x.key)).size, 8);
  for (const { key, power } of shown) {
    const [model, n, delta, rho, t] = key.split('|');
    const row = cli.json.results.find((r) => r.model === model && r.n === Number(n) && r.delta === Number(delta) && r.rho === Number(rho) && r.test === t);
    assert.equal(power, row.power, key);
    assert.equal(power, shown.find((x) => x.key === [model, n, delta, rho === '0.2' ? '0.8' : '0.2', t].join('|')).power, key);
  }
  assert.match(await page.textContent('[data-testid="plan-announce"]'), /pilot-data model: 1 of 1 δ reach/);
  // One simulation serves both ρ: the pairs simulated count each N × δ once, in the page as in the CLI.
  assert.equal(cli.json.pairs, (30 + 60) * 2 * 200);
  assert.match(await page.textContent('[data-testid="run-summary"]'), new RegExp(`, ${cli.json.pairs.toLocaleString('en-US')} simulated pairs in `));
  // The answer's tables give such a model one column, not one per ρ that repeats it.
  for (const id of ['mc-answer', 'min-n', 'mde'])
    assert.deepEqual(await page.$$eval(`[data-testid="${id}"] thead th`, (ths) => ths.slice(1).map((th) => th.textContent)), ['any ρ'], id);
  assert.deepEqual(cli.json.warnings.map((w) => w.code), ['rho_ignored']);
  assert.match(cli.stderr, /^warning: The pilot-data model does not read ρ/m);
  assert.deepEqual(await pageWarnings(page), [{ code: 'rho_ignored', text: cli.json.warnings[0].message, inAnswer: true, visible: true }]);
  await page.close();
});

test('after a run an edit to the grid marks the answer as not for the settings as they stand, until the next run', async () => {
  const page = await site.browser.newPage();
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#preset=quick&reps=100&seed=3&run=1`);
  await waitDone(page, HANG_GUARD);
  const note = page.locator('[data-testid="stale-note"]');
  assert.equal(await note.isVisible(), false);
  await page.fill('#field-delta', '0.03');
  await note.waitFor({ state: 'visible' });
  assert.match(await note.textContent(), /not for the settings as they now stand: press Run/);
  assert.equal(await note.evaluate((n) => !!n.closest('.answer')), true);
  await page.click('[data-testid="run"]');
  await waitDone(page, HANG_GUARD);
  assert.equal(await note.isVisible(), false);
  await page.close();
});

test('the seed paper’s values and their legend stand beside a run on the paper’s scores only, not on scores of another SD', async () => {
  const seen = [];
  for (const sd of ['', '&sd=0.2']) {
    const page = await site.browser.newPage();
    page.setDefaultTimeout(HANG_GUARD);
    await page.goto(`${site.url}#preset=paper&n=50,100&rho=0.8${sd}&reps=100&seed=4&run=1`);
    await waitDone(page, HANG_GUARD);
    assert.equal(await page.inputValue('#field-sd'), sd ? '0.2' : '0.12');
    seen.push({ values: await page.locator('.paper').count(), legend: await page.locator('[data-testid="paper-legend"]').count() });
    await page.close();
  }
  assert.ok(seen[0].values > 0 && seen[0].legend === 1, JSON.stringify(seen));
  assert.deepEqual(seen[1], { values: 0, legend: 0 });
});

test('after a run the answer is in view with its heading focused, and the power tables are folded below it under a summary naming them', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#preset=paper&reps=100&seed=4&run=1`);
  await waitDone(page, HANG_GUARD);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="mc-answer"]').length > 0);
  const seen = await page.evaluate(() => {
    const title = document.getElementById('answer-title').getBoundingClientRect();
    const details = document.querySelector('[data-testid="power-details"]');
    const tables = details.querySelector('.tables');
    return {
      focused: document.activeElement?.id,
      titleInView: title.top >= 0 && title.bottom <= innerHeight, titleBox: [title.top, title.bottom, innerHeight, scrollY],
      open: details.open,
      summary: details.querySelector('summary').textContent,
      tablesShown: tables.checkVisibility(),
      cellsHeld: details.querySelectorAll('[data-power]').length,
    };
  });
  assert.equal(seen.focused, 'answer-title');
  assert.ok(seen.titleInView, `the answer heading is in the window: ${seen.titleBox}`);
  assert.equal(seen.open, false);
  assert.equal(seen.tablesShown, false);
  // The paper's grid: 2 models × 5 N × 5 δ × 3 ρ = 150 cells × 2 tests.
  assert.match(seen.summary, /^Power for every cell of the grid \(150 cells × 2 tests\) — Monte Carlo ± SE/);
  assert.ok(seen.cellsHeld >= 300, `the folded tables hold every cell (${seen.cellsHeld})`);
  // Opened, they show, laid out at full width.
  await page.click('[data-testid="power-details"] > summary');
  const width = await page.$eval('.tables table', (t) => t.getBoundingClientRect().width);
  assert.ok(width > 300, `the opened tables are laid out (${width} px)`);
  await page.close();
});

// Pixels of a canvas within 6 per channel of a #rrggbb colour.
async function pixelsOf(page, selector, hex) {
  return page.$eval(selector, (canvas, color) => {
    const want = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 250 && want.every((v, k) => Math.abs(data[i + k] - v) <= 6)) count++;
    return count;
  }, hex);
}

test('charts drawn in the light scheme take the dark scheme’s colours when the scheme changes while the page is open', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 }, colorScheme: 'light' });
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#preset=quick&reps=100&seed=3&run=1`);
  await waitDone(page, HANG_GUARD);
  await page.waitForSelector('.curves .uplot canvas');
  await page.waitForSelector('[data-testid="calc-curve"] .uplot canvas');
  const first = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--series-1').trim());
  await page.emulateMedia({ colorScheme: 'dark' });
  const second = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--series-1').trim());
  assert.notEqual(first, second, 'the stylesheet gives the first series another colour in the dark scheme');
  // The first δ's Monte Carlo points (solid discs) and the paired t's curve: in the new colour, none left in the old.
  for (const chart of ['.curves .uplot canvas', '[data-testid="calc-curve"] .uplot canvas']) {
    await page.waitForFunction(([sel, hex]) => {
      const c = document.querySelector(sel);
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 250 && want.every((v, k) => Math.abs(data[i + k] - v) <= 6)) return true;
      return false;
    }, [chart, second]);
    assert.equal(await pixelsOf(page, chart, first), 0, `${chart}: no pixel left in the light scheme's ${first}`);
  }
  await page.close();
});

test('the calculator embed holds its sensitivity views, folded, and fits the frame its snippet writes; opened, they draw', async () => {
  // The snippet as the page's embed dialog writes it (offered with a run's exports).
  const own = await site.browser.newPage();
  own.setDefaultTimeout(HANG_GUARD);
  await own.goto(`${site.url}#preset=quick&reps=50&seed=1&run=1`);
  await waitDone(own, HANG_GUARD);
  await own.click('[data-testid="embed-button"]');
  await own.selectOption('#embed-kind', 'calculator');
  const snippet = await own.inputValue('[data-testid="embed-code"]');
  await own.close();
  const [, src] = snippet.match(/src="([^"]+)"/);
  const width = Number(snippet.match(/width="(\d+)"/)[1]), height = Number(snippet.match(/height="(\d+)"/)[1]);
  const page = await site.browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(src);
  await page.waitForSelector('[data-testid="calc-n-t"]');
  const seen = await page.evaluate(() => {
    const fold = document.querySelector('[data-testid="calc-sensitivity-fold"]');
    const r = fold.querySelector('summary').getBoundingClientRect();
    return { open: fold.open, summary: fold.querySelector('summary').textContent, bottom: r.bottom, scrollHeight: document.scrollingElement.scrollHeight };
  });
  assert.equal(seen.open, false);
  assert.match(seen.summary, /^Sensitivity: power against δ, over N × δ, and what each N detects$/);
  assert.ok(seen.bottom <= height, `the sensitivity summary is inside the ${height} px frame (${seen.bottom})`);
  assert.ok(seen.scrollHeight <= height, `the folded embed is ${seen.scrollHeight} px tall in a ${height} px frame`);
  await page.click('[data-testid="calc-sensitivity-fold"] > summary');
  await page.waitForSelector('[data-testid="calc-curve"] .uplot canvas');
  assert.ok((await page.$$('[data-testid="calc-grid"] td[data-grid-power]')).length >= 60);
  assert.ok((await page.$$('[data-testid="calc-detectable"] li')).length > 0);
  await page.close();
});

test('on a shared link’s run the quick calculator waits for the run, saying so, then answers as on a page without a run', async () => {
  const answer = async (hash) => {
    const page = await site.browser.newPage();
    // What the calculator shows the first time it says it waits (while the run goes, whatever the machine's speed).
    await page.addInitScript(() => {
      new MutationObserver((_, o) => {
        const status = document.querySelector('[data-testid="calc-status"]');
        if (!status || status.hidden || !/run is done/.test(status.textContent)) return;
        o.disconnect();
        window.__waiting = { answered: !!document.querySelector('[data-testid="calc-n-t"]'), running: document.getElementById('app')?.dataset.state === 'running', status: status.textContent };
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await page.goto(`${site.url}${hash}`);
    if (hash.includes('run=1')) await waitDone(page, HANG_GUARD);
    await page.waitForSelector('[data-testid="calc-n-t"]', { timeout: HANG_GUARD });
    const shown = { n: await page.textContent('[data-testid="calc-n-t"]'), status: await page.isVisible('[data-testid="calc-status"]'), waiting: await page.evaluate(() => window.__waiting ?? null) };
    await page.close();
    return shown;
  };
  const { waiting, ...afterRun } = await answer('#preset=quick&reps=100&seed=5&run=1');
  assert.deepEqual(waiting, { answered: false, running: true, status: 'Answers once the run is done (within 3 s)…' });
  const { waiting: none, ...plain } = await answer('#preset=quick');
  assert.equal(none, null, 'a page without a run has the calculator wait');
  assert.deepEqual(afterRun, plain);
  assert.equal(afterRun.status, false, 'the calculator still says it is waiting');
});

test('the sensitivity curve in words gives each δ in the page\'s number format, where a test reaches the target and where one never does', async () => {
  const page = await site.browser.newPage();
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#preset=quick`);
  // At N = 5 the sign test cannot reach α = 0.05 (its smallest p is 2/32): its power stays below the target along the whole curve.
  await page.fill('#calc-n', '5');
  await page.waitForFunction(() => /below/.test(document.querySelector('[data-testid="calc-curve"] .visually-hidden')?.textContent ?? ''));
  const said = await page.textContent('[data-testid="calc-curve"] .visually-hidden');
  assert.match(said, /reaches 0\.8 at δ = /);
  const deltas = [...said.matchAll(/δ = (-?[\d.]+)/g)].map((m) => m[1]);
  for (const d of deltas) assert.ok(d.replace(/^-?0*\.?0*/, '').replace('.', '').length <= 4, `δ = ${d} in: ${said}`);
  await page.close();
});

test('Copy link gives the run\'s own settings with run=1, and the link opens the same results', async () => {
  const page = await site.browser.newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.goto(`${site.url}#preset=quick&reps=100&seed=7&run=1`);
  await waitDone(page);
  const first = await shownPowers(page);
  assert.ok(first.length > 0);
  // The address bar may change before Copy link is pressed (a view link, an edit): the link is the run's.
  await page.evaluate(() => history.replaceState(null, '', '#view=plan'));
  await page.click('[data-testid="copy-link"]');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  assert.equal(params.get('run'), '1');
  assert.equal(params.get('seed'), '7');
  assert.equal(params.get('reps'), '100');
  const again = await site.browser.newPage();
  await again.goto(link);
  await waitDone(again);
  assert.deepEqual(await shownPowers(again), first);
  await again.close();
  await page.close();
});
