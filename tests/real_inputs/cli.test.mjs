// Real outputs of trec_eval, pytrec_eval, ir_measures and ranx handed to
// `pairpower compare` without --input-format: each is read as what it is, and
// the statistics equal scipy's (tests/fixtures/real/expected.json, written by
// expected.py beside the files with its own reader).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const real = fileURLToPath(new URL('../fixtures/real/', import.meta.url));
const expected = JSON.parse(readFileSync(join(real, 'expected.json'), 'utf8'));
const described = { trec_eval: 'trec_eval -q', ir_measures: 'ir_measures -q', 'ir_measures-jsonl': 'ir_measures -o jsonl', ranx: 'ranx JSON', pytrec_eval: 'pytrec_eval JSON' };
const close = (x, e, rel) => Math.abs(x - e) <= rel * Math.abs(e) || x === e;

function compare(files, args) {
  const r = spawnSync(bin, ['compare', ...files, ...args, '--resamples', '2000', '--bootstrap', '200', '--no-curve', '--format', 'json'], { encoding: 'utf8', timeout: 120_000 });
  return { ...r, json: r.stdout ? JSON.parse(r.stdout) : null };
}

for (const c of expected.cases) {
  test(`${c.files[0]} and its pair are read as ${c.format} and give scipy's numbers`, () => {
    const files = c.files.map((f) => join(real, f));
    // ir_measures names hold commas: one --measure per name, and the list syntax too.
    const measures = c.comparisons.map((e) => e.measure);
    const args = c.format === 'ir_measures' ? ['--measure', measures.join(',')] : measures.flatMap((m) => ['--measure', m]);
    const r = compare(files, args);
    assert.ok([0, 1, 3].includes(r.status), r.stderr);
    const detected = r.json.settings.detected;
    for (const d of detected) assert.equal(d, `${described[c.format]}, ${c.measures} measures, ${c.queries} queries`);
    assert.equal(r.json.comparisons.length, c.comparisons.length);
    for (const e of c.comparisons) {
      const x = r.json.comparisons.find((y) => y.measure === e.measure);
      assert.ok(x, `${e.measure} missing`);
      assert.equal(x.system_a, c.systems[0]);
      assert.equal(x.system_b, c.systems[1]);
      assert.equal(x.n, e.n);
      for (const [ours, theirs, rel] of [[x.mean_a, e.mean_a, 1e-12], [x.mean_b, e.mean_b, 1e-12], [x.sd_diff, e.sd_diff, 1e-10], [x.t.t, e.t, 1e-9],
        [x.t.p, e.t_p, 1e-9], [x.wilcoxon.statistic, e.wilcoxon_statistic, 1e-12], [x.wilcoxon.p, e.wilcoxon_p, 1e-9], [x.sign.p, e.sign_p, 1e-9]])
        assert.ok(close(ours, theirs, rel), `${e.measure}: ${ours} vs scipy ${theirs}`);
      assert.ok(Math.abs(x.delta - e.delta) <= 1e-12);
    }
    assert.equal(r.json.by_system.length, 1);
    assert.equal(r.json.by_system[0].system, c.systems[1]);
  });
}

const te = (run) => join(real, `trec_eval/te908.q.${run}.txt`);
const dir = mkdtempSync(join(tmpdir(), 'pairpower-real-'));

test('a real trec_eval output re-encoded as UTF-16 with a BOM (PowerShell 5) gives the same report', () => {
  const wide = join(dir, 'bm25-utf16.txt');
  writeFileSync(wide, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readFileSync(te('org_manual_bm25'), 'utf8'), 'utf16le')]));
  const plain = compare([te('org_manual_bm25'), te('org_manual_ance_bert')], ['--measure', 'map']);
  const utf16 = compare([wide, te('org_manual_ance_bert')], ['--measure', 'map']);
  assert.equal(utf16.status, plain.status, utf16.stderr);
  assert.deepEqual(utf16.json.comparisons, plain.json.comparisons);
});

test('two real trec_eval outputs concatenated are split by runid, with the baseline chosen by name', () => {
  const both = join(dir, 'both.txt');
  writeFileSync(both, readFileSync(te('org_manual_bm25'), 'utf8') + readFileSync(te('org_manual_ance_bert'), 'utf8'));
  const r = compare([both], ['--measure', 'map', '--baseline', 'org_manual_ance_bert.run']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  assert.equal(r.json.comparisons[0].system_a, 'org_manual_ance_bert.run');
  assert.equal(r.json.comparisons[0].system_b, 'org_manual_bm25.run');
  assert.equal(r.json.settings.baseline, 'org_manual_ance_bert.run');
});

test('a summary-only or text measure of a real all_trec file is refused by name, with the closest per-query measure', () => {
  const files = ['org_manual_bm25', 'org_manual_ance_bert'].map((r) => join(real, `trec_eval/te908.q.all_trec.${r}.txt`));
  const gm = compare(files, ['--measure', 'gm_map']);
  assert.equal(gm.status, 2);
  assert.equal(gm.stderr.trim(), "pairpower: error: --measure: 'gm_map' is a per-run summary, not a per-query score; the closest per-query measure is 'map'");
  const rel = compare(files, ['--measure', 'relstring']);
  assert.equal(rel.status, 2);
  assert.match(rel.stderr, /^pairpower: error: --measure: 'relstring' holds text, not a score per query; choose a numeric measure \(num_ret, .* and \d+ more\)\n$/);
  const none = compare(files, []);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /the input holds 90 measures .*; choose one or more \(for example ndcg_cut_10\)/);
});

test('--measure all compares the measures both files hold, counts left out', () => {
  const te = (kind, r) => join(real, `trec_eval/te908.q.${kind}${r}.txt`);
  const r = compare([te('all_trec.', 'org_manual_bm25'), te('', 'org_manual_ance_bert')], ['--measure', 'all']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const measures = r.json.comparisons.map((c) => c.measure);
  assert.equal(measures.length, 24);  // the 27 default measures less num_ret, num_rel, num_rel_ret
  assert.ok(!measures.some((m) => m.startsWith('num_')));
  const only = compare([te('all_trec.', 'org_manual_bm25'), te('', 'org_manual_ance_bert')], ['--measure', 'ndcg_cut_10']);
  assert.equal(only.status, 2);
  assert.match(only.stderr, /^pairpower: error: --measure: 'ndcg_cut_10' is in the first file but not in the second \(both have 27: num_ret, /);
});

test("pytrec_eval's per-query placeholders for runid, num_q and gm_map are not offered as scores", () => {
  const files = ['org_manual_bm25', 'org_manual_ance_bert'].map((r) => join(real, `pytrec_eval/pytrec_eval-0.5.supported_measures.50topics.${r}.json`));
  const runid = compare(files, ['--measure', 'runid']);
  assert.equal(runid.status, 2);
  assert.match(runid.stderr, /'runid' holds text, not a score per query/);
  const gm = compare(files, ['--measure', 'gm_map']);
  assert.equal(gm.status, 2);
  assert.match(gm.stderr, /'gm_map' is a per-run summary, not a per-query score; the closest per-query measure is 'map'/);
});

test("ranx's comparison report is refused: it holds means and p-values, not per-query scores", () => {
  const r = compare([join(real, 'ranx/ranx-0.3.20.compare_report.student.json'), join(real, 'ranx/ranx-0.3.20.compare_report.fisher.json')], []);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /this is a ranx comparison report \(each system's means and p-values\), not per-query scores; save ranx's per-query scores instead/);
});

test("ir_measures output whose 'all' rows come first, and a trec_eval 10.0 measure pairpower does not list, are still detected", () => {
  const ir = readFileSync(join(real, 'ir_measures/ir_measures-0.4.3.q.4topics.org_manual_bm25.tsv'), 'utf8').split('\n').filter(Boolean);
  const allFirst = join(dir, 'ir-all-first.tsv');
  writeFileSync(allFirst, [...ir.filter((l) => l.startsWith('all\t')), ...ir.filter((l) => !l.startsWith('all\t'))].join('\n') + '\n');
  const r = compare([allFirst, join(real, 'ir_measures/ir_measures-0.4.3.q.4topics.org_manual_ance_bert.tsv')], ['--measure', 'AP']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  assert.match(r.json.settings.detected[0], /^ir_measures -q/);
  // A measure name newer than pairpower's list among known ones (trec_eval -n: no summary rows).
  const te = readFileSync(join(real, 'trec_eval/te908.q.n.15topics.org_manual_bm25.txt'), 'utf8');
  const newer = join(dir, 'te-newer.txt');
  writeFileSync(newer, te + 'some_future_measure   \t106_1\t0.5000\n');
  const t = compare([newer, join(real, 'trec_eval/te908.q.n.15topics.org_manual_ance_bert.txt')], ['--measure', 'map']);
  assert.ok([0, 1, 3].includes(t.status), t.stderr);
  assert.match(t.json.settings.detected[0], /^trec_eval -q, 28 measures/);
});
