// Scores as people keep them, handed to `pairpower compare` and `leaderboard`:
// one file per system with qid,score rows, one bare column per file (a
// spreadsheet copy, paired by position) and decimal commas. Each must give
// exactly the analysis of the same numbers written as one ordinary table.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pairpower-people-'));

// 30 queries of two systems; values with four decimals, as spreadsheets show them.
const qids = Array.from({ length: 30 }, (_, i) => String(301 + i));
const bm25 = qids.map((_, i) => ((i * 37) % 61) / 100 + 0.1234);
const dense = bm25.map((v, i) => Math.min(1, v + (((i * 13) % 7) - 2) / 100 + 0.015));
const fmt = (v) => v.toFixed(4);
const comma = (v) => fmt(v).replace('.', ',');

function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function run(command, files, format = 'json', extra = []) {
  const args = command === 'compare' ? ['--resamples', '2000', '--bootstrap', '500', '--no-curve'] : ['--resamples', '500', '--bootstrap', '200', '--threads', '1'];
  const r = spawnSync(bin, [command, ...files, ...args, ...extra, '--format', format], { encoding: 'utf8', timeout: 120_000 });
  assert.ok([0, 1, 3].includes(r.status), `exit ${r.status}: ${r.stderr}`);
  return r;
}

// The analysis itself: everything but how the input was read.
function analysis(stdout) {
  const j = JSON.parse(stdout);
  return { comparisons: j.comparisons, by_system: j.by_system, overall: j.overall, summary: j.summary, warnings: j.warnings };
}

const wide = file('wide.csv', 'qid,bm25,dense\n' + qids.map((q, i) => `${q},${fmt(bm25[i])},${fmt(dense[i])}`).join('\n') + '\n');

test('one qid,score file per system is named after its file and analysed as the same scores in one table', () => {
  const a = file('bm25.csv', 'qid,score\n' + qids.map((q, i) => `${q},${fmt(bm25[i])}`).join('\n') + '\n');
  // Another order and another header: pairing is by query id.
  const b = file('dense.tsv', 'query_id\tscore\n' + qids.map((q, i) => `${q}\t${fmt(dense[i])}`).reverse().join('\n') + '\n');
  const files = run('compare', [a, b]);
  const table = run('compare', [wide]);
  assert.equal(JSON.parse(files.stdout).comparisons[0].system_a, 'bm25');
  assert.equal(JSON.parse(files.stdout).comparisons[0].system_b, 'dense');
  assert.deepEqual(analysis(files.stdout), analysis(table.stdout));
  assert.equal(JSON.parse(files.stdout).pairing[0].paired_by, 'query id');
});

test('qid,score files with an unmatched id report it as any two files do', () => {
  const a = file('run1.csv', 'qid,score\nq1,0.5\nq2,0.4\nq3,0.3\n');
  const b = file('run2.csv', 'qid,score\nq1,0.6\nq2,0.45\nq9,0.2\n');
  const r = spawnSync(bin, ['compare', a, b, '--format', 'json'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stderr.trim(), 'pairpower: error: the scores: query ids do not match: 1 only in run1 (q3); 1 only in run2 (q9). Choose --missing intersect to keep the queries every system has, or --missing zero to score a missing query 0 (trec_eval -c).');
});

test('one bare column per file is paired by position, says so, and is analysed as the same rows in one table', () => {
  const a = file('bm25.txt', bm25.map(fmt).join('\n') + '\n');
  const b = file('dense.txt', dense.map(fmt).join('\n') + '\n');
  const byRow = file('byrow.csv', 'qid,bm25,dense\n' + qids.map((_, i) => `${i + 1},${fmt(bm25[i])},${fmt(dense[i])}`).join('\n') + '\n');
  const columns = run('compare', [a, b]);
  assert.deepEqual(analysis(columns.stdout), analysis(run('compare', [byRow]).stdout));
  const pairing = JSON.parse(columns.stdout).pairing[0];
  assert.equal(pairing.paired_by, 'position');
  assert.equal(pairing.note, 'paired by position: no query ids given');
  assert.match(run('compare', [a, b], 'text').stdout, /^note: paired by position: no query ids given$/m);
  assert.match(run('compare', [a, b], 'md').stderr, /^pairpower: note: paired by position: no query ids given$/m);
});

test('bare columns of different lengths are refused with both counts', () => {
  const a = file('long.txt', '0.5\n0.4\n0.3\n');
  const b = file('short.txt', '0.6\n0.45\n');
  const r = spawnSync(bin, ['compare', a, b], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stderr.trim(), 'pairpower: error: long has 3 values and short has 2; without query ids the scores are paired by position, so both need the same number of rows');
});

test('decimal commas in a semicolon or tab table are read as the same numbers with points', () => {
  const semi = file('semi.csv', 'qid;bm25;dense\n' + qids.map((q, i) => `${q};${comma(bm25[i])};${comma(dense[i])}`).join('\n') + '\n');
  assert.deepEqual(analysis(run('compare', [semi]).stdout), analysis(run('compare', [wide]).stdout));
  const a = file('bm25.tsv', 'qid\tscore\n' + qids.map((q, i) => `${q}\t${comma(bm25[i])}`).join('\n') + '\n');
  const b = file('dense.tsv', 'qid\tscore\n' + qids.map((q, i) => `${q}\t${comma(dense[i])}`).join('\n') + '\n');
  assert.deepEqual(analysis(run('compare', [a, b]).stdout), analysis(run('compare', [wide]).stdout));
});

test('a leaderboard reads one qid,score file per system, and bare columns by position, as one table', () => {
  const third = bm25.map((v, i) => Math.max(0, v - ((i * 11) % 5) / 100));
  const table = file('three.csv', 'qid,bm25,dense,splade\n' + qids.map((q, i) => `${q},${fmt(bm25[i])},${fmt(dense[i])},${fmt(third[i])}`).join('\n') + '\n');
  const perSystem = [['bm25', bm25], ['dense', dense], ['splade', third]].map(([n, v]) => file(`${n}.csv`, 'qid,score\n' + qids.map((q, i) => `${q},${fmt(v[i])}`).join('\n') + '\n'));
  const expected = JSON.parse(run('leaderboard', [table]).stdout);
  const got = JSON.parse(run('leaderboard', perSystem).stdout);
  assert.deepEqual(got, expected);
  const byRow = file('three_by_row.csv', 'qid,bm25,dense,splade\n' + qids.map((_, i) => `${i + 1},${fmt(bm25[i])},${fmt(dense[i])},${fmt(third[i])}`).join('\n') + '\n');
  const columns = [['bm25', bm25], ['dense', dense], ['splade', third]].map(([n, v]) => file(`${n}.col`, v.map(fmt).join('\n') + '\n'));
  const byPosition = JSON.parse(run('leaderboard', columns).stdout);
  // The same board but for how it was paired, which each board states.
  const pairedAs = (j) => j.leaderboards.map((b) => { const { paired_by, note, ...rest } = b; return [paired_by, note, rest]; });
  const [[how, note, board]] = pairedAs(byPosition);
  const byRowJson = JSON.parse(run('leaderboard', [byRow]).stdout);
  const [[howTable, noteTable, boardTable]] = pairedAs(byRowJson);
  assert.deepEqual(board, boardTable);
  assert.deepEqual({ ...byPosition, leaderboards: null }, { ...byRowJson, leaderboards: null });
  assert.deepEqual([how, note], ['position', 'paired by position: no query ids given']);
  assert.deepEqual([howTable, noteTable], ['query id', '']);
  assert.match(run('leaderboard', columns, 'csv').stderr, /^pairpower: note: paired by position: no query ids given$/m);
  const short = file('short.col', '0.5\n0.4\n');
  const r = spawnSync(bin, ['leaderboard', ...columns, short], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /'bm25' has 30 values and 'short' has 2; without query ids the scores are paired by position/);
});

test('a leaderboard names stdin by its place on the command line, however many files a folder before it holds', () => {
  const folder = join(dir, 'two-systems');
  mkdirSync(folder);
  for (const [n, v] of [['bm25', bm25], ['dense', dense]]) writeFileSync(join(folder, `${n}.csv`), 'qid,score\n' + qids.map((q, i) => `${q},${fmt(v[i])}`).join('\n') + '\n');
  const piped = 'qid,score\n' + qids.map((q, i) => `${q},${fmt(Math.max(0, bm25[i] - 0.01))}`).join('\n') + '\n';
  const r = spawnSync(bin, ['leaderboard', folder, '-', '--resamples', '500', '--bootstrap', '200', '--threads', '1', '--format', 'json'], { input: piped, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).leaderboards[0].systems.map((s) => s.system).sort(), ['S2', 'bm25', 'dense']);
});
