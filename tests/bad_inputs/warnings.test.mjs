// Answers that cannot be trusted, as the CLI says so: one stderr line per
// warning ("warning: …"), the same warnings in --format json's top-level
// `warnings` array, exit codes unchanged. Ordinary data at n = 30 raises none,
// so each check can fail both ways.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { scores } from './warning_scores.mjs';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pairpower-warnings-'));
const exitOf = { SHIP: 0, HOLD: 1, REJECT: 3 };

const trec = (measure, values) => values.map((v, i) => `${measure.padEnd(22)}\tq${i + 1}\t${v}`).join('\n') + '\n';

function files(name, measure, { a, b }) {
  const fa = join(dir, `${name}-A.txt`), fb = join(dir, `${name}-B.txt`);
  writeFileSync(fa, trec(measure, a));
  writeFileSync(fb, trec(measure, b));
  return [fa, fb];
}

function compare(paths, format) {
  return spawnSync(bin, ['compare', ...paths, '--resamples', '2000', '--bootstrap', '500', '--no-curve', '--format', format], { encoding: 'utf8', timeout: 120_000 });
}

const warningLines = (stderr) => stderr.split('\n').filter((l) => l.startsWith('warning: '));

for (const format of ['json', 'text']) {
  test(`compare (${format}): four queries warn that the exact tests cannot reach α, on stderr${format === 'json' ? ' and in warnings[]' : ''}`, () => {
    const r = compare(files(`n4-${format}`, 'ndcg_cut_10', scores(4, 0.1, 0.05)), format);
    const lines = warningLines(r.stderr);
    assert.ok(lines.some((l) => /smallest two-sided p .* is 0\.125/.test(l) && l.includes('α = 0.05')), r.stderr);
    assert.ok(lines.some((l) => l.includes('bootstrap intervals rest on 4 queries')), r.stderr);
    if (format === 'json') {
      const j = JSON.parse(r.stdout);
      const codes = j.warnings.map((w) => w.code);
      assert.ok(codes.includes('p_floor') && codes.includes('few_queries'), JSON.stringify(j.warnings));
      assert.ok(j.warnings.every((w) => w.comparison === 0 && typeof w.message === 'string'));
      // One stderr line per warning, the same words.
      assert.equal(lines.length, j.warnings.length);
      for (const w of j.warnings) assert.ok(lines.some((l) => l.endsWith(w.message)), w.message);
      assert.equal(r.status, exitOf[j.overall]);
      assert.equal(j.overall, 'HOLD');
    } else assert.equal(r.status, exitOf.HOLD);
  });
}

test('compare: an nDCG of 1.5 is named as outside its range (system, query, value)', () => {
  const s = scores(30);
  s.b[6] = 1.5;
  const r = compare(files('ndcg15', 'ndcg_cut_10', s), 'json');
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.warnings.map((w) => w.code), ['out_of_range']);
  assert.match(j.warnings[0].message, /^ndcg_cut_10 lies between 0 and 1, but 1 of ndcg15-B's 30 values lies outside that range \(1\.5 for query q7\)/);
  assert.deepEqual(warningLines(r.stderr).length, 1, r.stderr);
  assert.equal(r.status, exitOf[j.overall]);
});

test('compare: thirty ordinary queries print no warning and an empty warnings[]', () => {
  for (const format of ['json', 'text']) {
    const r = compare(files(`n30-${format}`, 'ndcg_cut_10', scores(30)), format);
    assert.deepEqual(warningLines(r.stderr), [], r.stderr);
    assert.equal(r.stderr.includes('warning'), false, r.stderr);
    if (format === 'json') {
      const j = JSON.parse(r.stdout);
      assert.deepEqual(j.warnings, []);
      assert.equal(j.comparisons[0].n, 30);
      assert.equal(r.status, exitOf[j.overall]);
    }
  }
});

test('leaderboard: an nDCG of 1.5 and four queries warn; thirty ordinary queries do not', () => {
  const table = (n, bad) => {
    const { a, b } = scores(n);
    const c = scores(n, -0.02).b;
    if (bad) b[2] = 1.5;
    return 'qid,bm25,dense,splade\n' + a.map((x, i) => `q${i + 1},${x},${b[i]},${c[i]}`).join('\n') + '\n';
  };
  const run = (name, text) => {
    const f = join(dir, `${name}.csv`);
    writeFileSync(f, text);
    return spawnSync(bin, ['leaderboard', f, '--measure', 'ndcg_cut_10', '--resamples', '500', '--bootstrap', '200', '--format', 'json'], { encoding: 'utf8', timeout: 120_000 });
  };
  // A wide table's header names systems, not the measure: a long table names it.
  const long = (n, bad) => {
    const [head, ...rows] = table(n, bad).trim().split('\n');
    const systems = head.split(',').slice(1);
    return 'qid,system,measure,score\n' + rows.flatMap((r) => { const [q, ...v] = r.split(','); return v.map((x, k) => `${q},${systems[k]},ndcg_cut_10,${x}`); }).join('\n') + '\n';
  };
  const ok = run('lb30', long(30, false));
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout).warnings, []);
  assert.deepEqual(warningLines(ok.stderr), []);
  const bad = run('lb30bad', long(30, true));
  assert.deepEqual(JSON.parse(bad.stdout).warnings.map((w) => w.code), ['out_of_range']);
  assert.match(warningLines(bad.stderr)[0], /^warning: ndcg_cut_10 lies between 0 and 1, but 1 of dense's 30 values .*1\.5 for query q3/);
  const small = run('lb4', long(4, false));
  assert.deepEqual(JSON.parse(small.stdout).warnings.map((w) => w.code), ['p_floor', 'few_queries']);
  assert.equal(warningLines(small.stderr).length, 2);
});

test('one qid,ndcg file per system keeps the header’s measure name, so an nDCG of 1.5 is named as outside its range (compare and leaderboard)', () => {
  const s = scores(30);
  s.b[6] = 1.5;
  const c = scores(30, -0.02).b;
  const write = (name, header, values) => {
    const f = join(dir, `${name}.csv`);
    writeFileSync(f, `${header}\n` + values.map((v, i) => `q${i + 1},${v}`).join('\n') + '\n');
    return f;
  };
  const bm25 = write('bm25', 'qid,ndcg', s.a), dense = write('dense', 'qid,ndcg', s.b), splade = write('splade', 'qid,score', c);
  const r = compare([bm25, dense], 'json');
  const j = JSON.parse(r.stdout);
  assert.equal(j.comparisons[0].measure, 'ndcg');
  assert.deepEqual(j.warnings.map((w) => w.code), ['out_of_range']);
  assert.match(j.warnings[0].message, /^ndcg lies between 0 and 1, but 1 of dense's 30 values lies outside that range \(1\.5 for query q7\)/);
  assert.equal(warningLines(r.stderr).length, 1, r.stderr);
  // A qid,score file beside them holds the same measure: one board, range-checked.
  const lb = spawnSync(bin, ['leaderboard', bm25, dense, splade, '--resamples', '500', '--bootstrap', '200', '--format', 'json'], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(lb.status, 0, lb.stderr);
  const board = JSON.parse(lb.stdout);
  assert.equal(board.leaderboards[0].measure, 'ndcg');
  assert.equal(board.leaderboards[0].k, 3);
  assert.deepEqual(board.warnings.map((w) => w.code), ['out_of_range']);
  // The same values under a header that names no measure: nothing to check them against.
  const plain = compare([write('bm25-plain', 'qid,score', s.a), write('dense-plain', 'qid,score', s.b)], 'json');
  assert.deepEqual(JSON.parse(plain.stdout).warnings, []);
});
