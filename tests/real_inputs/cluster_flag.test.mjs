// --cluster names a field of the logs' records. A log named on the command line that lacks it is refused
// with the flag's name; one found in a folder is left out with a warning, as an unreadable file is, and a
// folder none of whose files reads for want of it is refused as the flag's fault, not a stray file's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const logs = fileURLToPath(new URL('../fixtures/logs/', import.meta.url));
const expected = JSON.parse(readFileSync(join(logs, 'expected.json'), 'utf8'));
const run = (args) => spawnSync(bin, args, { encoding: 'utf8', timeout: 120_000 });

test('leaderboard --cluster with --qrels is refused: scored runs name no clusters', () => {
  const r = run(['leaderboard', 'a.run', 'b.run', '--qrels', 'q.txt', '--cluster', 'doc.group']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--cluster: runs scored against qrels name no clusters/);
});

test('--cluster naming a field the records lack is refused with the line and the flag', () => {
  const c = expected.lm_eval.pairs.find((x) => x.cluster);
  const r = run(['compare', ...c.files.map((f) => join(logs, f)), '--measure', c.measure, '--cluster', 'doc.passage']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--cluster: line 1: the record of doc_id 0 has no doc.passage/);
});

test('logs of a folder that lack the --cluster field are left out, each named; a folder none of whose files has it is refused as --cluster\'s fault', () => {
  const parent = mkdtempSync(join(tmpdir(), 'pairpower-cluster-'));
  try {
    for (const d of ['dummy-a', 'dummy-b']) cpSync(join(logs, 'lm_eval', d), join(parent, d), { recursive: true });
    writeFileSync(join(parent, 'dummy-a', 'README.md'), '# notes\n');
    const folders = ['dummy-a', 'dummy-b'].map((d) => join(parent, d));
    // The arith_sum task's records name a group and arith_diff's do not: its logs are left out, and the board is clustered.
    const some = run(['leaderboard', ...folders, '--measure', 'acc', '--cluster', 'doc.group', '--resamples', '200', '--bootstrap', '200', '--format', 'json']);
    assert.ok([0, 1, 3].includes(some.status), some.stderr);
    const left = some.stderr.split('\n').filter((l) => l.startsWith('warning: left out of the folder'));
    assert.equal(left.length, 3, some.stderr);
    assert.match(left[0], /README\.md: /);
    for (const l of left.slice(1)) assert.match(l, /samples_arith_diff_\S+\.jsonl: --cluster: line 1: the record of doc_id 0 has no doc\.group /);
    const boards = JSON.parse(some.stdout).leaderboards;
    assert.deepEqual(boards.map((b) => b.dataset), ['arith_sum']);
    assert.ok(boards[0].clusters > 1);
    // A field none has: every file is named, and the refusal is the flag's.
    const none = run(['leaderboard', ...folders, '--measure', 'acc', '--cluster', 'doc.passage']);
    assert.equal(none.status, 2);
    const lines = none.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 6, none.stderr);
    assert.match(lines[0], /README\.md: /);
    for (const l of lines.slice(1, 5)) assert.match(l, /^warning: left out of the folder [^\n]*samples_\S+\.jsonl: --cluster: line 1: the record of doc_id 0 has no doc\.passage /);
    assert.equal(lines.at(-1), `pairpower: error: --cluster: no file in the folder '${folders[0]}' could be read (each is named above)`);
  } finally {
    rmSync(parent, { recursive: true });
  }
});
