// A board of binary items resamples by adding bit patterns in 16-bit lanes that
// are folded into 64-bit totals every 65,535 additions; in the wasm the lanes are
// SIMD128 and the counts 32-bit size_t. A board of more items than one fold
// holds must rank the same in the page's worker parts as in the CLI.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule, sameAsCli } from './load-module.mjs';

// Four systems' correct / incorrect answers on n items, most items not agreed on by all
// (so the randomized Tukey test, which skips agreed items, also deals more than one fold).
function binaryTable(n) {
  let x = 11;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const accuracy = [0.5, 0.502, 0.506, 0.51];
  const rows = ['qid,sysA,sysB,sysC,sysD'];
  let disagreed = 0;
  for (let i = 0; i < n; i++) {
    const item = accuracy.map((p) => (r() < p ? 1 : 0));
    if (item.some((v) => v !== item[0])) disagreed++;
    rows.push(`q${i},${item.join(',')}`);
  }
  return { text: rows.join('\n') + '\n', disagreed };
}

test('a binary board of more items than a 16-bit lane holds ranks the same in the wasm parts as in the CLI', async () => {
  const n = 90_000;
  const { text, disagreed } = binaryTable(n);
  assert.ok(disagreed > 65_535, `the Tukey deal adds ${disagreed} items: more than one fold`);
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  const file = join(dir, 'binary.csv');
  writeFileSync(file, text);
  const settings = { missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 300, bootstrap: 200, seed: 5 };
  const native = JSON.parse(
    execFileSync(cliPath, ['leaderboard', file, '--resamples', '300', '--bootstrap', '200', '--seed', '5', '--threads', '2', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
  const m = await loadModule('st');
  const board = m.rankPrepare({ inputs: [{ name: 'binary.csv', text }] });
  assert.ok(!board.error, board.error);
  const parts = [0, 1].map((part) => m.rankPart({ ...settings, board, part, parts: 2 }));
  for (const p of parts) assert.ok(!p.error, p.error);
  const merged = m.rankMerge({ ...settings, board, parts });
  assert.ok(!merged.error, merged.error);
  const web = JSON.parse(merged.json);
  const mismatches = [];
  sameAsCli(web, native, '', mismatches);
  assert.deepEqual(mismatches, []);
  // The board is the binary one with every item kept, and its p-values are not all at an edge.
  const [b] = native.leaderboards;
  assert.equal(b.n, n);
  assert.ok(b.pairs.every((x) => x.mcnemar && x.discordant_a === undefined));
  assert.ok(b.pairs.some((x) => x.p_tukey > 0.05 && x.p_tukey < 0.95));
});
