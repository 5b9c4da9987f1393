// The wasm build skips a log record's nested values 64 bytes a step (quotes, backslashes and brackets
// as bit masks, strings marked by a running XOR); natively a byte or a search at a time. Random nested
// values whose strings hold brackets, quotes and runs of backslashes at every offset of a step must
// read as written; records cut every 3 bytes (so at every offset of a step, over the 64-byte steps a
// record spans), and a backslash outside any string, must meet the CLI's answer.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

const NAME = 'samples_nest_2026-01-01T00-00-00.000000.jsonl';

function random(seed) {
  let x = seed;
  return () => (x = (x * 48271) % 2147483647) / 2147483647;
}

// A string of 0–90 characters, most of them ones a string-unaware scan would misread.
function text(r) {
  const alphabet = ['"', '\\', '\\\\', '{', '}', '[', ']', 'x', ' ', 'é', '\n', ':', ','];
  let s = '';
  for (let n = Math.floor(r() * 91); s.length < n; ) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}

function value(r, depth) {
  const pick = r();
  if (depth > 4 || pick < 0.35) return pick < 0.25 ? text(r) : pick < 0.3 ? Math.floor(r() * 1000) : null;
  const n = Math.floor(r() * 5);
  if (pick < 0.65) return Array.from({ length: n }, () => value(r, depth + 1));
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [text(r) + i, value(r, depth + 1)]));
}

function lines(seed, count) {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const acc = r() < 0.5 ? 1 : 0;
    return { acc, line: JSON.stringify({ doc_id: i, doc: value(r, 0), args: [value(r, 1), text(r)], filter: 'none', metrics: ['acc'], acc }) };
  });
}

// The CLI's and the wasm's answer for one file of `items` records: its acc values, or the malformed line's message.
// The CLI ranks it (model-a, as lm-eval names a model by its folder) beside plain records of the same items (model-b).
function both(m, content, items) {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-nest-'));
  const paths = ['model-a', 'model-b'].map((model) => (mkdirSync(join(dir, model)), join(dir, model, NAME)));
  writeFileSync(paths[0], content);
  writeFileSync(paths[1], Array.from({ length: items }, (_, i) => JSON.stringify({ doc_id: i, filter: 'none', metrics: ['acc'], acc: i % 3 ? 0 : 1 })).join('\n') + '\n');
  const cli = spawnSync(cliPath, ['leaderboard', ...paths, '--measure', 'acc', '--resamples', '10', '--bootstrap', '10', '--format', 'json'], { encoding: 'utf8' });
  const web = m.readInputs({ inputs: [{ name: NAME, text: content, index: 0 }] });
  const malformed = (s) => /line \d+: the JSON is malformed[^\n]*/.exec(s ?? '')?.[0] ?? null;
  return {
    cli: cli.status === 2 ? malformed(cli.stderr) ?? cli.stderr : `read (${cli.status})`,
    web: web.error ? malformed(web.error) ?? web.error : 'read',
    values: web.error ? null : [...web.series.find((s) => s.measure === 'acc').values],
  };
}

test('random nested values with quotes, backslashes and brackets at every offset of a 64-byte step read as written in the wasm', async () => {
  const m = await loadModule('st');
  for (const seed of [3, 17, 29]) {
    const written = lines(seed, 400);
    const got = both(m, written.map((w) => w.line).join('\n') + '\n', written.length);
    assert.equal(got.web, 'read');
    assert.equal(got.cli, 'read (0)');
    assert.deepEqual(got.values, written.map((w) => w.acc), `seed ${seed}`);
  }
});

test('records cut every few bytes through their nested values are refused in the wasm as in the CLI, naming line and cause', async () => {
  const m = await loadModule('st');
  const written = lines(41, 6).map((w) => w.line);
  const start = written[3].indexOf('"doc"');
  assert.ok(written[3].length - 20 - (start + 8) >= 3 * 64, 'the cuts fall at every offset of a 64-byte step');
  const causes = new Set();
  for (let cut = start + 8; cut < written[3].length - 20; cut += 3) {
    const broken = written.map((l, i) => (i === 3 ? l.slice(0, cut) : l)).join('\n') + '\n';
    const got = both(m, broken, written.length);
    assert.equal(got.web, got.cli, `cut at ${cut}`);
    causes.add(got.cli.replace(/^line \d+: /, ''));
  }
  // Both ways a nested value can be cut, each met more than once.
  assert.ok([...causes].some((c) => /string is not closed/.test(c)), [...causes].join(' | '));
  assert.ok([...causes].some((c) => /object or list is not closed/.test(c)), [...causes].join(' | '));
});

test('a backslash outside any string of a nested value gives the CLI\'s answer in the wasm', async () => {
  const m = await loadModule('st');
  const pad = (n) => 'y'.repeat(n);
  for (let n = 0; n < 70; n += 1) {
    // Not JSON: the CLI's scan honours backslashes inside strings only, and the wasm's must agree with it.
    const bad = [`{"doc_id": 0, "doc": {"a": "${pad(n)}", \\"b": "}", "c": [1]}, "filter": "none", "metrics": ["acc"], "acc": 1}`,
      `{"doc_id": 0, "doc": ["${pad(n)}" \\\\"], "z": "]"}, "filter": "none", "metrics": ["acc"], "acc": 0}`];
    const rest = Array.from({ length: 9 }, (_, i) => JSON.stringify({ doc_id: i + 1, doc: [pad(i)], filter: 'none', metrics: ['acc'], acc: i % 2 }));
    for (const line of bad) {
      const got = both(m, [line, ...rest].join('\n') + '\n', 10);
      assert.equal(got.web === 'read' ? 'read (0)' : got.web, got.cli, `${n}: ${line}`);
    }
  }
});
