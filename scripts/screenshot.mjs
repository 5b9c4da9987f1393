// Takes docs/img/plan.png, the README's screenshot: the Plan page after a quick run
// at 1366×900, served from dist/ (build it first).
import { launch, serve, root, waitDone } from '../tests/browser/browser.mjs';
const browser = await launch();
const { server, url } = await serve(true);
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(120_000);
  await page.goto(`${url}#preset=quick&reps=500&seed=1&run=1`);
  await waitDone(page);
  await page.evaluate(() => { document.activeElement?.blur?.(); window.scrollTo(0, 0); });
  await page.waitForTimeout(500);  // the page paints its tables four times a second: let the last update land
  await page.screenshot({ path: `${root}docs/img/plan.png` });
} finally {
  await browser.close();
  server.close();
}
