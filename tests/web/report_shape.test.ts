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
import { checkReport, exportReport, slimReport } from '../../web/src/features/analyze/report';
import { boundaryValidator } from '../../web/src/runtime/checked';

const real = (p: string) => new URL(`../fixtures/real/${p}`, import.meta.url).pathname;
const pairs: [string, string, string[]][] = [
  ['trec_eval/te908.q.org_manual_bm25.txt', 'trec_eval/te908.q.org_manual_ance_bert.txt', ['--measure', 'map,P_10']],
  ['ir_measures/ir_measures-0.4.3.q.org_manual_bm25.tsv', 'ir_measures/ir_measures-0.4.3.q.org_manual_ance_bert.tsv', ['--measure', 'nDCG@10']],
];

function cli(args: string[]): unknown {
  try {
    return JSON.parse(execFileSync(cliPath, ['compare', ...args, '--format', 'json', '--resamples', '500', '--bootstrap', '100'], { encoding: 'utf8' }));
  } catch (e) {
    const err = e as { status?: number; stdout?: string };
    if (err.status === 1 || err.status === 3) return JSON.parse(err.stdout!);
    throw e;
  }
}

describe('the report schema', () => {
  it.each(pairs)('matches the CLI’s JSON exactly (%s)', (a, b, args) => {
    const r = boundaryValidator('CliReport').safeParse(cli([real(a), real(b), ...args]));
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it('matches what the bindings hand the page, per-query data and display strings included', async () => {
    const m = await loadModule('st');
    for (const [a, b] of pairs) {
      const out = m.analyzeScores({ textA: readFileSync(real(a), 'utf8'), textB: readFileSync(real(b), 'utf8'), measures: ['*'], missing: 'intersect',
        alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0 });
      expect(out.error).toBeUndefined();
      const report = checkReport(JSON.parse(out.json));
      expect(report.comparisons.length).toBeGreaterThan(0);
      // The page's JSON export is the CLI's report, key for key (strict: nothing more, nothing less).
      const exported = boundaryValidator('CliReport').safeParse(exportReport(slimReport(report)));
      expect(exported.success ? [] : exported.error.issues).toEqual([]);
    }
  });

  it('matches the CLI’s JSON and the bindings’ for a pair taken from a family (settings.family, comparisons[].family)', async () => {
    const [a, b] = pairs[0];
    const fromCli = cli([real(a), real(b), '--measure', 'map', '--family-p', '0.3', '--family-systems', '8']) as { settings: { family: unknown } };
    const r = boundaryValidator('CliReport').safeParse(fromCli);
    expect(r.success ? [] : r.error.issues).toEqual([]);
    expect(fromCli.settings.family).toEqual({ systems: 8, pairs: 28, procedure: 'randomized-tukey', procedure_label: 'randomized Tukey HSD', p: 0.3,
      question_alpha: 0.05 / 28, rule: "The larger of its family-wise p and the pair's own randomization p decides the verdict." });
    const m = await loadModule('st');
    const out = m.analyzeScores({ textA: readFileSync(real(a), 'utf8'), textB: readFileSync(real(b), 'utf8'), measures: ['map'], missing: 'intersect',
      alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 100, seed: 1, minEffect: 0, direction: 'higher', power: 0.8, equivalence: 0, nonInferiority: 0,
      family: { systems: 8, pairs: 28, procedure: 'randomized-tukey', p: 0.3 } });
    expect(out.error).toBeUndefined();
    const report = checkReport(JSON.parse(out.json));
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
