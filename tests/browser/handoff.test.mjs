// Hand-offs carry their context, and the answer comes first: a leaderboard's
// pair opens in Analyze as that board's pair (its family decides the verdict,
// the scores are the numbers the user gave), the user's own Analyze inputs and
// settings come back with Back; after Analyze, Rank and a Plan run the result
// is in view with its heading focused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeAndWait, boardTable, clickAndWait, openLeaderboard, paste, root, useSite, waitDone } from './browser.mjs';

const site = useSite();

const cli = (args) => JSON.parse(execFileSync(`${root}build/pairpower`, [...args, '--format', 'json'], { encoding: 'utf8' }));

// Eight systems on 60 queries, each a little better than the last; deterministic.
// Scores are written with four decimals, trailing zeros kept (0.3490); queries e0 and e1 hold one score
// for every system (no difference), written 0.3490 and with 17 significant digits.
function board() {
  const systems = Array.from({ length: 8 }, (_, i) => `sys${i}`);
  return boardTable({ seed: 11, systems, shifts: systems.map((_, i) => 0.006 * i), queries: 60, noise: 0.08 }) +
    `e0,${systems.map(() => '0.3490').join(',')}\ne1,${systems.map(() => '0.12345678901234567').join(',')}\n`;
}

// The focused element's data-testid, and whether it is within the window (wholly, to a pixel of subpixel scrolling).
// Whether the result's heading starts above the settings (or the settings are folded).
const resultAboveSettings = (page, view = 'analyze', settingsId = 'settings') => page.evaluate(([v, id]) => {
  const heading = document.querySelector(`#${v} [data-testid="result-heading"]`);
  const settings = document.querySelector(`#${v} [data-testid="${id}"]`);
  return Boolean(heading) && (!settings.open || heading.getBoundingClientRect().top < settings.getBoundingClientRect().top);
}, [view, settingsId]);

const focusedInView = (page) => page.evaluate(() => {
  const el = document.activeElement;
  const r = el.getBoundingClientRect();
  return { testid: el.dataset?.testid ?? el.tagName, inView: r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1 };
});

test('a board’s pair it did not separate opens in Analyze with its family and no SHIP or REJECT; Back restores the user’s scores and α', async () => {
  const text = board();
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-handoff-'));
  writeFileSync(join(dir, 'board.csv'), text);
  const want = cli(['leaderboard', join(dir, 'board.csv'), '--resamples', '2000', '--bootstrap', '1000', '--threads', '1']).leaderboards[0];
  assert.equal(want.k, 8);
  assert.equal(want.pairs.length, 28);
  // A pair the board did not separate although its own randomization p is below α = 0.05, B better.
  const pair = want.pairs.find((p) => p.p < 0.05 && p.p_tukey > 0.05 && p.ci_low > 0);
  assert.ok(pair, 'the board holds a pair with a marginal p below α and a family-wise p above it');

  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  // The user's own analysis: their scores, α = 0.01, small resample counts.
  const own = 'qid,mine,theirs\n' + Array.from({ length: 30 }, (_, i) => `u${i},${(0.3 + (i % 7) * 0.05).toFixed(2)},${(0.32 + (i % 5) * 0.05).toFixed(2)}`).join('\n') + '\n';
  await paste(page, 'paste-a', own);
  await page.fill('#an-alpha', '0.01');
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  // The answer first: the result's heading is focused and in the window.
  assert.deepEqual(await focusedInView(page), { testid: 'result-heading', inView: true });
  assert.ok(await resultAboveSettings(page), 'the result stands above the settings');
  const ownSummary = await page.textContent('[data-testid="report"] .summary');

  await page.evaluate(() => (location.hash = '#view=leaderboard'));
  await page.waitForSelector('#leaderboard:not([hidden])');
  await page.fill('#lb-resamples', '2000');
  await page.fill('#lb-bootstrap', '1000');
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await clickAndWait(page, '[data-testid="rank"]', 'leaderboard'), 'done', await page.textContent('[data-testid="error"]'));
  assert.deepEqual(await focusedInView(page), { testid: 'result-heading', inView: true });
  assert.ok(await resultAboveSettings(page, 'leaderboard', 'lb-settings'), 'the boards stand above the leaderboard settings');
  assert.match(await page.textContent('[data-testid="lb-settings-summary"]'), /^Settings: α = 0\.05, confidence 1 − α, 2000 permutations, 1000 bootstrap resamples, seed 1$/);

  const cell = `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`;
  assert.equal(await clickAndWait(page, cell, 'analyze'), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.getAttribute('#app', 'data-view'), 'analyze');
  const stat = async (path) => Number(await page.getAttribute(`[data-comparison="0"][data-stat="${path}"]`, 'data-value'));
  // The pair's own p is the board's marginal p, below α; the family-wise p is the board's, above it.
  assert.equal(await stat('randomization.p'), pair.p);
  assert.equal(await stat('family.p'), pair.p_tukey);
  assert.equal(await page.inputValue('#an-alpha'), '0.05');
  assert.equal(await page.inputValue('#an-confidence'), '', 'the board’s confidence was left to follow α, and so is the pair’s');
  // The family is shown, and it decides: no SHIP, no REJECT, no "significantly better".
  const family = await page.textContent('[data-testid="family"]');
  assert.match(family, /one of 28 pairs among 8 systems/);
  assert.match(family, /randomized Tukey HSD/);
  assert.match(await page.textContent('[data-testid="handoff"]'), /from the leaderboard/);
  assert.deepEqual(await page.$$eval('[data-testid="report"] .verdict', (els) => [...new Set(els.map((e) => e.textContent))]), ['HOLD']);
  assert.equal(await page.$$eval('[data-testid="report"] .verdict-ship, [data-testid="report"] .verdict-reject', (els) => els.length), 0);
  assert.doesNotMatch(await page.textContent('[data-testid="report"]'), /significantly better/);
  assert.match(await page.textContent('[data-testid="sentence"]'), /not separable at family-wise p = 0\.\d{3,4} among 28 pairs of 8 systems \(randomized Tukey HSD, α = 0\.05\)/);
  assert.deepEqual(await focusedInView(page), { testid: 'result-heading', inView: true });
  // The handed-over scores are the numbers of the board's text, not float noise.
  const tokens = new Map();
  const [head, ...lines] = text.trim().split('\n');
  const cols = head.split(',');
  for (const line of lines) {
    const cells = line.split(',');
    tokens.set(cells[0], Object.fromEntries(cols.map((c, i) => [c, cells[i]])));
  }
  const handed = (await page.inputValue('[data-testid="paste-a"]')).trim().split('\n');
  assert.equal(handed[0], `qid,${pair.system_a},${pair.system_b}`);
  assert.equal(handed.length, 63);
  for (const line of handed.slice(1)) {
    const [qid, a, b] = line.split(',');
    assert.deepEqual([a, b], [tokens.get(qid)[pair.system_a], tokens.get(qid)[pair.system_b]], `query ${qid}`);
  }
  // Byte for byte: trailing zeros and all 17 digits (a shortest-exact rewrite would give 0.349 and 0.12345678901234566).
  assert.ok(handed.includes('e0,0.3490,0.3490'), handed.join('\n'));
  assert.ok(handed.includes('e1,0.12345678901234567,0.12345678901234567'), handed.join('\n'));
  assert.ok(handed.slice(1).some((l) => /,\d\.\d{3}0(,|$)/.test(l)), 'some four-decimal score ends in 0');

  // Equivalence on the handed-over pair: an answer, not an error panel; the family still named, its
  // Bonferroni level α/28 used; the same verdict and p-values as the CLI given the same family.
  const pairFile = join(dir, 'pair.csv');
  writeFileSync(pairFile, await page.inputValue('[data-testid="paste-a"]'));
  await page.fill('#an-equivalence', '0.05');
  assert.match(await page.textContent('[data-testid="settings-summary"]'), /equivalence margin 0\.05/);
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.$$eval('[data-testid="error"]:not([hidden])', (els) => els.filter((e) => e.textContent.trim()).length), 0);
  const eqFamily = await page.textContent('[data-testid="family"]');
  assert.match(eqFamily, /one of 28 pairs among 8 systems/);
  assert.match(eqFamily, /Equivalence is tested at α\/28 = 0\.001786/);
  const eqCli = cli(['compare', pairFile, '--family-p', String(pair.p_tukey), '--family-systems', '8', '--equivalence', '0.05',
    '--resamples', '2000', '--bootstrap', '1000', '--seed', '1', '--no-curve']);
  assert.equal(eqCli.settings.family.question_alpha, 0.05 / 28);
  assert.equal(await page.textContent('[data-testid="report"] [data-testid="verdict"]'), eqCli.comparisons[0].verdict);
  // wasm's and glibc's libm may differ in the last bits of a t tail: 1e-12 relative, as Analyze's CLI comparisons allow.
  const eqP = eqCli.comparisons[0].equivalence.p;
  assert.ok(Math.abs((await stat('equivalence.p')) - eqP) <= 1e-12 * Math.abs(eqP), `page ${await stat('equivalence.p')}, CLI ${eqP}`);
  assert.equal(await page.textContent('[data-testid="report"] [data-testid="sentence"]'), eqCli.comparisons[0].sentence);
  assert.equal(await stat('equivalence.ci_level'), 1 - 2 * (0.05 / 28));
  assert.match(await page.textContent('[data-testid="report"] .reason'), /α\/28 = 0\.001786/);

  // Planning the next eval from the board's pair keeps its family: one comparison at the level one of the 28 is planned at.
  await page.click('[data-testid="send-calculator"]');
  await page.waitForSelector('#plan:not([hidden])');
  assert.equal(Number(await page.inputValue('#calc-alpha')), Number((0.05 / 28).toPrecision(6)));
  assert.equal(await page.inputValue('#calc-comparisons'), '1');
  assert.match(await page.textContent('[data-testid="calc-family-note"]'),
    /^This pair is one of the board's 28 comparisons \(randomized Tukey HSD over 28 pairs of 8 systems, family-wise α = 0\.05\): plan at α = 0\.001786 \(0\.05 \/ 28, Bonferroni\), as the board plans its pairs\./);
  assert.match(await page.textContent('[data-testid="calc-source"]'), /the effect, power and N are yours to set/);
  await page.goBack();
  await page.waitForSelector('#analyze:not([hidden])');
  await page.waitForSelector('[data-testid="handoff"]');

  // Back: the user's own scores, α and report return.
  await page.click('[data-testid="handoff-back"]');
  await page.waitForSelector('[data-testid="handoff"]', { state: 'hidden' });
  assert.equal(await page.inputValue('[data-testid="paste-a"]'), own);
  assert.equal(await page.inputValue('#an-alpha'), '0.01');
  assert.equal(await page.inputValue('#an-resamples'), '2000');
  assert.equal(await page.textContent('[data-testid="report"] .summary'), ownSummary);
  assert.equal(await page.$$eval('[data-testid="family"]', (els) => els.length), 0);
  // Analysed again, the user's scores are judged alone (no family) at their α.
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.equal(await page.$$eval('[data-testid="family"]', (els) => els.length), 0);
  assert.match(await page.textContent('[data-testid="report"] .reason'), /α = 0\.01/);
  // Their pair in the calculator: the α and K the family's hand-over replaced come back, with no family note.
  await page.click('[data-testid="send-calculator"]');
  await page.waitForSelector('#plan:not([hidden])');
  assert.equal(await page.inputValue('#calc-alpha'), '0.05');
  assert.equal(await page.inputValue('#calc-comparisons'), '1');
  assert.equal(await page.locator('[data-testid="calc-family-note"]').count(), 0);
});

test('after Analyze and Rank on a phone the result comes first: its heading focused, in the window, above the settings, which state themselves in one line', async () => {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  page.setDefaultTimeout(120_000);
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  // Before any result the settings are open, and their summary states them.
  assert.equal(await page.$eval('[data-testid="settings"]', (d) => d.open), true);
  await page.fill('#an-alpha', '0.01');
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  assert.match(await page.textContent('[data-testid="settings-summary"]'), /^Settings: α = 0\.01, two-sided, 2000 sign flips, 1000 bootstrap resamples, seed 1$/);
  await paste(page, 'paste-a', 'qid,bm25,dense\n' + Array.from({ length: 40 }, (_, i) => `q${i},${(0.3 + (i % 9) * 0.04).toFixed(2)},${(0.33 + (i % 7) * 0.04).toFixed(2)}`).join('\n') + '\n');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  assert.deepEqual(await focusedInView(page), { testid: 'result-heading', inView: true });
  assert.ok(await resultAboveSettings(page), 'the result stands above the settings');
  // The settings stay reachable below: a keyboard user can fold them by their summary.
  await page.focus('[data-testid="settings-summary"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval('[data-testid="settings"]', (d) => d.open), false);
  // The same order in the Leaderboard: the first board's heading focused, in the window, above its settings.
  await page.evaluate(() => (location.hash = '#view=leaderboard'));
  await page.waitForSelector('#leaderboard:not([hidden])');
  await page.fill('#lb-resamples', '1000');
  await page.fill('#lb-bootstrap', '500');
  await paste(page, 'paste-leaderboard', 'qid,bm25,dense,splade\n' + Array.from({ length: 40 }, (_, i) => `q${i},${(0.3 + (i % 9) * 0.04).toFixed(2)},${(0.33 + (i % 7) * 0.04).toFixed(2)},${(0.36 + (i % 5) * 0.04).toFixed(2)}`).join('\n') + '\n');
  assert.equal(await clickAndWait(page, '[data-testid="rank"]', 'leaderboard'), 'done', await page.textContent('[data-testid="error"]'));
  assert.deepEqual(await focusedInView(page), { testid: 'result-heading', inView: true });
  assert.ok(await resultAboveSettings(page, 'leaderboard', 'lb-settings'), 'the boards stand above the leaderboard settings');
});

test('after a Plan run of the paper preset, the Monte Carlo answer of each model it ran is at the top, in view, its heading focused', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);
  await page.goto(`${site.url}#preset=paper&reps=200&seed=5&run=1`);
  await waitDone(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="mc-answer"]').length > 0);
  const spec = cli(['simulate', '--preset', 'paper', '--reps', '200', '--seed', '5']);
  const models = spec.settings.models;
  assert.ok(models.length >= 2, 'the paper preset runs two models');
  const shown = await page.$$eval('[data-testid="mc-answer"]', (els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { model: e.dataset.model, inView: r.top >= 0 && r.top < window.innerHeight };
  }));
  assert.deepEqual(shown.map((s) => s.model), models);
  for (const s of shown) assert.ok(s.inView, `${s.model}'s answer is in the window`);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'answer-title');
  assert.match(await page.textContent('[data-testid="plan-announce"]'), /^Monte Carlo answer — /);
  // Each answer is the smallest N of the grid whose Monte Carlo power (the CLI's) reaches the target.
  const target = spec.settings.power;
  assert.equal(typeof target, 'number');
  const cells = await page.$$eval('[data-testid="mc-answer"] td[data-delta]', (tds) => tds.map((td) => ({ model: td.closest('table').dataset.model, ...td.dataset })));
  // One cell per model, nonzero δ and ρ (δ = 0 is the type I error, not an answer).
  assert.equal(cells.length, new Set(spec.results.filter((r) => r.delta !== 0).map((r) => `${r.model}|${r.delta}|${r.rho}`)).size);
  for (const c of cells) {
    const rows = spec.results.filter((r) => r.model === c.model && r.delta === Number(c.delta) && r.rho === Number(c.rho) && r.test === 't');
    const reaching = rows.filter((r) => r.power >= target).map((r) => r.n);
    assert.equal(c.mcNT === '' ? null : Number(c.mcNT), reaching.length ? Math.min(...reaching) : null, `${c.model} δ = ${c.delta} ρ = ${c.rho}`);
  }
});

test('a pilot sent from Analyze keeps the user’s Plan settings, says which model it replaced, and names the pilot and its queries', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);
  await page.goto(`${site.url}#view=plan`);
  await page.waitForSelector('#field-n');
  await page.fill('#field-n', '75,150');
  await page.fill('#field-delta', '0.02,0.04');
  const model = await page.inputValue('#field-model');
  const modelLabel = await page.$eval('#field-model', (s) => s.selectedOptions[0].textContent);
  assert.notEqual(model, 'pilot');
  await page.evaluate(() => (location.hash = '#view=analyze'));
  await page.waitForSelector('#analyze:not([hidden])');
  const table = 'qid,bm25,dense\n' + Array.from({ length: 40 }, (_, i) => `q${i},${(0.3 + (i % 9) * 0.04).toFixed(2)},${(0.33 + (i % 7) * 0.04).toFixed(2)}`).join('\n') + '\n';
  await paste(page, 'paste-a', table);
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  await page.click('[data-testid="send-pilot"]');
  await page.waitForSelector('#plan:not([hidden])');
  assert.equal(await page.inputValue('#field-model'), 'pilot');
  const note = await page.textContent('[data-testid="pilot-note"]');
  assert.match(note, /dense vs bm25, 40 queries/);
  assert.ok(note.includes(`It replaces the model “${modelLabel}”`), note);
  assert.match(note, /Your other Plan settings are kept/);
  assert.equal(await page.inputValue('#field-n'), '75,150');
  assert.equal(await page.inputValue('#field-delta'), '0.02,0.04');
});

test('a clustered board decides by its cluster-robust tests, and its pair opens in Analyze with its clusters and that family', async () => {
  // Four systems on 60 items in 12 clusters of 5 (passages), each cluster shifting every system alike; deterministic.
  const noise = (i) => Math.sin(i * 12.9898) * 43758.5453 % 1;
  const rows = ['qid,cluster,s0,s1,s2,s3'];
  for (let q = 0; q < 60; q++) {
    const base = 0.5 + 0.2 * noise(Math.floor(q / 5) + 100);
    rows.push(`q${q},p${Math.floor(q / 5)},${[0, 0.02, 0.05, 0.12].map((d, s) => (base + d + 0.08 * noise(q * 4 + s)).toFixed(4)).join(',')}`);
  }
  const text = rows.join('\n') + '\n';
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-handoff-'));
  writeFileSync(join(dir, 'board.csv'), text);
  const want = cli(['leaderboard', join(dir, 'board.csv'), '--resamples', '2000', '--bootstrap', '1000', '--threads', '1']).leaderboards[0];
  assert.equal(want.family_procedure, 'cluster-holm');
  assert.equal(want.clusters, 12);
  const pair = want.pairs[0];

  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  await page.goto(`${site.url}#view=leaderboard`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#lb-resamples', '2000');
  await page.fill('#lb-bootstrap', '1000');
  await paste(page, 'paste-leaderboard', text);
  assert.equal(await clickAndWait(page, '[data-testid="rank"]', 'leaderboard'), 'done', await page.textContent('[data-testid="error"]'));
  // The board's pairs show the cluster-robust p and its Holm p, which decide: the CLI's, but for the last
  // digits of the t distribution's tail (musl's libm in the page, glibc's natively).
  const near = (x, want) => assert.ok(Math.abs(x - want) <= 1e-12 * want, `${x} vs ${want}`);
  await page.click('details.pairs summary');
  const row = `[data-testid="pair-table"] tr[data-a="${pair.system_a}"][data-b="${pair.system_b}"]`;
  const pageHolm = Number(await page.getAttribute(row, 'data-p-cluster-holm'));
  near(pageHolm, pair.cluster_p_holm);
  const cell = `[data-testid="pair-matrix"] td[data-a="${pair.system_a}"][data-b="${pair.system_b}"][data-testid="open-pair"]`;
  assert.equal(await clickAndWait(page, cell, 'analyze'), 'done', await page.textContent('[data-testid="error"]'));
  const stat = async (path) => Number(await page.getAttribute(`[data-comparison="0"][data-stat="${path}"]`, 'data-value'));
  assert.equal(await stat('family.p'), pageHolm);
  near(await stat('cluster.p'), pair.cluster.p);
  assert.match(await page.textContent('[data-testid="family"]'), /cluster-robust t, Holm/);
  assert.match((await page.inputValue('[data-testid="paste-a"]')).split('\n')[0], /^qid,cluster,s0,s1$/);
  await page.close();
});

test('a clustered comparison fills the quick calculator with its σ_d, cluster size and ICC, which answers as the CLI planning from the same file', async () => {
  // 80 items in 16 clusters of 5, a cluster effect shared by both systems' difference; deterministic.
  const noise = (i) => Math.sin(i * 78.233) * 43758.5453 % 1;
  const rows = ['qid,cluster,base,new'];
  for (let q = 0; q < 80; q++) {
    const shift = 0.05 * noise(Math.floor(q / 5) + 7);
    rows.push(`q${q},c${Math.floor(q / 5)},${(0.5 + 0.1 * noise(q)).toFixed(4)},${(0.52 + shift + 0.1 * noise(q + 500)).toFixed(4)}`);
  }
  const text = rows.join('\n') + '\n';
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-calculator-'));
  writeFileSync(join(dir, 'pilot.csv'), text);
  const planned = cli(['samplesize', '--pilot', join(dir, 'pilot.csv'), '--delta', '0.01', '--power', '0.8']);
  const pilot = planned.pilot;
  assert.equal(pilot.clusters, 16);

  const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine
  await page.goto(`${site.url}#view=analyze`);
  await page.waitForSelector('#analyze:not([hidden])');
  await paste(page, 'paste-a', text);
  await page.fill('#an-resamples', '2000');
  await page.fill('#an-bootstrap', '1000');
  assert.equal(await analyzeAndWait(page), 'done', await page.textContent('[data-testid="error"]'));
  await page.click('[data-testid="send-calculator"]');
  await page.waitForSelector('#plan:not([hidden])');
  const field = (id) => page.inputValue(`#calc-${id}`);
  assert.equal(await field('metric'), 'continuous');
  const near = (x, want) => assert.ok(Math.abs(Number(x) - want) <= 5e-6 * Math.abs(want), `${x} vs ${want}`);
  near(await field('sddiff'), pilot.sd_diff);
  near(await field('cluster-size'), pilot.cluster_size);
  near(await field('icc'), pilot.icc);
  assert.equal(await page.getAttribute('[data-testid="calc-design-fold"]', 'open'), '');
  // What qualifies the estimates goes with them (16 clusters: few); the extrapolation is the CLI's n's, not the pilot's.
  const codes = await page.$$eval('[data-testid="calc-source"] [data-testid="warning"]', (els) => els.map((e) => e.dataset.code));
  assert.ok(codes.includes('few_clusters'));
  assert.deepEqual(codes, planned.warnings.map((w) => w.code).filter((c) => c !== 'pilot_extrapolated'));
  assert.match(await page.textContent('[data-testid="calc-source"]'), /^From Analyze: new vs base, 80 items\. .*clusters of their mean size/);
  await page.waitForFunction(() => /items in/.test(document.querySelector('[data-testid="calc-n-t"]')?.parentElement?.textContent ?? '') &&
    document.querySelector('[data-testid="calc-output"]')?.getAttribute('aria-busy') === 'false');
  const want = cli(['samplesize', '--delta', await field('delta'), '--sd-diff', await field('sddiff'), '--cluster-size', await field('cluster-size'),
    '--icc', await field('icc'), '--power', await field('power'), '--alpha', await field('alpha')]);
  assert.equal(Number((await page.textContent('[data-testid="calc-n-t"]')).replace(/[^0-9]/g, '')), want.t.n);
  await page.close();
});

test('a board’s pair with a run cut short opens in Analyze still warning of the cut; a pair of whole runs does not', async () => {
  const real = `${root}tests/fixtures/real/`;
  const cut = 'te10rc3.q.org_manual_bm25.head-n-2000';
  const files = [`cut/${cut}.txt`, 'trec_eval/te10rc3.q.org_manual_ance_bert.txt', 'trec_eval/te908.q.org_manual_bm25.txt'].map((f) => real + f);
  const [want] = cli(['leaderboard', ...files, '--measure', 'recip_rank', '--missing', 'intersect']).warnings.filter((w) => w.code === 'cut_short').map((w) => w.message);
  assert.ok(want, 'the CLI warns that the first file looks cut short');
  const tail = want.slice(want.indexOf(' looks cut short: '));
  const page = await openLeaderboard(site.browser, site.url, { resamples: 1000, bootstrap: 200 });
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction(() => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith('3 files'));
  await page.fill('#lb-measure', 'recip_rank');
  await page.selectOption('#lb-missing', 'intersect');
  assert.equal(await clickAndWait(page, '[data-testid="rank"]', 'leaderboard'), 'done', await page.textContent('[data-testid="error"]'));
  assert.ok((await page.textContent('#leaderboard')).includes(tail), 'the board warns of the cut');
  const open = async (a, b) => {
    await page.evaluate(() => (location.hash = '#view=leaderboard'));
    await page.waitForSelector('#leaderboard:not([hidden])');
    const cell = `[data-testid="pair-matrix"] td[data-a="${a}"][data-b="${b}"][data-testid="open-pair"], [data-testid="pair-matrix"] td[data-a="${b}"][data-b="${a}"][data-testid="open-pair"]`;
    assert.equal(await clickAndWait(page, cell, 'analyze'), 'done', await page.textContent('[data-testid="error"]'));
    return page.$$eval('[data-testid="report"] [data-code="cut_short"]', (els) => els.map((e) => e.textContent));
  };
  const withCut = await open('org_manual_ance_bert.run', cut);
  assert.equal(withCut.length, 1);
  assert.ok(withCut[0].includes(tail), withCut[0]);
  assert.deepEqual(await open('org_manual_ance_bert.run', 'org_manual_bm25.run'), []);
  await page.close();
});
