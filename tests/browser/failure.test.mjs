// Failures in the browser: a worker that dies mid-run, the analysis worker
// dying (in Analyze, or as a board's pair opens), runs too large to start, and
// a shared link's run declined or cancelled. The page says what happened, keeps
// the user's inputs, and runs again without a reload.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cliPowers, launch, serve, shownPowers, waitDone } from './browser.mjs';

let browser;
const servers = [];
// A hang guard, not a speed requirement: generous for a busy machine.
const HANG_GUARD = 120_000;
async function newPage() {
  const context = await browser.newContext();
  context.setDefaultTimeout(HANG_GUARD);
  return context.newPage();
}
/** A fresh page on a server of its own, opened at `path` (query and hash); `before` sees the page first (a dialog handler). */
async function openAt(path, { isolate = true, before = () => {} } = {}) {
  const s = await serve(isolate);
  servers.push(s);
  const page = await newPage();
  before(page);
  await page.goto(`${s.url}${path}`);
  return page;
}
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
  servers.forEach((s) => s.server.close());
});

for (const isolate of [true, false]) {
  test(`a worker killed mid-run is reported, and Run works again (${isolate ? 'threads' : 'pool'})`, async () => {
    const page = await openAt(`?test-hooks${isolate ? '&threads' : ''}#preset=paper&reps=20000&seed=4`, { isolate });
    await page.waitForSelector('#app[data-state="idle"]');
    page.on('dialog', (d) => d.accept());  // the cost estimate may ask first
    await page.click('[data-testid="run"]');
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 1, null, { timeout: HANG_GUARD });
    await page.evaluate(() => window.__pairpowerTest.crashWorker(0));
    await page.waitForSelector('#app[data-state="error"]', { timeout: HANG_GUARD });
    const message = await page.textContent('[data-testid="error"]');
    assert.match(message, /a computation worker stopped \(.*simulated crash.*\)/);
    assert.match(message, /settings are kept; the engine has been restarted/);
    assert.equal(await page.inputValue('#field-reps'), '20000');  // the inputs survive
    // Without a reload: a smaller run completes and matches the CLI.
    await page.waitForFunction(() => document.getElementById('app').dataset.engine);
    await page.fill('#field-reps', '100');
    await page.click('[data-testid="run"]');
    await waitDone(page);
    const cli = cliPowers(['--preset', 'paper', '--reps', '100', '--seed', '4']);
    for (const { key, power } of await shownPowers(page)) assert.equal(power, cli.get(key), key);
  });
}

test('the analysis worker dying is reported; the pasted data stays and analysis works again', async () => {
  const page = await openAt('?test-hooks#view=analyze');
  await page.waitForSelector('#app[data-state="idle"]');
  const table = 'qid,A,B\n' + Array.from({ length: 40 }, (_, i) => `q${i},${(0.3 + (i % 9) / 30).toFixed(3)},${(0.31 + (i % 7) / 30).toFixed(3)}`).join('\n');
  await page.fill('[data-testid="paste-a"]', table);
  await page.evaluate(() => window.__pairpowerTest.crashAnalysis());
  await page.click('[data-testid="analyze"]');
  await page.waitForSelector('#analyze[data-state="error"]');
  assert.match(await page.textContent('[data-testid="error"]'), /worker stopped.*restarted and your data kept/);
  assert.equal(await page.inputValue('[data-testid="paste-a"]'), table);
  await page.click('[data-testid="analyze"]');
  await page.waitForSelector('#analyze[data-state="done"]');
  assert.equal(await page.getAttribute('[data-comparison="0"][data-stat="n"]', 'data-value'), '40');
});

test('a run too large for the page is refused with what to reduce; a long one asks first', async () => {
  const page = await openAt('#preset=paper&reps=1000000');
  await page.waitForSelector('#app[data-state="idle"]');
  await page.click('[data-testid="run"]');
  await page.waitForSelector('#app[data-limit="refused"]');
  assert.match(await page.textContent('[data-testid="error"]'), /would simulate 55\.5 billion pairs.*reduce the replicates R \(now 1,000,000\)/);
  // The refusal is where the user looks next: in view and focused.
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'error');
  assert.equal(await page.getAttribute('#app', 'data-state'), 'idle');
  await page.fill('#field-reps', '30000');
  let asked = '';
  page.once('dialog', async (d) => {
    asked = d.message();
    await d.dismiss();
  });
  await page.click('[data-testid="run"]');
  await page.waitForSelector('#app[data-limit="declined"]');
  assert.match(asked, /simulates 1\.7 billion pairs, about .* on this device\. Run it\?/);
  assert.equal(await page.getAttribute('#app', 'data-state'), 'idle');
});

test('a shared link to a run long enough to ask first sends no Monte Carlo unit before the user answers, and none once declined', async () => {
  let asked = '';
  const page = await openAt('#preset=paper&reps=30000&seed=2&run=1', {
    before: (p) => p.once('dialog', async (d) => {
      asked = d.message();
      await d.dismiss();
    }),
  });
  await page.waitForSelector('#app[data-limit="declined"]');
  assert.match(asked, /simulates 1\.7 billion pairs.*Run it\?/);
  // The page marks the moment its units go out (User Timing, read by bench:cold).
  assert.deepEqual(await page.evaluate(() => performance.getEntriesByName('pairpower:monte-carlo-start').length), 0);
  assert.equal(await page.locator('[data-power]').count(), 0);
});

test('Cancel stops a shared link’s run, whose units went out while the page was being built', async () => {
  const page = await openAt('#preset=paper&reps=10000&seed=1&run=1');
  await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) >= 1);
  await page.click('[data-testid="cancel"]');
  await page.waitForSelector('#app[data-state="done"]');
  // The view took the run the link started (one run's units went out), and stopped it short of its cells.
  assert.equal(await page.evaluate(() => performance.getEntriesByName('pairpower:monte-carlo-start').length), 1);
  assert.equal(await page.getAttribute('#app', 'data-outcome'), 'cancelled');
  const shown = await page.locator('[data-power]').count();
  const total = await page.locator('span.power').count();
  assert.ok(shown < total, `${shown} of ${total} cells shown after Cancel`);
});

test('a pair that cannot open from a board says why, in view and focused, and opens once the engine is back', async () => {
  const page = await openAt('?test-hooks#view=leaderboard');
  await page.waitForSelector('#app[data-state="idle"]');
  const rows = Array.from({ length: 30 }, (_, i) => `q${i},${(0.3 + (i % 9) / 30).toFixed(3)},${(0.31 + (i % 7) / 30).toFixed(3)},${(0.35 + (i % 5) / 30).toFixed(3)}`);
  await page.fill('[data-testid="paste-leaderboard"]', `qid,sys1,sys2,sys3\n${rows.join('\n')}\n`);
  await page.click('[data-testid="rank"]');
  await page.waitForSelector('#leaderboard[data-state="done"]');
  const cell = '[data-testid="pair-matrix"] td[data-a="sys1"][data-b="sys3"][data-testid="open-pair"]';
  await page.evaluate(() => window.__pairpowerTest.crashAnalysis());
  await page.click(cell);
  await page.waitForFunction(() => /worker stopped/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ''));
  assert.equal(await page.isVisible('[data-testid="error"]'), true);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'error');
  assert.equal(await page.getAttribute('#app', 'data-view'), 'leaderboard');
  await page.click(cell);
  await page.waitForSelector('#analyze[data-state="done"]');
  assert.equal(await page.getAttribute('#app', 'data-view'), 'analyze');
});
