// The sign-flip test of binary items counts a resample's flipped signs 32 per word; in the
// wasm sixteen bytes at a time with byte counters widened every 31 steps, and the words
// left over one by one. Pairs whose discordant items end at every kind of edge (inside
// the first word, at a word's end, at a step's end, at a widening, past it) must give
// the CLI's randomization p exactly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

// Discordant items per dataset. Every word but the last (counted apart, masked) goes through the SIMD count:
// 3,968 items leave it 123 words (30 steps and 3 words one by one), 3,969–4,000 exactly the 124 words of one
// widening's 31 steps, 4,100 a widening and a step. (Random bits put about 4 in a byte counter per step, so no
// input here could show a counter wrapping: the static_assert in count_ones.hpp holds that bound.)
const discordant = [1, 31, 32, 33, 127, 128, 129, 160, 161, 193, 3968, 3969, 4000, 4001, 4100, 8000, 8100];

// Each dataset: its discordant items (B right on a few more than half), then 50 items both get right.
function table() {
  let x = 3;
  const r = () => ((x = (x * 48271) % 2147483647) / 2147483647);
  const rows = ['dataset,qid,sysA,sysB'];
  for (const c of discordant) {
    for (let i = 0; i < c; i++) {
      const bWins = r() < 0.5 + 0.8 / Math.sqrt(c);
      rows.push(`d${c},q${i},${bWins ? 0 : 1},${bWins ? 1 : 0}`);
    }
    for (let i = c; i < c + 50; i++) rows.push(`d${c},q${i},1,1`);
  }
  return rows.join('\n') + '\n';
}

test('binary pairs of any number of discordant items get the CLI randomization p in the wasm', async () => {
  const text = table();
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-'));
  writeFileSync(join(dir, 'binary.csv'), text);
  let cli;
  try {
    cli = JSON.parse(execFileSync(cliPath, ['compare', join(dir, 'binary.csv'), '--resamples', '3000', '--seed', '4', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    if (e.status !== 1 && e.status !== 3) throw e;
    cli = JSON.parse(e.stdout);
  }
  const m = await loadModule('st');
  const out = m.analyzeScores({ textA: text, measures: [], missing: 'error', alpha: 0.05, confidence: 0.95, resamples: 3000, bootstrap: 1000, seed: 4, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
  assert.ok(!out.error, out.error);
  const web = JSON.parse(out.report);
  assert.equal(cli.comparisons.length, discordant.length);
  const pOf = (c) => c.randomization;
  for (const [i, c] of cli.comparisons.entries()) {
    assert.equal(c.mcnemar.discordant_a + c.mcnemar.discordant_b, discordant[i], `${c.dataset}: every listed item is discordant`);
    assert.equal(pOf(c).exact, false, `${c.dataset}: resampled, not enumerated`);
    assert.equal(pOf(web.comparisons[i]).p, pOf(c).p, `${c.dataset}: randomization p`);
  }
  // Not all at an edge: a miscount moves most of them.
  const ps = cli.comparisons.map((c) => pOf(c).p);
  assert.ok(ps.filter((p) => p > 0.001 && p < 0.999).length >= discordant.length - 3, `p-values: ${ps.join(', ')}`);
});
