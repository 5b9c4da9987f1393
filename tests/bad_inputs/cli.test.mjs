// The bad-input catalogue against the CLI: exit code 2 and exactly one line,
// "pairpower: error: FILE: message"; valid oddities are read (exit 0, 1 or 3)
// and print no NaN.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { cases } from './cases.mjs';

const bin = fileURLToPath(new URL('../../build/pairpower', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pairpower-bad-'));

test('the catalogue has at least 40 cases', () => assert.ok(cases.length >= 40));

for (const [i, c] of cases.entries()) {
  test(`CLI: ${c.name}`, () => {
    // Files named A and B: a run without a runid is named after its file.
    mkdirSync(join(dir, `case${i}`));
    const fa = join(dir, `case${i}`, 'A.txt');
    writeFileSync(fa, c.a);
    const files = [fa];
    if (c.b !== undefined) {
      const fb = join(dir, `case${i}`, 'B.txt');
      writeFileSync(fb, c.b);
      files.push(fb);
    }
    const r = spawnSync(bin, ['compare', ...files, ...(c.args ?? []), '--resamples', '500', '--bootstrap', '100', '--format', 'json'], { encoding: 'utf8', timeout: 60_000 });
    if (c.ok) {
      assert.ok([0, 1, 3].includes(r.status), `exit ${r.status}: ${r.stderr}`);
      assert.doesNotMatch(r.stdout, /NaN|Infinity/);
      assert.ok(JSON.parse(r.stdout).comparisons.length >= 1);
      return;
    }
    assert.equal(r.status, 2, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    // About a line or the whole input: the file is named. Where the CLI phrases
    // more (a flag, a remedy): its own line, FILE standing for either file.
    const fileLevel = /^line \d+:|^the input (is|contains)/.test(c.message);
    const allowed = c.cli
      ? files.map((f) => `pairpower: error: ${c.cli.replace(/^FILE/, f)}`)
      : fileLevel
        ? files.map((f) => `pairpower: error: ${f}: ${c.message}`)
        : [`pairpower: error: ${c.message}`];
    assert.ok(allowed.includes(lines[0]), `got      ${lines[0]}\nexpected ${allowed[0]}`);
  });
}
