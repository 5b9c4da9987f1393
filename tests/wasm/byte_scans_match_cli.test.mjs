// The readers find line ends and NUL bytes sixteen bytes at a time in the wasm build and with the
// C library's memchr natively: a byte of either kind at every offset of a 16-byte step, and in the
// tail shorter than one, must be found in the wasm as written (line ends) and as the CLI finds it
// (NUL bytes).
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

test('a table whose line ends fall at every offset of a 16-byte step, and in the tail shorter than one, reads row for row in the wasm', async () => {
  const m = await loadModule('st');
  // Values of one width: a line is its id's length and a constant, so ids of 1 to 40 characters give lines of
  // every length modulo 16 (where each line's end falls in the step its search starts); the ends of
  // the short lines last are found in the tail, fewer than 16 bytes from the end.
  const values = ['0.0', '0.5', '1.0'];
  const rows = [
    ...Array.from({ length: 40 }, (_, i) => [`q${'x'.repeat(i)}`, values[i % 3], values[(i + 1) % 3]]),
    ...['a', 'b', 'c', 'd'].map((id, i) => [id, String(i % 2), String(1 - (i % 2))]),
  ];
  for (const [end, last] of [['\n', '\n'], ['\n', ''], ['\r\n', '\r\n'], ['\r\n', '']]) {
    const text = `qid,A,B${end}${rows.map((r) => r.join(',')).join(end)}${last}`;
    const lines = text.split('\n').slice(0, -1);  // each line searched for its end, from its start
    assert.equal(new Set(lines.map((l) => l.length % 16)).size, 16, 'line ends at every offset of a step');
    assert.ok(lines.some((_, i) => text.length - lines.slice(0, i).reduce((a, l) => a + l.length + 1, 0) < 16), 'a line end in the tail');
    const board = m.rankPrepare({ inputs: [{ name: 't.csv', text: new TextEncoder().encode(text) }] });
    assert.ok(!board.error, board.error);
    for (const [k, system] of ['A', 'B'].entries()) {
      const s = board.series.find((x) => x.system === system);
      assert.deepEqual(unpack(s.qids), rows.map((r) => r[0]), `${system}, lines ending ${JSON.stringify(end)}, last ${JSON.stringify(last)}`);
      assert.deepEqual([...s.values], rows.map((r) => Number(r[k + 1])), `${system}, lines ending ${JSON.stringify(end)}, last ${JSON.stringify(last)}`);
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
