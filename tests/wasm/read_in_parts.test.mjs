// Chosen files are read by several workers, a share each (inputShare, readInputs), and joined by
// rankPrepare: the board must be the one the same files give read in one piece, whatever the parts.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadModule } from './load-module.mjs';

const logs = fileURLToPath(new URL('../fixtures/logs/lm_eval/', import.meta.url));

test('a folder of lm-eval output read in 1, 2 or 3 parts gives the board it gives read whole, each model named by its results file', async () => {
  const m = await loadModule('st');
  // Folders renamed: only the results files can name the models dummy-a and dummy-b.
  const inputs = ['dummy-a', 'dummy-b'].flatMap((model, i) =>
    readdirSync(join(logs, model)).sort().map((f) => ({ name: `out/run-${i + 1}/${f}`, text: new Uint8Array(readFileSync(join(logs, model, f))) })));
  const whole = m.rankPrepare({ inputs, measure: 'acc' });
  assert.ok(!whole.error, whole.error);
  assert.deepEqual([...new Set(whole.series.map((s) => s.system))].sort(), ['dummy-a', 'dummy-b']);
  const plain = (board) => board.series.map((s) => ({ ...s, values: [...s.values] }));
  const results = inputs.flatMap((x, i) => (x.name.includes('/results_') ? [i] : []));
  assert.equal(results.length, 2);
  for (const parts of [1, 2, 3])
    for (const fileByFile of [false, true]) {
      const read = Array.from({ length: parts }, (_, part) => {
        const { indices, naming } = m.inputShare({ paths: inputs.map((x) => x.name), part, parts });
        assert.deepEqual(naming, results, 'every part reads the results files, for the names only');
        const given = (list) => list.map((index) => ({ ...inputs[index], index }));
        // The page's workers read a file at a time, each with the naming files.
        const outs = fileByFile
          ? indices.filter((i) => !naming.includes(i)).map((i) => m.readInputs({ inputs: given([...naming, i]) }))
          : [m.readInputs({ inputs: given(indices) })];
        for (const out of outs) assert.ok(!out.error, out.error);
        return { series: outs.flatMap((out) => out.series) };
      });
      const joined = m.rankPrepare({ inputs: [], read, measure: 'acc' });
      assert.ok(!joined.error, joined.error);
      assert.equal(joined.measure, whole.measure);
      assert.deepEqual(plain(joined), plain(whole), `${parts} parts${fileByFile ? ', a file at a time' : ''}`);
    }
});

test('files of a chosen folder that cannot be read or opened are left out with a warning each, in order, read whole or in parts; a folder of nothing readable, or such a file chosen alone, is refused', async () => {
  const m = await loadModule('st');
  const readme = { name: 'out/README.md', text: '# two models\n', folder: 'out' };
  // One the browser could not open (a broken gzip): its reason in place of its text.
  const broken = { name: 'out/broken.jsonl.gz', text: '', unreadable: 'the gzip data ends early', folder: 'out' };
  const notes = { name: 'out/notes.txt', text: 'to do\n', folder: 'out' };
  const inputs = [readme, broken, notes, ...['dummy-a', 'dummy-b'].flatMap((model) =>
    readdirSync(join(logs, model)).sort().map((f) => ({ name: `out/${model}/${f}`, text: new Uint8Array(readFileSync(join(logs, model, f))), folder: 'out' })))];
  const whole = m.rankPrepare({ inputs, measure: 'acc' });
  assert.ok(!whole.error, whole.error);
  assert.deepEqual(whole.warnings.map((w) => w.message.match(/^left out of the folder 'out': (\S+): /)?.[1]), ['out/README.md', 'out/broken.jsonl.gz', 'out/notes.txt']);
  assert.ok(whole.warnings.every((w) => w.code === 'left_out_of_folder'));
  assert.match(whole.warnings[0].message, /^left out of the folder 'out': out\/README\.md: three columns, /);
  assert.equal(whole.warnings[1].message, "left out of the folder 'out': out/broken.jsonl.gz: the gzip data ends early");
  // Two parts take the unreadable files 0 and 2, and 1: the join puts their warnings back in input order.
  const read = [0, 1].map((part) => {
    const { indices } = m.inputShare({ paths: inputs.map((x) => x.name), part, parts: 2 });
    return m.readInputs({ inputs: indices.map((index) => ({ ...inputs[index], index })) });
  });
  assert.deepEqual(read.map((r) => r.leftOut.map((x) => x.input)), [[0, 2], [1]]);
  const joined = m.rankPrepare({ inputs: [], read, measure: 'acc' });
  assert.deepEqual(joined.warnings, whole.warnings);
  assert.equal(joined.series.length, whole.series.length);
  // Refused for another reason, the board still names the files left out (one may have held what is missing).
  const noMeasure = m.rankPrepare({ inputs: [], read, measure: 'f1' });
  assert.match(noMeasure.detail, /^'f1' is not in the input \(it has .*\); 3 files of the folder 'out' were left out, unread \(the first, out\/README\.md: three columns, .*\)$/);
  assert.deepEqual(noMeasure.choices, whole.measures, 'the refusal still offers the measures the files hold');
  const nothing = m.rankPrepare({ inputs: [readme, { name: 'out/notes.txt', text: 'to do\n', folder: 'out' }] });
  assert.equal(nothing.kind, 'ambiguous_format');
  assert.match(nothing.detail, /^no file in the folder 'out' could be read \(out\/README\.md: three columns, .*; and 1 more file\)$/);
  const alone = m.rankPrepare({ inputs: [{ name: 'README.md', text: readme.text }, ...inputs.slice(3)], measure: 'acc' });
  assert.equal(alone.kind, 'ambiguous_format', 'a file chosen by itself is not left out');
  const unopened = m.rankPrepare({ inputs: [{ name: 'broken.jsonl.gz', text: '', unreadable: broken.unreadable }, ...inputs.slice(3)], measure: 'acc' });
  assert.deepEqual([unopened.kind, unopened.detail, unopened.source], ['malformed_input', 'the gzip data ends early', 'broken.jsonl']);
});

test('logs of a chosen folder that lack the cluster field asked for are left out; a folder none of whose files has it is refused as the field\'s fault, read whole or in parts', async () => {
  const m = await loadModule('st');
  const inputs = [{ name: 'out/README.md', text: '# two models\n', folder: 'out' }, ...['dummy-a', 'dummy-b'].flatMap((model) =>
    readdirSync(join(logs, model)).sort().map((f) => ({ name: `out/${model}/${f}`, text: new Uint8Array(readFileSync(join(logs, model, f))), folder: 'out' })))];
  // arith_sum's records name a group and arith_diff's do not.
  const some = m.rankPrepare({ inputs, measure: 'acc', cluster: 'doc.group' });
  assert.ok(!some.error, some.error);
  assert.deepEqual(some.warnings.map((w) => w.message.match(/^left out of the folder 'out': out\/(\S+?)(_2026\S+)?: /)?.[1]),
    ['README.md', 'dummy-a/samples_arith_diff', 'dummy-b/samples_arith_diff']);
  assert.deepEqual([...new Set(some.series.map((s) => s.dataset))], ['arith_sum']);
  assert.ok(some.series.every((s) => s.clusters), 'the logs read are clustered');
  // None has this one: the refusal names the first log's fault, not the README's.
  const none = /^no file in the folder 'out' could be read \(out\/dummy-a\/samples_arith_diff_\S+\.jsonl: line 1: the record of doc_id 0 has no doc\.passage .*; and 4 more files\)$/;
  const whole = m.rankPrepare({ inputs, measure: 'acc', cluster: 'doc.passage' });
  assert.deepEqual([whole.field, whole.kind], ['cluster', 'not_in_input']);
  assert.match(whole.detail, none);
  const read = [0, 1].map((part) => {
    const { indices } = m.inputShare({ paths: inputs.map((x) => x.name), part, parts: 2 });
    return m.readInputs({ inputs: indices.map((index) => ({ ...inputs[index], index })), cluster: 'doc.passage' });
  });
  const joined = m.rankPrepare({ inputs: [], read, measure: 'acc' });
  assert.deepEqual([joined.field, joined.detail], [whole.field, whole.detail]);
});

test('folders saved as the page\'s archive text and chosen as files keep the files they left out: the board warns of each, folder by folder, and so do a refusal and Analyze\'s detected line', async () => {
  const m = await loadModule('st');
  const saved = (model) => [{ pairpower_archive: 1, name: model, folder: true }, { name: `${model}/README.md`, text: '# notes\n' },
    ...readdirSync(join(logs, model)).sort().map((f) => ({ name: `${model}/${f}`, text: readFileSync(join(logs, model, f), 'utf8') })),
    { name: `${model}/x.jsonl.gz`, unreadable: 'the gzip data ends early' }].map((l) => JSON.stringify(l)).join('\n') + '\n';
  const inputs = ['dummy-a', 'dummy-b'].map((model) => ({ name: `${model}.json`, text: saved(model) }));
  const board = m.rankPrepare({ inputs, measure: 'acc' });
  assert.ok(!board.error, board.error);
  assert.deepEqual(board.warnings.map((w) => w.message.match(/^left out of the folder '([^']+)': (\S+): /)?.slice(1).join(' ')),
    ['dummy-a dummy-a/README.md', 'dummy-a dummy-a/x.jsonl.gz', 'dummy-b dummy-b/README.md', 'dummy-b dummy-b/x.jsonl.gz']);
  const read = [m.readInputs({ inputs: [{ ...inputs[1], index: 1 }] }), m.readInputs({ inputs: [{ ...inputs[0], index: 0 }] })];
  assert.deepEqual(m.rankPrepare({ inputs: [], read, measure: 'acc' }).warnings, board.warnings);
  assert.match(m.rankPrepare({ inputs, measure: 'f1' }).detail, /; 2 files of the folder 'dummy-a' were left out, unread \(the first, dummy-a\/README\.md: .*\); 2 files of the folder 'dummy-b' were left out, unread \(the first, dummy-b\/README\.md: .*\)$/);
  const d = m.detectScores({ text: inputs[0].text });
  assert.ok(!d.error, d.error);
  assert.match(d.leftOut, /^2 files of the folder 'dummy-a' were left out, unread \(the first, dummy-a\/README\.md: .*\)$/);
  assert.equal(m.detectScores({ text: readFileSync(join(logs, 'dummy-a', readdirSync(join(logs, 'dummy-a')).sort()[1]), 'utf8') }).leftOut, '');
});

test("a board's query ids and clusters cross the boundary packed and come back as written, any script", async () => {
  const m = await loadModule('st');
  const ids = ['q-1', 'q-é', 'q-日本', 'q-😀', 'q,"x"'.replace(/[,"]/g, '_'), 'q-6'];
  const clusters = ['c-α', 'c-α', 'c-β', 'c-β', 'c-γ', 'c-γ'];
  const csv = ['qid,cluster,A,B,C', ...ids.map((q, i) => `${q},${clusters[i]},${(i % 3) / 3},${((i + 1) % 2)},${i / 6}`)].join('\n') + '\n';
  const board = m.rankPrepare({ inputs: [{ name: 't.csv', text: csv }] });
  assert.ok(!board.error, board.error);
  const unpack = (p) => {
    const text = [];
    let from = 0;
    for (const end of p.ends) text.push(new TextDecoder().decode(p.bytes.subarray(from, end))), (from = end);
    return text;
  };
  for (const s of board.series) {
    assert.deepEqual(unpack(s.qids), ids);
    assert.deepEqual(unpack(s.clusters), clusters);
  }
  const settings = { missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 200, bootstrap: 200, seed: 3 };
  const parts = [0, 1].map((part) => m.rankPart({ ...settings, board, part, parts: 2 }));
  const merged = m.rankMerge({ ...settings, board, parts });
  assert.ok(!merged.error, merged.error);
  assert.equal(JSON.parse(merged.json).leaderboards[0].n, ids.length);
  // Ends that do not fit the bytes are refused, not read past.
  const bad = { ...board, series: board.series.map((s) => ({ ...s, qids: { bytes: s.qids.bytes, ends: new Float64Array([...s.qids.ends.slice(0, -1), 1e9]) } })) };
  assert.match(m.rankPart({ ...settings, board: bad, part: 0, parts: 2 }).error, /qids: the ends do not fit the bytes/);
});
