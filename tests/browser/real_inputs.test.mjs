// Real outputs of trec_eval, pytrec_eval, ir_measures and ranx in the Analyze
// page: opened from disk without choosing a format, each is detected as what
// it is, its runs are named by runid or file name, the
// measure offered first is never a count, and the numbers equal scipy's
// (tests/fixtures/real/expected.json). A UTF-16 file opened from disk reads too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeAndWait, launch, openAnalyze, paste as pasteInto, root, serve } from './browser.mjs';

const real = join(root, 'tests/fixtures/real');
const expected = JSON.parse(readFileSync(join(real, 'expected.json'), 'utf8'));
const described = { trec_eval: 'trec_eval -q', ir_measures: 'ir_measures -q', 'ir_measures-jsonl': 'ir_measures -o jsonl', ranx: 'ranx JSON', pytrec_eval: 'pytrec_eval JSON' };
const close = (x, e, rel) => Math.abs(x - e) <= rel * Math.abs(e) || x === e;

let browser, server, url, page;
before(async () => {
  browser = await launch();
  ({ server, url } = await serve(true));
  page = await openAnalyze(browser, url, { resamples: 2000, bootstrap: 200 });
});
after(async () => {
  await browser?.close();
  server?.close();
});

const paste = (testid, text) => pasteInto(page, testid, text);

async function analyze() {
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
}

const stat = (path) => page.$eval(`[data-comparison="0"][data-stat="${path}"]`, (e) => Number(e.dataset.value));

for (const c of expected.cases) {
  test(`page: ${c.files[0]} and its pair are read as ${c.format} and give scipy's numbers`, async () => {
    for (const [k, f] of c.files.entries())
      await page.setInputFiles(`#file-${'ab'[k]}`, { name: f.split('/').pop(), mimeType: 'text/plain', buffer: readFileSync(join(real, f)) });
    const want = `detected: ${described[c.format]}, ${c.measures} measures, ${c.queries} queries`;
    await page.waitForFunction((w) => document.querySelector('[data-testid="detected-a"]')?.textContent?.startsWith(w), want, { timeout: 60_000 });
    // The first measure offered is an effectiveness measure, never a count.
    assert.doesNotMatch(await page.inputValue('select[data-testid="measure"]'), /^(num_|Num)/);
    const e = c.comparisons[0];
    await page.selectOption('select[data-testid="measure"]', e.measure);
    await analyze();
    assert.match(await page.textContent('[data-testid="report"] article.comparison h3'), new RegExp(`^${c.systems[1].replace(/[.()]/g, '\\$&')} vs `));
    for (const [path, theirs, rel] of [['n', e.n, 0], ['mean_a', e.mean_a, 1e-12], ['t.p', e.t_p, 1e-9], ['wilcoxon.p', e.wilcoxon_p, 1e-9], ['sign.p', e.sign_p, 1e-9]])
      assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs scipy ${theirs}`);
  });
}

test('page: a UTF-16 trec_eval file opened from disk is decoded, and its run named by its runid', async () => {
  const text = readFileSync(join(real, 'trec_eval/te908.q.org_manual_bm25.txt'), 'utf8');
  const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await page.setInputFiles('#file-a', { name: 'bm25-powershell.txt', mimeType: 'text/plain', buffer });
  await page.waitForFunction(() => document.querySelector('[data-testid="detected-a"]')?.textContent?.includes('run org_manual_bm25.run'), null, { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="detected-a"]'), /^detected: trec_eval -q, 27 measures, 158 queries, run org_manual_bm25\.run; not per-query scores, skipped: runid \(text\), num_q \(summary rows only\), gm_map \(summary rows only\)$/);
});

test('page: after the inputs change the old report is marked stale and cannot be exported; after an error it is gone', async () => {
  const [a, b] = ['org_manual_bm25', 'org_manual_ance_bert'].map((r) => readFileSync(join(real, `trec_eval/te908.q.${r}.txt`), 'utf8'));
  await paste('paste-a', a);
  await paste('paste-b', b);
  await page.waitForFunction(() => document.querySelector('[data-testid="detected-b"]')?.textContent?.includes('158 queries'));
  await analyze();
  assert.equal(await page.isEnabled('[data-testid="analysis-download-csv"]'), true);
  await paste('paste-b', b.replace(/\t0\.2/g, '\t0.3'));
  await page.waitForSelector('[data-testid="stale"]:not([hidden])');
  assert.equal(await page.isEnabled('[data-testid="analysis-download-csv"]'), false);
  await paste('paste-b', 'map\t301\tnot-a-number\n');
  await page.click('[data-testid="analyze"]');
  await page.waitForFunction(() => document.getElementById('analyze').dataset.state === 'error');
  assert.equal((await page.textContent('[data-testid="report"]')).trim(), '');
  assert.equal(await page.isVisible('[data-testid="analysis-download-csv"]'), false);
});

test('page: a table of three systems gives each its own record against the chosen baseline', async () => {
  const te = (r) => readFileSync(join(real, `trec_eval/te908.q.${r}.txt`), 'utf8');
  const pick = (text) => new Map(text.split('\n').filter((l) => /^P_10\s/.test(l) && !/\tall\t/.test(l)).map((l) => [l.split(/\s+/)[1], l.split(/\s+/)[2]]));
  const bm25 = pick(te('org_manual_bm25')), ance = pick(te('org_manual_ance_bert'));
  const rows = [...bm25.keys()].map((q) => `${q},${bm25.get(q)},${ance.get(q)},${bm25.get(q)}`);
  await paste('paste-b', '');
  await paste('paste-a', `qid,bm25,ance,bm25copy\n${rows.join('\n')}\n`);
  await page.waitForFunction(() => !document.querySelector('[data-testid="baseline"]')?.closest('.field')?.hidden);
  await page.selectOption('select[data-testid="baseline"]', 'ance');
  await analyze();
  const records = await page.$$eval('[data-testid="by-system"] tbody tr', (trs) => trs.map((tr) => [tr.dataset.system, ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]));
  assert.deepEqual(records.map((r) => r[0]), ['bm25', 'bm25copy']);
  for (const r of records) assert.deepEqual(r.slice(1), ['1', '0', '1', 'REJECT']);
});

test('page: a trec_eval file cut short says so where it is detected, in the refusal of the queries it lacks, and in the report', async () => {
  const cut = 'cut/te10rc3.q.org_manual_bm25.head-n-2000.txt';
  await page.setInputFiles('#file-a', { name: cut.split('/').pop(), mimeType: 'text/plain', buffer: readFileSync(join(real, cut)) });
  await page.setInputFiles('#file-b', { name: 'ance.txt', mimeType: 'text/plain', buffer: readFileSync(join(real, 'trec_eval/te10rc3.q.org_manual_ance_bert.txt')) });
  await page.waitForFunction(() => document.querySelector('[data-testid="detected-a"]')?.textContent?.includes('looks cut short'), null, { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="detected-a"]'), /; \S+ looks cut short: run \S+ ends inside query 116_5, which holds only the first 2 of the 27 measures that every other query \(74\) holds; its rows stop after num_rel at line 2000,/);
  assert.doesNotMatch(await page.textContent('[data-testid="detected-b"]'), /cut short/);
  await page.selectOption('select[data-testid="measure"]', 'map');
  await page.selectOption('#an-missing', 'error');
  await page.click('[data-testid="analyze"]');
  await page.waitForFunction(() => document.getElementById('analyze').dataset.state === 'error');
  assert.match(await page.textContent('[data-testid="error"]'), /query ids do not match.*looks cut short: run \S+ ends inside query 116_5/s);
  await page.selectOption('#an-missing', 'intersect');
  await analyze();
  assert.match(await page.textContent('[data-testid="report"] [data-code="cut_short"]'), /looks cut short: run \S+ ends inside query 116_5/);
  await page.selectOption('#an-missing', 'error');
});
