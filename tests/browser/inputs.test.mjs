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
import { analyzeAndWait, openAnalyze as openAnalyzePage, openLeaderboard, paste, rankAndWait, root, useSite } from './browser.mjs';

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

const openAnalyze = () => openAnalyzePage(site.browser, site.url, { resamples: 2000, bootstrap: 500 });

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
  const page = await openLeaderboard(site.browser, site.url, { resamples: 2000, bootstrap: 1000 });
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('3 files'));
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  const shown = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.mean)]));
  assert.deepEqual(shown, want.systems.map((s) => [s.system, s.mean]));
  await page.close();
});

test('a leaderboard of one bare column per file says beside the board that it is paired by position, as the CLI’s JSON does', async () => {
  // Scores a few ten-thousandths apart: the forest plot's axis needs four significant digits to tell its ticks apart.
  const near = (k) => qids.map((_, i) => 0.5 + (((i * (k + 3)) % 11) + 2 * k) / 10_000);
  const files = ['bm25', 'dense', 'splade'].map((n, k) => {
    writeFileSync(join(dir, `${n}.txt`), column(near(k)));
    return join(dir, `${n}.txt`);
  });
  const want = JSON.parse(execFileSync(`${root}build/pairpower`, ['leaderboard', ...files, '--resamples', '2000', '--bootstrap', '1000', '--threads', '1', '--format', 'json'], { encoding: 'utf8' }));
  assert.equal(want.leaderboards[0].paired_by, 'position');
  const page = await openLeaderboard(site.browser, site.url, { resamples: 2000, bootstrap: 1000 });
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('3 files'));
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.textContent('.board [data-testid="pairing-note"]'), want.leaderboards[0].note);
  assert.equal(await page.isVisible('.board [data-testid="pairing-note"]'), true);
  assert.equal(await page.textContent('[data-testid="leaderboard-table"] caption'), want.rank_set_note);
  const shown = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.mean)]));
  assert.deepEqual(shown, want.leaderboards[0].systems.map((s) => [s.system, s.mean]));
  const ticks = await page.$$eval('[data-testid="forest-plot"] text.tick', (els) => els.map((e) => e.textContent));
  assert.equal(ticks.length, 3);
  assert.equal(new Set(ticks).size, 3, `ticks ${ticks.join(' ')} are told apart`);
  // The same scores under query ids: no note.
  await page.setInputFiles('[data-testid="files-leaderboard"]', []);
  await paste(page, 'paste-leaderboard', 'qid,bm25,dense\n' + qids.map((q, i) => `${q},${fmt(near(0)[i])},${fmt(near(1)[i])}`).join('\n') + '\n');
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent === '');
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.locator('[data-testid="pairing-note"]').count(), 0);
  await page.close();
});

test('two headerless columns whose first could be query ids are refused with the remedy, and the Format chooser settles them', async () => {
  const page = await openLeaderboard(site.browser, site.url, { resamples: 2000, bootstrap: 1000 });
  const ones = qids.map((_, i) => `${i + 1}\t${(i * 7) % 3 === 0 ? 1 : 0}`).join('\n') + '\n';
  await paste(page, 'paste-leaderboard', ones);
  assert.equal(await rankAndWait(page), 'error');
  const message = await page.textContent('[data-testid="error"]');
  assert.match(message, /query ids beside one system's scores \(then add the header qid,score\), or one system's scores beside another's, paired by position; choose the format under “Format”$/);
  assert.equal(await page.textContent('label[for="lb-format"]'), 'Format');
  await page.selectOption('#lb-format', 'csv-bare');
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.deepEqual(await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => r.dataset.system).sort()), ['A', 'B']);
  assert.equal(await page.textContent('.board [data-testid="pairing-note"]'), 'paired by position: no query ids given');
  await page.close();
});

test('a box headed qid,ndcg keeps its measure, so an nDCG above 1 is warned of beside the answer', async () => {
  const page = await openAnalyze();
  const high = bm25.map((v, i) => (i === 4 ? 1.5 : v));
  await paste(page, 'paste-a', 'qid,ndcg\n' + qids.map((q, i) => `${q},${fmt(high[i])}`).join('\n') + '\n');
  await paste(page, 'paste-b', qidScore(dense));
  await analyze(page);
  const warnings = await page.$$eval('[data-testid="warning"]', (els) => els.map((e) => [e.dataset.code, e.textContent]));
  const range = warnings.filter(([code]) => code === 'out_of_range');
  assert.equal(range.length, 1, JSON.stringify(warnings));
  assert.match(range[0][1], /ndcg lies between 0 and 1, but 1 of A's 25 values lies outside that range \(1\.5 for query 405\)/);
  // Under a header that names no measure the same values are not checked.
  await paste(page, 'paste-a', qidScore(high));
  await analyze(page);
  assert.equal(await page.locator('[data-testid="warning"][data-code="out_of_range"]').count(), 0);
  await page.close();
});
