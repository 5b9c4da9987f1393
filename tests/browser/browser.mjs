// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core
// (no browser download), and the built site served on localhost.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { after, before } from 'node:test';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As root in a closed network: no sandbox, and no background connections.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

export function serve(isolate) {
  return startServer({ dir: `${root}dist`, isolate });
}

/** The CLI's rejections-based power by cell key. */
export function cliPowers(args) {
  const out = JSON.parse(execFileSync(`${root}build/pairpower`, ['simulate', ...args, '--format', 'json']));
  return new Map(out.results.map((r) => [`${r.model}|${r.n}|${r.delta}|${r.rho}|${r.test}`, r.power]));
}

/** Every power value the page shows, from the test contract's data attributes. */
export async function shownPowers(page) {
  const cells = await page.$$eval('[data-power]', (els) =>
    els.map((e) => ({ key: `${e.dataset.model}|${e.dataset.n}|${e.dataset.delta}|${e.dataset.rho}|${e.dataset.test}`, power: Number(e.dataset.power) })),
  );
  return cells;
}

/** The idle warm-up's end, as the page marks it: 'pairpower:warm', or 'pairpower:warm-failed'. */
export async function warmedUp(page) {
  await page.waitForFunction(() => performance.getEntriesByName('pairpower:warm').length + performance.getEntriesByName('pairpower:warm-failed').length > 0, null, { polling: 100 });
  return page.evaluate(() => performance.getEntriesByType('mark').find((m) => m.name.startsWith('pairpower:warm'))?.name);
}

export async function waitDone(page, timeout = 120_000) {
  await page.waitForSelector('#app[data-state="done"]', { timeout });
}

/** A fresh page of `view` with its resample counts (`#<prefix>-resamples`, `#<prefix>-bootstrap`) set small for speed. */
async function openView(browser, url, view, prefix, { resamples, bootstrap }) {
  const page = await browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine, not a speed requirement
  await page.goto(`${url}#view=${view}`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill(`#${prefix}-resamples`, String(resamples));
  await page.fill(`#${prefix}-bootstrap`, String(bootstrap));
  return page;
}

/** A fresh Analyze page on the served site, with small resample counts for speed. */
export const openAnalyze = (browser, url, counts) => openView(browser, url, 'analyze', 'an', counts);

/** Sets a text box as a paste would, firing its input event. */
export async function paste(page, testid, text) {
  await page.evaluate(([id, t]) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    el.value = t;
    el.dispatchEvent(new Event('input'));
  }, [testid, text]);
}

/** Pastes a new text into a box as a user's paste does (a paste event, then input): a long one folds again. */
export async function pasteNew(page, testid, text) {
  await page.evaluate(([id, t]) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    el.dispatchEvent(new Event('paste'));
    el.value = t;
    el.dispatchEvent(new Event('input'));
  }, [testid, text]);
}

/** Clicks `selector` and waits for the run it starts in view `id` (not an earlier one) to end; returns "done" or "error". */
export async function clickAndWait(page, selector, id, timeout = 120_000) {
  const before = Number((await page.getAttribute(`#${id}`, 'data-runs')) ?? 0);
  await page.click(selector);
  await page.waitForFunction(([v, b]) => {
    const el = document.getElementById(v);
    return Number(el.dataset.runs ?? 0) > b && ['done', 'error'].includes(el.dataset.state);
  }, [id, before], { timeout });
  return page.getAttribute(`#${id}`, 'data-state');
}

/** Clicks Analyze and waits for that analysis (not an earlier one) to end; returns "done" or "error". */
export const analyzeAndWait = (page, timeout = 120_000) => clickAndWait(page, '[data-testid="analyze"]', 'analyze', timeout);

/** A fresh Leaderboard page on the served site, with small resample counts for speed. */
export const openLeaderboard = (browser, url, counts) => openView(browser, url, 'leaderboard', 'lb', counts);

/** Clicks Rank and waits for that ranking (not an earlier one) to end; returns "done" or "error". */
export const rankAndWait = (page, timeout = 120_000) => clickAndWait(page, '[data-testid="rank"]', 'leaderboard', timeout);

/**
 * A deterministic board as a wide table (qid,<systems>): per query a base score
 * in [0.2, 0.8], each system's shift and ± noise/2, clipped to [0, 1], four
 * decimals (`trim`: without trailing zeros). The same seed gives the same text.
 */
export function boardTable({ seed, systems, shifts, queries, noise, trim = false }) {
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const rows = ['qid,' + systems.join(',')];
  for (let q = 0; q < queries; q++) {
    const base = 0.2 + 0.6 * rand();
    rows.push(`q${q},` + shifts.map((s) => {
      const v = Math.min(1, Math.max(0, base + s + (rand() - 0.5) * noise)).toFixed(4);
      return trim ? String(Number(v)) : v;
    }).join(','));
  }
  return rows.join('\n') + '\n';
}

/** Registers the file's before/after hooks: one browser and one served site (cross-origin isolated unless told). */
export function useSite(isolate = true) {
  const site = { browser: null, server: null, url: '' };
  before(async () => {
    site.browser = await launch();
    Object.assign(site, await serve(isolate));
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}

