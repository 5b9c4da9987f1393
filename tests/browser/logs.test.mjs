// Evaluation logs in the Analyze page, opened from disk as files: inspect_ai
// .eval archives (deflate and zstd entries, decompressed in the browser) and
// lm-eval samples files and openai/evals logs, detected without choosing a format, with the numbers
// scipy and statsmodels give (tests/fixtures/logs/expected.json).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeAndWait, clickAndWait, launch, openAnalyze, openLeaderboard, rankAndWait, root, serve, warmedUp } from './browser.mjs';

const logs = join(root, 'tests/fixtures/logs');
const expected = JSON.parse(readFileSync(join(logs, 'expected.json'), 'utf8'));
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

const stat = (path) => page.$eval(`[data-comparison="0"][data-stat="${path}"]`, (e) => Number(e.dataset.value));
const open = (key, f) => page.setInputFiles(`#file-${key}`, { name: f.split('/').pop(), mimeType: 'application/octet-stream', buffer: readFileSync(join(logs, f)) });
// Two lm-eval samples files in Analyze's boxes, detected, with the pair's measure chosen.
async function openLmEvalPair(c) {
  await open('a', c.files[0]);
  await open('b', c.files[1]);
  await page.waitForFunction(() => /^detected: lm-evaluation-harness per-sample log/.test(document.querySelector('[data-testid="detected-b"]')?.textContent ?? ''), null, { timeout: 60_000 });
  await page.selectOption('select[data-testid="measure"]', c.measure);
}

test('page: two inspect_ai .eval logs opened from disk are read in the browser and give scipy\'s and statsmodels\' numbers', async () => {
  const c = expected.inspect_ai.pairs.find((x) => x.epochs.length === 1 && x.mcnemar);
  await open('a', c.files[0]);
  await open('b', c.files[1]);
  const want = `detected: inspect_ai log (.json or .eval), measure ${c.measure}, ${c.n} items`;
  await page.waitForFunction((w) => document.querySelector('[data-testid="detected-b"]')?.textContent?.startsWith(w), want, { timeout: 60_000 });
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.match(await page.textContent('[data-testid="report"] article.comparison h3'), new RegExp(`^${c.systems[1].replace(/[.()/]/g, '\\$&')} vs ${c.systems[0].replace(/[.()/]/g, '\\$&')}`));
  for (const [path, theirs, rel] of [['n', c.n, 0], ['mean_a', c.mean_a, 1e-12], ['mean_b', c.mean_b, 1e-12], ['t.p', c.t_p, 1e-9], ['mcnemar.p', c.mcnemar.p, 1e-12]])
    assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs ${theirs}`);
});

test('page: an lm-eval samples file names its task from the file name and its model by its box, and two models\' files compare', async () => {
  const c = expected.lm_eval.pairs.find((x) => x.measure === 'acc');
  await openLmEvalPair(c);
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  // A lone samples file's name says its task and time, not its model (its folder or results file would).
  assert.match(await page.textContent('[data-testid="report"] article.comparison h3'), new RegExp(`^B vs A — ${c.task} — ${c.measure}`));
  for (const [path, theirs, rel] of [['n', c.n, 0], ['mean_a', c.mean_a, 1e-12], ['t.p', c.t_p, 1e-9], ['mcnemar.p', c.mcnemar.p, 1e-12]])
    assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs ${theirs}`);
  // Binary items are shown as the table of their four outcomes, not as a scatter stacked on four corners.
  const cell = (name) => page.$eval(`[data-testid="outcome-table"] td[data-cell="${name}"]`, (e) => Number(e.textContent.split(' ')[0].replace(/,/g, '')));
  const rightA = Math.round(c.mean_a * c.n);
  assert.deepEqual([await cell('both'), await cell('a_only'), await cell('b_only'), await cell('neither')],
    [rightA - c.mcnemar.discordant_a, c.mcnemar.discordant_a, c.mcnemar.discordant_b, c.n - rightA - c.mcnemar.discordant_b]);
  assert.doesNotMatch(await page.textContent('[data-testid="report"]'), /above the dashed diagonal/);
});

test('page: a folder of one model\'s lm-eval output in each Analyze box names the models by their results files, compares task by task, and leaves out the files it cannot read, as the CLI does', async () => {
  // Folders named run-1 and run-2: the results files beside the samples, not the folders, name the models.
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-1'), { recursive: true });
  cpSync(join(logs, 'lm_eval/dummy-b'), join(dir, 'run-2'), { recursive: true });
  writeFileSync(join(dir, 'run-1', 'README.md'), '# one model\n');
  writeFileSync(join(dir, 'run-1', 'notes.jsonl.gz'), gzipSync('{"note": 1}\n'.repeat(50)).subarray(0, 30));
  // Its exit code is the verdict's (1: not shown better); the warnings are in its JSON.
  const cli = JSON.parse(spawnSync(join(root, 'build/pairpower'), ['compare', join(dir, 'run-1'), join(dir, 'run-2'), '--measure', 'acc', '--format', 'json'], { encoding: 'utf8' }).stdout);
  await page.setInputFiles('#folder-a', join(dir, 'run-1'));
  await page.setInputFiles('#folder-b', join(dir, 'run-2'));
  await page.waitForFunction(() => /^detected: /.test(document.querySelector('[data-testid="detected-b"]')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="detected-a"]'), /, run dummy-a; 2 files of the folder 'run-1' were left out, unread \(the first, run-1\/.*\)$/);
  const c = expected.lm_eval.pairs.find((x) => x.measure === 'acc' && x.task === 'arith_diff');
  await page.selectOption('select[data-testid="measure"]', c.measure);
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  // One warning per file left out, above the comparisons, each naming the file as the CLI's does.
  const left = await page.$$eval('[data-testid="report"] [data-code="left_out_of_folder"]', (ws) => ws.map((w) => w.textContent));
  const file = (w) => w.match(/run-1\/(README\.md|notes\.jsonl\.gz): /)?.[1];
  assert.deepEqual(left.map(file).sort(), ['README.md', 'notes.jsonl.gz']);
  assert.deepEqual(cli.warnings.filter((w) => w.code === 'left_out_of_folder').map((w) => file(w.message)).sort(), ['README.md', 'notes.jsonl.gz']);
  const headings = await page.$$eval('[data-testid="report"] article.comparison h3', (hs) => hs.map((x) => x.textContent));
  assert.deepEqual(headings.map((x) => x.match(/^(\S+) vs (\S+) — (\S+) — (\S+)/)?.slice(1)), [['dummy-b', 'dummy-a', 'arith_diff', 'acc'], ['dummy-b', 'dummy-a', 'arith_sum', 'acc']]);
  for (const [path, theirs, rel] of [['n', c.n, 0], ['mean_a', c.mean_a, 1e-12], ['t.p', c.t_p, 1e-9], ['mcnemar.p', c.mcnemar.p, 1e-12]])
    assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs ${theirs}`);
});

test('page: a damaged zip opened in an Analyze box is named in the error panel, and the box keeps its text', async () => {
  await page.fill('#paste-a', 'qid,x,y\nq1,0.1,0.2\n');
  await page.setInputFiles('#file-a', { name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04 not an archive') });
  await page.waitForFunction(() => /broken\.zip/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ''));
  assert.match(await page.textContent('[data-testid="error"]'), /^A: broken\.zip: not a zip archive that can be read \(no central directory\)/);
  assert.equal(await page.inputValue('#paste-a'), 'qid,x,y\nq1,0.1,0.2\n');
  await page.fill('#paste-a', '');
});

test('page: two openai/evals logs name their models from the spec and give scipy\'s and statsmodels\' numbers', async () => {
  const c = expected.openai_evals.pairs.find((x) => x.task === 'fixture-includes' && x.systems[1] === 'human_cli');
  await open('a', c.files[0]);
  await open('b', c.files[1]);
  await page.waitForFunction(() => /^detected: openai\/evals log/.test(document.querySelector('[data-testid="detected-b"]')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.match(await page.textContent('[data-testid="report"] article.comparison h3'), new RegExp(`^${c.systems[1]} vs ${c.systems[0]} — ${c.task} — ${c.measure}`));
  for (const [path, theirs, rel] of [['n', c.n, 0], ['mean_a', c.mean_a, 1e-12], ['mean_b', c.mean_b, 1e-12], ['t.p', c.t_p, 1e-9], ['mcnemar.p', c.mcnemar.p, 1e-12]])
    assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs ${theirs}`);
});

test('page: a zstd-compressed .eval without scores is opened and refused in the error panel, saying why', async () => {
  await open('a', 'inspect_ai/tests/retry-2-then-success.eval');
  await open('b', 'inspect_ai/tests/retry-2-then-success.eval');
  await page.click('[data-testid="analyze"]');
  await page.waitForFunction(() => document.getElementById('analyze').dataset.state === 'error', null, { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="error"]'), /the inspect_ai log holds no scored samples/);
});

test('page: two lm-eval logs compared with a cluster field give statsmodels\' cluster-robust SE and p, and the settings line names the field', async () => {
  const c = expected.lm_eval.pairs.find((x) => x.measure === 'acc' && x.cluster);
  await openLmEvalPair(c);
  await page.fill('#an-cluster', c.cluster_field);
  assert.match(await page.textContent('[data-testid="settings-summary"]'), new RegExp(`, items clustered by ${c.cluster_field.replace('.', '\\.')}$`));
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await stat('cluster.clusters'), c.cluster.clusters);
  for (const [path, theirs, rel] of [['cluster.se', c.cluster.se, 1e-9], ['cluster.p', c.cluster.p, 1e-9], ['cluster.design_effect', c.cluster.design_effect, 1e-9]])
    assert.ok(close(await stat(path), theirs, rel), `${path}: ${await stat(path)} vs ${theirs}`);
  await page.fill('#an-cluster', '');
});

// The calculator's answer for the fields Analyze filled, the CLI's for the same numbers as the page shows them.
test('page: a binary comparison of two lm-eval logs fills the quick calculator with its accuracies and agreement, and it answers as the CLI does', async () => {
  const c = expected.lm_eval.pairs.find((x) => x.measure === 'acc' && x.cluster);
  await openLmEvalPair(c);
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  await page.click('[data-testid="send-calculator"]');
  await page.waitForSelector('#plan:not([hidden])');
  assert.equal(await page.inputValue('#calc-metric'), 'binary');
  // The intro names what answers binary items, not the continuous tests it does not show.
  assert.match(await page.textContent('[data-testid="calc-intro"]'), /McNemar/);
  assert.doesNotMatch(await page.textContent('[data-testid="calc-intro"]'), /Wilcoxon|sign test/);
  const field = async (id) => page.inputValue(`#calc-${id}`);
  for (const [id, theirs] of [['accuracy-a', c.mean_a], ['accuracy-b', c.mean_b], ['agreement', c.agreement]])
    assert.ok(close(Number(await field(id)), theirs, 5e-6), `${id}: ${await field(id)} vs ${theirs}`);
  assert.equal(await field('cluster-size'), '1');
  assert.match(await page.textContent('[data-testid="calc-source"]'), new RegExp(`^From Analyze: \\S+ vs \\S+ on ${c.measure} \\(${c.task}\\), ${c.n} items\\. The fields hold their accuracies and agreement`));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'calc-title');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="calc-binary-n-exact"]')?.textContent ?? '') &&
    document.querySelector('[data-testid="calc-output"]')?.getAttribute('aria-busy') === 'false', null, { timeout: 60_000 });
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['samplesize', '--metric', 'binary', '--accuracy-a', await field('accuracy-a'),
    '--accuracy-b', await field('accuracy-b'), '--agreement', await field('agreement'), '--power', await field('power'), '--alpha', await field('alpha'),
    '--format', 'json'], { encoding: 'utf8' }));
  const shown = (key) => page.textContent(`[data-testid="calc-binary-n-${key}"]`).then((t) => Number(t.replace(/[^0-9]/g, '')));
  assert.equal(await shown('exact'), want.exact.n);
  assert.equal(await shown('approximate'), want.approximate.n);
});

test('page: a folder of lm-eval output chosen in Leaderboard names each model as its results file does and gives the CLI\'s boards', async () => {
  // dummy-a's and dummy-b's output in folders named run-1 and run-2: the results files, not the folders, name the models.
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-1'), { recursive: true });
  cpSync(join(logs, 'lm_eval/dummy-b'), join(dir, 'run-2'), { recursive: true });
  const samples = ['run-1', 'run-2'].flatMap((r) => ['arith_diff', 'arith_sum'].map((t) => execFileSync('sh', ['-c', `ls ${join(dir, r)}/samples_${t}_*.jsonl`], { encoding: 'utf8' }).trim()));
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['leaderboard', ...samples, '--measure', 'acc', '--resamples', '2000', '--bootstrap', '1000', '--format', 'json'], { encoding: 'utf8' }));
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  // The idle page warmed the leaderboard's code up (on a board of its own, which must leave no trace).
  assert.equal(await warmedUp(lb), 'pairpower:warm');
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('6 files'));
  await lb.fill('#lb-measure', 'acc');
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  const download = lb.waitForEvent('download');
  await lb.click('[data-testid="leaderboard-download-json"]');
  const got = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  assert.deepEqual(got.leaderboards.map((b) => [b.dataset, b.systems.map((s) => s.system).sort()]), want.leaderboards.map((b) => [b.dataset, ['dummy-a', 'dummy-b']]));
  for (const [i, b] of want.leaderboards.entries())
    for (const [j, s] of b.systems.entries()) {
      assert.equal(got.leaderboards[i].systems[j].system, s.system);
      assert.equal(got.leaderboards[i].systems[j].mean, s.mean);
      assert.deepEqual([got.leaderboards[i].systems[j].rank_marginal_low, got.leaderboards[i].systems[j].rank_marginal_high], [s.rank_marginal_low, s.rank_marginal_high]);
    }
  // Models are compared on items, not queries: in the JSON, the boards' headings and the warnings.
  assert.deepEqual(got.leaderboards.map((b) => b.unit), want.leaderboards.map(() => ({ one: 'item', many: 'items' })));
  assert.deepEqual(await lb.$$eval('section.board h3', (hs) => hs.map((x) => x.textContent)),
    want.leaderboards.map((b) => `${b.dataset}, acc: 2 systems on ${b.n} shared items`));
  assert.doesNotMatch(await lb.textContent('[data-testid="leaderboard-report"]'), /quer/);
  // A pair of the board opens in Analyze from the same files (read again), with the board's p for it.
  const [board] = want.leaderboards;
  const [pair] = board.pairs;
  const cell = `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`;
  assert.equal(await clickAndWait(lb, cell, 'analyze'), 'done', await lb.textContent('[data-testid="error"]'));
  assert.equal(await lb.getAttribute('[data-comparison="0"][data-stat="randomization.p"]', 'data-value'), String(pair.p));
  assert.match(await lb.textContent('[data-testid="handoff"]'), new RegExp(`${pair.system_b} vs ${pair.system_a} on acc \\(${board.dataset}\\), from the leaderboard`));
  // … and is still a pair of items there.
  const article = await lb.textContent('[data-testid="report"] article.comparison');
  assert.match(article, /items only/);
  assert.doesNotMatch(article, /quer/);
  await lb.close();
});

test('page: a file of a chosen folder that cannot be read is left out of the board with the CLI\'s warning, and a folder of only such files is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-1'), { recursive: true });
  cpSync(join(logs, 'lm_eval/dummy-b'), join(dir, 'run-2'), { recursive: true });
  writeFileSync(join(dir, 'README.md'), '# two models\n');
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['leaderboard', dir, '--measure', 'acc', '--resamples', '2000', '--bootstrap', '1000', '--format', 'json'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  assert.equal(want.warnings[0].code, 'left_out_of_folder');
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('7 files'));
  await lb.fill('#lb-measure', 'acc');
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  // The page names the folder as chosen (its name), the CLI as given (its path); the reason is the core's in both.
  const base = basename(dir);
  const shown = await lb.$$eval('#leaderboard [data-code="left_out_of_folder"]', (ws) => ws.map((w) => [w.textContent,
    !!(w.compareDocumentPosition(document.querySelector('[data-testid="leaderboard-table"]')) & Node.DOCUMENT_POSITION_FOLLOWING)]));
  assert.equal(shown.length, 1);
  const prefix = `Warning: left out of the folder '${base}': ${base}/README.md: `;
  assert.ok(shown[0][0].startsWith(prefix) && shown[0][1], shown[0][0]);
  const why = shown[0][0].slice(prefix.length);
  assert.ok(why.length > 0 && want.warnings[0].message.startsWith(`left out of the folder '${dir}': ${join(dir, 'README.md')}: ${why}`), `${why} | ${want.warnings[0].message}`);
  assert.match(await lb.textContent('#leaderboard p.status'), /; one warning above the boards/);
  const download = lb.waitForEvent('download');
  await lb.click('[data-testid="leaderboard-download-json"]');
  const got = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  assert.deepEqual(got.warnings.map((w) => w.code), want.warnings.map((w) => w.code));
  const board = (r) => r.leaderboards.map((b) => [b.dataset, b.systems.map((s) => [s.system, s.mean]), b.pairs.map((p) => [p.system_a, p.system_b, p.p, p.p_family])]);
  assert.deepEqual(board(got), board(want));
  // A pair of the board opens in Analyze: the files read again leave the README out again.
  const [pair] = want.leaderboards[0].pairs;
  const cell = `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`;
  assert.equal(await clickAndWait(lb, cell, 'analyze'), 'done', await lb.textContent('[data-testid="error"]'));
  assert.equal(await lb.getAttribute('[data-comparison="0"][data-stat="randomization.p"]', 'data-value'), String(pair.p));
  // Nothing in the folder reads: refused, naming the folder and the first file's fault.
  const notes = mkdtempSync(join(tmpdir(), 'pairpower-notes-'));
  writeFileSync(join(notes, 'README.md'), '# two models\n');
  writeFileSync(join(notes, 'notes.txt'), 'to do\n');
  await lb.close();
  const again = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await again.setInputFiles('[data-testid="folder-leaderboard"]', notes);
  await again.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('2 files'));
  assert.equal(await rankAndWait(again), 'error');
  const b2 = basename(notes);
  assert.match(await again.textContent('[data-testid="error"]'), new RegExp(`^no file in the folder '${b2}' could be read \\(${b2}/README\\.md: three columns, .+; and 1 more file\\); choose the format under “`));
  await again.close();
});

test('page: files of a chosen folder the browser cannot open are left out as the CLI leaves them out, and a board refused for want of them keeps their warnings under its error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-1'), { recursive: true });
  mkdirSync(join(dir, 'run-2'));
  for (const f of readdirSync(join(logs, 'lm_eval/dummy-b'))) {
    const bytes = readFileSync(join(logs, 'lm_eval/dummy-b', f));
    // dummy-b's samples gzipped and cut short: neither the browser nor the CLI can open them.
    if (f.startsWith('samples_')) writeFileSync(join(dir, 'run-2', `${f}.gz`), gzipSync(bytes).subarray(0, 200));
    else writeFileSync(join(dir, 'run-2', f), bytes);
  }
  const cli = spawnSync(join(root, 'build/pairpower'), ['leaderboard', dir, '--measure', 'acc', '--resamples', '2000', '--bootstrap', '1000'], { encoding: 'utf8' });
  assert.equal(cli.status, 2, cli.stderr);
  const cliLines = cli.stderr.trimEnd().split('\n');
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('6 files'));
  await lb.fill('#lb-measure', 'acc');
  assert.equal(await rankAndWait(lb), 'error');
  // One model is left: the CLI's refusal, and under it the files left out, named as the CLI names them before it.
  assert.equal(`pairpower: error: ${await lb.textContent('[data-testid="error"]')}`, cliLines.at(-1));
  const base = basename(dir);
  const gz = readdirSync(join(dir, 'run-2')).filter((f) => f.endsWith('.gz')).sort();
  assert.equal(gz.length, 2);
  const shown = await lb.$$eval('[data-testid="refused-with"] [data-code="left_out_of_folder"]', (ws) => ws.map((w) => w.textContent));
  assert.deepEqual(shown, gz.map((f) => `Warning: left out of the folder '${base}': ${base}/run-2/${f}: not whole gzip data: it could not be decompressed (cut short or damaged)`));
  // The CLI names the file as the page does, with zlib's reason.
  assert.deepEqual(cliLines.slice(0, -1).map((l) => l.slice(0, l.lastIndexOf(' ('))), gz.map((f) => `warning: left out of the folder '${dir}': ${join(dir, 'run-2', f)}: not whole gzip data`));
  // Ranked again once the folder reads, the refusal's warnings are gone.
  const mended = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  for (const model of ['dummy-a', 'dummy-b']) cpSync(join(logs, 'lm_eval', model), join(mended, model), { recursive: true });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', mended);
  await lb.waitForFunction((b) => document.querySelector('[data-testid="files-loaded"]')?.textContent?.includes(b), basename(mended));
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  assert.equal(await lb.$$eval('[data-testid="refused-with"] *', (x) => x.length), 0);
  await lb.close();
});

test('page: a folder holding one model\'s lm-eval output twice is refused in Leaderboard, naming both files', async () => {
  // Two copies of dummy-a's output: its results file names the model in both.
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-1'), { recursive: true });
  cpSync(join(logs, 'lm_eval/dummy-a'), join(dir, 'run-2'), { recursive: true });
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('6 files'));
  await lb.fill('#lb-measure', 'acc');
  assert.equal(await rankAndWait(lb), 'error');
  assert.match(await lb.textContent('[data-testid="error"]'),
    /system 'dummy-a' appears twice in dataset '(arith_\w+)' for acc \(in \S*run-1\/samples_\1_\S+\.jsonl and in \S*run-2\/samples_\1_\S+\.jsonl\)/);
  await lb.close();
});

test('page: a qid,score file beside lm-eval logs of two measures is refused until a measure is chosen, then ranked as that measure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  for (const model of ['dummy-a', 'dummy-b'])
    for (const f of readdirSync(join(logs, 'lm_eval', model)).filter((f) => f.startsWith('samples_arith_sum'))) cpSync(join(logs, 'lm_eval', model, f), join(dir, model, f));
  // Our own system's per-item scores, as a plain table: the first model's acc_norm with two items flipped.
  const [first] = readdirSync(join(dir, 'dummy-a'));
  const rows = readFileSync(join(dir, 'dummy-a', first), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  writeFileSync(join(dir, 'mine.csv'), `qid,score\n${rows.map((r, i) => `${r.doc_id},${i < 2 ? 1 - r.acc_norm : r.acc_norm}`).join('\n')}\n`);
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('3 files'));
  await lb.fill('#lb-measure', '');
  assert.equal(await rankAndWait(lb), 'error');
  assert.match(await lb.textContent('[data-testid="error"]'), /the scores of mine in \S*mine\.csv name no measure .*hold 2 \(acc, acc_norm\); choose the one they are/);
  await lb.fill('#lb-measure', 'acc_norm');
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  const shown = await lb.$$eval('[data-testid="leaderboard-table"] tbody tr', (trs) => trs.map((r) => r.dataset.system));
  assert.deepEqual([...shown].sort(), ['dummy-a', 'dummy-b', 'mine']);
  await lb.close();
});

test('page: a folder of lm-eval logs ranked with a cluster field gives the CLI\'s clustered boards, and a field the records lack is named', async () => {
  // arith_sum's documents carry a group (doc.group); arith_diff's do not, so only arith_sum's files are chosen.
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-eval-'));
  for (const model of ['dummy-a', 'dummy-b', 'dummy-c'])
    for (const f of readdirSync(join(logs, 'lm_eval', model)).filter((f) => !f.startsWith('samples_arith_diff'))) cpSync(join(logs, 'lm_eval', model, f), join(dir, model, f));
  const samples = ['dummy-a', 'dummy-b', 'dummy-c'].map((r) => execFileSync('sh', ['-c', `ls ${join(dir, r)}/samples_arith_sum_*.jsonl`], { encoding: 'utf8' }).trim());
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['leaderboard', ...samples, '--measure', 'acc', '--cluster', 'doc.group', '--resamples', '2000', '--bootstrap', '1000', '--format', 'json'], { encoding: 'utf8' }));
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction(() => /^\d+ files/.test(document.querySelector('[data-testid="files-loaded"]')?.textContent ?? ''));
  await lb.fill('#lb-measure', 'acc');
  await lb.fill('#lb-cluster', 'doc.grup');
  assert.equal(await rankAndWait(lb), 'error');
  // No samples file has the field: none of the folder's files reads, and the refusal names the first one's fault.
  assert.match(await lb.textContent('[data-testid="error"]'),
    /^Cluster field: no file in the folder '[^']+' could be read \(\S+\/samples_arith_sum_\S+\.jsonl: line \d+: the record of doc_id \S+ has no doc\.grup \(text or a number\) to name its cluster; and 2 more files\)$/);
  await lb.fill('#lb-cluster', 'doc.group');
  assert.match(await lb.textContent('[data-testid="lb-settings-summary"]'), /, items clustered by doc\.group$/);
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  const download = lb.waitForEvent('download');
  await lb.click('[data-testid="leaderboard-download-json"]');
  const got = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  assert.equal(got.leaderboards.length, want.leaderboards.length);
  for (const [i, b] of want.leaderboards.entries()) {
    assert.notEqual(b.family_procedure, 'randomized-tukey', 'the CLI decides clustered items by their cluster-robust tests');
    assert.equal(got.leaderboards[i].family_procedure, b.family_procedure);
    assert.deepEqual(got.leaderboards[i].pairs.map((p) => [p.system_a, p.system_b, p.p_family, p.significant]), b.pairs.map((p) => [p.system_a, p.system_b, p.p_family, p.significant]));
  }
  // A pair handed to Analyze keeps its clusters: statsmodels' cluster-robust numbers for dummy-a and dummy-b.
  const c = expected.lm_eval.pairs.find((x) => x.task === 'arith_sum' && x.measure === 'acc' && x.cluster && x.systems.join() === 'dummy-a,dummy-b');
  const pair = want.leaderboards[0].pairs.find((p) => [p.system_a, p.system_b].sort().join() === 'dummy-a,dummy-b');
  const cell = `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`;
  assert.equal(await clickAndWait(lb, cell, 'analyze'), 'done', await lb.textContent('[data-testid="error"]'));
  const stat = async (path) => Number(await lb.getAttribute(`[data-comparison="0"][data-stat="${path}"]`, 'data-value'));
  assert.equal(await stat('cluster.clusters'), c.cluster.clusters);
  assert.ok(close(await stat('cluster.se'), c.cluster.se, 1e-9), `cluster.se: ${await stat('cluster.se')} vs ${c.cluster.se}`);
  await lb.close();
});


test('page: a folder of HELM output chosen in Leaderboard reads its per_instance_stats.json files, not its run specs, and gives the CLI\'s board', async () => {
  const dir = join(logs, 'helm');
  const runs = readdirSync(dir).filter((d) => d.startsWith('xstest:')).sort();
  const want = JSON.parse(execFileSync(join(root, 'build/pairpower'), ['leaderboard', ...runs.map((r) => join(dir, r, 'per_instance_stats.json')), '--measure', 'xst_score',
    '--resamples', '2000', '--bootstrap', '1000', '--format', 'json'], { encoding: 'utf8' }));
  const lb = await openLeaderboard(browser, url, { resamples: 2000, bootstrap: 1000 });
  await lb.setInputFiles('[data-testid="folder-leaderboard"]', dir);
  await lb.waitForFunction((n) => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith(`${n} files`), 2 * runs.length);
  await lb.fill('#lb-measure', 'xst_score');
  assert.equal(await rankAndWait(lb), 'done', await lb.textContent('[data-testid="error"]'));
  const download = lb.waitForEvent('download');
  await lb.click('[data-testid="leaderboard-download-json"]');
  const got = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  const board = (r) => r.leaderboards.map((b) => [b.dataset, b.n, b.systems.map((s) => [s.system, s.mean, s.rank_marginal_low, s.rank_marginal_high]), b.pairs.map((p) => [p.system_a, p.system_b, p.p, p.p_family])]);
  assert.deepEqual(board(got), board(want));
  assert.equal(want.leaderboards[0].k, runs.length);
  await lb.close();
});
