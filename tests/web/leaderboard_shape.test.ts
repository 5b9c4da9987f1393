// Holds the page's leaderboard schema (web/src/features/leaderboard/report.ts)
// strictly against the CLI's `leaderboard --format json` and the bindings'
// rankPrepare + rankPart + rankMerge: a key added or dropped on either side fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { cliPath, loadModule } from '../wasm/load-module.mjs';
import { boundaryValidator } from '../../web/src/runtime/checked';
import { checkLeaderboard } from '../../web/src/features/leaderboard/report';

const real = (p: string) => new URL(`../fixtures/real/${p}`, import.meta.url).pathname;
const files = ['trec_eval/te908.q.org_manual_bm25.txt', 'trec_eval/te908.q.org_manual_ance_bert.txt'];
const options = ['--measure', 'map', '--resamples', '500', '--bootstrap', '300', '--threads', '1'];

// Paths where two JSON values differ: keys and strings exactly, numbers within
// 1e-12 absolute (wasm's libm and the native build's FMA differ in the last
// bits of the F and studentized-range tails, which are 1 − a CDF).
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-12 ? [] : [`${path}: ${a} vs ${b}`];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}

describe('the leaderboard schema', () => {
  it('matches the CLI’s JSON exactly, per dataset and across datasets', () => {
    const board = JSON.parse(execFileSync(cliPath, ['leaderboard', ...files.map(real), ...options, '--format', 'json'], { encoding: 'utf8' }));
    const r = boundaryValidator('LeaderboardReport').safeParse(board);
    expect(r.success ? [] : r.error.issues).toEqual([]);
    expect(board.leaderboards[0].systems.length).toBe(2);
  });

  it('matches what the bindings hand the page, and their numbers are the CLI’s', async () => {
    const m = await loadModule('st');
    const settings = { missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 300, seed: 1 };
    // Read once, then in two parts, as the page's two workers compute it.
    const board = m.rankPrepare({ inputs: files.map((f) => ({ text: readFileSync(real(f), 'utf8') })), measure: 'map' });
    expect(board.error).toBeUndefined();
    const parts = [0, 1].map((part) => m.rankPart({ ...settings, board, part, parts: 2 }));
    for (const p of parts) expect(p.error).toBeUndefined();
    const out = m.rankMerge({ ...settings, board, parts });
    expect(out.error).toBeUndefined();
    const page = checkLeaderboard(JSON.parse(out.json));
    const cliText = execFileSync(cliPath, ['leaderboard', ...files.map(real), ...options, '--format', 'json'], { encoding: 'utf8' });
    const cli = JSON.parse(cliText);
    expect(differences(page, cli)).toEqual([]);
    type Row = { system: string; rank: number; tier: string; rank_set_low: number; rank_set_high: number; rank_marginal_low: number; rank_marginal_high: number };
    const ranks = (s: Row) => [s.system, s.rank, s.tier, s.rank_set_low, s.rank_set_high, s.rank_marginal_low, s.rank_marginal_high];
    expect(page.leaderboards[0].systems.map(ranks)).toEqual(cli.leaderboards[0].systems.map(ranks));
    expect(page.leaderboards[0].pairs[0].p).toBe(cli.leaderboards[0].pairs[0].p);
  });
});
