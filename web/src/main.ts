// pairpower's page: the Plan view. All computation runs in Web Workers.
import type * as Comlink from 'comlink';
import './styles.css';
import type { EngineApi } from './engine/engine.worker';
import { toCsv, toJson, toMarkdown, type ExportInput } from './engine/export';
import { formatHash, parseHash } from './engine/hash';
import { FIELD_NAMES } from './engine/plan';
import { cellId, sdOfDifferences, type CellResult, type PlanSpec } from './engine/plan';
import { createEngines, describeEngines, orFailure, shutdown, startRun, type Engines, type RunHandle, type RunProgress } from './engine/scheduler';
import { planCost, planPairs, recordThroughput } from './engine/limits';
import type { PaperValue, TestName } from './wasm/pairpower-module';
import { createAnalyzePage } from './ui/analyze-page';
import { createCalculator } from './ui/calculator';
import { createEmbedDialog } from './ui/embed';
import { createCharts } from './ui/charts';
import { fmt, h } from './ui/dom';
import { createPlanForm } from './ui/plan-form';
import { createResults, type MdeRow, type SolverRow } from './ui/results';

const app = document.getElementById('app') as HTMLElement;
const setState = (s: string) => app.setAttribute('data-state', s);

let engines: Engines | null = null;
let paper: PaperValue[] = [];
let current: RunHandle | null = null;
let lastExport: ExportInput | null = null;

const errorPanel = h('div', { class: 'error-panel', 'data-testid': 'error', role: 'alert', hidden: true });
function showError(msg: string | null) {
  errorPanel.hidden = msg === null;
  errorPanel.textContent = msg ?? '';
}

const engineInfo = h('p', { class: 'engine-info', 'data-testid': 'engine-info' }, 'Loading the engine…');
const form = createPlanForm(run, () => current?.cancel());
const progressBar = h('progress', { max: 1, value: 0, 'aria-label': 'Cells done' });
const progressText = h('span', { class: 'progress-text', 'data-testid': 'progress', 'aria-live': 'polite' });
const results = createResults();
const charts = createCharts();
const calculator = createCalculator(() => engines?.analysis ?? null);
const exportButtons = h('div', { class: 'exports', hidden: true },
  ...(['Markdown', 'CSV', 'JSON'] as const).flatMap((kind) => [
    h('button', { type: 'button', 'data-testid': `copy-${kind.toLowerCase()}`, onclick: () => copy(kind) }, `Copy ${kind}`),
    h('button', { type: 'button', 'data-testid': `download-${kind.toLowerCase()}`, onclick: () => download(kind) }, `Download ${kind}`),
  ]),
  h('button', { type: 'button', 'data-testid': 'copy-link', onclick: () => void navigator.clipboard?.writeText(location.href) }, 'Copy link'));

const planSection = h('section', { id: 'plan', 'aria-labelledby': 'plan-title' },
  h('h2', { id: 'plan-title' }, 'Plan: power of paired tests by Monte Carlo'),
  form.element,
  h('div', { class: 'progress' }, progressBar, ' ', progressText),
  errorPanel,
  exportButtons,
  results.element,
  charts.element,
  calculator.element);
const analyze = createAnalyzePage(callAnalysis, showError, h('div', { class: 'error-slot' }));
const embed = createEmbedDialog(() => location.hash || formatHash(form.read() ?? parseHash('').spec));
exportButtons.append(embed.button);
const navPlan = h('a', { href: '#view=plan' }, 'Plan');
const navAnalyze = h('a', { href: '#view=analyze' }, 'Analyze');

app.replaceChildren(
  h('header', {},
    h('h1', {}, 'pairpower'),
    h('p', { class: 'tagline' }, 'How many test queries do you need — and is system B really better than A?'),
    h('nav', { 'aria-label': 'Views' }, navPlan, ' ', navAnalyze),
    engineInfo),
  planSection,
  analyze.element,
  h('footer', {}, 'Everything runs in this page; nothing you enter leaves it. ', h('a', { href: './', target: '_blank', rel: 'noopener', class: 'full-link' }, 'Open pairpower in full')),
  embed.dialog,
);

// ?embed: a compact layout for an iframe — the calculator alone (?embed=calculator)
// or the grid given in the hash, without the page's chrome.
const embedMode = new URLSearchParams(location.search).get('embed');
if (embedMode !== null) {
  app.classList.add('embed');
  app.setAttribute('data-embed', embedMode === 'calculator' ? 'calculator' : 'grid');
}

type View = 'plan' | 'analyze';
function showView(view: View) {
  planSection.hidden = view !== 'plan';
  analyze.element.hidden = view !== 'analyze';
  navPlan.toggleAttribute('aria-current', view === 'plan');
  navAnalyze.toggleAttribute('aria-current', view === 'analyze');
  if (view === 'plan') navPlan.setAttribute('aria-current', 'page');
  else navAnalyze.setAttribute('aria-current', 'page');
  // One error panel, always inside the visible view.
  const slot = view === 'plan' ? exportButtons : analyze.element.querySelector('.error-slot');
  slot?.before(errorPanel);
  showError(null);
  app.setAttribute('data-view', view);
}

function exportText(kind: 'Markdown' | 'CSV' | 'JSON'): string {
  if (!lastExport) return '';
  return kind === 'CSV' ? toCsv(lastExport) : kind === 'JSON' ? toJson(lastExport) : toMarkdown(lastExport);
}

async function copy(kind: 'Markdown' | 'CSV' | 'JSON') {
  try {
    await navigator.clipboard.writeText(exportText(kind));
  } catch {
    showError('The browser refused clipboard access; use Download instead.');
  }
}

function download(kind: 'Markdown' | 'CSV' | 'JSON') {
  const ext = kind === 'CSV' ? 'csv' : kind === 'JSON' ? 'json' : 'md';
  const blob = new Blob([exportText(kind)], { type: kind === 'JSON' ? 'application/json' : 'text/plain' });
  const a = h('a', { href: URL.createObjectURL(blob), download: `pairpower-plan.${ext}` });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Log-spaced N for the analytic curves, spanning the grid. */
function curveNs(spec: PlanSpec): number[] {
  const lo = Math.max(2, Math.min(...spec.n) / 2), hi = Math.max(...spec.n) * 1.5;
  const out: number[] = [];
  for (let i = 0; i <= 40; i++) out.push(Math.round(lo * (hi / lo) ** (i / 40)));
  return [...new Set(out)];
}

async function analyticFor(spec: PlanSpec, remote: Comlink.Remote<EngineApi>, ns: number[]) {
  const queries = [];
  for (const n of ns) for (const delta of spec.delta) for (const rho of spec.rho) queries.push({ n, delta, sdDiff: sdOfDifferences(spec.sd, rho), alpha: spec.alpha });
  const answers = await remote.analyticPowers(queries);
  const byKey = new Map<string, number>();
  queries.forEach((q, i) => {
    const rho = spec.rho[i % spec.rho.length];
    for (const test of ['t', 'wilcoxon', 'sign'] as TestName[]) byKey.set(`${q.n}|${q.delta}|${rho}|${test}`, answers[i][test]);
  });
  return byKey;
}

let wasmBase = '';
let forcePool = false;

/** Replaces engines whose worker died, so the user can go on without a reload. */
async function restartEngines(): Promise<void> {
  if (engines) shutdown(engines);
  engines = null;
  engines = await createEngines(wasmBase, forcePool);
  app.setAttribute('data-engine', engines.mode);
}

/** Calls the analysis worker; if it dies meanwhile, says so and restarts the engines. */
async function callAnalysis<T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>): Promise<T> {
  if (!engines) throw new Error('the engine is still loading');
  const e = engines;
  try {
    return await orFailure(e, f(e.analysis));
  } catch (err) {
    if (e.dead) {
      await restartEngines();
      throw new Error(`${(err as Error).message}. The engine has been restarted and your data kept: press Analyze again.`);
    }
    throw err;
  }
}

async function run() {
  const spec = form.read();
  if (!spec || !engines || current) return;
  showError(null);
  // Estimate the cost first: ask above ~20 s on this device, refuse above 10 min.
  const cost = planCost(spec, engines.mode === 'threads' ? engines.threads : engines.remotes.length);
  app.removeAttribute('data-limit');
  if (cost.kind === 'refuse') {
    showError(cost.message);
    app.setAttribute('data-limit', 'refused');
    return;
  }
  if (cost.kind === 'confirm' && !window.confirm(cost.message)) {
    app.setAttribute('data-limit', 'declined');
    return;
  }
  history.replaceState(null, '', formatHash(spec));
  setState('running');
  form.setRunning(true);
  exportButtons.hidden = true;
  results.start(spec, paper);
  const cells = new Map<string, CellResult>();
  const remote = engines.analysis;
  const ns = curveNs(spec);
  let analytic = new Map<string, number>();
  const lookup = (n: number, delta: number, rho: number, test: TestName) => analytic.get(`${n}|${delta}|${rho}|${test}`);
  const analyticByCell = () => {
    const m = new Map<string, number>();
    for (const model of spec.models) for (const n of spec.n) for (const delta of spec.delta) for (const rho of spec.rho) for (const test of spec.tests) {
      const a = lookup(n, delta, rho, test);
      if (a !== undefined) m.set(cellId({ model, n, delta, rho, test }), a);
    }
    return m;
  };
  // Page updates are batched into animation frames: on a small machine every
  // repaint during a run takes CPU from the compute threads. The charts are
  // drawn once the cells are in.
  let pendingCells: CellResult[] = [];
  let pendingProgress: RunProgress | null = null;
  let frame = 0;
  const flush = () => {
    frame = 0;
    if (pendingCells.length) results.addCells(pendingCells.splice(0));
    const p = pendingProgress;
    if (p) {
      progressBar.max = p.cellsTotal;
      progressBar.value = p.cellsDone;
      progressText.textContent = `${p.cellsDone} / ${p.cellsTotal} cells · ${fmt.seconds(p.elapsedS)}` +
        (p.cellsDone < p.cellsTotal && Number.isFinite(p.etaS) ? ` · about ${fmt.seconds(p.etaS)} left` : '');
    }
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(flush);
  };
  try {
    current = startRun(spec, engines, {
      onCells(done) {
        for (const c of done) cells.set(cellId(c), c);
        pendingCells.push(...done);
        schedule();
      },
      onProgress(p) {
        pendingProgress = p;
        schedule();
      },
    });
    // Analytic values and the solvers, computed beside the simulation.
    const side = (async () => {
      analytic = await analyticFor(spec, remote, [...new Set([...spec.n, ...ns])]);
      results.setAnalytic(analyticByCell());
      const deltas = spec.delta.filter((d) => d !== 0);
      const minQ = deltas.flatMap((delta) => spec.rho.map((rho) => ({ delta, rho })));
      const mdeQ = spec.n.flatMap((n) => spec.rho.map((rho) => ({ n, rho })));
      const minA = await remote.minSampleSizes(minQ.map((q) => ({ delta: q.delta, sdDiff: sdOfDifferences(spec.sd, q.rho), alpha: spec.alpha, power: spec.power })));
      const mdeA = await remote.minDetectableEffects(mdeQ.map((q) => ({ n: q.n, sdDiff: sdOfDifferences(spec.sd, q.rho), alpha: spec.alpha, power: spec.power })));
      const minRows: SolverRow[] = minQ.map((q, i) => ({ ...q, t: minA[i].t?.n ?? null, wilcoxon: minA[i].wilcoxon?.n ?? null }));
      const mdeRows: MdeRow[] = mdeQ.map((q, i) => ({ ...q, t: mdeA[i].t?.delta ?? null, wilcoxon: mdeA[i].wilcoxon?.delta ?? null }));
      results.setSolvers(minRows, mdeRows, spec.power);
    })();
    const outcome = await current.done;
    await side;
    cancelAnimationFrame(frame);
    flush();
    charts.update(spec, cells, ns, lookup);
    const pairs = outcome.cells.reduce((s, c) => s + (c.test === spec.tests[0] ? c.n * c.reps : 0), 0);
    results.summary(
      `${outcome.cancelled ? 'Cancelled: ' : ''}${outcome.cells.length / spec.tests.length} cells × ${spec.tests.length} tests, ` +
        `${fmt.int(pairs)} simulated pairs in ${fmt.seconds(outcome.elapsedS)} — ${describeEngines(engines)}; seed ${spec.seed}.`,
    );
    if (!outcome.cancelled) recordThroughput(planPairs(spec), outcome.elapsedS);
    lastExport = { spec, cells: outcome.cells, analytic: analyticByCell(), paper, engine: describeEngines(engines), elapsedS: outcome.elapsedS };
    exportButtons.hidden = false;
    app.setAttribute('data-outcome', outcome.cancelled ? 'cancelled' : 'complete');
    app.setAttribute('data-elapsed-s', String(outcome.elapsedS));
    setState('done');
  } catch (e) {
    const died = engines?.dead ?? false;
    current?.cancel();
    showError(`The run failed: ${(e as Error).message ?? e}. Your settings are kept${died ? '; the engine has been restarted' : ''}: press Run to try again.`);
    setState('error');
    if (died) await restartEngines().catch((err) => showError(`The engine could not restart: ${(err as Error).message}. Reload the page.`));
  } finally {
    current = null;
    form.setRunning(false);
  }
}

function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

function applyHash() {
  const params = hashParams();
  showView(params.get('view') === 'analyze' ? 'analyze' : 'plan');
  // Only a hash that names plan parameters rewrites the form (switching views keeps it).
  const planKeys = params.has('preset') || FIELD_NAMES.some((k) => params.has(k));
  const state = parseHash(location.hash);
  if (planKeys || !form.read()) form.write(state.spec);
  if (state.problems.length) showError(`Some link parameters were ignored: ${state.problems.join('; ')}`);
  return state;
}

function registerServiceWorker() {
  // Offline use and cross-origin isolation on any static host (see web/public/sw.js).
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' }).catch((e) => console.warn('pairpower: no offline support:', e));
}

async function boot() {
  setState('loading');
  registerServiceWorker();
  const state = applyHash();
  try {
    wasmBase = new URL('wasm/', document.baseURI).href;
    forcePool = new URLSearchParams(location.search).has('pool');
    engines = await createEngines(wasmBase, forcePool);
    paper = await engines.analysis.paperPrintedValues();
    engineInfo.textContent = `Engine: ${describeEngines(engines)}.`;
    app.setAttribute('data-engine', engines.mode);
  } catch (e) {
    showError(`The engine could not start: ${(e as Error).message ?? e}`);
    setState('error');
    return;
  }
  setState('idle');
  calculator.refresh();
  // ?test-hooks: lets the browser tests crash a worker the way a real failure would.
  if (new URLSearchParams(location.search).has('test-hooks'))
    (window as unknown as { __pairpowerTest: object }).__pairpowerTest = {
      crashWorker: (i: number) => engines?.remotes[i]?.crashForTesting(),
      crashAnalysis: () => engines?.analysis.crashForTesting(),
    };
  window.addEventListener('hashchange', () => {
    if (current) return;
    if (applyHash().run) void run();
  });
  if (state.run) void run();
}

void boot();
