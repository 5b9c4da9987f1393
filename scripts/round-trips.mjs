// How many messages each job sends between the page and its workers, and how many
// page-thread tasks they cost: every page→worker post (Worker and MessagePort) and
// every worker→page message event is counted, with the Long Tasks API's tasks over 50 ms.
// Counts, not times: they do not depend on the machine's load.
// Usage: node scripts/round-trips.mjs   (needs `npm run build` first); bench-web.mjs prints the same table.
import { readdirSync } from 'node:fs';
import { launch, root, serve } from '../tests/browser/browser.mjs';

const COUNTER = () => {
  const rt = (window.__rt = { toWorker: 0, fromWorker: 0, workers: 0, long: 0 });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...a) { rt.toWorker++; return post.apply(this, a); };
  const portPost = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...a) { rt.toWorker++; return portPost.apply(this, a); };
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...a) {
      super(...a);
      rt.workers++;
      this.addEventListener('message', () => rt.fromWorker++);
    }
  };
  new PerformanceObserver((l) => (rt.long += l.getEntries().length)).observe({ type: 'longtask', buffered: true });
};
const reset = (page) => page.evaluate(() => Object.assign(window.__rt, { toWorker: 0, fromWorker: 0, workers: 0, long: 0 }));
const read = (page) => page.evaluate(() => ({ ...window.__rt }));

async function waitView(page, id, before) {
  await page.waitForFunction(([v, b]) => {
    const el = document.getElementById(v);
    return Number(el.dataset.runs ?? 0) > b && ['done', 'error'].includes(el.dataset.state);
  }, [id, before], { timeout: 600_000 });
}
const runsOf = async (page, id) => Number((await page.getAttribute(`#${id}`, 'data-runs')) ?? 0);

async function planRun(browser, url, hash) {
  const page = await browser.newPage();
  await page.addInitScript(COUNTER);
  await page.goto(`${url}${hash}&run=1`);
  await page.waitForSelector('#app[data-state="done"]', { timeout: 600_000 });
  const cold = await read(page);
  await page.waitForTimeout(1000);
  await reset(page);
  const seed = hash.replace(/seed=\d+/, 'seed=99');
  await page.evaluate((h) => (location.hash = h), `${seed}&run=1`);
  await page.waitForFunction(() => document.getElementById('app').dataset.state === 'running', null, { timeout: 60_000 }).catch(() => {});
  await page.waitForSelector('#app[data-state="done"]', { timeout: 600_000 });
  const warm = await read(page);
  await page.close();
  return { cold, warm };
}

export async function roundTrips() {
  const browser = await launch();
  const { server, url } = await serve(true);
  const rows = [];
  for (const [name, hash] of [['Plan, quick preset', '#preset=quick&seed=1'], ['Plan, paper preset, R = 1000', '#preset=paper&reps=1000&seed=1']]) {
    const { cold, warm } = await planRun(browser, url, hash);
    rows.push([`${name}: a shared link's first open (engines start)`, cold], [`${name}: the next run`, warm]);
  }
  const page = await browser.newPage();
  await page.addInitScript(COUNTER);
  await page.goto(`${url}#view=analyze`);
  await page.waitForSelector('#app[data-state="idle"]');
  const te = `${root}tests/fixtures/real/trec_eval/`;
  await page.setInputFiles('#file-a', `${te}te908.q.org_manual_bm25.txt`);
  await page.setInputFiles('#file-b', `${te}te908.q.org_manual_ance_bert.txt`);
  await page.waitForFunction(() => document.querySelectorAll('#an-measure option').length > 1);
  await page.selectOption('#an-measure', 'map');
  await reset(page);
  let before = await runsOf(page, 'analyze');
  await page.click('[data-testid="analyze"]');
  await waitView(page, 'analyze', before);
  rows.push(['Analyze: two trec_eval files (map, 100,000 sign flips)', await read(page)]);

  await page.evaluate(() => (location.hash = '#view=leaderboard'));
  await page.waitForSelector('[data-testid="files-leaderboard"]');
  const robust = `${root}tests/fixtures/real/robust03/`;
  const files = readdirSync(robust).filter((f) => f.endsWith('.txt')).map((f) => robust + f);
  await page.setInputFiles('[data-testid="files-leaderboard"]', files);
  await page.waitForFunction((n) => document.querySelector('[data-testid="files-loaded"]')?.textContent?.startsWith(`${n} files`), files.length);
  await reset(page);
  before = await runsOf(page, 'leaderboard');
  await page.click('[data-testid="rank"]');
  await waitView(page, 'leaderboard', before);
  rows.push([`Leaderboard: ${files.length} Robust 2003 runs`, await read(page)]);
  await reset(page);
  before = await runsOf(page, 'analyze');
  await page.click('[data-testid="pair-matrix"] [data-testid="open-pair"]');
  await waitView(page, 'analyze', before);
  rows.push(['Leaderboard → Analyze: one pair opened', await read(page)]);
  await browser.close();
  server.close();
  return rows;
}

export function printRoundTrips(rows) {
  console.log('| job | workers started | page → worker posts | worker → page messages (page-thread tasks) | tasks over 50 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.workers} | ${r.toWorker} | ${r.fromWorker} | ${r.long} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`== round trips per job, ${new Date().toISOString().slice(0, 16)}Z`);
  printRoundTrips(await roundTrips());
  process.exit(0);
}
