// The Plan page's detailed power tables in headless Chromium: every value they
// show beside the CLI's CSV for the same run, and the charts beside them before and after a run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { root, useSite, waitDone } from './browser.mjs';

const site = useSite();

test('every paper value in the tables is the CLI\'s paper column for its cell, and each analytic value the CLI\'s analytic power', async () => {
  const page = await site.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}#preset=paper&reps=200&seed=5&run=1`);
  await waitDone(page);
  const [head, ...rows] = execFileSync(`${root}build/pairpower`, ['simulate', '--preset', 'paper', '--reps', '200', '--seed', '5', '--format', 'csv', '--progress', 'off'])
    .toString().trim().split('\n').map((l) => l.split(','));
  const col = (name) => head.indexOf(name);
  const key = (r) => [r[col('model')], Number(r[col('n')]), Number(r[col('delta')]), Number(r[col('rho')]), r[col('test')]].join('|');
  const paper = new Map(rows.filter((r) => r[col('paper')] !== '').map((r) => [key(r), `paper ${Number(r[col('paper')]).toFixed(3)}`]));
  const analytic = new Map(rows.filter((r) => r[col('analytic_power')] !== '').map((r) => [key(r), Number(r[col('analytic_power')])]));
  assert.ok(paper.size > 0);
  const shown = await page.$$eval('span.power', (els) => els.map((e) => {
    const td = e.parentElement;
    const keyOf = (x) => [x.dataset.model, Number(x.dataset.n), Number(x.dataset.delta), Number(x.dataset.rho), x.dataset.test].join('|');
    return { key: keyOf(e), paper: td.querySelector('.paper')?.textContent.replace(' ⚠', '') ?? null,
      section: td.querySelector('.paper')?.title ?? null, analytic: td.querySelector('.analytic')?.dataset.analytic ?? null };
  }));
  const seen = new Set();
  for (const s of shown) {
    assert.equal(s.paper, paper.get(s.key) ?? null, `paper value of ${s.key}`);
    if (s.paper) assert.match(s.section, /^printed in the paper, §\d/);
    if (s.paper) seen.add(s.key);
    // The wasm build's libm may differ from the native one's in the last bits of a closed form.
    const want = analytic.get(s.key);
    if (want === undefined || s.analytic === null) assert.equal(s.analytic, want === undefined ? null : String(want), `analytic value of ${s.key}`);
    else assert.ok(Math.abs(Number(s.analytic) - want) <= 1e-12, `analytic value of ${s.key}: ${s.analytic}, the CLI ${want}`);
  }
  assert.equal(seen.size, paper.size, 'every printed value shown');
  assert.deepEqual(errors, []);
  await page.close();
});

test('before the first run the charts are hidden, so no empty chooser is in the tab order; a run fills and shows them', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.url}#view=plan`);
  await page.waitForSelector('#app[data-state="idle"]');
  assert.equal(await page.isVisible('section.charts'), false);
  const focusable = await page.$$eval('select', (els) => els.filter((e) => e.options.length === 0 && e.offsetWidth > 0).map((e) => e.id));
  assert.deepEqual(focusable, []);
  await page.goto(`${site.url}#preset=quick&reps=100&seed=5&run=1`);
  await waitDone(page);
  await page.waitForSelector('section.charts:not([hidden])');
  assert.ok(await page.$eval('#chart-model', (e) => e.options.length) > 0);
  await page.close();
});

test('a cell where every replicate rejected shows the CLI’s one-sided bound in place of an SE of 0; the others their SE', async () => {
  const grid = { n: '30,400', delta: '0,0.1', rho: '0.8', reps: '200', seed: '5' };
  const text = execFileSync(`${root}build/pairpower`, ['simulate', ...Object.entries(grid).flatMap(([k, v]) => [`--${k}`, v]), '--progress', 'off']).toString();
  assert.match(text, /every one of the 200 replicates rejected \(or none did\), so the SE is 0; the power is at least \(at most\) the bound shown, with 95% confidence/);
  // The CLI's rows: model, test, N, δ, ρ │ power, MC SE or bound │ analytic.
  const rows = [...text.matchAll(/^(\S+)\s+(\S+)\s+(\d+)\s+(\S+)\s+(\S+) │\s+(\S+)\s+(\S+) │/gm)].map((m) => ({ key: [m[1], Number(m[3]), Number(m[4]), Number(m[5]), m[2]].join('|'), power: m[6], se: m[7] }));
  assert.equal(rows.length, 8);
  assert.ok(rows.filter((r) => r.se.startsWith('≥')).length >= 2, text);
  const page = await site.browser.newPage();
  await page.goto(`${site.url}#preset=quick&${new URLSearchParams(grid)}&run=1`);
  await waitDone(page);
  const shown = new Map(await page.$$eval('span.power', (els) => els.map((e) => [
    [e.dataset.model, Number(e.dataset.n), Number(e.dataset.delta), Number(e.dataset.rho), e.dataset.test].join('|'), e.textContent])));
  for (const r of rows) {
    const want = r.se.startsWith('≥') || r.se.startsWith('≤') ? `${Number(r.power).toFixed(3)} (${r.se} (95%))` : `${Number(r.power).toFixed(3)} ±${Number(r.se).toFixed(3)}`;
    assert.equal(shown.get(r.key), want, r.key);
  }
  await page.close();
});
