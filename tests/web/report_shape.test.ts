// Holds the page's report type (one schema, web/src/features/analyze/report.ts)
// against the C++ writers: the CLI's `compare --format json` and the bindings'
// analyzeScores, on real tool outputs and a multi-system table. The schema is
// strict, so a key added or dropped on either side fails here. Also holds the
// generated registry against the CLI's and the bindings' own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { cliPath, loadModule } from '../wasm/load-module.mjs';
import { REGISTRY } from '../../web/src/runtime/registry';
import { checkReport } from '../../web/src/features/analyze/report';
import { boundaryValidator } from '../../web/src/runtime/checked';

const real = (p: string) => new URL(`../fixtures/real/${p}`, import.meta.url).pathname;
const pairs: [string, string, string[]][] = [
  ['trec_eval/te908.q.org_manual_bm25.txt', 'trec_eval/te908.q.org_manual_ance_bert.txt', ['--measure', 'map,P_10']],
  ['ir_measures/ir_measures-0.4.3.q.org_manual_bm25.tsv', 'ir_measures/ir_measures-0.4.3.q.org_manual_ance_bert.tsv', ['--measure', 'nDCG@10']],
];

/** The CLI's `compare --format json` text (exit 1 and 3 are verdicts other than SHIP). */
function cliText(args: string[]): string {
  try {
    return execFileSync(cliPath, ['compare', ...args, '--format', 'json', '--resamples', '500', '--bootstrap', '100'], { encoding: 'utf8' });
  } catch (e) {
    const err = e as { status?: number; stdout?: string };
    if (err.status === 1 || err.status === 3) return err.stdout!;
    throw e;
  }
}
const cli = (args: string[]): unknown => JSON.parse(cliText(args));

// Paths where two JSON values differ: keys and strings exactly, numbers within 1e-12 relative.
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)) ? [] : [`${path}: ${a} vs ${b}`];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}

describe('the report schema', () => {
  it.each(pairs)('matches the CLI’s JSON exactly (%s)', (a, b, args) => {
    const r = boundaryValidator('CliReport').safeParse(cli([real(a), real(b), ...args]));
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it('matches what the bindings hand the page, per-query data and display strings included; the JSON export is the CLI’s text', async () => {
    const m = await loadModule('st');
    // Named as the CLI names a run without a runid: its file's name without the extension.
    const stem = (p: string) => p.split('/').pop()!.replace(/\.[^.]+$/, '');
    for (const [a, b] of pairs) {
      const out = m.analyzeScores({ textA: readFileSync(real(a), 'utf8'), textB: readFileSync(real(b), 'utf8'), nameA: stem(a), nameB: stem(b), measures: ['*'], missing: 'intersect',
        alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
      expect(out.error).toBeUndefined();
      const report = checkReport(JSON.parse(out.report));
      expect(report.comparisons.length).toBeGreaterThan(0);
      // The page's JSON export is the CLI's writer's text: the CLI's keys (strict), strings and layout, and its
      // numbers but for the last bits where wasm's libm and the native build differ.
      const exported = JSON.parse(out.json);
      expect(boundaryValidator('CliReport').safeParse(exported).success).toBe(true);
      expect(out.json.startsWith('{\n  "settings": {\n    "alpha": ')).toBe(true);
      expect(differences(exported, cli([real(a), real(b), '--measure', 'all', '--missing', 'intersect', '--seed', '1']))).toEqual([]);
      expect(out.pilots).toBeUndefined();
    }
  });

  it('answers each comparison’s differences B − A when asked, as the report pairs them', async () => {
    const m = await loadModule('st');
    const [a, b] = pairs[0];
    const out = m.analyzeScores({ textA: readFileSync(real(a), 'utf8'), textB: readFileSync(real(b), 'utf8'), measures: ['map', 'P_10'], missing: 'intersect',
      alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0,
      pilots: true });
    const report = checkReport(JSON.parse(out.report));
    expect(out.pilots.length).toBe(2);
    report.comparisons.forEach((c, i) => expect(Array.from(out.pilots[i] as Float64Array)).toEqual(c.data!.b.map((x, j) => x - c.data!.a[j])));
  });

  it('matches the CLI’s JSON and the bindings’ for a pair taken from a family (settings.family, comparisons[].family)', async () => {
    const [a, b] = pairs[0];
    const fromCli = cli([real(a), real(b), '--measure', 'map', '--family-p', '0.3', '--family-systems', '8']) as { settings: { family: unknown } };
    const r = boundaryValidator('CliReport').safeParse(fromCli);
    expect(r.success ? [] : r.error.issues).toEqual([]);
    expect(fromCli.settings.family).toEqual({ systems: 8, pairs: 28, procedure: 'randomized-tukey', procedure_label: 'randomized Tukey HSD', p: 0.3,
      question_alpha: 0.05 / 28, rule: "The larger of its family-wise p and the pair's own p (cluster-robust t when clusters are given, else exact McNemar on binary items, else randomization) decides the verdict." });
    const m = await loadModule('st');
    const out = m.analyzeScores({ textA: readFileSync(real(a), 'utf8'), textB: readFileSync(real(b), 'utf8'), measures: ['map'], missing: 'intersect',
      alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0,
      family: { systems: 8, pairs: 28, procedure: 'randomized-tukey', p: 0.3 } });
    expect(out.error).toBeUndefined();
    const report = checkReport(JSON.parse(out.report));
    expect(report.settings.family?.p).toBe(0.3);
    expect(report.comparisons[0].family?.p).toBe(0.3);
    expect(report.comparisons[0].verdict).toBe('HOLD');
  });

  it('refuses a report with a key the schema does not know', () => {
    const json = cli([real(pairs[0][0]), real(pairs[0][1]), '--measure', 'map']) as { comparisons: Record<string, unknown>[] };
    json.comparisons[0].surprise = 1;
    expect(boundaryValidator('CliReport').safeParse(json).success).toBe(false);
  });
});

describe('the registry', () => {
  it('is the same in the page, the CLI and the bindings', async () => {
    const fromCli = JSON.parse(execFileSync(cliPath, ['registry'], { encoding: 'utf8' }));
    expect(REGISTRY).toEqual(fromCli);
    const m = await loadModule('st');
    expect(m.registry()).toEqual(fromCli);
  });
});
