// Evaluation logs written by the tools themselves (tests/fixtures/logs/, with
// their provenance) handed to the CLI without --input-format: each is read as
// what it is, with the task as the dataset and the model as the system, and the
// statistics equal scipy's and statsmodels' (expected.json, written by
// expected.py beside the logs with its own reader).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const logs = fileURLToPath(new URL('../fixtures/logs/', import.meta.url));
const expected = JSON.parse(readFileSync(join(logs, 'expected.json'), 'utf8'));
const close = (x, e, rel) => Math.abs(x - e) <= rel * Math.abs(e) || x === e;

function run(args) {
  const r = spawnSync(bin, args, { encoding: 'utf8', timeout: 120_000 });
  return { ...r, json: r.status !== 2 && r.stdout ? JSON.parse(r.stdout) : null };
}

// Compares the pair of logs `c` names and checks what every log's pair shares: each file detected as
// `detected` says, one comparison of the expected task and systems, n, the means and the paired t.
function comparedPair(c, args, detected) {
  const r = run(['compare', ...c.files.map((f) => join(logs, f)), ...args, '--resamples', '2000', '--bootstrap', '200', '--no-curve', '--format', 'json']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  for (const d of r.json.settings.detected) assert.match(d, detected);
  assert.equal(r.json.comparisons.length, 1);
  const x = r.json.comparisons[0];
  assert.equal(x.dataset, c.task);
  assert.equal(x.measure, c.measure);
  assert.deepEqual([x.system_a, x.system_b], c.systems);
  assert.equal(x.n, c.n);
  for (const [ours, theirs, rel] of [[x.mean_a, c.mean_a, 1e-12], [x.mean_b, c.mean_b, 1e-12], [x.t.t, c.t, 1e-9], [x.t.p, c.t_p, 1e-9]])
    assert.ok(close(ours, theirs, rel), `${ours} vs ${theirs}`);
  return x;
}
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

for (const c of expected.lm_eval.pairs) {
  test(`lm-eval logs of two models on ${c.task} give ${c.measure}'s paired statistics as scipy and statsmodels compute them`, () => {
    const x = comparedPair(c, ['--measure', c.measure], /^lm-evaluation-harness per-sample log, 2 measures, \d+ items$/);
    assert.ok(Math.abs(x.delta - c.delta) <= 1e-12);
    // Every acc value is 0 or 1: the exact McNemar test and Wilson intervals apply.
    assert.equal(x.mcnemar.discordant_a, c.mcnemar.discordant_a);
    assert.equal(x.mcnemar.discordant_b, c.mcnemar.discordant_b);
    assert.ok(close(x.mcnemar.p, c.mcnemar.p, 1e-12), `McNemar ${x.mcnemar.p} vs ${c.mcnemar.p}`);
    for (const k of [0, 1]) {
      assert.ok(close(x.wilson_a[k], c.wilson_a[k], 1e-12));
      assert.ok(close(x.wilson_b[k], c.wilson_b[k], 1e-12));
    }
  });
}

for (const c of expected.lm_eval.pairs.filter((x) => x.cluster)) {
  test(`lm-eval logs of two models on ${c.task} with --cluster ${c.cluster_field} give ${c.measure}'s cluster-robust SE and p as statsmodels computes them`, () => {
    const r = run(['compare', ...c.files.map((f) => join(logs, f)), '--measure', c.measure, '--cluster', c.cluster_field, '--resamples', '2000', '--bootstrap', '200', '--no-curve', '--format', 'json']);
    assert.ok([0, 1, 3].includes(r.status), r.stderr);
    const x = r.json.comparisons[0].cluster;
    assert.equal(x.clusters, c.cluster.clusters);
    assert.ok(close(x.se, c.cluster.se, 1e-10), `SE ${x.se} vs ${c.cluster.se}`);
    assert.ok(close(x.p, c.cluster.p, 1e-9), `p ${x.p} vs ${c.cluster.p}`);
  });
}

// Planning from a pilot: what it estimates is numpy's and statsmodels' (expected.py), and the answer is the one
// the same numbers typed in give, to the last digit (JavaScript prints each number so that it reads back exactly).
function planned(args) {
  const r = run(['samplesize', '--power', '0.8', '--format', 'json', ...args]);
  assert.equal(r.status, 0, r.stderr);
  return r.json;
}
for (const c of expected.lm_eval.pairs.filter((x) => x.cluster)) {
  const pilot = ['--pilot', join(logs, c.files[0]), '--pilot', join(logs, c.files[1]), '--pilot-measure', c.measure];
  test(`two lm-eval logs on ${c.task} as a pilot plan McNemar's n from their accuracies and agreement, as those numbers typed in do`, () => {
    const j = planned(['--metric', 'binary', ...pilot]);
    assert.equal(j.pilot.items, c.n);
    for (const [ours, theirs] of [[j.pilot.accuracy_a, c.mean_a], [j.pilot.accuracy_b, c.mean_b], [j.pilot.agreement, c.agreement], [j.pilot.sd_diff, c.sd_diff]])
      assert.ok(close(ours, theirs, 1e-12), `${ours} vs ${theirs}`);
    const typed = planned(['--metric', 'binary', '--accuracy-a', String(j.pilot.accuracy_a), '--accuracy-b', String(j.pilot.accuracy_b), '--agreement', String(j.pilot.agreement)]);
    assert.ok(Number.isInteger(j.exact.n) && Number.isInteger(j.approximate.n));
    assert.deepEqual([j.exact.n, j.approximate.n], [typed.exact.n, typed.approximate.n]);
    // Thousands of items from 60: the answer says it is an extrapolation.
    assert.ok(j.warnings.some((w) => w.code === 'pilot_extrapolated'));
  });
  test(`two lm-eval logs on ${c.task} with --cluster ${c.cluster_field} as a pilot plan in clusters of its mean size, at the ICC its design effect (statsmodels) implies`, () => {
    const j = planned(['--metric', 'binary', ...pilot, '--cluster', c.cluster_field]);
    assert.equal(j.pilot.clusters, c.cluster.clusters);
    assert.ok(close(j.pilot.design_effect, c.cluster.design_effect, 1e-10), `design effect ${j.pilot.design_effect} vs ${c.cluster.design_effect}`);
    const m = c.n / c.cluster.clusters;
    assert.ok(close(j.pilot.icc, (c.cluster.design_effect - 1) / (m - 1), 1e-10), `ICC ${j.pilot.icc}`);
    assert.equal(j.exact.n, null);
    const typed = planned(['--metric', 'binary', '--accuracy-a', String(j.pilot.accuracy_a), '--accuracy-b', String(j.pilot.accuracy_b), '--agreement',
      String(j.pilot.agreement), '--cluster-size', String(m), '--icc', String(j.pilot.icc)]);
    assert.equal(j.approximate.n, typed.approximate.n);
    assert.equal(j.approximate.clusters, typed.approximate.clusters);
    // For a continuous effect the pilot gives σ_d, and the clustered t plans as the typed design does.
    const t = planned([...pilot, '--cluster', c.cluster_field, '--delta', '0.05']);
    const tTyped = planned(['--delta', '0.05', '--sd-diff', String(c.sd_diff), '--cluster-size', String(m), '--icc', String(j.pilot.icc)]);
    assert.ok(close(t.pilot.sd_diff, c.sd_diff, 1e-12));
    assert.ok(Number.isInteger(t.t.n));
    assert.equal(t.t.n, tTyped.t.n);
  });
}

test('a pilot given as folders plans as its files alone do, and the file left out of a folder is the first warning in the plan\'s JSON', () => {
  const c = expected.lm_eval.pairs.find((x) => x.cluster && x.measure === 'acc');
  const parent = mkdtempSync(join(tmpdir(), 'pairpower-pilot-'));
  const folders = ['a', 'b'].map((x, i) => {
    mkdirSync(join(parent, x));
    copyFileSync(join(logs, c.files[i]), join(parent, x, c.files[i].split('/').pop()));
    return join(parent, x);
  });
  writeFileSync(join(folders[0], 'README.md'), '# the pilot\n');
  const asked = ['--pilot-measure', c.measure];
  try {
    const fromFolders = planned(['--metric', 'binary', '--pilot', folders[0], '--pilot', folders[1], ...asked]);
    const fromFiles = planned(['--metric', 'binary', ...c.files.flatMap((f) => ['--pilot', join(logs, f)]), ...asked]);
    assert.deepEqual(fromFolders.pilot, fromFiles.pilot);
    assert.equal(fromFolders.exact.n, fromFiles.exact.n);
    const noted = (w) => w.code === 'left_out_of_folder' && w.message.startsWith(`left out of the folder '${folders[0]}': ${join(folders[0], 'README.md')}: `);
    assert.deepEqual(fromFolders.warnings.map((w) => w.code), ['left_out_of_folder', ...fromFiles.warnings.map((w) => w.code)]);
    assert.ok(noted(fromFolders.warnings[0]), fromFolders.warnings[0].message);
    const simulated = run(['simulate', '--model', 'pilot', '--pilot', folders[0], '--pilot', folders[1], ...asked, '--n', '20', '--delta', '0.1', '--rho', '0', '--reps', '200', '--format', 'json']);
    assert.equal(simulated.status, 0, simulated.stderr);
    assert.ok(noted(simulated.json.warnings[0]), JSON.stringify(simulated.json.warnings[0]));
    assert.ok(simulated.json.warnings.slice(1).every((w) => w.code !== 'left_out_of_folder'));
  } finally {
    rmSync(parent, { recursive: true });
  }
});

test('a pilot of two models\' lm-eval folders of two tasks is refused naming the tasks, and --pilot-dataset plans from one task as its files alone do', () => {
  const folders = ['dummy-a', 'dummy-b'].map((m) => join(logs, 'lm_eval', m));
  const sumOf = (folder) => join(folder, readdirSync(folder).find((f) => f.startsWith('samples_arith_sum')));
  const pilot = [...folders.flatMap((f) => ['--pilot', f]), '--pilot-measure', 'acc'];
  const both = run(['samplesize', '--power', '0.8', '--metric', 'binary', ...pilot]);
  assert.equal(both.status, 2, both.stderr);
  assert.match(both.stderr, /--pilot: the pilot holds 2 datasets \(tasks\): arith_diff, arith_sum; choose one with --pilot-dataset/);
  const one = planned(['--metric', 'binary', ...pilot, '--pilot-dataset', 'arith_sum']);
  const files = planned(['--metric', 'binary', ...folders.flatMap((f) => ['--pilot', sumOf(f)]), '--pilot-measure', 'acc']);
  assert.deepEqual(one.pilot, files.pilot);
  assert.equal(one.exact.n, files.exact.n);
  const none = run(['samplesize', '--power', '0.8', '--metric', 'binary', ...pilot, '--pilot-dataset', 'arith_mul']);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /--pilot-dataset: the pilot holds no dataset 'arith_mul'; it holds arith_diff, arith_sum/);
  const simulated = run(['simulate', '--model', 'pilot', ...pilot, '--pilot-dataset', 'arith_sum', '--n', '20', '--delta', '0.1', '--rho', '0', '--reps', '200', '--format', 'json']);
  assert.equal(simulated.status, 0, simulated.stderr);
  const lone = run(['simulate', '--model', 'pilot', '--pilot', sumOf(folders[0]), '--pilot', sumOf(folders[1]), '--pilot-measure', 'acc', '--pilot-dataset', 'x', '--n', '20', '--delta', '0.1', '--rho', '0', '--reps', '200']);
  assert.equal(lone.status, 2);
  assert.match(lone.stderr, /--pilot-dataset: the pilot holds no dataset 'x'; it holds arith_sum/);
  // The task is chosen before pairing: a task only one model ran does not refuse the other.
  const parent = mkdtempSync(join(tmpdir(), 'pairpower-pilot-'));
  try {
    const onlySum = join(parent, 'dummy-b');
    mkdirSync(onlySum);
    for (const f of readdirSync(folders[1]).filter((f) => !f.startsWith('samples_arith_diff'))) copyFileSync(join(folders[1], f), join(onlySum, f));
    const uneven = planned(['--metric', 'binary', '--pilot', folders[0], '--pilot', onlySum, '--pilot-measure', 'acc', '--pilot-dataset', 'arith_sum']);
    assert.deepEqual(uneven.pilot, files.pilot);
  } finally {
    rmSync(parent, { recursive: true });
  }
});

test('a leaderboard of lm-eval logs with --cluster decides each pair by its cluster-robust test, as statsmodels computes it, Holm over the pairs', () => {
  const c = expected.lm_eval.pairs.find((x) => x.cluster && x.measure === 'acc');
  const third = join(logs, 'lm_eval/dummy-c', readdirSync(join(logs, 'lm_eval/dummy-c')).find((f) => f.startsWith('samples_arith_sum')));
  const r = run(['leaderboard', ...c.files.map((f) => join(logs, f)), third, '--measure', c.measure, '--cluster', c.cluster_field, '--resamples', '500', '--bootstrap', '200', '--format', 'json']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const [board] = r.json.leaderboards;
  assert.equal(board.family_procedure, 'cluster-holm');
  assert.equal(board.clusters, c.cluster.clusters);
  const pair = board.pairs.find((p) => p.system_a === c.systems[0] && p.system_b === c.systems[1]);
  assert.ok(close(pair.cluster.se, c.cluster.se, 1e-10), `SE ${pair.cluster.se} vs ${c.cluster.se}`);
  assert.ok(close(pair.cluster.p, c.cluster.p, 1e-9), `p ${pair.cluster.p} vs ${c.cluster.p}`);
  for (const p of board.pairs) {
    assert.equal(p.p_family, p.cluster_p_holm);
    assert.ok(p.cluster_p_holm >= p.cluster.p);
  }
  assert.match(r.stderr, /warning: The \d+ items on arith_sum are in \d+ clusters: which systems differ/);
});

test('an lm-eval log is named by the model_name of the results file beside it, and by its folder without one', () => {
  // lm-eval's own files, copied into a folder of another name: the run's results_<time>.json names the model.
  const from = join(logs, 'lm_eval/dummy-b');
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-lm-'));
  try {
    const folder = join(dir, 'renamed-folder');
    mkdirSync(folder);
    const samples = readdirSync(from).filter((f) => f.startsWith('samples_arith_sum'));
    for (const f of readdirSync(from)) copyFileSync(join(from, f), join(folder, f));
    const model = JSON.parse(readFileSync(join(from, readdirSync(from).find((f) => f.startsWith('results_'))), 'utf8')).model_name;
    const named = () => {
      const other = join(logs, 'lm_eval/dummy-c', readdirSync(join(logs, 'lm_eval/dummy-c')).find((f) => f.startsWith('samples_arith_sum')));
      const r = run(['compare', join(folder, samples[0]), other, '--measure', 'acc', '--resamples', '100', '--bootstrap', '100', '--no-curve', '--format', 'json']);
      assert.ok([0, 1, 3].includes(r.status), r.stderr);
      return r.json.comparisons[0].system_a;
    };
    assert.equal(named(), model);
    for (const f of readdirSync(folder)) if (f.startsWith('results_')) rmSync(join(folder, f));
    assert.equal(named(), 'renamed-folder');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lm-eval logs of three models on two tasks make one leaderboard per task with the means the logs hold', () => {
  const lm = join(logs, 'lm_eval');
  const files = readdirSync(lm).filter((d) => d.startsWith('dummy-')).flatMap((d) => readdirSync(join(lm, d)).filter((f) => f.startsWith('samples_')).map((f) => join(lm, d, f)));
  assert.equal(files.length, 6);
  const r = run(['leaderboard', ...files, '--measure', 'acc', '--resamples', '500', '--bootstrap', '200', '--format', 'json']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const boards = r.json.leaderboards;
  const tasks = Object.keys(expected.lm_eval.means).sort();
  assert.deepEqual(boards.map((b) => b.dataset).sort(), tasks);
  for (const b of boards)
    for (const row of b.systems) assert.ok(close(row.mean, expected.lm_eval.means[b.dataset].acc[row.system], 1e-12), `${b.dataset} ${row.system}`);
});

test('a model\'s lm-eval output folder given to compare is read whole: every task, the model named by its results file', () => {
  const r = run(['compare', join(logs, 'lm_eval/dummy-a'), join(logs, 'lm_eval/dummy-b'), '--measure', 'acc', '--resamples', '500', '--bootstrap', '200', '--no-curve', '--format', 'json']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const pairs = expected.lm_eval.pairs.filter((c) => c.measure === 'acc');
  assert.deepEqual(r.json.comparisons.map((x) => x.dataset).sort(), pairs.map((c) => c.task).sort());
  for (const c of pairs) {
    const x = r.json.comparisons.find((y) => y.dataset === c.task);
    assert.deepEqual([x.system_a, x.system_b, x.n], [...c.systems, c.n]);
    assert.ok(close(x.mcnemar.p, c.mcnemar.p, 1e-12), `${c.task}: McNemar ${x.mcnemar.p} vs ${c.mcnemar.p}`);
  }
  // A folder holding a task's log twice (here a gzip'd copy beside it) is refused, naming both files: neither copy is taken silently.
  const twice = mkdtempSync(join(tmpdir(), 'pairpower-twice-'));
  cpSync(join(logs, 'lm_eval/dummy-b'), twice, { recursive: true });
  const log = readdirSync(twice).find((f) => f.startsWith('samples_arith_sum'));
  writeFileSync(join(twice, `${log}.gz`), gzipSync(readFileSync(join(twice, log))));
  const refused = run(['compare', join(logs, 'lm_eval/dummy-a'), twice, '--measure', 'acc', '--no-curve']);
  rmSync(twice, { recursive: true });
  assert.equal(refused.status, 2);
  assert.equal(refused.stderr, `pairpower: error: system 'dummy-b' appears twice in dataset 'arith_sum' for acc (in ${join(twice, log)} and in ${join(twice, log)}.gz); give each run its own name, or leave one of them out\n`);
});

test('a folder of many models\' lm-eval output given to leaderboard ranks every samples file below it, leaves out a stray file with a warning, and a folder without score files is refused', () => {
  const parent = mkdtempSync(join(tmpdir(), 'pairpower-models-'));
  for (const d of ['dummy-a', 'dummy-b']) cpSync(join(logs, 'lm_eval', d), join(parent, 'out', d), { recursive: true });
  // A linked folder is followed, once: the link back up inside it makes no loop.
  symlinkSync(join(logs, 'lm_eval/dummy-c'), join(parent, 'out', 'dummy-c'));
  symlinkSync('..', join(parent, 'out', 'dummy-a', 'up'));
  writeFileSync(join(parent, 'out', 'README.md'), '# three models\n');
  const r = run(['leaderboard', join(parent, 'out'), '--measure', 'acc', '--resamples', '500', '--bootstrap', '200', '--format', 'json']);
  rmSync(parent, { recursive: true });
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  assert.equal(r.stderr.split('\n').length, 2, r.stderr);
  assert.ok(r.stderr.startsWith(`warning: left out of the folder '${join(parent, 'out')}': ${join(parent, 'out', 'README.md')}: `), r.stderr);
  // The JSON holds it too, first among the warnings: a pipeline reading only the report learns a file was not read.
  assert.equal(r.json.warnings[0].code, 'left_out_of_folder');
  assert.equal(`warning: ${r.json.warnings[0].message}\n`, r.stderr);
  assert.deepEqual(r.json.leaderboards.map((b) => b.dataset).sort(), Object.keys(expected.lm_eval.means).sort());
  for (const b of r.json.leaderboards) {
    assert.equal(b.k, 3);
    for (const row of b.systems) assert.ok(close(row.mean, expected.lm_eval.means[b.dataset].acc[row.system], 1e-12), `${b.dataset} ${row.system}`);
  }
  const empty = mkdtempSync(join(tmpdir(), 'pairpower-folder-'));
  try {
    mkdirSync(join(empty, '.git'));
    copyFileSync(join(logs, 'lm_eval/dummy-a', readdirSync(join(logs, 'lm_eval/dummy-a')).find((f) => f.startsWith('samples_'))), join(empty, '.git', 'samples_x_2026-01-01T00-00-00.000000.jsonl'));
    const refused = run(['leaderboard', empty]);
    assert.equal(refused.status, 2);
    assert.equal(refused.stderr, `pairpower: error: FILE: the folder '${empty}' holds no score files\n`);
    const qrels = run(['leaderboard', '--qrels', empty, 'a', 'b']);
    assert.equal(qrels.status, 2);
    assert.equal(qrels.stderr, `pairpower: error: --qrels: '${empty}' is a folder; give a file\n`);
    // A folder whose files all fail to read is refused after each is named.
    writeFileSync(join(empty, 'README.md'), '# notes\n');
    writeFileSync(join(empty, 'notes.txt'), 'to do\n');
    const unread = run(['leaderboard', empty]);
    assert.equal(unread.status, 2);
    const lines = unread.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 3, unread.stderr);
    assert.ok(lines[0].startsWith(`warning: left out of the folder '${empty}': ${join(empty, 'README.md')}: `), lines[0]);
    assert.ok(lines[1].startsWith(`warning: left out of the folder '${empty}': ${join(empty, 'notes.txt')}: `), lines[1]);
    assert.equal(lines[2], `pairpower: error: FILE: no file in the folder '${empty}' could be read (each is named above)`);
  } finally {
    rmSync(empty, { recursive: true });
  }
});

for (const c of expected.inspect_ai.pairs) {
  test(`inspect_ai .eval logs of ${c.systems.join(' and ')} (${c.epochs.join(', ')} epochs) give scipy's paired statistics on the per-sample means`, () => {
    const x = comparedPair(c, [], exactly(`inspect_ai log (.json or .eval), measure ${c.measure}, ${c.n} items`));
    if (c.mcnemar) assert.ok(close(x.mcnemar.p, c.mcnemar.p, 1e-12), `McNemar ${x.mcnemar.p} vs ${c.mcnemar.p}`);
    else assert.equal(x.mcnemar, undefined);
    // Epochs: Miller's within-item share and the SE with more repeats, as written out in expected.py.
    if (c.repeats) for (const k of ['k', 'within_share', 'se', 'se_double', 'se_floor', 'within_share_one']) assert.ok(close(x.repeats[k], c.repeats[k], 1e-12), `repeats.${k}: ${x.repeats[k]} vs ${c.repeats[k]}`);
    else assert.equal(x.repeats, undefined);
  });
}

for (const c of expected.helm.pairs) {
  test(`HELM per_instance_stats.json of ${c.systems.join(' and ')} merge each instance's rows and give scipy's paired statistics`, () => {
    comparedPair(c, ['--measure', c.measure], exactly(`HELM per_instance_stats.json, ${c.measures} measures, ${c.n} items`));
  });
}

for (const c of expected.openai_evals.pairs) {
  test(`openai/evals logs of ${c.systems.join(' and ')} on ${c.task} give ${c.measure}'s paired statistics as scipy and statsmodels compute them`, () => {
    const x = comparedPair(c, ['--measure', c.measure], /^openai\/evals log \(JSON lines of events\), (measure \S+|\d+ measures), \d+ items$/);
    if (c.mcnemar) assert.ok(close(x.mcnemar.p, c.mcnemar.p, 1e-12), `McNemar ${x.mcnemar.p} vs ${c.mcnemar.p}`);
    else assert.equal(x.mcnemar, undefined);
  });
}

test('an openai/evals log with --cluster is refused: its events name no field per sample', () => {
  const f = join(logs, 'openai_evals/fixture-includes.dummy.jsonl');
  const r = run(['compare', f, f, '--cluster', 'data.expected']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--cluster: an openai\/evals log's events name no field per sample to cluster by/);
});

test('an inspect_ai .eval log compressed with zstd (as inspect_ai writes by default) is opened, and one without scores is refused', () => {
  const f = join(logs, 'inspect_ai/tests/retry-2-then-success.eval');
  const r = run(['compare', f, f]);
  assert.equal(r.status, 2);
  assert.equal(r.stderr.trim(), `pairpower: error: ${f}: the inspect_ai log holds no scored samples`);
});

test('a leaderboard of three models\' inspect_ai logs on binary items gives Wilson intervals and each pair\'s exact McNemar p, Holm-adjusted, as statsmodels does', () => {
  const e = expected.inspect_ai.board;
  const r = run(['leaderboard', ...e.files.map((f) => join(logs, f)), '--resamples', '500', '--bootstrap', '200', '--format', 'json']);
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const [board] = r.json.leaderboards;
  for (const s of board.systems) for (const k of [0, 1]) assert.ok(close(s.wilson[k], e.wilson[s.system][k], 1e-12), `${s.system} Wilson`);
  // Unclustered binary items: each system's interval is its Wilson interval (a t interval of an accuracy can leave [0, 1]).
  for (const s of board.systems) assert.deepEqual([s.ci_low, s.ci_high], s.wilson, `${s.system} interval`);
  assert.equal(board.pairs.length, e.pairs.length);
  for (const p of board.pairs) {
    const want = e.pairs.find((x) => x.systems.includes(p.system_a) && x.systems.includes(p.system_b));
    assert.ok(close(p.mcnemar.p, want.p, 1e-12), `${p.system_a} / ${p.system_b}: ${p.mcnemar.p} vs ${want.p}`);
    assert.ok(close(p.mcnemar_p_holm, want.p_holm, 1e-12), `Holm ${p.mcnemar_p_holm} vs ${want.p_holm}`);
  }
});

test('an lm-eval log whose only metric is computed over the whole set (f1 in a real AfroBench run) is refused with the reason', () => {
  const real = join(logs, 'lm_eval/eleutherai-pr-3506/google__gemma-2b/samples_masakhaner_luo_prompt_1_2026-01-16T15-23-47.285735.jsonl');
  const r = run(['compare', real, real, '--format', 'json']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no per-item scores in this lm-eval log: f1,flexible-extract is not a number in each record \(lm-eval keeps the reference and prediction/);
});

test('compare’s text header names each input, telling two files of one name apart by their folders', () => {
  const helm = join(logs, 'helm');
  const [a, b] = readdirSync(helm).filter((d) => d.startsWith('xstest:')).sort().map((d) => join(helm, d, 'per_instance_stats.json'));
  const r = spawnSync(bin, ['compare', a, b, '--measure', 'xst_score', '--resamples', '100', '--bootstrap', '100', '--no-curve'], { encoding: 'utf8' });
  assert.ok([0, 1, 3].includes(r.status), r.stderr);
  const [, nameA, nameB] = /^pairpower compare — A: ([^,]+), .*; B: ([^,]+), /.exec(r.stdout.split('\n')[0]) ?? [];
  assert.equal(nameA, `${a.split('/').at(-2)}/per_instance_stats.json`);
  assert.equal(nameB, `${b.split('/').at(-2)}/per_instance_stats.json`);
  const folders = spawnSync(bin, ['compare', join(logs, 'lm_eval/dummy-a'), join(logs, 'lm_eval/dummy-b/'), '--measure', 'acc', '--resamples', '100', '--bootstrap', '100', '--no-curve'], { encoding: 'utf8' });
  assert.match(folders.stdout.split('\n')[0], /^pairpower compare — A: dummy-a\/, .*, 2 datasets, 100 items in all; B: dummy-b\/, /);
});

test('a folder saved as the page\'s archive text warns of each file it left out in its place among the inputs, in leaderboard, compare and --pilot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-saved-'));
  // As the page hands a chosen folder to the core: a README and a file the browser could not open beside the logs.
  const lines = [{ pairpower_archive: 1, name: 'dummy-a', folder: true }, { name: 'dummy-a/README.md', text: '# notes\n' }, { name: 'dummy-a/x.jsonl.gz', unreadable: 'not whole gzip data' },
    ...readdirSync(join(logs, 'lm_eval/dummy-a')).sort().map((f) => ({ name: `dummy-a/${f}`, text: readFileSync(join(logs, 'lm_eval/dummy-a', f), 'utf8') }))];
  const [a, b] = [join(dir, 'dummy-a.json'), join(dir, 'dummy-b')];
  writeFileSync(a, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  // The same beside the other model's logs in a real folder, as the CLI finds them.
  cpSync(join(logs, 'lm_eval/dummy-b'), b, { recursive: true });
  for (const [f, t] of [['README.md', '# notes\n'], ['x.jsonl.gz', gzipSync('{}\n'.repeat(50)).subarray(0, 20)]]) writeFileSync(join(b, f), t);
  const want = { [a]: ['dummy-a', 'dummy-a/'], [b]: [b, `${b}/`] };
  const check = (r, order) => {
    assert.ok([0, 1, 3].includes(r.status), r.stderr);
    const expected = order.flatMap((x) => [`left out of the folder '${want[x][0]}': ${want[x][1]}README.md: `, `left out of the folder '${want[x][0]}': ${want[x][1]}x.jsonl.gz: not whole gzip data`]);
    const printed = r.stderr.split('\n').filter((l) => l.startsWith('warning: left out'));
    assert.deepEqual(printed.map((l, i) => l.startsWith(`warning: ${expected[i]}`)), [true, true, true, true], r.stderr);
    if (r.json) assert.deepEqual(r.json.warnings.filter((w) => w.code === 'left_out_of_folder').map((w, i) => w.message.startsWith(expected[i])), [true, true, true, true]);
  };
  for (const order of [[a, b], [b, a]]) {
    check(run(['leaderboard', ...order, '--measure', 'acc', '--resamples', '100', '--bootstrap', '100', '--format', 'json']), order);
    check(run(['compare', ...order, '--measure', 'acc', '--resamples', '100', '--bootstrap', '100', '--no-curve', '--format', 'json']), order);
    check(spawnSync(bin, ['power', ...order.flatMap((x) => ['--pilot', x]), '--pilot-measure', 'acc', '--pilot-dataset', 'arith_sum', '--n', '50', '--delta', '0.05'], { encoding: 'utf8' }), order);
  }
  rmSync(dir, { recursive: true });
});
