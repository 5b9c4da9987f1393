// The browser's analysis (the single-thread wasm build) prints the CLI's JSON:
// counts and resampling results bit for bit, special functions to 1e-12.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

function table(n, shift) {
  let x = 7;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['dataset,qid,bm25,dense'];
  for (const ds of ['fiqa', 'nfcorpus'])
    for (let i = 0; i < n; i++) {
      const a = 0.2 + 0.6 * r();
      rows.push(`${ds},q${i},${a.toFixed(4)},${Math.min(1, Math.max(0, a + shift + 0.1 * (r() - 0.5))).toFixed(4)}`);
    }
  return rows.join('\n') + '\n';
}

function cliJson(file, args) {
  try {
    return JSON.parse(execFileSync(cliPath, ['compare', file, ...args, '--format', 'json'], { encoding: 'utf8' }));
  } catch (e) {
    if (e.status === 1 || e.status === 3) return JSON.parse(e.stdout);
    throw e;
  }
}

function compareNumbers(path, cli, web, mismatches) {
  if (typeof cli === 'number') {
    if (!(cli === web || Math.abs(cli - web) <= 1e-12 * Math.abs(cli))) mismatches.push(`${path}: CLI ${cli}, wasm ${web}`);
  } else if (Array.isArray(cli)) {
    cli.forEach((x, i) => compareNumbers(`${path}[${i}]`, x, web?.[i], mismatches));
  } else if (cli && typeof cli === 'object') {
    for (const k of Object.keys(cli)) compareNumbers(`${path}.${k}`, cli[k], web?.[k], mismatches);
  } else if (cli !== web) {
    mismatches.push(`${path}: CLI ${JSON.stringify(cli)}, wasm ${JSON.stringify(web)}`);
  }
}

test('wasm analysis equals pairpower compare on a two-dataset table', async () => {
  const text = table(150, 0.015);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 't.csv'), text);
  const cli = cliJson(join(dir, 't.csv'), ['--resamples', '20000', '--bootstrap', '3000', '--seed', '9', '--min-effect', '0.002']);
  const m = await loadModule('st');
  const out = m.analyzeScores({ textA: text, measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: 20000, bootstrap: 3000, seed: 9, minEffect: 0.002, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
  assert.ok(!out.error, out.error);
  const web = JSON.parse(out.report);
  const mismatches = [];
  compareNumbers('', { comparisons: cli.comparisons, overall: cli.overall, summary: cli.summary }, { comparisons: web.comparisons, overall: web.overall, summary: web.summary }, mismatches);
  assert.deepEqual(mismatches, []);
  assert.equal(web.comparisons.length, 2);
  assert.match(out.markdown, /\| dense vs bm25, fiqa \|/);
  assert.match(out.latex, /\\begin\{tabular\}/);
  assert.equal(out.csv.trim().split('\n').length, 3);
});

test('an analysis that leaves out the confidence gives 1 − α intervals, as the CLI does without --confidence, and one that gives it keeps it', async () => {
  const text = table(60, 0.02);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 't.csv'), text);
  const m = await loadModule('st');
  const q = { textA: text, measures: [], missing: 'error', alpha: 0.01, resamples: 2000, bootstrap: 1000, seed: 3, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 };
  const left = JSON.parse(m.analyzeScores(q).report);
  const given = JSON.parse(m.analyzeScores({ ...q, confidence: 0.95 }).report);
  const args = ['--alpha', '0.01', '--resamples', '2000', '--bootstrap', '1000', '--seed', '3'];
  assert.equal(left.settings.confidence, 0.99);
  assert.equal(given.settings.confidence, 0.95);
  const mismatches = [];
  compareNumbers('', cliJson(join(dir, 't.csv'), args).comparisons, left.comparisons, mismatches);
  compareNumbers('', cliJson(join(dir, 't.csv'), [...args, '--confidence', '0.95']).comparisons, given.comparisons, mismatches);
  assert.deepEqual(mismatches, []);
  // Only the interval given at another level than 1 − α is warned of.
  assert.ok(!left.warnings.some((w) => w.code === 'interval_level'));
  assert.ok(given.warnings.some((w) => w.code === 'interval_level'));
});

test('wasm analysis reports bad input as a message naming the line', async () => {
  const m = await loadModule('st');
  const base = { measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: 100, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 };
  assert.equal(m.analyzeScores({ ...base, textA: 'qid,A,B\n1,0.5,0.6\n2,0.4,inf\n' }).error, "line 3: field 3 (B) is 'inf', not a finite number");
  assert.match(m.analyzeScores({ ...base, textA: 'qid,A,B\n1,0.5,0.6\n' }).error, /at least 2 paired queries/);
  assert.match(m.detectScores({ text: '\u0000\u0001binary' }).error, /binary/);
});

test('a leaderboard of trec_eval -q files refused for want of a measure offers the measures the CLI names, and a board names every measure it could rank by', async () => {
  const m = await loadModule('st');
  const dir = new URL('../fixtures/real/trec_eval/', import.meta.url);
  const paths = ['te908.q.org_manual_bm25.txt', 'te908.q.org_manual_ance_bert.txt'].map((f) => new URL(f, dir).pathname);
  const inputs = paths.map((p) => ({ name: p.split('/').at(-1), text: readFileSync(p, 'utf8') }));
  let cliError = '';
  try {
    execFileSync(cliPath, ['leaderboard', ...paths], { stdio: 'pipe' });
  } catch (e) {
    cliError = e.stderr.toString();
  }
  const named = /the input holds \d+ measures \((.*)\); choose one/.exec(cliError)?.[1];
  assert.ok(named, cliError);
  const refused = m.rankPrepare({ inputs });
  assert.equal(refused.kind, 'choose_one');
  assert.equal(refused.choices.join(', '), named);
  const board = m.rankPrepare({ inputs, measure: refused.choices.at(-1) });
  assert.ok(!board.error, board.error);
  assert.deepEqual(board.measures, refused.choices);
  assert.deepEqual(m.rankPrepare({ inputs, measure: 'no_such' }).choices, refused.choices);
});
