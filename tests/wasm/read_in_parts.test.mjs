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
  for (const parts of [1, 2, 3]) {
    const read = Array.from({ length: parts }, (_, part) => {
      const { indices } = m.inputShare({ paths: inputs.map((x) => x.name), part, parts });
      const out = m.readInputs({ inputs: indices.map((index) => ({ ...inputs[index], index })) });
      assert.ok(!out.error, out.error);
      return out;
    });
    const joined = m.rankPrepare({ inputs: [], read, measure: 'acc' });
    assert.ok(!joined.error, joined.error);
    assert.equal(joined.measure, whole.measure);
    assert.deepEqual(plain(joined), plain(whole), `${parts} parts`);
  }
});
