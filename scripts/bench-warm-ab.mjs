// Benchmark (not a test): warm runs of the paper grid (R = 1000, each site's default engine) in two
// built sites, alternately in one browser so that a change is judged against this
// machine's drift: per page, the best of three runs (from the hash asking for the
// run until every result is shown), pages alternating before/after.
// Usage: node scripts/bench-warm-ab.mjs BEFORE_DIST AFTER_DIST [pages per site]
import { launch } from '../tests/browser/browser.mjs';
import { startServer } from './serve.mjs';
const [a, b, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 4);
const browser = await launch();
const sites = {};
for (const [k, dir] of [['before', a], ['after', b]]) { const s = await startServer({ dir, isolate: true }); sites[k] = { s, url: `http://127.0.0.1:${s.server.address().port}/` }; }
const res = { before: [], after: [] };
console.log(`== pairpower bench:warm-ab, ${new Date().toISOString().slice(0, 16)}Z: ${rounds} pages of each site, alternating`);
console.log(`command: node scripts/bench-warm-ab.mjs ${a} ${b} ${rounds}`);
for (let r = 0; r < rounds; r++) for (const k of r % 2 ? ['after', 'before'] : ['before', 'after']) {
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  await page.goto(`${sites[k].url}#preset=paper&reps=1000&seed=0`);
  await page.waitForSelector('#app[data-state="idle"]');
  const ts = [];
  for (let i = 0; i < 3; i++) {
    await page.waitForTimeout(800);
    ts.push(await page.evaluate((h) => new Promise((resolve) => {
      const app = document.getElementById('app'); const t0 = performance.now(); let started = false;
      const w = new MutationObserver(() => { if (app.dataset.state === 'running') started = true; if (started && app.dataset.state === 'done') { w.disconnect(); resolve((performance.now() - t0) / 1000); } });
      w.observe(app, { attributes: true, attributeFilter: ['data-state'] }); location.hash = h;
    }), `#preset=paper&reps=1000&seed=${i + 1}&run=1`));
  }
  res[k].push(Math.min(...ts));
  await ctx.close();
}
const med = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
for (const k of ['before', 'after']) console.log(k, 'warm best-of-3 per page:', res[k].map((x) => x.toFixed(3)).join(' '), 'median', med(res[k]).toFixed(3));
await browser.close(); for (const k in sites) sites[k].s.server.close();
