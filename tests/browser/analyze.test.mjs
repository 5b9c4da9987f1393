// The Analyze page in headless Chromium: two trec_eval -q outputs pasted give
// the CLI's numbers; bad input shows the error element with the line.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeAndWait, cliPowers, openAnalyze, paste, pasteNew, root, shownPowers, useSite, waitDone } from './browser.mjs';

const site = useSite();

// Deterministic trec_eval -q outputs: 300 queries, two measures, B better by ~0.02.
function trecEval(system, shift) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = [`runid                 \tall\t${system}`];
  for (let q = 1; q <= 300; q++) {
    const base = 0.2 + 0.6 * rand();
    const noise = (rand() - 0.5) * 0.1;
    const v = Math.min(1, Math.max(0, base + shift * (0.5 + rand()) + (shift ? noise : 0)));
    lines.push(`ndcg_cut_10           \t${400 + q}\t${v.toFixed(4)}`);
    lines.push(`map                   \t${400 + q}\t${(v * 0.7).toFixed(4)}`);
  }
  lines.push('ndcg_cut_10           \tall\t0.5000');
  return lines.join('\n') + '\n';
}

test('two trec_eval -q outputs pasted give the same numbers as pairpower compare', async () => {
  const a = trecEval('bm25', 0), b = trecEval('dense', 0.02);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 'a.txt'), a);
  writeFileSync(join(dir, 'b.txt'), b);
  let cliOut;
  try {
    cliOut = execFileSync(`${root}build/pairpower`, ['compare', join(dir, 'a.txt'), join(dir, 'b.txt'), '--measure', 'ndcg_cut_10', '--format', 'json'], { encoding: 'utf8' });
  } catch (e) {
    cliOut = e.stdout; // exit 1 (HOLD) or 3 (REJECT) still prints the report
  }
  const cli = JSON.parse(cliOut).comparisons[0];

  const page = await site.browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), true);
  await page.fill('[data-testid="paste-a"]', a);
  await page.fill('[data-testid="paste-b"]', b);
  await page.waitForFunction(() => document.querySelector('[data-testid="detected-a"]')?.textContent?.includes('trec_eval -q'));
  assert.match(await page.textContent('[data-testid="detected-a"]'), /detected: trec_eval -q, 2 measures, 300 queries/);
  // Two measures: the chooser appears.
  assert.equal(await page.isVisible('select[data-testid="measure"]'), true);
  await page.selectOption('select[data-testid="measure"]', 'ndcg_cut_10');
  assert.equal(await analyzeAndWait(page, 60_000), 'done');

  const shown = await page.$$eval('[data-comparison="0"][data-stat]', (els) => els.map((e) => [e.dataset.stat, Number(e.dataset.value)]));
  assert.ok(shown.length >= 30, `only ${shown.length} numbers shown`);
  const at = (obj, path) => path.split('.').reduce((o, k) => o?.[k], obj);
  for (const path of ['delta', 't.p', 'bootstrap.bca.ci_low', 'bootstrap.bca.ci_high', 'randomization.p', 'wilcoxon.hl', 'planning.mde'])
    assert.ok(shown.some(([p]) => p === path), `${path} not shown`);
  for (const [path, value] of shown) {
    const want = at(cli, path);
    assert.equal(typeof want, 'number', `${path} is not in the CLI's JSON`);
    // Counts and resampling results are bit-identical; special functions (t and
    // binomial tails, the MDE solver) may differ in the last bit between libms.
    assert.ok(value === want || Math.abs(value - want) <= 1e-12 * Math.abs(want), `${path}: page ${value}, CLI ${want}`);
  }
  assert.equal(await page.textContent('[data-testid="verdict"]'), cli.verdict);
  assert.equal(await page.textContent('[data-testid="sentence"]'), cli.sentence);
  // Where the CLI's pilot curve reaches power 1 (an SE of 0), the plot's band reaches the one-sided bound, and its caption says so.
  assert.ok(cli.planning.curve.some((q) => q.power === 1 && q.bound > 0.99), 'the CLI curve carries a bound at power 1');
  const caption = await page.$$eval('figure.analysis-plot figcaption', (els) => els.map((e) => e.textContent).find((t) => t.startsWith('Power to detect')));
  assert.match(caption, /±2 SE band; where every replicate rejected or none did, the band reaches the one-sided 95% Clopper–Pearson bound\. /);
  assert.deepEqual(errors, []);
});

// A fresh page on the Analyze view, ready.
async function analyzePage() {
  const page = await site.browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  return page;
}

test('bad input shows the error element with the line, and a fix brings results back', async () => {
  const page = await analyzePage();
  await page.fill('[data-testid="paste-a"]', 'qid,A,B\n1,0.5,0.6\n2,0.4,abc\n3,0.3,0.35\n');
  assert.equal(await analyzeAndWait(page), 'error');
  assert.equal(await page.isVisible('[data-testid="error"]'), true);
  assert.match(await page.textContent('[data-testid="error"]'), /line 3: field 3 \(B\) is 'abc', not a number/);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'error');
  // The user's text is kept; fixing it and analysing again works.
  assert.match(await page.inputValue('[data-testid="paste-a"]'), /abc/);
  await page.fill('[data-testid="paste-a"]', 'qid,A,B\n1,0.5,0.6\n2,0.4,0.45\n3,0.3,0.35\n4,0.2,0.3\n');
  assert.equal(await analyzeAndWait(page), 'done');
  assert.equal(await page.isVisible('[data-testid="error"]'), false);
  assert.equal(await page.getAttribute('[data-comparison="0"][data-stat="n"]', 'data-value'), '4');
  // Unmatched ids are an error by default, and say how many.
  await page.fill('[data-testid="paste-a"]', 'm\t1\t0.5\nm\t2\t0.4\nm\t3\t0.3\n');
  await page.fill('[data-testid="paste-b"]', 'm\t1\t0.6\nm\t2\t0.5\nm\t9\t0.3\n');
  assert.equal(await analyzeAndWait(page), 'error');
  assert.match(await page.textContent('[data-testid="error"]'), /1 only in A \(3\); 1 only in B \(9\)/);
});

test('a setting out of its bounds or not a number is named by its label, and a fix brings results back', async () => {
  const page = await analyzePage();
  await page.fill('[data-testid="paste-a"]', 'qid,A,B\n1,0.5,0.6\n2,0.4,0.45\n3,0.3,0.35\n4,0.2,0.3\n');
  const attempt = async (id, text, message) => {
    await page.fill(id, text);
    assert.equal(await analyzeAndWait(page), 'error');
    assert.equal(await page.textContent('[data-testid="error"]'), message);
  };
  // The labels and rules are the registry's (the CLI says --alpha and --resamples).
  await attempt('#an-alpha', '2', 'α: must lie between 1e-10 and 1');
  await attempt('#an-alpha', 'abc', "α: 'abc' is not a number");
  assert.equal(await page.getAttribute('#an-alpha', 'aria-invalid'), 'true');
  await page.fill('#an-alpha', '0.05');
  await attempt('#an-resamples', '1.5', 'Sign flips: must be a whole number from 1 to 100000000');
  await page.fill('#an-resamples', '2000');
  assert.equal(await analyzeAndWait(page), 'done');
  assert.equal(await page.getAttribute('#an-alpha', 'aria-invalid'), null);
});

test('an equivalence margin and a one-sided alternative give the CLI numbers, the verdict and the sentence', async () => {
  const a = trecEval('bm25', 0), b = trecEval('dense', 0.02);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 'a.txt'), a);
  writeFileSync(join(dir, 'b.txt'), b);
  for (const [flags, fill] of [
    [['--equivalence', '0.05'], { '#an-equivalence': '0.05' }],
    [['--non-inferiority', '0.01', '--alternative', 'less'], { '#an-non-inferiority': '0.01', alternative: 'less' }],
  ]) {
    let cliOut;
    try {
      cliOut = execFileSync(`${root}build/pairpower`, ['compare', join(dir, 'a.txt'), join(dir, 'b.txt'), '--measure', 'map', '--resamples', '5000',
        '--bootstrap', '2000', ...flags, '--format', 'json'], { encoding: 'utf8' });
    } catch (e) {
      cliOut = e.stdout;  // HOLD and REJECT exit 1 and 3, with the report
    }
    const cli = JSON.parse(cliOut).comparisons[0];
    const page = await analyzePage();
    await page.fill('[data-testid="paste-a"]', a);
    await page.fill('[data-testid="paste-b"]', b);
    await page.waitForSelector('select[data-testid="measure"]:visible');
    await page.selectOption('select[data-testid="measure"]', 'map');
    await page.fill('#an-resamples', '5000');
    await page.fill('#an-bootstrap', '2000');
    for (const [id, value] of Object.entries(fill)) {
      if (id === 'alternative') await page.selectOption('#an-alternative', value);
      else await page.fill(id, value);
    }
    assert.equal(await analyzeAndWait(page), 'done');
    const shown = Object.fromEntries(await page.$$eval('[data-comparison="0"][data-stat]', (els) => els.map((e) => [e.dataset.stat, Number(e.dataset.value)])));
    const question = flags[0] === '--equivalence' ? 'equivalence' : 'non_inferiority';
    assert.ok(`${question}.p` in shown, `${question}.p not shown`);
    for (const path of [`${question}.p`, 'randomization.p', 't.p', 'sign.p']) {
      const want = path.split('.').reduce((o, k) => o[k], cli);
      assert.ok(Math.abs(shown[path] - want) <= 1e-12 * Math.abs(want), `${path}: page ${shown[path]}, CLI ${want}`);
    }
    assert.equal(await page.textContent('[data-testid="verdict"]'), cli.verdict);
    assert.equal(await page.textContent('[data-testid="sentence"]'), cli.sentence);
    await page.close();
  }
});

test('scores analysed here plan as a pilot in Plan, with the CLI simulate --model pilot numbers', async () => {
  const te = (name) => join(root, 'tests/fixtures/real/trec_eval', name);
  const a = readFileSync(te('te908.q.org_manual_bm25.txt'), 'utf8'), b = readFileSync(te('te908.q.org_manual_ance_bert.txt'), 'utf8');
  const page = await analyzePage();
  await paste(page, 'paste-a', a);
  await paste(page, 'paste-b', b);
  await page.waitForSelector('select[data-testid="measure"]:visible');
  await page.selectOption('select[data-testid="measure"]', 'map');
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  assert.equal(await analyzeAndWait(page), 'done');
  await page.click('[data-testid="send-pilot"]');
  await page.waitForSelector('#plan:visible');
  assert.equal(await page.inputValue('#field-model'), 'pilot');
  assert.match(await page.textContent('[data-testid="pilot-note"]'), /on map, \d+ queries/);
  for (const [field, value] of [['n', '30,80'], ['delta', '0,0.03'], ['rho', '0.5'], ['reps', '300'], ['seed', '5']]) await page.fill(`#field-${field}`, value);
  if (await page.isChecked('#field-tests-sign')) await page.uncheck('#field-tests-sign');
  await page.check('#field-tests-t');
  await page.check('#field-tests-wilcoxon');
  await page.click('[data-testid="run"]');
  await waitDone(page);
  // The pilot model resamples differences whole: its answer does not hang on a ρ it never reads.
  const answer = await page.textContent('[data-testid="plan-answer"]');
  assert.match(answer, /to detect δ = 0\.03: \d/);
  assert.doesNotMatch(answer, /ρ/);
  const cli = cliPowers(['--n', '30,80', '--delta', '0,0.03', '--rho', '0.5', '--reps', '300', '--seed', '5', '--model', 'pilot', '--tests', 't,wilcoxon',
    '--pilot', te('te908.q.org_manual_bm25.txt'), '--pilot', te('te908.q.org_manual_ance_bert.txt'), '--pilot-measure', 'map']);
  // Every value shown (the δ = 0 cells twice: power and type I tables) equals the CLI's, and every CLI cell is shown.
  const shown = await shownPowers(page);
  for (const { key, power } of shown) assert.equal(power, cli.get(key), `cell ${key}`);
  assert.equal(new Set(shown.map((c) => c.key)).size, cli.size);
  await page.close();
});

test('a long paste is folded away from the page, analysed in full, and shown again on request', async () => {
  // 20 000 queries in one table (~0.4 MB): past the box's fold, far below the page's input limit.
  let x = 7;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['qid,A,B'];
  let sumA = 0, sumB = 0;
  for (let i = 0; i < 20_000; i++) {
    const a = Number((0.2 + 0.6 * r()).toFixed(4)), b = Number(Math.min(1, a + 0.01 + 0.1 * (r() - 0.5)).toFixed(4));
    sumA += a;
    sumB += b;
    rows.push(`q${i},${a},${b}`);
  }
  const table = rows.join('\n') + '\n';
  const page = await openAnalyze(site.browser, site.url, { resamples: 1000, bootstrap: 200 });
  await paste(page, 'paste-a', table);
  await page.waitForSelector('[data-testid="folded-a"]', { state: 'visible' });
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), false);
  assert.match(await page.textContent('[data-testid="folded-a"]'), /20,001 lines \(0\.\d MB\)/);
  assert.equal(await page.inputValue('[data-testid="paste-a"]'), table);  // nothing lost
  assert.equal(await analyzeAndWait(page), 'done');
  assert.equal(Number(await page.getAttribute('[data-comparison="0"][data-stat="n"]', 'data-value')), 20_000);
  const delta = Number(await page.getAttribute('[data-comparison="0"][data-stat="delta"]', 'data-value'));
  assert.ok(Math.abs(delta - (sumB - sumA) / 20_000) < 1e-9, `Δ ${delta}`);
  // The pilot power curve is simulated only up to its cap: the page says so, in the core's words.
  assert.match(await page.textContent('[data-testid="curve-note"]'), /stops at n = 15,000 queries.*own n \(20,000\) lies beyond the curve/);
  // Shown on request; a short text is never folded.
  await page.click('[data-testid="unfold-a"]');
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), true);
  assert.equal(await page.isVisible('[data-testid="folded-a"]'), false);
  // Typing on in a shown long text keeps it shown; a new paste folds it again.
  await paste(page, 'paste-a', table + 'q20000,0.5,0.5\n');
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), true);
  await pasteNew(page, 'paste-a', table);
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), false);
  await page.click('[data-testid="unfold-a"]');
  await page.fill('[data-testid="paste-a"]', 'qid,A,B\n1,0.5,0.6\n2,0.4,0.45\n3,0.3,0.35\n');
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), true);
  assert.equal(await page.isVisible('[data-testid="folded-a"]'), false);
  await paste(page, 'paste-a', table);
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), false);
  await page.click('[data-testid="clear-a"]');
  assert.equal(await page.inputValue('[data-testid="paste-a"]'), '');
  assert.equal(await page.isVisible('[data-testid="paste-a"]'), true);
  await page.close();
});

// The CLI's JSON report of one pasted table (exit codes 1 and 3 still print it).
function cliReport(text) {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 'scores.csv'), text);
  try {
    return JSON.parse(execFileSync(`${root}build/pairpower`, ['compare', join(dir, 'scores.csv'), '--format', 'json'], { encoding: 'utf8' }));
  } catch (e) {
    return JSON.parse(e.stdout);
  }
}

// Every number the page shows for comparison 0 equals the CLI's at its JSON path ("newcombe.0" indexes the array).
async function assertShownEqualsCli(page, cli, required) {
  const shown = await page.$$eval('[data-comparison="0"][data-stat]', (els) => els.map((e) => [e.dataset.stat, Number(e.dataset.value)]));
  for (const path of required) assert.ok(shown.some(([p]) => p === path), `${path} not shown`);
  const at = (obj, path) => path.split('.').reduce((o, k) => o?.[k], obj);
  for (const [path, value] of shown) {
    const want = at(cli, path);
    assert.equal(typeof want, 'number', `${path} is not in the CLI's JSON`);
    assert.ok(value === want || Math.abs(value - want) <= 1e-12 * Math.abs(want), `${path}: page ${value}, CLI ${want}`);
  }
}

test('binary items pasted show McNemar, Newcombe and Wilson with the CLI numbers, and the sentence names McNemar', async () => {
  // 120 items: both right on 60, only A on 9, only B on 23, neither on 28.
  const rows = ['qid,A,B'];
  const add = (a, b, k) => { for (let i = 0; i < k; i++) rows.push(`item${rows.length},${a},${b}`); };
  add(1, 1, 60), add(1, 0, 9), add(0, 1, 23), add(0, 0, 28);
  const text = rows.join('\n') + '\n';
  const cli = cliReport(text).comparisons[0];
  const page = await analyzePage();
  await paste(page, 'paste-a', text);
  assert.equal(await analyzeAndWait(page), 'done');
  await assertShownEqualsCli(page, cli, ['mcnemar.p', 'mcnemar.p_mid', 'mcnemar.discordant_a', 'mcnemar.discordant_b', 'newcombe.0', 'newcombe.1', 'wilson_a.0', 'wilson_b.1']);
  assert.equal(await page.textContent('[data-testid="sentence"]'), cli.sentence);
  assert.match(cli.sentence, /exact McNemar/);
  assert.equal(await page.textContent('[data-testid="verdict"]'), cli.verdict);
});

test('a table with a cluster column shows the cluster-robust statistics with the CLI numbers', async () => {
  const rows = ['qid,cluster,A,B'];
  for (let p = 0; p < 10; p++)
    for (let q = 0; q < 4; q++) {
      const a = 0.3 + 0.05 * ((p * 7 + q * 3) % 9), b = a + [0.1, -0.03, 0.05][p % 3] + 0.01 * ((q * 5) % 3);
      rows.push(`q${p * 4 + q},passage${p},${a.toFixed(4)},${b.toFixed(4)}`);
    }
  const text = rows.join('\n') + '\n';
  const cli = cliReport(text).comparisons[0];
  const page = await analyzePage();
  await paste(page, 'paste-a', text);
  assert.equal(await analyzeAndWait(page), 'done');
  await assertShownEqualsCli(page, cli, ['cluster.clusters', 'cluster.se', 'cluster.ci_low', 'cluster.p', 'cluster.design_effect', 'cluster.effective_n']);
  assert.match(await page.textContent('[data-testid="sentence"]'), /cluster-robust t, 10 clusters, 9 df/);
});
