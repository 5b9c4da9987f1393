// The page for everyone, in headless Chromium: axe-core on every view and embed
// once it shows results (light and dark), the dark scheme's colours, the
// keyboard's skip link and focus ring, text alternatives for the charts, a
// 390 × 844 phone, the embeds inside the frames their own snippets write, and
// the engine line at the bottom.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { analyzeAndWait, boardTable, paste, root, useSite, waitDone } from './browser.mjs';

const site = useSite();
const AXE = `${root}node_modules/axe-core/axe.min.js`;
const HANG_GUARD = 180_000;  // a hang guard for a busy machine, not a speed requirement

// Six systems on 80 queries, deterministic (as the leaderboard test's board).
const board = () => boardTable({ seed: 7, systems: ['bm25', 'dense', 'splade', 'colbert', 'hybrid', 'rerank'], shifts: [0, 0.005, 0.01, 0.04, 0.05, 0.012], queries: 80, noise: 0.1 });

function pairTable() {
  const rows = ['qid,bm25,dense'];
  for (let i = 0; i < 60; i++) rows.push(`q${i},${(0.3 + (i % 7) / 20).toFixed(3)},${(0.32 + ((i * 3) % 7) / 20).toFixed(3)}`);
  return rows.join('\n');
}

const GRID_HASH = 'n=50,100,200,400,800,1600&delta=0,0.01,0.02,0.04&rho=0.5,0.8&model=normal&reps=100&seed=2&run=1';

/** Each view and embed, brought to showing its results on `page`. */
const VIEWS = {
  async plan(page) {
    await page.goto(`${site.url}#preset=quick&reps=100&seed=3&run=1`);
    await waitDone(page, HANG_GUARD);
    await page.waitForSelector('.curves .uplot');
    await page.waitForSelector('[data-testid="calc-curve"] .uplot');
  },
  async analyze(page) {
    await page.goto(`${site.url}#view=analyze`);
    await page.waitForSelector('#app[data-state="idle"]');
    await page.fill('#an-resamples', '2000');
    await page.fill('#an-bootstrap', '1000');
    await paste(page, 'paste-a', pairTable());
    assert.equal(await analyzeAndWait(page, HANG_GUARD), 'done');
    await page.waitForSelector('.analysis-plot .uplot');
  },
  // Two real inspect_ai logs of five epochs on binary items: the McNemar, Wilson and repeats rows.
  async 'analyze of evaluation logs'(page) {
    await page.goto(`${site.url}#view=analyze`);
    await page.waitForSelector('#app[data-state="idle"]');
    await page.fill('#an-resamples', '2000');
    await page.fill('#an-bootstrap', '1000');
    const logs = `${root}tests/fixtures/logs/inspect_ai/log-sets-set2/`;
    for (const [k, f] of ['2025-09-15T15-04-34-04-00_popularity_CuCFPdqnwXupUkxp69nJ2a.eval', '2025-09-15T15-04-34-04-00_popularity_J5EskSJVsBD9iRd47twk8x.eval'].entries())
      await page.setInputFiles(`#file-${'ab'[k]}`, { name: f, mimeType: 'application/octet-stream', buffer: readFileSync(logs + f) });
    await page.waitForFunction(() => /inspect_ai/.test(document.querySelector('[data-testid="detected-b"]')?.textContent ?? ''));
    assert.equal(await analyzeAndWait(page, HANG_GUARD), 'done');
    await page.waitForSelector('[data-stat="repeats.within_share"]');
    await page.waitForSelector('[data-stat="mcnemar.p"]');
    await page.waitForSelector('[data-testid="outcome-table"]');
  },
  async leaderboard(page) {
    await page.goto(`${site.url}#view=leaderboard`);
    await page.waitForSelector('#app[data-state="idle"]');
    await page.fill('#lb-resamples', '2000');
    await page.fill('#lb-bootstrap', '1000');
    await paste(page, 'paste-leaderboard', board());
    await page.click('[data-testid="rank"]');
    await page.waitForSelector('#leaderboard[data-state="done"]');
    await page.waitForSelector('[data-testid="open-pair"]');
  },
  async 'embed grid'(page) {
    await page.goto(`${site.url}?embed#${GRID_HASH}`);
    await waitDone(page, HANG_GUARD);
  },
  // The calculator planning binary items in clusters: its binary fields, the design fold and the answer's notes.
  async 'calculator for binary items in clusters'(page) {
    await page.goto(`${site.url}#preset=quick`);
    await page.waitForSelector('[data-testid="calc-n-t"]');
    await page.click('[data-testid="calc-design-fold"] summary');
    await page.fill('#calc-cluster-size', '5');
    await page.fill('#calc-icc', '0.2');
    await page.selectOption('#calc-metric', 'binary');
    await page.waitForSelector('[data-testid="calc-binary-n-approximate"]');
  },
  async 'embed calculator'(page) {
    await page.goto(`${site.url}?embed=calculator`);
    await page.waitForSelector('[data-testid="calc-n-t"]');
  },
};

async function open(name, { scheme = 'light', width = 1366, height = 900 } = {}) {
  const page = await site.browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(HANG_GUARD);
  await page.emulateMedia({ colorScheme: scheme });
  await VIEWS[name](page);
  return page;
}

/** axe-core's serious and critical violations on the page as it is. */
async function axeViolations(page) {
  // Evaluated through the driver: the page's Content-Security-Policy (rightly) refuses an injected <script>.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`).join(' | ')}`);
}

for (const scheme of ['light', 'dark'])
  for (const name of Object.keys(VIEWS))
    test(`axe finds no serious or critical violation on the ${name} view with its results, ${scheme} scheme`, async () => {
      const page = await open(name, { scheme });
      const found = await axeViolations(page);
      assert.deepEqual(found, [], found.join('\n'));
      await page.close();
    });

/** Relative luminance of a computed CSS colour (rgb/rgba), after WCAG. */
const LUMINANCE = `(c) => {
  const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}`;

test('in the dark scheme the page and its result panels are dark with light text, the heatmap and matrix shades too', async () => {
  for (const [name, panels] of [['plan', ['#results', '.answer', '.heat-table td']], ['analyze', ['[data-testid="verdict"]', '.comparison']], ['leaderboard', ['[data-testid="pair-matrix"] td[data-a]', '[data-testid="leaderboard-table"]']]]) {
    const page = await open(name, { scheme: 'dark' });
    const seen = await page.evaluate(([selectors, lum]) => {
      const luminance = eval(lum);
      /** The colour behind an element: its own background or the first opaque one above it. */
      const behind = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      const body = document.body;
      return {
        body: { bg: luminance(behind(body)), fg: luminance(getComputedStyle(body).color) },
        panels: selectors.map((s) => {
          const el = document.querySelector(s);
          return el && { selector: s, bg: luminance(behind(el)), fg: luminance(getComputedStyle(el).color) };
        }),
      };
    }, [panels, LUMINANCE]);
    assert.ok(seen.body.bg < 0.05, `${name}: the body's background is light (luminance ${seen.body.bg})`);
    assert.ok(seen.body.fg > 0.6, `${name}: the body's text is dark (luminance ${seen.body.fg})`);
    for (const p of seen.panels) {
      assert.ok(p, `${name}: a panel is missing`);
      // Shaded cells may be light with dark text; either way the pair must contrast as WCAG asks of text.
      const contrast = (Math.max(p.bg, p.fg) + 0.05) / (Math.min(p.bg, p.fg) + 0.05);
      assert.ok(contrast >= 4.5, `${name}: ${p.selector} has text contrast ${contrast.toFixed(2)}`);
      if (!p.selector.includes('td') && !p.selector.includes('verdict')) {
        assert.ok(p.bg < 0.05, `${name}: ${p.selector} sits on a light background (luminance ${p.bg})`);
        assert.ok(p.fg > 0.6, `${name}: ${p.selector} has dark text (luminance ${p.fg})`);
      }
    }
    await page.close();
  }
});

/** Presses Tab `times` times; for each stop, the focused element and its outline's style, width and contrast with the page. */
async function tabRings(page, times) {
  const rings = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    rings.push(await page.evaluate((lum) => {
      const luminance = eval(lum);
      const el = document.activeElement;
      const s = getComputedStyle(el);
      const ring = luminance(s.outlineColor), page = luminance(getComputedStyle(document.body).backgroundColor);
      return { what: `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : el.id ? `#${el.id}` : ''}`, style: s.outlineStyle, width: parseFloat(s.outlineWidth), contrast: (Math.max(ring, page) + 0.05) / (Math.min(ring, page) + 0.05) };
    }, LUMINANCE));
  }
  return rings;
}

function assertRings(rings, scheme) {
  // At the end of the page Tab leaves for the browser's own controls (the body keeps focus): not a stop of the page.
  for (const r of rings.filter((x) => x.what !== 'body')) {
    assert.notEqual(r.style, 'none', `${scheme}: ${r.what} shows no focus ring`);
    assert.ok(r.width >= 2, `${scheme}: ${r.what}'s focus ring is ${r.width} px`);
    assert.ok(r.contrast >= 3, `${scheme}: ${r.what}'s focus ring has contrast ${r.contrast.toFixed(2)} against the page`);
  }
}

test('the first Tab reaches “Skip to content”, which moves the keyboard to the view; every control shows a focus ring of at least 3:1', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await site.browser.newPage();
    page.setDefaultTimeout(HANG_GUARD);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}#view=leaderboard`);
    await page.waitForSelector('#app[data-state="idle"]');
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({ text: document.activeElement?.textContent, top: document.activeElement?.getBoundingClientRect().top }));
    assert.equal(first.text, 'Skip to content');
    assert.ok(first.top >= 0, 'the skip link is on screen while focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'leaderboard');
    // The view's controls, by keyboard from there.
    const controls = await tabRings(page, 15);
    assert.ok(controls.some((r) => /^(textarea|input|button|select)/.test(r.what)), `the view's controls follow: ${controls.map((r) => r.what).join(', ')}`);
    assertRings(controls, scheme);
    await page.close();

    // The matrix's cells, each a stop of the keyboard with the same ring (inside the shaded cell).
    const board = await open('leaderboard', { scheme });
    await board.keyboard.press('Tab');  // a keyboard user: focus rings show
    await board.focus('.pair-matrix-wrap');
    const cells = await tabRings(board, 8);
    assert.ok(cells.every((r) => r.what === 'td[open-pair]'), `Tab walks the matrix's cells: ${cells.map((r) => r.what).join(', ')}`);
    assertRings(cells, scheme);
    // The cells are named by their pair, not by a bare number.
    const name = await board.getAttribute('[data-testid="open-pair"][data-a="bm25"][data-b="dense"]', 'aria-label');
    assert.match(name, /^bm25 vs dense: family-wise p (= \d\.\d{3}|< 0\.001), open in Analyze$/);
    await board.close();
  }
});

test('every chart has a text alternative, and the Plan’s series differ by dash as well as colour', async () => {
  for (const name of ['plan', 'analyze', 'leaderboard']) {
    const page = await open(name);
    const figures = await page.$$eval('figure', (figs) => figs.filter((f) => f.offsetParent !== null && f.querySelector('canvas, svg')).map((f) => {
      const svg = f.querySelector('svg[role="img"]');
      const words = (svg?.getAttribute('aria-label') ?? '') + ' ' + [...f.querySelectorAll('.visually-hidden')].map((p) => p.textContent).join(' ');
      return { caption: f.querySelector('figcaption')?.textContent ?? '', words: words.trim() };
    }));
    assert.ok(figures.length > 0, `${name}: no chart found`);
    for (const f of figures) assert.ok(f.words.length > 20 && /\d/.test(f.words), `${name}: “${f.caption}” has no text alternative with its numbers (${f.words})`);
    if (name === 'plan') {
      const dashes = await page.$$eval('[data-testid="chart-legend"] line', (ls) => ls.map((l) => l.getAttribute('stroke-dasharray')));
      assert.ok(dashes.length >= 2, 'the legend shows a line per δ');
      assert.equal(new Set(dashes).size, dashes.length, `each δ has its own dash pattern: ${dashes.join(' | ')}`);
    }
    await page.close();
  }
});

test('on a 390 × 844 phone no view scrolls sideways, no visible text is under 11 px and no caption runs off its box', async () => {
  for (const name of Object.keys(VIEWS)) {
    const page = await open(name, { width: 390, height: 844 });
    const seen = await page.evaluate(() => {
      const small = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const el = t.parentElement;
        if (!el || !t.textContent.trim() || el.closest('.visually-hidden, [hidden], script, style')) continue;
        if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        let px = parseFloat(getComputedStyle(el).fontSize);
        // SVG text is drawn at its font size times the drawing's scale on screen.
        if (el instanceof SVGElement) px *= el.getScreenCTM()?.a ?? 1;
        if (px < 11) small.push(`${t.textContent.trim().slice(0, 30)} (${px.toFixed(1)} px)`);
      }
      const clipped = [];
      for (const c of document.querySelectorAll('caption, figcaption')) {
        if (c.getClientRects().length === 0) continue;
        const r = c.getBoundingClientRect();
        // The visible part of the caption's box: the viewport cut by every scrolling ancestor.
        let right = document.documentElement.clientWidth;
        for (let e = c.parentElement; e; e = e.parentElement)
          if (/auto|scroll|hidden/.test(getComputedStyle(e).overflowX)) right = Math.min(right, e.getBoundingClientRect().right);
        if (r.right > right + 1 || c.scrollWidth > c.clientWidth + 1) clipped.push(c.textContent.slice(0, 40));
      }
      return { scrollWidth: document.scrollingElement.scrollWidth, small: [...new Set(small)].slice(0, 10), clipped };
    });
    assert.ok(seen.scrollWidth <= 390, `${name}: the page is ${seen.scrollWidth} px wide`);
    assert.deepEqual(seen.small, [], `${name}: text under 11 px`);
    assert.deepEqual(seen.clipped, [], `${name}: captions cut off`);
    await page.close();
  }
});

test('on a 390 × 844 phone an unfolded power table wider than the screen scrolls sideways in its box to its last column', async () => {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  page.setDefaultTimeout(HANG_GUARD);
  await page.goto(`${site.url}#preset=paper&n=50,100&rho=0.8&reps=100&seed=3&run=1`);
  await waitDone(page, HANG_GUARD);
  await page.click('[data-testid="power-details"] > summary');
  await page.locator('table.power-table').first().scrollIntoViewIfNeeded();
  // A frame, so that the table's box, now on screen, is laid out (off screen the browser skips it).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="power-details"] .tables');
    const table = box.querySelector('table.power-table');
    box.scrollLeft = box.scrollWidth;
    const last = table.querySelector('tbody tr td:last-child').getBoundingClientRect();
    return { table: table.getBoundingClientRect().width, box: box.clientWidth, scrolled: box.scrollLeft, lastRight: last.right, boxRight: box.getBoundingClientRect().right };
  });
  assert.ok(seen.table > seen.box, `the test needs a table wider than its box: ${JSON.stringify(seen)}`);
  assert.ok(seen.scrolled > 0 && seen.lastRight <= seen.boxRight + 1, `the last column cannot be scrolled to: ${JSON.stringify(seen)}`);
  await page.close();
});

test('each embed fits the frame its own snippet writes, the grid with its smallest-N table in view', async () => {
  // The snippets as the page's embed dialog writes them.
  const own = await site.browser.newPage();
  own.setDefaultTimeout(HANG_GUARD);
  await own.goto(`${site.url}#${GRID_HASH}`);
  await waitDone(own, HANG_GUARD);
  const snippets = {};
  await own.click('[data-testid="embed-button"]');
  for (const kind of ['grid', 'calculator']) {
    await own.selectOption('#embed-kind', kind);
    snippets[kind] = await own.inputValue('[data-testid="embed-code"]');
  }
  await own.close();
  for (const [kind, snippet] of Object.entries(snippets)) {
    const [, src] = snippet.match(/src="([^"]+)"/);
    const width = Number(snippet.match(/width="(\d+)"/)[1]), height = Number(snippet.match(/height="(\d+)"/)[1]);
    // The frame's border (1 px each side) is outside its width and height.
    const page = await site.browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(HANG_GUARD);
    await page.goto(src);
    if (kind === 'grid') await waitDone(page, HANG_GUARD);
    else await page.waitForSelector('[data-testid="calc-n-t"]');
    const seen = await page.evaluate(() => {
      const scroller = document.getElementById('plan');
      const box = (s) => {
        const el = document.querySelector(s);
        if (!el || el.getClientRects().length === 0) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, width: r.width, height: r.height, inBox: scroller.contains(el) && /auto|scroll/.test(getComputedStyle(scroller).overflowY) };
      };
      const doc = document.scrollingElement;
      return { scrollHeight: doc.scrollHeight, scrollWidth: doc.scrollWidth, box: box('#plan'), minN: box('[data-testid="min-n"]'), table: box('.tables table') };
    });
    assert.ok(seen.scrollHeight <= height, `${kind}: the page is ${seen.scrollHeight} px tall in a ${height} px frame`);
    assert.ok(seen.scrollWidth <= width, `${kind}: the page is ${seen.scrollWidth} px wide in a ${width} px frame`);
    if (kind === 'grid') {
      // Below the title one box fills the frame and scrolls: the answer and the smallest-N table, then the power tables.
      assert.ok(seen.box && seen.box.bottom <= height && seen.box.height >= height / 2, `the scroll box: ${JSON.stringify(seen.box)}`);
      assert.ok(seen.minN && seen.minN.height > 0 && seen.minN.inBox, `the smallest-N table is shown in the box: ${JSON.stringify(seen.minN)}`);
      assert.ok(seen.table && seen.table.inBox && seen.table.width > 300, `the power tables are laid out in the box at full width: ${JSON.stringify(seen.table)}`);
    }
    await page.close();
  }
});

test('the engine in use is named at the bottom of the page, not above the views', async () => {
  const page = await open('plan');
  await page.waitForFunction(() => /Engine:/.test(document.querySelector('[data-testid="engine-info"]')?.textContent ?? ''));
  const where = await page.evaluate(() => {
    const info = document.querySelector('[data-testid="engine-info"]');
    const view = document.getElementById('plan');
    return { inFooter: !!info.closest('footer'), afterView: !!(view.compareDocumentPosition(info) & Node.DOCUMENT_POSITION_FOLLOWING), inHeader: !!document.querySelector('header')?.textContent.includes('Engine') };
  });
  assert.deepEqual(where, { inFooter: true, afterView: true, inHeader: false });
  await page.close();
});
