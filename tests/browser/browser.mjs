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

export async function waitDone(page, timeout = 120_000) {
  await page.waitForSelector('#app[data-state="done"]', { timeout });
}

/** A fresh Analyze page on the isolated server, with small resample counts for speed. */
export async function openAnalyze(browser, url, { resamples, bootstrap }) {
  const page = await browser.newPage();
  page.setDefaultTimeout(120_000);  // a hang guard for a busy machine, not a speed requirement
  await page.goto(`${url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  await page.fill('#an-resamples', String(resamples));
  await page.fill('#an-bootstrap', String(bootstrap));
  return page;
}

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

/** Clicks Analyze and waits for that analysis (not an earlier one) to end; returns "done" or "error". */
export async function analyzeAndWait(page, timeout = 120_000) {
  const before = Number((await page.getAttribute('#analyze', 'data-runs')) ?? 0);
  await page.click('[data-testid="analyze"]');
  await page.waitForFunction((b) => {
    const el = document.getElementById('analyze');
    return Number(el.dataset.runs ?? 0) > b && ['done', 'error'].includes(el.dataset.state);
  }, before, { timeout });
  return page.getAttribute('#analyze', 'data-state');
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

