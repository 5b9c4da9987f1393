// inspect_ai .eval archives from inspect_ai's own repository (tests/fixtures/logs/,
// PROVENANCE.md) opened as the page opens them: deflate and zstd entries.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { isZip, zipEntries, zipToText } from '../../web/src/runtime/archive';
import { REGISTRY } from '../../web/src/generated/registry';

const logs = fileURLToPath(new URL('../fixtures/logs/inspect_ai/', import.meta.url));
const bytes = (f: string) => new Uint8Array(readFileSync(logs + f));

describe('a zip archive opened in the page', () => {
  it('gives every file of an inspect_ai .eval with deflate entries, whole', async () => {
    const eval1 = bytes('log-sets-set/2025-09-15T15-02-26-04-00_popularity_L8g2GLGDDfsiXvdJ8LyZNJ.eval');
    expect(isZip(eval1)).toBe(true);
    const entries = await zipEntries(eval1, 'x.eval');
    const names = entries.map((e) => e.name);
    expect(names).toContain('header.json');
    expect(names.filter((n) => n.startsWith('samples/'))).toHaveLength(100);
    const header = JSON.parse(new TextDecoder().decode(entries.find((e) => e.name === 'header.json')!.bytes));
    expect(header.eval.model).toBe('openai/gpt-5');
  });

  it('decompresses zstd entries (compression method 93), as inspect_ai writes by default', async () => {
    const entries = await zipEntries(bytes('tests/retry-2-then-success.eval'), 'r.eval');
    expect(entries.map((e) => e.name)).toEqual(['_journal/start.json', 'samples/1_epoch_1.json', '_journal/summaries/1.json', 'summaries.json', 'header.json']);
    for (const e of entries) expect(() => JSON.parse(new TextDecoder().decode(e.bytes))).not.toThrow();
  });

  it('is handed to the core as JSON lines under the registry key, one line per file', async () => {
    const text = await zipToText(bytes('tests/log_streaming.eval'), 'log_streaming.eval');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ [REGISTRY.archive_text_key]: 1, name: 'log_streaming.eval' });
    expect(lines.slice(1).every((l) => typeof l.name === 'string' && typeof l.text === 'string')).toBe(true);
  });

  it('refuses a cut archive, naming it', async () => {
    const whole = bytes('tests/log_streaming.eval');
    await expect(zipEntries(whole.subarray(0, whole.length - 30), 'cut.eval')).rejects.toThrow(/^cut\.eval: not a zip archive that can be read/);
  });
});
