// A trec_eval -q file cut short (tests/fixtures/real/cut/, PROVENANCE.md): the page's bindings warn of it
// as the CLI does — in the detected line, in Analyze's report and refusal, and in a Leaderboard read
// whole or in parts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cliPath, loadModule } from './load-module.mjs';

const real = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const cut = 'cut/te10rc3.q.org_manual_bm25.head-n-2000.txt';
const whole = 'trec_eval/te10rc3.q.org_manual_ance_bert.txt';
const text = (path) => readFileSync(real + path, 'utf8');
const cli = (args) => JSON.parse(execFileSync(cliPath, [...args, '--format', 'json'], { cwd: real, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
const cutShort = (warnings) => warnings.filter((w) => w.code === 'cut_short').map((w) => w.message);

test('a Leaderboard of a file cut short warns in the CLI\'s words, read whole or a file per part, and hands the warning on with a pair of its run', async () => {
  const m = await loadModule('st');
  const want = cutShort(cli(['leaderboard', cut, whole, '--measure', 'recip_rank', '--missing', 'intersect']).warnings);
  assert.equal(want.length, 1);
  assert.match(want[0], /^cut\/te10rc3\.q\.org_manual_bm25\.head-n-2000\.txt looks cut short: run te10rc3\.q\.org_manual_bm25\.head-n-2000 ends inside query 116_5, /);
  const inputs = [cut, whole].map((name, index) => ({ name, index, text: text(name) }));
  const board = m.rankPrepare({ inputs, measure: 'recip_rank' });
  assert.ok(!board.error, board.error);
  assert.deepEqual(cutShort(board.warnings), want);
  const read = inputs.map((input) => m.readInputs({ inputs: [input] }));
  assert.deepEqual(read.map((r) => cutShort(r.warnings).length), [1, 0]);
  const joined = m.rankPrepare({ inputs: [], read, measure: 'recip_rank' });
  assert.ok(!joined.error, joined.error);
  assert.deepEqual(cutShort(joined.warnings), want);
  // A pair opened in Analyze takes the warning with its scores when one of its runs is the one cut short.
  const third = { name: 'trec_eval/te908.q.org_manual_bm25.txt', index: 2, text: text('trec_eval/te908.q.org_manual_bm25.txt') };
  const pair = (systemA, systemB) => m.pairTable({ inputs: [...inputs, third], measure: 'recip_rank', missing: 'intersect', dataset: '', systemA, systemB });
  const withCut = pair('org_manual_ance_bert.run', 'te10rc3.q.org_manual_bm25.head-n-2000');
  assert.ok(!withCut.error, withCut.error);
  assert.deepEqual(cutShort(withCut.warnings), want);
  const without = pair('org_manual_ance_bert.run', 'org_manual_bm25.run');
  assert.ok(!without.error, without.error);
  assert.deepEqual(without.warnings, []);
});

test('Analyze says a file is cut short where it is detected, in its report, and in its refusal of the queries the file lacks', async () => {
  const m = await loadModule('st');
  const name = 'te10rc3.q.org_manual_bm25.head-n-2000';
  const tail = (s) => s.slice(s.indexOf(' looks cut short: '));
  const want = cutShort(cli(['compare', cut, whole, '--measure', 'map', '--missing', 'intersect']).warnings);
  assert.equal(want.length, 1);
  const detected = m.detectScores({ text: text(cut), name });
  assert.ok(!detected.error, detected.error);
  assert.equal(tail(detected.cutShort), tail(want[0]));
  assert.equal(m.detectScores({ text: text(whole), name: 'ance' }).cutShort, '');
  const query = { textA: text(cut), textB: text(whole), nameA: name, nameB: 'org_manual_ance_bert', measures: ['map'], alpha: 0.05, resamples: 1000,
    bootstrap: 1000, seed: 1, minEffect: 0.01, direction: 'higher', power: 0.8, confidence: 0.95, equivalence: 0, nonInferiority: 0 };
  const kept = m.analyzeScores({ ...query, missing: 'intersect' });
  assert.ok(!kept.error, kept.error);
  assert.deepEqual(cutShort(JSON.parse(kept.report).warnings).map(tail), want.map(tail));
  const refused = m.analyzeScores({ ...query, missing: 'error' });
  assert.equal(refused.kind, 'unmatched_ids');
  assert.ok(refused.detail.includes(`; ${name} looks cut short: run ${name} ends inside query 116_5`), refused.detail);
});
