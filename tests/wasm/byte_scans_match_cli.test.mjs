// The readers find line ends and NUL bytes sixteen bytes at a time in the wasm build and with
// glibc's memchr natively: a byte of either kind at every offset of a 16-byte step, and in the
// tail shorter than one, must be found in the wasm as the CLI finds it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliPath, loadModule } from './load-module.mjs';

const unpack = (p) => {
  const out = [];
  let from = 0;
  for (const end of p.ends) out.push(new TextDecoder().decode(p.bytes.subarray(from, end))), (from = end);
  return out;
};

test('a table whose line ends fall at every offset of a 16-byte step reads row for row in the wasm', async () => {
  const m = await loadModule('st');
  // Query ids of 1 to 40 characters move each line's end through every offset; short lines last put
  // several ends in the final bytes, fewer than a step; the last line may have no end.
  const long = Array.from({ length: 40 }, (_, i) => [`q${'x'.repeat(i)}`, (i % 7) / 7, (i % 3) / 3]);
  for (const [rows, last] of [long, [...long].reverse()].flatMap((r) => ['\n', '\r\n', ''].map((end) => [r, end]))) {
    const text = `qid,A,B\n${rows.map((r) => r.join(',')).join('\n')}${last}`;
    const board = m.rankPrepare({ inputs: [{ name: 't.csv', text: new TextEncoder().encode(text) }] });
    assert.ok(!board.error, board.error);
    for (const [k, system] of ['A', 'B'].entries()) {
      const s = board.series.find((x) => x.system === system);
      assert.deepEqual(unpack(s.qids), rows.map((r) => r[0]), `${system}, ending ${JSON.stringify(last)}`);
      assert.deepEqual([...s.values], rows.map((r) => r[k + 1]), `${system}, ending ${JSON.stringify(last)}`);
    }
  }
});

test('a NUL byte at any offset of a table is refused in the wasm with the message and the exit of the CLI', async () => {
  const m = await loadModule('st');
  const dir = mkdtempSync(join(tmpdir(), 'pairpower-nul-'));
  const text = `qid,A,B\n${Array.from({ length: 6 }, (_, i) => `q${i},0.${i},0.${5 - i}`).join('\n')}\n`;
  for (let at = 0; at < text.length; at++) {
    const bytes = new TextEncoder().encode(text);
    bytes[at] = 0;
    const path = join(dir, `nul-${at}.csv`);
    writeFileSync(path, bytes);
    const web = m.readInputs({ inputs: [{ name: `nul-${at}.csv`, text: bytes, index: 0 }] });
    const cli = spawnSync(cliPath, ['leaderboard', path], { encoding: 'utf8' });
    assert.equal(cli.status, 2, `offset ${at}: ${cli.stderr}`);
    assert.match(web.error ?? '', /the input contains NUL bytes/, `offset ${at}`);
    assert.match(cli.stderr, /the input contains NUL bytes/, `offset ${at}`);
  }
  // The same text without the NUL byte reads.
  assert.ok(!m.readInputs({ inputs: [{ name: 'plain.csv', text: new TextEncoder().encode(text), index: 0 }] }).error);
});
