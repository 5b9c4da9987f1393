import { launch, serve } from './browser.mjs';
const browser = await launch();
const { server, url } = await serve(true);
const page = await browser.newPage();
for (const seed of [1, 2]) {
  const hash = `#preset=paper&reps=1000&seed=${seed}&run=1`;
  if (seed === 1) await page.goto(url + hash); else await page.evaluate((h) => { globalThis.__units = []; location.hash = h; }, hash);
  await page.waitForFunction((s) => document.getElementById('app').dataset.state === 'done' && location.hash.includes(`seed=${s}&`), seed, { timeout: 300000 });
  const u = await page.evaluate(() => globalThis.__units);
  const last = Math.max(...u.map((x) => x[1]));
  const busy = u.reduce((s, x) => s + (x[1] - x[0]), 0);
  console.log('elapsed', await page.getAttribute('#app', 'data-elapsed-s'), 'last unit at', (last / 1000).toFixed(3), 'units', u.length, 'sum of unit latencies', (busy / 1000).toFixed(3));
  console.log('first units', u.slice(0, 6).map((x) => x.map((y) => Math.round(y)).join('/')).join('  '));
  console.log('last units', u.slice(-4).map((x) => x.map((y) => Math.round(y)).join('/')).join('  '));
}
await browser.close(); server.close();
