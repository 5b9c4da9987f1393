// Runs and qrels in the page, as `pairpower evaluate`, `compare --qrels` and
// `leaderboard --qrels` take them: gzip opened in the browser, each run scored
// in the worker, and the CLI's numbers; the per-query download is trec_eval's
// text; a bad run line names the file and the line.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { analyzeAndWait, boardTable, clickAndWait, openAnalyze, openLeaderboard, paste, rankAndWait, root, useSite } from './browser.mjs';

const site = useSite();
const inputs = `${root}tests/fixtures/real/evaluate/inputs/`;
const counts = { resamples: 2000, bootstrap: 1000 };
const pairpower = (args) => execFileSync(`${root}build/pairpower`, args, { encoding: 'utf8' });

// The qrels and one run gzipped as committed, the other run plain: the page opens both kinds.
function files() {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-runs-'));
  const plain = join(dir, 'UIUC03Rd1.run');
  writeFileSync(plain, gunzipSync(readFileSync(`${inputs}UIUC03Rd1.run.gz`)));
  return { qrels: `${inputs}robust03_qrels.txt.gz`, runs: [`${inputs}SABIR03BASE.run.gz`, plain] };
}

// Both views have the inputs: `view` is the one to fill.
async function chooseRuns(page, view, f, measure) {
  await page.setInputFiles(`#${view} [data-testid="qrels-file"]`, f.qrels);
  await page.setInputFiles(`#${view} [data-testid="run-files"]`, f.runs);
  if (measure) await page.selectOption(`#${view} [data-testid="run-measure"]`, measure);
}

test('Analyze scores a qrels file and two runs (gzip and plain) as compare --qrels does, and downloads trec_eval -q’s text', async () => {
  const f = files();
  const want = JSON.parse(pairpower(['compare', '--qrels', f.qrels, ...f.runs, '--measure', 'AP', '--resamples', '2000', '--bootstrap', '1000', '--format', 'json'])).comparisons[0];
  const page = await openAnalyze(site.browser, site.url, counts);
  await chooseRuns(page, 'analyze', f, 'AP');
  assert.match(await page.textContent('#analyze [data-testid="runs-chosen"]'), /2 runs .* against robust03_qrels\.txt\.gz, by AP/);
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  const stat = async (s) => Number(await page.getAttribute(`[data-comparison="0"][data-stat="${s}"]`, 'data-value'));
  assert.equal(await stat('n'), want.n);
  // The same per-query values at full precision; the wasm and native libm may differ in a last bit.
  for (const [s, v] of [['delta', want.delta], ['t.p', want.t.p], ['randomization.p', want.randomization.p]]) assert.ok(Math.abs((await stat(s)) - v) <= 1e-12, `${s}: ${await stat(s)} vs ${v}`);
  assert.match(await page.textContent('[data-testid="report"]'), /SABIR03BASE/);
  const download = page.waitForEvent('download');
  await page.click('[data-testid="analysis-download-trec-eval"]');
  const text = readFileSync(await (await download).path(), 'utf8');
  assert.equal(text, f.runs.map((r) => pairpower(['evaluate', '-q', '-m', 'map', f.qrels, r])).join(''));
  await page.close();
});

test('the Leaderboard ranks runs scored by the default measure, nDCG@10, as leaderboard --qrels does, and a pair opens in Analyze with its family', async () => {
  const f = files();
  const want = JSON.parse(pairpower(['leaderboard', '--qrels', f.qrels, ...f.runs, '--resamples', '2000', '--bootstrap', '1000', '--threads', '1', '--format', 'json'])).leaderboards[0];
  assert.equal(want.measure, 'ndcg_cut_10');
  const page = await openLeaderboard(site.browser, site.url, counts);
  await chooseRuns(page, 'leaderboard', f);
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  const rows = await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (trs) => trs.map((r) => [r.dataset.system, Number(r.dataset.rank), r.dataset.tier, Number(r.dataset.mean)]));
  assert.deepEqual(rows.map((r) => r.slice(0, 3)), want.systems.map((s) => [s.system, s.rank, s.tier]));
  for (const [i, r] of rows.entries()) assert.ok(Math.abs(r[3] - want.systems[i].mean) <= 1e-12);
  assert.equal(await page.isVisible('[data-testid="leaderboard-download-trec-eval"]'), true);
  const [a, b] = [want.pairs[0].system_a, want.pairs[0].system_b];
  assert.equal(await clickAndWait(page, `[data-testid="pair-matrix"] td[data-a="${a}"][data-b="${b}"][data-testid="open-pair"]`, 'analyze'), 'done',
    await page.textContent('[data-testid="error"]'));
  assert.match(await page.textContent('[data-testid="handoff-text"]'), /one pair of 1 among 2 systems/);
  await page.close();
});

test('a malformed run line is named with its file and line in the error panel, and nothing is lost', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-runs-'));
  const bad = join(dir, 'broken.run');
  writeFileSync(bad, '303 Q0 doc1 1 0.5 x\n303 Q0 doc2 2\n');
  const page = await openLeaderboard(site.browser, site.url, counts);
  await chooseRuns(page, 'leaderboard', { qrels: `${inputs}robust03_qrels.txt.gz`, runs: [bad] });
  assert.equal(await rankAndWait(page), 'error');
  const message = await page.textContent('[data-testid="error"]');
  assert.match(message, /broken\.run/);
  assert.match(message, /line 2/);
  assert.match(await page.textContent('#leaderboard [data-testid="runs-chosen"]'), /1 run \(broken\.run\b/);
  await page.close();
});

test('runs chosen in Analyze after a board’s pair was handed over are not that pair: the board’s family no longer decides', async () => {
  const page = await openLeaderboard(site.browser, site.url, counts);
  const systems = ['s0', 's1', 's2', 's3'];
  await paste(page, 'paste-leaderboard', boardTable({ seed: 3, systems, shifts: [0, 0.01, 0.02, 0.03], queries: 40, noise: 0.1 }));
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await clickAndWait(page, '[data-testid="pair-matrix"] td[data-a="s3"][data-b="s0"][data-testid="open-pair"]', 'analyze'), 'done');
  assert.match(await page.textContent('[data-testid="report"]'), /family-wise/);
  await chooseRuns(page, 'analyze', files(), 'AP');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.match(await page.textContent('[data-testid="handoff-text"]'), /Runs are chosen/);
  assert.match(await page.textContent('[data-testid="report"]'), /SABIR03BASE/);
  assert.doesNotMatch(await page.textContent('[data-testid="report"]'), /family-wise/);
  await page.close();
});

// UIUC03Rd1 without its rankings of topic 303, as the shell test of evaluate makes it.
function runLackingTopic() {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-runs-'));
  const lacking = join(dir, 'UIUC03Rd1.no303.run');
  writeFileSync(lacking, gunzipSync(readFileSync(`${inputs}UIUC03Rd1.run.gz`)).toString().split('\n').filter((l) => !/^303\s/.test(l)).join('\n'));
  return { qrels: `${inputs}robust03_qrels.txt.gz`, runs: [`${inputs}SABIR03BASE.run.gz`, lacking] };
}

const warningsOf = (json) => json.warnings.map((w) => [w.code, w.message, w.comparison ?? null]);

test('a topic a run lacks is a warning about the inputs above the comparisons in Analyze and first in its JSON export, as compare --qrels writes it', async () => {
  const f = runLackingTopic();
  const want = JSON.parse(pairpower(['compare', '--qrels', f.qrels, ...f.runs, '--measure', 'AP', '--missing', 'intersect', '--resamples', '2000', '--bootstrap', '1000', '--format', 'json']));
  assert.equal(want.warnings[0].code, 'topics_not_in_run');
  const page = await openAnalyze(site.browser, site.url, counts);
  await chooseRuns(page, 'analyze', f, 'AP');
  await page.selectOption('#an-missing', 'intersect');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  // Shown once, before the first comparison it qualifies, and said with the answer.
  const shown = await page.$$eval('[data-testid="report"] [data-code="topics_not_in_run"]', (ws) => ws.map((w) => [w.textContent,
    !!(w.compareDocumentPosition(document.querySelector('[data-testid="report"] article.comparison')) & Node.DOCUMENT_POSITION_FOLLOWING)]));
  assert.deepEqual(shown, [[`Warning: ${want.warnings[0].message}`, true]]);
  assert.match(await page.textContent('#analyze .progress-text'), /significantly worse on none\. One warning about the inputs or every comparison under it\. \(/);
  const download = page.waitForEvent('download');
  await page.click('[data-testid="analysis-download-json"]');
  assert.deepEqual(warningsOf(JSON.parse(readFileSync(await (await download).path(), 'utf8'))), warningsOf(want));
  await page.close();
});

test('a topic a run lacks is a warning above the Leaderboard’s boards and first in its JSON export, as leaderboard --qrels writes it', async () => {
  const f = runLackingTopic();
  const want = JSON.parse(pairpower(['leaderboard', '--qrels', f.qrels, ...f.runs, '--missing', 'intersect', '--resamples', '2000', '--bootstrap', '1000', '--threads', '1', '--format', 'json']));
  assert.equal(want.warnings[0].code, 'topics_not_in_run');
  const page = await openLeaderboard(site.browser, site.url, counts);
  await chooseRuns(page, 'leaderboard', f);
  await page.selectOption('#lb-missing', 'intersect');
  assert.equal(await rankAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  // Shown once, above the first board.
  const shown = await page.$$eval('#leaderboard [data-code="topics_not_in_run"]', (ws) => ws.map((w) => [w.textContent,
    !!(w.compareDocumentPosition(document.querySelector('[data-testid="leaderboard-table"]')) & Node.DOCUMENT_POSITION_FOLLOWING)]));
  assert.deepEqual(shown, [[`Warning: ${want.warnings[0].message}`, true]]);
  const download = page.waitForEvent('download');
  await page.click('[data-testid="leaderboard-download-json"]');
  assert.deepEqual(warningsOf(JSON.parse(readFileSync(await (await download).path(), 'utf8'))), warningsOf(want));
  // The pair opened in Analyze keeps its runs' warning, though its table has lost the topic.
  const pair = want.leaderboards[0].pairs[0];
  assert.equal(await clickAndWait(page, `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`, 'analyze'), 'done',
    await page.textContent('[data-testid="error"]'));
  assert.deepEqual(await page.$$eval('#analyze [data-code="topics_not_in_run"]', (ws) => ws.map((w) => w.textContent)), [`Warning: ${want.warnings[0].message}`]);
  await page.close();
});
