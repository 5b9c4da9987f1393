// Holds the page's leaderboard schema (web/src/features/leaderboard/report.ts)
// strictly against the CLI's `leaderboard --format json` and the bindings'
// rankSystems: a key added or dropped on either side fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { cliPath, loadModule } from '../wasm/load-module.mjs';
import { leaderboardReport } from '../../web/src/features/leaderboard/report';

const real = (p: string) => new URL(`../fixtures/real/${p}`, import.meta.url).pathname;
const files = ['trec_eval/te908.q.org_manual_bm25.txt', 'trec_eval/te908.q.org_manual_ance_bert.txt'];
const options = ['--measure', 'map', '--resamples', '500', '--bootstrap', '300', '--threads', '1'];

describe('the leaderboard schema', () => {
  it('matches the CLI’s JSON exactly, per dataset and across datasets', () => {
    const board = JSON.parse(execFileSync(cliPath, ['leaderboard', ...files.map(real), ...options, '--format', 'json'], { encoding: 'utf8' }));
    const r = leaderboardReport.safeParse(board);
    expect(r.success ? [] : r.error.issues).toEqual([]);
    expect(board.leaderboards[0].systems.length).toBe(2);
  });

  it('matches what the bindings hand the page, and their numbers are the CLI’s', async () => {
    const m = await loadModule('st');
    const out = m.rankSystems({ inputs: files.map((f) => ({ text: readFileSync(real(f), 'utf8') })), measure: 'map', missing: 'error', direction: 'higher',
      alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 300, seed: 1 });
    expect(out.error).toBeUndefined();
    const page = leaderboardReport.parse(JSON.parse(out.json));
    const cli = JSON.parse(execFileSync(cliPath, ['leaderboard', ...files.map(real), ...options, '--format', 'json'], { encoding: 'utf8' }));
    expect(page.leaderboards[0].systems.map((s) => [s.system, s.rank, s.tier, s.rank_ci_low, s.rank_ci_high])).toEqual(
      cli.leaderboards[0].systems.map((s: { system: string; rank: number; tier: string; rank_ci_low: number; rank_ci_high: number }) => [s.system, s.rank, s.tier, s.rank_ci_low, s.rank_ci_high]));
    expect(page.leaderboards[0].pairs[0].p).toBe(cli.leaderboards[0].pairs[0].p);
  });
});
