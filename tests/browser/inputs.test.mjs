// Scores as people keep them, on the page: one box or file per system with
// qid,score rows (named after the file), one bare column per box (paired by
// position, with a note in the result), and decimal commas. Each gives the
// numbers of the same scores written as one ordinary table, and the CLI's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeAndWait, paste, root, useSite } from './browser.mjs';

const site = useSite();
const dir = mkdtempSync(join(tmpdir(), 'pairpower-inputs-'));

const qids = Array.from({ length: 25 }, (_, i) => String(401 + i));
const bm25 = qids.map((_, i) => ((i * 37) % 61) / 100 + 0.1234);
const dense = bm25.map((v, i) => Math.min(1, v + (((i * 13) % 7) - 2) / 100 + 0.015));
const fmt = (v) => v.toFixed(4);
const wide = 'qid,bm25,dense\n' + qids.map((q, i) => `${q},${fmt(bm25[i])},${fmt(dense[i])}`).join('\n') + '\n';
const byRow = 'qid,A,B\n' + qids.map((_, i) => `${i + 1},${fmt(bm25[i])},${fmt(dense[i])}`).join('\n') + '\n';
const qidScore = (v, sep = ',') => `qid${sep}score\n` + qids.map((q, i) => `${q}${sep}${fmt(v[i])}`).join('\n') + '\n';
const column = (v) => v.map(fmt).join('\n') + '\n';

async function openAnalyze() {
  const page = await site.browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine, not a speed requirement
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '500');
  return page;
}

async function analyze(page) {
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
}

// Every statistic the report shows for the first comparison, by JSON path.
const stats = (page) => page.$$eval('[data-comparison="0"][data-stat]', (els) => Object.fromEntries(els.map((e) => [e.dataset.stat, Number(e.dataset.value)])));

async function open(page, key, name, text) {
  await page.setInputFiles(`#file-${key}`, { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((k) => document.querySelector(`[data-testid="detected-${k}"]`)?.textContent?.startsWith('detected:'), key, { timeout: 60_000 });
}

test('one qid,score file per system is named after its file, and its numbers are the table’s and the CLI’s', async () => {
  const page = await openAnalyze();
  await paste(page, 'paste-a', wide);
  await analyze(page);
  const table = await stats(page);
  await open(page, 'a', 'bm25.csv', qidScore(bm25));
  // Another order and another header: pairing is by query id.
  await open(page, 'b', 'dense.tsv', 'query_id\tndcg\n' + qids.map((q, i) => `${q}\t${fmt(dense[i])}`).reverse().join('\n') + '\n');
  assert.match(await page.textContent('[data-testid="detected-a"]'), /^detected: CSV\/TSV \(wide: qid, one column per system\), 25 queries, run bm25$/);
  await analyze(page);
  assert.match(await page.textContent('[data-testid="report"] article h3'), /^dense vs bm25/);
  const files = await stats(page);
  assert.deepEqual(files, table);
  // The CLI on the same two files.
  writeFileSync(join(dir, 'bm25.csv'), qidScore(bm25));
  writeFileSync(join(dir, 'dense.csv'), qidScore(dense));
  const cli = JSON.parse(execFileSync(`${root}build/pairpower`, ['compare', join(dir, 'bm25.csv'), join(dir, 'dense.csv'), '--resamples', '2000', '--bootstrap', '500', '--format', 'json'], { encoding: 'utf8' }).toString());
  const c = cli.comparisons[0];
  // The page runs the core in wasm, whose libm may differ from glibc's in the last bit: equal to 1e-12 relative.
  for (const [path, want] of [['n', c.n], ['delta', c.delta], ['t.p', c.t.p], ['wilcoxon.p', c.wilcoxon.p], ['randomization.p', c.randomization.p], ['bootstrap.bca.ci_low', c.bootstrap.bca.ci_low]])
    assert.ok(Math.abs(files[path] - want) <= 1e-12 * Math.abs(want), `${path}: page ${files[path]}, CLI ${want}`);
  await page.close();
});

test('pasted qid,score boxes are named by their boxes, A and B', async () => {
  const page = await openAnalyze();
  await paste(page, 'paste-a', qidScore(bm25));
  await paste(page, 'paste-b', qidScore(dense));
  await analyze(page);
  assert.match(await page.textContent('[data-testid="report"] article h3'), /^B vs A/);
  await page.close();
});

test('one bare column per box is paired by position, says so in the result, and gives the table’s numbers', async () => {
  const page = await openAnalyze();
  await paste(page, 'paste-a', byRow);
  await analyze(page);
  const table = await stats(page);
  assert.equal(await page.locator('[data-testid="pairing-note"]').count(), 0);
  await paste(page, 'paste-a', column(bm25));
  await paste(page, 'paste-b', column(dense));
  await analyze(page);
  assert.deepEqual(await stats(page), table);
  assert.equal(await page.textContent('[data-testid="pairing-note"]'), 'paired by position: no query ids given');
  assert.equal(await page.isVisible('[data-testid="pairing-note"]'), true);
  // Unequal lengths: both counts in the error panel.
  await paste(page, 'paste-b', column(dense.slice(0, 20)));
  assert.equal(await analyzeAndWait(page), 'error');
  assert.equal(await page.textContent('[data-testid="error"]'), 'A has 25 values and B has 20; without query ids the scores are paired by position, so both need the same number of rows');
  await page.close();
});

test('decimal commas in a semicolon table give the numbers of the same table with points; a comma field elsewhere says what to do', async () => {
  const page = await openAnalyze();
  await paste(page, 'paste-a', wide);
  await analyze(page);
  const points = await stats(page);
  await paste(page, 'paste-a', wide.replace(/,/g, ';').replace(/(\d)\.(\d)/g, '$1,$2'));
  await analyze(page);
  assert.deepEqual(await stats(page), points);
  await paste(page, 'paste-a', 'qid,A,B\nq1,"0,4101",0.5\nq2,0.4,0.5\n');
  assert.equal(await analyzeAndWait(page), 'error');
  assert.equal(await page.textContent('[data-testid="error"]'), "In the first box: line 2: field 2 (A) is '0,4101', not a number; if your file uses decimal commas, separate columns with ';' or tabs");
  await page.close();
});

test('a leaderboard of one qid,score file per system gives the CLI’s board', async () => {
  const third = bm25.map((v, i) => Math.max(0, v - ((i * 11) % 5) / 100));
  const files = [['bm25', bm25], ['dense', dense], ['splade', third]].map(([n, v]) => {
    writeFileSync(join(dir, `${n}.csv`), qidScore(v));
    return join(dir, `${n}.csv`);
  });
  const want = JSON.parse(execFileSync(`${root}build/pairpower`, ['leaderboard', ...files, '--resamples', '2000', '--bootstrap', '1000', '--threads', '1', '--format', 'json'], { encoding: 'utf8' })).leaderboards[0];
  const page = await site.browser.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`${site.url}#view=leaderboard`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#lb-resamples', '2000');
  await page.fill('#lb-bootstrap', '1000');
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('3 files'));
  const before = Number((await page.getAttribute('#leaderboard', 'data-runs')) ?? 0);
  await page.click('[data-testid="rank"]');
  await page.waitForFunction((b) => {
    const el = document.getElementById('leaderboard');
    return Number(el.dataset.runs ?? 0) > b && ['done', 'error'].includes(el.dataset.state);
  }, before);
  assert.equal(await page.getAttribute('#leaderboard', 'data-state'), 'done', await page.textContent('[data-testid="error"]'));
  const shown = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.mean)]));
  assert.deepEqual(shown, want.systems.map((s) => [s.system, s.mean]));
  await page.close();
});
