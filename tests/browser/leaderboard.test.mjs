// The Leaderboard page in headless Chromium: a pasted board, a per-dataset
// table and several trec_eval files give the CLI's ranks, tiers and numbers;
// bad input shows the error panel naming the line.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { test } from 'node:test';
import { boardTable, clickAndWait, openLeaderboard as openLeaderboardPage, paste, pasteNew, rankAndWait, root, useSite } from './browser.mjs';

const site = useSite();

const cli = (args) => JSON.parse(execFileSync(`${root}build/pairpower`, ['leaderboard', ...args, '--format', 'json', '--threads', '1'], { encoding: 'utf8' }));

const openLeaderboard = () => openLeaderboardPage(site.browser, site.url, { resamples: 2000, bootstrap: 1000 });
const rank = rankAndWait;

const shownRows = (page) => page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.rank), r.dataset.tier, Number(r.dataset.mean)]));

// Six systems on 80 queries, two clearly better; deterministic.
const board = () => boardTable({ seed: 7, systems: ['sys0', 'sys1', 'sys2', 'sys3', 'sys4', 'sys5'], shifts: [0, 0.005, 0.01, 0.04, 0.05, 0.012], queries: 80, noise: 0.1 });

test('a pasted board gives the CLI’s ranks, tiers and means, and the pairwise matrix', async () => {
  const text = board();
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'board.csv'), text);
  const want = cli([join(dir, 'board.csv'), '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const rows = await shownRows(page);
  assert.deepEqual(rows.map((r) => r.slice(0, 3)), want.systems.map((s) => [s.system, s.rank, s.tier]));
  for (const [i, r] of rows.entries()) assert.ok(Math.abs(r[3] - want.systems[i].mean) <= 1e-12);
  assert.ok(want.pairs.some((p) => p.significant) && want.pairs.some((p) => !p.significant), 'the board has both kinds of pair');
  const cells = await page.$$eval('[data-testid="pair-matrix"] td[data-p]', (tds) => tds.map((td) => [td.dataset.a, td.dataset.b, Number(td.dataset.p)]));
  for (const p of want.pairs) assert.ok(cells.some(([a, b, v]) => a === p.system_a && b === p.system_b && v === p.p_tukey), `${p.system_a}-${p.system_b}`);
  assert.equal(await page.isVisible('[data-testid="forest-plot"]'), true);
  // The board in words is the CLI's: pairs separated, what a shared letter means, the omnibus tests, the planning criterion.
  const significant = want.pairs.filter((p) => p.significant).length;
  assert.match(want.differ_note, new RegExp(`^${significant} of ${want.pairs.length} pairs differ \\(`));
  assert.equal(await page.textContent('[data-testid="board-notes"]'), `${want.differ_note}. ${want.omnibus_note}; ${want.separable_note}.`);
  // Every pair's row, written when its section opens: the CLI's Δ and p-values (the ANOVA's HSD to libm's last bits).
  await page.click('details.pairs summary');
  // The rows are written by the details' toggle event, which the browser fires in a later task.
  await page.waitForSelector('[data-testid="pair-table"] tbody tr');
  const pairs = await page.$$eval('[data-testid="pair-table"] tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
  assert.equal(pairs.length, want.pairs.length);
  for (const [i, p] of want.pairs.entries()) {
    const got = pairs[i];
    assert.deepEqual([got.a, got.b, Number(got.delta), Number(got.p), Number(got.pHolm), Number(got.pTukey)], [p.system_a, p.system_b, p.delta, p.p, p.p_holm, p.p_tukey]);
    assert.ok(Math.abs(Number(got.pTukeyHsd) - p.p_tukey_hsd) <= 1e-12, `${p.system_a}-${p.system_b}: HSD ${got.pTukeyHsd} vs ${p.p_tukey_hsd}`);
  }
});

test('a pair of the matrix opens in Analyze on the same scores and settings: its Δ and randomization p are the board’s', async () => {
  const text = board();
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'board.csv'), text);
  const want = cli([join(dir, 'board.csv'), '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0].pairs.find((p) => p.system_a === 'sys1' && p.system_b === 'sys3');
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const state = await clickAndWait(page, '[data-testid="pair-matrix"] td[data-a="sys1"][data-b="sys3"][data-testid="open-pair"]', 'analyze');
  assert.equal(state, 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.getAttribute('#app', 'data-view'), 'analyze');
  assert.match(page.url(), /#view=analyze$/);
  const stat = async (path) => Number(await page.getAttribute(`[data-comparison="0"][data-stat="${path}"]`, 'data-value'));
  assert.equal(await stat('n'), 80);
  assert.ok(Math.abs((await stat('delta')) - want.delta) <= 1e-12, `Δ ${await stat('delta')} vs ${want.delta}`);
  assert.equal(await stat('randomization.p'), want.p);
  assert.equal(await page.inputValue('#an-seed'), '1');
  assert.equal(await page.inputValue('#an-resamples'), '2000');
});

test('per-dataset scores give the across-datasets ranks and the critical-difference diagram', async () => {
  const page = await openLeaderboard();
  const text = 'dataset,bm25,dense,splade\nnfcorpus,0.32,0.35,0.34\nscifact,0.66,0.70,0.69\nfiqa,0.23,0.30,0.33\ntrec-covid,0.59,0.65,0.71\n';
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.isVisible('[data-testid="cd-diagram"]'), true);
  const ranks = await page.$$eval('[data-testid="across-datasets"] tr[data-system]', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.meanRank)]));
  // By hand: dense 1,1,2,2; splade 2,2,1,1; bm25 3 everywhere (1 = best); the tie keeps the input's order.
  assert.deepEqual(ranks, [['dense', 1.5], ['splade', 1.5], ['bm25', 3]]);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'per_dataset.csv'), text);
  const report = cli([join(dir, 'per_dataset.csv')]);
  const want = report.across_datasets.pairs;
  assert.match(report.across_note, /^Friedman χ² = .*; mean ranks further apart than .* differ \(Nemenyi critical difference, α = 0\.05\)$/);
  assert.equal(await page.textContent('[data-testid="across-datasets"] p'), `${report.across_note}.`);
  const shown = await page.$$eval('[data-testid="across-pairs"] tbody tr', (trs) => trs.map((tr) => [tr.dataset.a, tr.dataset.b, Number(tr.dataset.bBetter), Number(tr.dataset.p), Number(tr.dataset.pHolm)]));
  assert.deepEqual(shown, want.map((p) => [p.system_a, p.system_b, p.b_better, p.p, p.p_holm]));
});

test('a system missing from a dataset is named in a warning above the boards and left out of the ranking across datasets, which ranks the rest', async () => {
  const page = await openLeaderboard();
  // A long table: splade is scored on nfcorpus only.
  const rows = ['dataset,qid,system,score'];
  for (let q = 1; q <= 8; q++)
    for (const [system, base, step] of [['bm25', 0.2, 0.07], ['dense', 0.3, 0.05], ['splade', 0.1, 0.09]]) {
      rows.push(`nfcorpus,q${q},${system},${((base + step * q) % 1).toFixed(3)}`);
      if (system !== 'splade') rows.push(`scifact,q${q},${system},${((base + 2 * step * q) % 1).toFixed(3)}`);
    }
  await paste(page, 'paste-leaderboard', `${rows.join('\n')}\n`);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const warned = await page.$$eval('[data-testid="warning"]', (ws) => ws.map((w) => w.textContent));
  assert.ok(warned.some((w) => /ranking across the 2 datasets leaves out splade \(not in scifact\); the per-dataset boards rank it/.test(w)), warned.join(' | '));
  const ranks = await page.$$eval('[data-testid="across-datasets"] tr[data-system]', (trs) => trs.map((r) => r.dataset.system));
  assert.deepEqual(ranks.sort(), ['bm25', 'dense']);
});

test('several trec_eval files, one per system, give the CLI’s board; refused for want of a measure, the Measure field suggests the ones the CLI names', async () => {
  const files = ['te908.q.org_manual_bm25.txt', 'te908.q.org_manual_ance_bert.txt'].map((f) => `${root}tests/fixtures/real/trec_eval/${f}`);
  const want = cli([...files, '--measure', 'map', '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const named = /the input holds \d+ measures \((.*)\); choose one/.exec(spawnSync(join(root, 'build/pairpower'), ['leaderboard', ...files], { encoding: 'utf8' }).stderr)?.[1];
  const page = await openLeaderboard();
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('2 files'));
  const suggested = () => page.$$eval('#lb-measure-choices option', (os) => os.map((o) => o.value));
  assert.deepEqual(await suggested(), []);
  assert.equal(await rank(page), 'error');
  assert.equal(await page.getAttribute('#lb-measure', 'list'), 'lb-measure-choices');
  assert.equal((await suggested()).join(', '), named);
  await page.fill('#lb-measure', 'map');
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.deepEqual((await shownRows(page)).map((r) => r.slice(0, 3)), want.systems.map((s) => [s.system, s.rank, s.tier]));
  assert.equal((await suggested()).join(', '), named, 'after a board, what else it could rank by');
  // Other inputs, pasted or chosen: no stale suggestions.
  await paste(page, 'paste-leaderboard', 'qid,A,B\nq1,0.1,0.2\n');
  assert.deepEqual(await suggested(), []);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal((await suggested()).join(', '), named);
  await page.setInputFiles('[data-testid="files-leaderboard"]', files.slice(0, 1));
  assert.deepEqual(await suggested(), []);
});

test('chosen files written gzipped or as UTF-16 are read as the CLI reads them plain', async () => {
  const files = ['te908.q.org_manual_bm25.txt', 'te908.q.org_manual_ance_bert.txt'].map((f) => `${root}tests/fixtures/real/trec_eval/${f}`);
  const want = cli([...files, '--measure', 'map', '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const page = await openLeaderboard();
  await page.setInputFiles('[data-testid="files-leaderboard"]', [
    { name: 'bm25.txt.gz', mimeType: 'application/gzip', buffer: gzipSync(readFileSync(files[0])) },
    { name: 'ance-powershell.txt', mimeType: 'text/plain', buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readFileSync(files[1], 'utf8'), 'utf16le')]) },
  ]);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('2 files'));
  await page.fill('#lb-measure', 'map');
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const rows = await shownRows(page);
  assert.deepEqual(rows.map((r) => r.slice(0, 3)), want.systems.map((s) => [s.system, s.rank, s.tier]));
  for (const [i, r] of rows.entries()) assert.ok(Math.abs(r[3] - want.systems[i].mean) <= 1e-12);
});

test('bad input shows the error panel with the line, and a setting out of bounds names its label', async () => {
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', 'qid,A,B,C\n1,0.5,0.6,0.7\n2,0.4,abc,0.5\n');
  assert.equal(await rank(page), 'error');
  assert.match(await page.textContent('[data-testid="error"]'), /line 3: field 3 \(B\) is 'abc', not a number/);
  // The failed Rank's answer is where the focus goes, as a board's heading would be.
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'error');
  await paste(page, 'paste-leaderboard', board());
  await page.fill('#lb-alpha', '2');
  assert.equal(await rank(page), 'error');
  assert.equal(await page.textContent('[data-testid="error"]'), 'α: must lie between 1e-10 and 1');
});

test('a blank score cell is refused by its line, and by its file when the board is a chosen file, as the CLI names it', async () => {
  const text = 'qid,bm25,dense\nq1,0.5,0.6\nq2,,0.4\nq3,0.3,0.2\nq4,0.35,0.25\n';
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-blank-'));
  writeFileSync(join(dir, 'w.csv'), text);
  const r = spawnSync(`${root}build/pairpower`, ['leaderboard', 'w.csv'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /query 'q2' has no score for bm25 \(its cell is blank: w\.csv, line 3\)/);
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'error');
  assert.match(await page.textContent('[data-testid="error"]'), /query 'q2' has no score for bm25 \(its cell is blank: line 3\)/);
  await page.setInputFiles('[data-testid="files-leaderboard"]', [{ name: 'w.csv', mimeType: 'text/csv', buffer: Buffer.from(text) }]);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('1 file'));
  assert.equal(await rank(page), 'error');
  assert.match(await page.textContent('[data-testid="error"]'), /query 'q2' has no score for bm25 \(its cell is blank: w\.csv, line 3\)/);
});

test('a long pasted table is folded into a line, ranked in full, shown on request and cleared', async () => {
  // Three systems on 12 000 queries (~0.3 MB): past the box's fold.
  const text = boardTable({ seed: 11, systems: ['bm25', 'dense', 'hybrid'], shifts: [0, 0.01, 0.02], queries: 12_000, noise: 0.1 });
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'long.csv'), text);
  const want = cli([join(dir, 'long.csv'), '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', text);
  await page.waitForSelector('[data-testid="folded-leaderboard"]', { state: 'visible' });
  assert.equal(await page.isVisible('[data-testid="paste-leaderboard"]'), false);
  assert.match(await page.textContent('[data-testid="folded-leaderboard"]'), /12,001 lines \(0\.\d MB\).*Rank reads all of it/);
  assert.equal(await page.inputValue('[data-testid="paste-leaderboard"]'), text);  // nothing lost
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const shown = await shownRows(page);
  assert.deepEqual(shown.map((r) => r.slice(0, 3)), want.systems.map((s) => [s.system, s.rank, s.tier]));
  for (const [i, r] of shown.entries()) assert.ok(Math.abs(r[3] - want.systems[i].mean) <= 1e-12, 'every query was read');
  await page.click('[data-testid="unfold-leaderboard"]');
  assert.equal(await page.isVisible('[data-testid="paste-leaderboard"]'), true);
  assert.equal(await page.isVisible('[data-testid="folded-leaderboard"]'), false);
  await paste(page, 'paste-leaderboard', text);  // typing on in a shown text keeps it shown
  assert.equal(await page.isVisible('[data-testid="paste-leaderboard"]'), true);
  await pasteNew(page, 'paste-leaderboard', text);
  assert.equal(await page.isVisible('[data-testid="paste-leaderboard"]'), false, 'a new paste folds again');
  await page.click('[data-testid="clear-leaderboard"]');
  assert.equal(await page.inputValue('[data-testid="paste-leaderboard"]'), '');
  assert.equal(await page.isVisible('[data-testid="paste-leaderboard"]'), true);
  await page.close();
});

test('the page shows the CLI’s rank sets, and a system listed twice on P@10-like scores ties with itself everywhere', async () => {
  // P@10-like scores: "copy" is "base" again, "reversed" base's scores in the opposite query order (the same sum).
  let seed = 5;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const tenths = (shift) => Math.min(10, Math.max(0, Math.floor(rand() * 11) + shift)) / 10;
  const n = 40, base = [], strong = [], weak = [];
  for (let q = 0; q < n; q++) {
    base.push(tenths(0));
    strong.push(tenths(3));
    weak.push(tenths(-4));
  }
  const reversed = [...base].reverse();
  const columns = { strong, base, weak, copy: base, reversed };
  const rows = ['qid,' + Object.keys(columns).join(',')];
  for (let q = 0; q < n; q++) rows.push(`q${q},` + Object.values(columns).map((c) => c[q].toFixed(1)).join(','));
  const text = rows.join('\n') + '\n';
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'p10.csv'), text);
  const want = cli([join(dir, 'p10.csv'), '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const page = await openLeaderboard();
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const shown = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.rank), r.dataset.tier, r.dataset.rankSet]));
  assert.deepEqual(shown, want.systems.map((s) => [s.system, s.rank, s.tier, `${s.rank_set_low}-${s.rank_set_high}`]));
  const heads = await page.$$eval('[data-testid="leaderboard-table"] thead th', (ths) => ths.map((th) => th.textContent));
  assert.ok(heads.includes('rank set'), heads.join(', '));
  const of = (name) => shown.find((r) => r[0] === name);
  for (const twin of ['copy', 'reversed']) assert.deepEqual(of(twin).slice(1), of('base').slice(1), `${twin} ties with base`);
  for (const p of want.pairs.filter((x) => ['base', 'copy', 'reversed'].includes(x.system_a) && ['base', 'copy', 'reversed'].includes(x.system_b)))
    assert.deepEqual([p.delta, p.p, p.p_tukey, p.p_tukey_hsd], [0, 1, 1, 1], `${p.system_a}-${p.system_b}`);
  await page.close();
});

test('on six TREC 2003 Robust runs the page gives UIUC03Rd1 and SABIR03BASE, who share tier c, overlapping rank sets', async () => {
  const runs = ['pircRBa1', 'aplrob03a', 'uwmtCR0', 'UIUC03Rd1', 'SABIR03BASE', 'rutcor03100'];
  const files = runs.map((r) => `${root}tests/fixtures/real/robust03/${r}.txt`);
  const want = cli([...files, '--measure', 'map', '--resamples', '2000', '--bootstrap', '1000']).leaderboards[0];
  const page = await openLeaderboard();
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('6 files'));
  await page.fill('#lb-measure', 'map');
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const shown = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => [r.dataset.system, Number(r.dataset.rank), r.dataset.tier, r.dataset.rankSet]));
  assert.deepEqual(shown, want.systems.map((s) => [s.system, s.rank, s.tier, `${s.rank_set_low}-${s.rank_set_high}`]));
  const set = (name) => shown.find((r) => r[0] === name)[3].split('-').map(Number);
  const [u, s] = [set('UIUC03Rd1'), set('SABIR03BASE')];
  assert.ok(shown.find((r) => r[0] === 'UIUC03Rd1')[2].includes('c') && shown.find((r) => r[0] === 'SABIR03BASE')[2].includes('c'), 'both in tier c');
  assert.ok(Math.max(u[0], s[0]) <= Math.min(u[1], s[1]), `rank sets ${u.join('–')} and ${s.join('–')} overlap`);
  await page.close();
});

test('a board of 40 systems draws its pair matrix when asked, with every pair the CLI gives', async () => {
  const systems = Array.from({ length: 40 }, (_, i) => `s${String(i).padStart(2, '0')}`);
  const text = boardTable({ seed: 5, systems, shifts: systems.map((_, i) => 0.002 * i), queries: 50, noise: 0.1 });
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lb-'));
  writeFileSync(join(dir, 'forty.csv'), text);
  const want = cli([join(dir, 'forty.csv'), '--resamples', '500', '--bootstrap', '200']).leaderboards[0];
  const page = await openLeaderboardPage(site.browser, site.url, { resamples: 500, bootstrap: 200 });
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  // Folded until asked: 1,600 cells are not laid out with the board.
  assert.equal(await page.isVisible('[data-testid="pair-matrix"]'), false);
  await page.click('[data-testid="pair-matrix-more"] summary');
  await page.waitForSelector('[data-testid="pair-matrix"]', { state: 'visible' });
  const cells = await page.$$eval('[data-testid="pair-matrix"] td[data-p]', (tds) => tds.map((td) => [td.dataset.a, td.dataset.b, Number(td.dataset.p)]));
  assert.equal(cells.length, 40 * 39);
  for (const p of want.pairs) assert.ok(cells.some(([a, b, v]) => a === p.system_a && b === p.system_b && v === p.p_tukey), `${p.system_a}-${p.system_b}`);
  await page.close();
});

test('three models\' inspect_ai .eval logs opened as files rank on binary items with each system\'s Wilson interval and each pair\'s exact McNemar p (Holm) as statsmodels gives them', async () => {
  const expected = JSON.parse(readFileSync(`${root}tests/fixtures/logs/expected.json`, 'utf8')).inspect_ai.board;
  const page = await openLeaderboard();
  await page.setInputFiles('#lb-files', expected.files.map((f) => ({ name: f.split('/').pop(), mimeType: 'application/octet-stream', buffer: readFileSync(`${root}tests/fixtures/logs/${f}`) })));
  await page.waitForFunction(() => /3 files/.test(document.querySelector('[data-testid="files-loaded"]')?.textContent ?? ''));
  assert.equal(await rank(page), 'done', await page.textContent('[data-testid="error"]'));
  const wilson = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (rows) => rows.map((r) => {
    const w = r.querySelector('[data-testid="wilson"]');
    return [r.dataset.system, Number(w?.dataset.low), Number(w?.dataset.high)];
  }));
  assert.equal(wilson.length, 3);
  for (const [system, lo, hi] of wilson) {
    const [wlo, whi] = expected.wilson[system];
    assert.ok(Math.abs(lo - wlo) <= 1e-12 && Math.abs(hi - whi) <= 1e-12, `${system}: [${lo}, ${hi}] vs [${wlo}, ${whi}]`);
  }
  await page.click('details.pairs summary');
  // The rows are written when the section's toggle event fires, after the click returns.
  await page.waitForSelector('[data-testid="pair-table"] tbody tr');
  const rows = await page.$$eval('[data-testid="pair-table"] tbody tr', (trs) => trs.map((tr) => [tr.dataset.a, tr.dataset.b, Number(tr.dataset.pMcnemar), Number(tr.dataset.pMcnemarHolm)]));
  assert.equal(rows.length, expected.pairs.length);
  for (const [a, b, p, holm] of rows) {
    const want = expected.pairs.find((x) => x.systems.includes(a) && x.systems.includes(b));
    assert.ok(Math.abs(p - want.p) <= 1e-12 * want.p && Math.abs(holm - want.p_holm) <= 1e-12 * want.p_holm, `${a} / ${b}: ${p}, ${holm} vs ${want.p}, ${want.p_holm}`);
  }
});
