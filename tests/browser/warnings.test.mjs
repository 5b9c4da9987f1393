// Answers that cannot be trusted, on the page: the core's warnings shown beside
// the answer they qualify (data-testid="warning", role="note"), in the words
// the CLI prints; none for ordinary data, so each check can fail both ways.
// And the quick calculator's honest states: a default margin that answers, "not
// computed" for what was not computed, and a pending answer while a new one comes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeAndWait, openAnalyze, openLeaderboard, paste, rankAndWait, root, useSite, waitDone } from './browser.mjs';
import { scores } from '../bad_inputs/warning_scores.mjs';

const site = useSite();
const dir = mkdtempSync(join(tmpdir(), 'pairpower-warn-'));

const trec = (system, measure, values) =>
  [`runid                 \tall\t${system}`, ...values.map((v, i) => `${measure.padEnd(22)}\tq${i + 1}\t${v}`)].join('\n') + '\n';

// The CLI's report of the same two texts (the oracle for the page's words).
function cliWarnings(a, b, args = []) {
  const fa = join(dir, `a${Math.random().toString(36).slice(2)}.txt`), fb = fa.replace(/\.txt$/, 'b.txt');
  writeFileSync(fa, a);
  writeFileSync(fb, b);
  const r = spawnSync(`${root}build/pairpower`, ['compare', fa, fb, '--resamples', '2000', '--bootstrap', '500', '--format', 'json', ...args], { encoding: 'utf8' });
  return JSON.parse(r.stdout).warnings;
}

async function analyze(a, b) {
  const page = await openAnalyze(site.browser, site.url, { resamples: 2000, bootstrap: 500 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await paste(page, 'paste-a', a);
  await paste(page, 'paste-b', b);
  assert.equal(await analyzeAndWait(page), 'done');
  const shown = await page.$$eval('[data-testid="warning"]', (els) => els.map((e) => ({
    code: e.dataset.code, role: e.getAttribute('role'), text: e.textContent, comparison: e.closest('[data-comparison]')?.dataset.comparison,
  })));
  return { page, errors, shown };
}

test('Analyze: four queries show the exact-test floor and the bootstrap warning beside the comparison, in the CLI\'s words', async () => {
  const { a, b } = scores(4, 0.1, 0.05);
  const ta = trec('bm25', 'ndcg_cut_10', a), tb = trec('dense', 'ndcg_cut_10', b);
  const { page, errors, shown } = await analyze(ta, tb);
  const want = cliWarnings(ta, tb);
  assert.ok(want.some((w) => w.code === 'p_floor'));
  assert.deepEqual(shown.map((w) => w.code), want.map((w) => w.code));
  for (const [i, w] of want.entries()) {
    assert.equal(shown[i].text, `Warning: ${w.message}`);
    assert.equal(shown[i].role, 'note');
    assert.equal(shown[i].comparison, '0');
  }
  const floor = shown.find((w) => w.code === 'p_floor');
  assert.match(floor.text, /is 0\.125 .*above α = 0\.05/);
  // Visible, not only in the DOM.
  assert.equal(await page.isVisible('[data-testid="warning"][data-code="p_floor"]'), true);
  // The planning sentence does not offer fewer queries than the tests need.
  assert.doesNotMatch(await page.textContent('[data-comparison="0"] .reason'), /About [0-5] queries would detect/);
  // The sentence copied for a paper keeps these caveats.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  const copy = page.locator('[data-comparison="0"] [data-testid="copy-sentence"]');
  assert.equal(await copy.textContent(), 'Copy the sentence and its caveats');
  await copy.click();
  const sentence = await page.textContent('[data-comparison="0"] [data-testid="sentence"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${sentence}\nCaveats: ${want.map((w) => w.message).join(' ')}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Analyze: an nDCG of 1.5 shows a warning naming the system, the query and the value', async () => {
  const s = scores(30);
  s.b[6] = 1.5;
  const ta = trec('bm25', 'ndcg_cut_10', s.a), tb = trec('dense', 'ndcg_cut_10', s.b);
  const { page, errors, shown } = await analyze(ta, tb);
  assert.deepEqual(shown.map((w) => w.code), ['out_of_range']);
  assert.equal(shown[0].text, `Warning: ${cliWarnings(ta, tb)[0].message}`);
  assert.match(shown[0].text, /ndcg_cut_10 lies between 0 and 1, but 1 of dense's 30 values lies outside that range \(1\.5 for query q7\)/);
  assert.equal(await page.textContent('[data-comparison="0"] [data-testid="copy-sentence"]'), 'Copy the sentence and its caveats');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Analyze: a bare score within [0, 1] against one on a scale of 100 warns of two scales, in the CLI\'s words', async () => {
  const a = ['qid,score', ...Array.from({ length: 30 }, (_, i) => `q${i + 1},${(0.3 + ((i * 37) % 50) / 100).toFixed(2)}`)].join('\n') + '\n';
  const b = ['qid,score', ...Array.from({ length: 30 }, (_, i) => `q${i + 1},${35 + ((i * 53) % 50)}`)].join('\n') + '\n';
  const { page, errors, shown } = await analyze(a, b);
  const fa = join(dir, 'scale-a.csv'), fb = join(dir, 'scale-b.csv');
  writeFileSync(fa, a);
  writeFileSync(fb, b);
  const r = spawnSync(`${root}build/pairpower`, ['compare', fa, fb, '--resamples', '2000', '--bootstrap', '500', '--format', 'json'], { encoding: 'utf8' });
  const want = JSON.parse(r.stdout).warnings.find((w) => w.code === 'scale_mismatch');
  assert.ok(want, 'the CLI warns');
  // The CLI names the systems by their files, the page by its labels.
  const words = want.message.replace("scale-a's", "A's").replace("scale-b's", "B's");
  assert.deepEqual(shown.filter((w) => w.code === 'scale_mismatch').map((w) => w.text), [`Warning: ${words}`]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Plan: B\'s mean beyond 1 in the clipped normal model warns under the answer, in the CLI\'s words', async () => {
  const page = await site.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}#n=40&delta=0.02,0.1&rho=0.5&model=normal&mean=0.95&sd=0.3&reps=200&seed=2&run=1`);
  await waitDone(page);
  const r = spawnSync(`${root}build/pairpower`, ['simulate', '--n', '40', '--delta', '0.02,0.1', '--rho', '0.5', '--model', 'normal', '--mean', '0.95', '--sd', '0.3',
    '--reps', '200', '--seed', '2', '--format', 'json', '--progress', 'off'], { encoding: 'utf8' });
  const want = JSON.parse(r.stdout).warnings.find((w) => w.code === 'beyond_bounds');
  assert.ok(want, 'the CLI warns');
  assert.equal(await page.textContent('.answer [data-testid="warning"][data-code="beyond_bounds"]'), `Warning: ${want.message}`);
  assert.equal(await page.isVisible('.answer [data-testid="warning"][data-code="beyond_bounds"]'), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Analyze: thirty ordinary queries show no warning', async () => {
  const s = scores(30);
  const ta = trec('bm25', 'ndcg_cut_10', s.a), tb = trec('dense', 'ndcg_cut_10', s.b);
  const { page, errors, shown } = await analyze(ta, tb);
  assert.deepEqual(cliWarnings(ta, tb), []);
  assert.deepEqual(shown, []);
  // The report is there: the absence of warnings is not an absence of results.
  assert.equal(await page.getAttribute('[data-stat="n"]', 'data-value'), '30');
  assert.equal(await page.textContent('[data-testid="copy-sentence"]'), 'Copy the sentence');
  assert.deepEqual(errors, []);
  await page.close();
});

test('at α = 0.01 a confidence left empty gives the CLI’s 1 − α intervals without a warning; 0.95 typed in is kept and warned of as interval_level', async () => {
  const s = scores(30);
  const ta = trec('bm25', 'ndcg_cut_10', s.a), tb = trec('dense', 'ndcg_cut_10', s.b);
  const cliT = (args) => {
    const fa = join(dir, 'level-a.txt'), fb = join(dir, 'level-b.txt');
    writeFileSync(fa, ta);
    writeFileSync(fb, tb);
    const r = spawnSync(`${root}build/pairpower`, ['compare', fa, fb, '--alpha', '0.01', '--resamples', '2000', '--bootstrap', '500', '--format', 'json', ...args], { encoding: 'utf8' });
    return JSON.parse(r.stdout);
  };
  const page = await openAnalyze(site.browser, site.url, { resamples: 2000, bootstrap: 500 });
  await paste(page, 'paste-a', ta);
  await paste(page, 'paste-b', tb);
  await page.fill('#an-alpha', '0.01');
  assert.equal(await page.inputValue('#an-confidence'), '');
  const shown = async () => ({
    low: Number(await page.getAttribute('[data-comparison="0"][data-stat="t.ci_low"]', 'data-value')),
    codes: await page.$$eval('[data-testid="warning"]', (els) => els.map((e) => e.dataset.code)),
  });
  for (const [typed, args, codes] of [['', [], []], ['0.95', ['--confidence', '0.95'], ['interval_level']]]) {
    await page.fill('#an-confidence', typed);
    assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
    const cli = cliT(args);
    assert.equal(cli.settings.confidence, typed ? 0.95 : 0.99);
    // The t quantile is a special function: the wasm build gives the CLI's to 1e-12 (tests/wasm).
    const got = await shown();
    assert.ok(Math.abs(got.low - cli.comparisons[0].t.ci_low) <= 1e-12 * Math.abs(cli.comparisons[0].t.ci_low), `${got.low} vs the CLI's ${cli.comparisons[0].t.ci_low}`);
    assert.deepEqual(got.codes, codes);
  }
  // The Leaderboard's field follows α the same way: empty gives the board 0.99 typed in gives, not 0.95's.
  const lb = await openLeaderboard(site.browser, site.url, { resamples: 500, bootstrap: 300 });
  await paste(lb, 'paste-leaderboard', 'qid,bm25,dense\n' + s.a.map((x, i) => `q${i + 1},${x},${s.b[i]}`).join('\n') + '\n');
  await lb.fill('#lb-alpha', '0.01');
  const rows = async (typed) => {
    await lb.fill('#lb-confidence', typed);
    assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
    return lb.$$eval('[data-testid="leaderboard-table"] tbody tr', (els) => els.map((e) => e.textContent));
  };
  const empty = await rows('');
  assert.match(await lb.textContent('[data-testid="lb-settings-summary"]'), /confidence 1 − α,/);
  assert.deepEqual(empty, await rows('0.99'));
  assert.notDeepEqual(empty, await rows('0.95'));
  await page.close();
  await lb.close();
});

test('Leaderboard: a board of four queries warns above the boards; thirty ordinary queries do not', async () => {
  const long = (n) => {
    const { a, b } = scores(n);
    const c = scores(n, -0.02).b;
    return 'qid,system,measure,score\n' + a.flatMap((x, i) => [`q${i + 1},bm25,ndcg_cut_10,${x}`, `q${i + 1},dense,ndcg_cut_10,${b[i]}`, `q${i + 1},splade,ndcg_cut_10,${c[i]}`]).join('\n') + '\n';
  };
  const page = await openLeaderboard(site.browser, site.url, { resamples: 500, bootstrap: 200 });
  const rank = () => rankAndWait(page);
  await paste(page, 'paste-leaderboard', long(4));
  assert.equal(await rank(), 'done');
  const codes = await page.$$eval('[data-testid="warning"]', (els) => els.map((e) => e.dataset.code));
  assert.deepEqual(codes, ['p_floor', 'few_queries']);
  assert.match(await page.textContent('[data-testid="warning"][data-code="p_floor"]'), /0\.125/);
  await paste(page, 'paste-leaderboard', long(30));
  assert.equal(await rank(), 'done');
  assert.equal(await page.$$eval('[data-testid="warning"]', (els) => els.length), 0);
  assert.equal(await page.$$eval('[data-testid="leaderboard-table"] tbody tr', (els) => els.length), 3);
  await page.close();
});

// A fresh page on the quick preset, its calculator answering; errors thrown on the page are kept.
async function openCalculator() {
  const page = await site.browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}#preset=quick`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.waitForSelector('[data-testid="calc-n-t"]');
  return { page, errors };
}

test('the quick calculator opens equivalence on a real answer, says "not computed" or "not reachable" and why where it gives no N, and marks a changed answer as pending', async () => {
  const { page, errors } = await openCalculator();
  const settled = () => page.waitForFunction(() => document.querySelector('[data-testid="calc-output"]')?.getAttribute('aria-busy') !== 'true');
  // Equivalence with the default margin: a number of queries, not "not reachable"; the same as the CLI's at the calculator's defaults.
  await page.selectOption('#calc-question', 'equivalence');
  await settled();
  await page.waitForFunction(() => /^\d[\d,]*$/.test(document.querySelector('[data-testid="calc-n-t"]')?.textContent ?? ''));
  const margin = await page.inputValue('#calc-margin'), delta = await page.inputValue('#calc-delta');
  assert.ok(Number(margin) > Number(delta), `margin ${margin}, δ ${delta}`);
  await page.selectOption('#calc-question', 'difference');
  await settled();
  // K = 28 after Holm: the Wilcoxon N is not computed (Holm is simulated for the t only), and says so.
  // The pending state is read in the same task as the change, so no timing is involved.
  const busy = await page.evaluate(() => {
    const k = document.getElementById('calc-comparisons');
    k.value = '28';
    k.dispatchEvent(new Event('input', { bubbles: true }));
    const out = document.querySelector('[data-testid="calc-output"]');
    return { busy: out.getAttribute('aria-busy'), status: !document.querySelector('[data-testid="calc-status"]').hidden };
  });
  assert.deepEqual(busy, { busy: 'true', status: true });
  await settled();
  assert.equal(await page.isHidden('[data-testid="calc-status"]'), true);
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-family-all-t"]'));
  assert.equal(await page.textContent('[data-testid="calc-n-wilcoxon"]'), 'not computed');
  // Why, in words beside it (not only on hover), and no unit after a missing number.
  const sentence = () => page.evaluate(() => document.querySelector('[data-testid="calc-n-t"]').parentElement.textContent);
  assert.match(await sentence(), /not computed \(Wilcoxon signed-rank: [^)]*simulated for the paired t-test only/);
  assert.doesNotMatch(await sentence(), /not (computed|reachable) (queries|items)/);
  // δ on the other side of a one-sided alternative: not reachable, and the sentence says why.
  await page.fill('#calc-comparisons', '1');
  await page.selectOption('#calc-alternative', 'less');
  await settled();
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-n-t"]')?.textContent === 'not reachable');
  assert.match(await sentence(), /not reachable \(paired t: δ lies on the other side of the one-sided alternative/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the quick calculator shows a simulated family power of 1 with the CLI’s one-sided bound, not an SE of 0', async () => {
  const { page, errors } = await openCalculator();
  const want = JSON.parse(spawnSync(`${root}build/pairpower`, ['power', '--n', '2000', '--delta', '0.05', '--sd-diff', '0.1', '--comparisons', '5', '--correction', 'holm', '--format', 'json'], { encoding: 'utf8' }).stdout).t;
  assert.equal(want.power_all, 1);
  assert.equal(want.monte_carlo.precision, 'all ≥0.9998 (one-sided 95% bound)');
  await page.fill('#calc-delta', '0.05');
  await page.fill('#calc-sddiff', '0.1');
  await page.fill('#calc-n', '2000');
  await page.fill('#calc-comparisons', '5');
  await page.selectOption('#calc-correction', 'holm');
  await page.waitForFunction(() => document.querySelector('[data-testid="calc-output"]')?.getAttribute('aria-busy') !== 'true' &&
    document.querySelector('[data-testid="calc-family-all-t"]')?.textContent === '1.000');
  const family = await page.textContent('[data-testid="calc-family"]');
  assert.ok(family.includes(`(Monte Carlo, 20,000 replicates; ${want.monte_carlo.precision})`), family);
  assert.doesNotMatch(family, /SE/);
  assert.deepEqual(errors, []);
  await page.close();
});
