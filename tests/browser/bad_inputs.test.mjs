// The bad-input catalogue pasted into the Analyze page: each malformed input
// shows its message in the error element (the core's, after the box it came
// from when it is about a file; the page's own phrasing where the catalogue
// gives one), the pasted text stays, and valid oddities give a report without NaN.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cases } from '../bad_inputs/cases.mjs';
import { analyzeAndWait, launch, openAnalyze, paste as pasteInto, serve } from './browser.mjs';

let browser, server, url, page;
before(async () => {
  browser = await launch();
  ({ server, url } = await serve(true));
  page = await openAnalyze(browser, url, { resamples: 500, bootstrap: 100 });
});
after(async () => {
  await browser?.close();
  server?.close();
});

const paste = (testid, text) => pasteInto(page, testid, text);

for (const c of cases) {
  // The page offers only the measures it finds, so a measure that is not there
  // cannot be asked for; the CLI test covers that case.
  if (c.measure) continue;
  test(`page: ${c.name}`, async () => {
    await paste('paste-a', c.a);
    await paste('paste-b', c.b ?? '');
    const state = await analyzeAndWait(page, 60_000);
    // Every file-level case of the catalogue is in the first input.
    const fileLevel = /^line \d+:|^the input (is|contains)/.test(c.message);
    const expected = c.page ?? (c.ok ? 'ok' : fileLevel ? `In the first box: ${c.message}` : c.message);
    if (expected === 'ok') {
      assert.equal(state, 'done', await page.textContent('[data-testid="error"]'));
      assert.doesNotMatch(await page.textContent('[data-testid="report"]'), /NaN|Infinity/);
    } else {
      assert.equal(state, 'error');
      assert.equal(await page.isVisible('[data-testid="error"]'), true);
      assert.equal(await page.textContent('[data-testid="error"]'), expected);
      assert.equal((await page.inputValue('[data-testid="paste-a"]')).length, c.a.length);  // nothing lost
    }
  });
}
