// The log readers' JSON scan steps sixteen bytes at a time in the wasm build
// and a byte (or glibc's memchr) at a time natively: records whose skipped
// texts put quotes, backslashes and brackets at every offset of a 16-byte step
// must read in the wasm as the CLI reads them, and a cut one must be refused
// at the same line.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

// Texts that a string-unaware scan would misread: brackets, escaped quotes after runs of backslashes, non-ASCII.
const tricky = ['}]', '{"acc": 0}', '\\', '\\"', '\\\\"[', '"{', 'é日😀', ']]]}}}', '[{"x": "}"}]'];

function records(seed) {
  const out = [];
  for (let i = 0; i < 96; i++) {
    const pad = 'p'.repeat(i % 37);
    const text = pad + tricky[i % tricky.length] + pad.slice(0, i % 5) + tricky[(i * 7) % tricky.length];
    const nested = { doc: { question: text, choices: [text, '[', ']', pad], nested: [[{ t: text }], {}, []] }, arguments: { gen_args_0: { arg_0: text.repeat(1 + (i % 3)) } } };
    const acc = (i * 7 + seed * 13) % 5 < 3 ? 1 : 0;
    out.push({ doc_id: i, ...nested, target: text, filter: 'none', metrics: ['acc'], acc });
  }
  return out;
}

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-scan-'));
  const files = [];
  for (const [model, seed] of [['model-a', 2], ['model-b', 5]]) {
    mkdirSync(join(dir, model));
    const path = join(dir, model, 'samples_scan_2026-01-01T00-00-00.000000.jsonl');
    const written = records(seed);
    writeFileSync(path, written.map((r) => JSON.stringify(r)).join('\n') + '\n');
    files.push({ path, name: `${model}/samples_scan_2026-01-01T00-00-00.000000.jsonl`, written });
  }
  return files;
}

const settings = { missing: 'error', direction: 'higher', alpha: 0.05, confidence: 0.95, resamples: 500, bootstrap: 500, seed: 11 };

test('log records with quotes, backslashes and brackets at every offset read in the wasm as the CLI reads them', async () => {
  const m = await loadModule('st');
  const files = folder();
  const inputs = files.map((f) => ({ name: f.name, text: new Uint8Array(readFileSync(f.path)) }));
  const board = m.rankPrepare({ inputs, measure: 'acc' });
  assert.ok(!board.error, board.error);
  for (const [k, f] of files.entries()) {
    const s = board.series.find((x) => x.system === f.name.split('/')[0]);
    assert.ok(s, `the series of ${f.name}`);
    assert.deepEqual([...s.values], f.written.map((r) => r.acc), `${k}: the scores as written`);
  }
  const parts = [0, 1].map((part) => m.rankPart({ ...settings, board, part, parts: 2 }));
  for (const p of parts) assert.ok(!p.error, p.error);
  const web = JSON.parse(m.rankMerge({ ...settings, board, parts }).json);
  const cli = JSON.parse(execFileSync(cliPath, ['leaderboard', ...files.map((f) => f.path), '--measure', 'acc', '--resamples', '500', '--bootstrap', '500', '--seed', '11', '--format', 'json'], { encoding: 'utf8' }));
  assert.equal(web.leaderboards[0].n, 96);
  assert.deepEqual(web.leaderboards[0].systems, cli.leaderboards[0].systems);
  assert.deepEqual(web.leaderboards[0].pairs.map((p) => [p.a, p.b, p.mean_diff]), cli.leaderboards[0].pairs.map((p) => [p.a, p.b, p.mean_diff]));
});

test('a record cut inside a string or a bracket is refused at its line in the wasm and in the CLI alike', async () => {
  const m = await loadModule('st');
  const [f] = folder();
  const lines = f.written.map((r) => JSON.stringify(r));
  for (const cut of [5, 17, 33, 48]) {
    const line = 1 + (cut % lines.length);
    const broken = lines.map((l, i) => (i === line - 1 ? l.slice(0, l.indexOf('[{') + cut) : l)).join('\n') + '\n';
    const path = join(mkdtempSync(join(tmpdir(), 'pairpower-scan-')), 'samples_scan_2026-01-01T00-00-00.000000.jsonl');
    writeFileSync(path, broken);
    const web = m.readInputs({ inputs: [{ name: 'samples_scan_2026-01-01T00-00-00.000000.jsonl', text: broken, index: 0 }] });
    const cli = spawnSync(cliPath, ['leaderboard', path, path, '--measure', 'acc'], { encoding: 'utf8' });
    assert.equal(cli.status, 2);
    assert.match(web.error ?? '', new RegExp(`line ${line}: the JSON is malformed`), `cut at ${cut}`);
    assert.match(cli.stderr, new RegExp(`line ${line}: the JSON is malformed`), `cut at ${cut}`);
  }
});
