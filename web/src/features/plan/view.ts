// The Plan view: the form, a run on the engine workers, the result tables,
// charts, solvers, calculator, exports and embedding. The grid's work, its
// cells, the analytic values (link.ts), the paper's flags and the
// warnings on the answer all come from the core.
import type * as Comlink from 'comlink';
import type { PlanApi, SimulationApi } from './worker';
import { modelInfo, type ModelName } from '../../runtime/registry';
import { describeEngines, markStage, orFailure, runThreads } from '../../runtime/engines';
import { startRun, type RunCallbacks, type RunHandle, type RunProgress } from './run';
import type { CellResult, PaperCheck, TestName } from '../../generated/boundary';
import type { View, ViewContext } from '../../runtime/view';
import { fmt, h } from '../../ui/dom';
import { holdCharts } from '../../ui/uplot';
import { createCalculator } from './calculator';
import { createCharts } from './charts';
import { planCost, recordThroughput } from './cost';
import { createEmbedDialog } from './embed';
import { exportRun, type ExportInput, type ExportKind } from './export';
import { analyticByCell, analyticFor, analyticKey, curveNs, dropPrimedRun, takeRun, workFor } from './link';
import { formatHash, parseHash, resultsLink } from './hash';
import { createPlanForm } from './form';
import { createResults } from './power-tables';
import { FIELD_NAMES, cellId, type PlanSpec } from './spec';

export { primeLink } from './link';


/** The page's share of a frame for adding finished cells to the tables (ms); the rest waits for the next frame. */
const FRAME_BUDGET_MS = 8;

/** How often a run's progress and finished cells reach the screen (ms). Each update
 *  lays out and paints the page, CPU the compute threads need on a small machine;
 *  updating every frame would take a large share of a short run's time. */
const UPDATE_INTERVAL_MS = 250;

export function createPlanView(ctx: ViewContext<SimulationApi, PlanApi>): View {
  let current: RunHandle | null = null;
  let lastExport: ExportInput | null = null;
  // Cancel may come before the Monte Carlo units start (the analytic answers, the engine's start): the run stops at its next step.
  let stopAsked = false;
  /** Settles when the run going (if any) ends. */
  let runDone = Promise.resolve();
  let endRun = () => {};
  const form = createPlanForm(() => void run(), () => {
    stopAsked = true;
    current?.cancel();
  });
  const progressBar = h('progress', { max: 1, value: 0, 'aria-label': 'Cells done' });
  const progressText = h('span', { class: 'progress-text', 'data-testid': 'progress', 'aria-live': 'polite' });
  // The grid embed shows its power tables under the answer; the page folds them away.
  const embed = new URLSearchParams(location.search).get('embed');
  const results = createResults({ tablesOpen: embed !== null && embed !== 'calculator' });
  const charts = createCharts();
  const calculator = createCalculator(() => ctx.engines()?.plan ?? null);
  const exportButtons = h('div', { class: 'exports', hidden: true },
    ...(['Markdown', 'CSV', 'JSON'] as const).flatMap((kind) => [
      h('button', { type: 'button', 'data-testid': `copy-${kind.toLowerCase()}`, onclick: () => void copy(kind) }, `Copy ${kind}`),
      h('button', { type: 'button', 'data-testid': `download-${kind.toLowerCase()}`, onclick: () => void download(kind) }, `Download ${kind}`),
    ]),
    h('button', { type: 'button', 'data-testid': 'copy-link',
      onclick: () => void navigator.clipboard?.writeText(lastExport ? resultsLink(location.href, lastExport.spec) : location.href) }, 'Copy link'));
  const embedDialog = createEmbedDialog(() => location.hash || formatHash(form.read() ?? parseHash('').spec));
  exportButtons.append(embedDialog.button);
  // The answer first: the plain-language summary with the smallest-N and MDE
  // tables, beside the quick calculator; the grid's settings, the detailed
  // power tables and the charts follow.
  const element = h('section', { id: 'plan', 'aria-labelledby': 'plan-title' },
    h('h2', { id: 'plan-title' }, 'Plan: how many queries do you need?'),
    h('div', { class: 'plan-top' },
      h('div', { class: 'answer-column' }, results.answer),
      calculator.element),
    h('h3', { class: 'grid-title' }, 'The grid: power of paired tests by Monte Carlo'),
    form.element,
    h('div', { class: 'progress' }, progressBar, ' ', progressText),
    exportButtons,
    results.element,
    charts.element);

  async function exportText(kind: ExportKind): Promise<string> {
    const x = lastExport;
    const engines = ctx.engines();
    if (!x || !engines) return '';
    return exportRun(engines.plan, x, runThreads(engines), kind);
  }

  async function copy(kind: ExportKind) {
    try {
      await navigator.clipboard.writeText(await exportText(kind));
    } catch {
      ctx.showError('The browser refused clipboard access; use Download instead.');
    }
  }

  async function download(kind: ExportKind) {
    const ext = kind === 'CSV' ? 'csv' : kind === 'JSON' ? 'json' : 'md';
    const blob = new Blob([await exportText(kind)], { type: kind === 'JSON' ? 'application/json' : 'text/plain' });
    const a = h('a', { href: URL.createObjectURL(blob), download: `pairpower-plan.${ext}` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  let pilot: number[] | null = null;
  /** The settings the answer on show is for, and how many pilots have come (a new one makes it stale, though the form reads the same). */
  let answered = '';
  let pilots = 0;
  const answerKey = (spec: PlanSpec) => JSON.stringify([spec, pilots]);
  let running = false;
  /** Counts what took the tables (a run or a preview): late answers of an older one are dropped. */
  let shown = 0;
  /** A run's Monte Carlo values are on show: the form's edits no longer replace them with a preview. */
  let ran = false;
  async function run() {
    const read = form.read();
    // The pilot's data travel with the spec to the engines, never into the link.
    const spec = read && read.models.some((m) => modelInfo(m).param === 'pilot') && pilot ? { ...read, pilot } : read;
    const engines = ctx.engines();
    if (running) return;
    if (!spec || !engines) return dropPrimedRun();
    markStage('run');
    answered = answerKey(read!);
    results.setStale(null);
    running = true;
    runDone = new Promise<void>((resolve) => (endRun = resolve));
    stopAsked = false;
    progressBar.value = 0;
    progressText.textContent = '';
    ctx.showError(null);
    const { app } = ctx;
    app.removeAttribute('data-limit');
    app.removeAttribute('data-outcome');
    ctx.setState('running');
    form.setRunning(true);
    exportButtons.hidden = true;
    // The tables, empty (a table per task); the analytic values and the answer as
    // soon as the Plan engine is up (a click while the engine loads waits, shown).
    const shownAt = ++shown;
    const tablesBuilt = results.start(spec);
    const remote = engines.plan;
    const ns = curveNs(spec);
    let analytic = new Map<string, number>();
    const lookup = (model: ModelName, n: number, delta: number, rho: number, test: TestName) => analytic.get(analyticKey(model, n, delta, rho, test));
    const cells = new Map<string, CellResult>();
    // A wait on the engine's start says so when it is not over at once.
    const starting = async (ready: Promise<void>, notice: string) => {
      const timer = window.setTimeout(() => (progressText.textContent = notice), 50);
      try {
        await orFailure(engines, ready);
      } finally {
        clearTimeout(timer);
      }
      progressText.textContent = '';
    };
    // 1. Analytic power for every cell of the grid, then the answer (smallest N,
    // MDE), asked at once too: the worker takes the questions while its module
    // loads, and the page's thread, busy on a first open, is not waited for in
    // between. Monte Carlo cells reach the tables only once the analytic values
    // and every table are there (`release` then shows those that wait).
    let analyticShown = false;
    let tablesReady = false;
    let release = () => {};
    const first = orFailure(engines, answerAnalytically(spec, remote, shownAt, () => {
      analyticShown = true;
      release();
    }));
    first.catch(() => undefined);  // awaited below; a failure ends the run there
    // The run's units, asked next of the same engine (the core plans them in a few ms).
    const planned = workFor(spec, engines);
    planned.catch(() => undefined);  // awaited below; a failure ends the run there
    // A shared link's run may be under way already (link.ts primeLink).
    const held = takeRun(spec, engines);
    const dropHeld = () => void held.then((r) => r?.handle.cancel());
    void tablesBuilt.then(() => {
      tablesReady = true;
      release();
    });
    try {
      await starting(engines.planReady, 'Starting the engine…');
      const work = await planned;
      /** Ends the run before its Monte Carlo units: the analytic values stay. */
      const stoppedBefore = async () => {
        dropHeld();
        await first;
        results.summary('Cancelled before the Monte Carlo run: the analytic values are shown.');
        app.setAttribute('data-outcome', 'cancelled');
        ctx.setState('done');
      };
      if (stopAsked) return await stoppedBefore();
      // 2. The Monte Carlo run: estimate its cost first — ask above ~20 s on
      // this device, refuse above 10 min (the registry's limits), with the
      // analytic values on show when it asks.
      const cost = planCost(spec, work.pairs, runThreads(engines));
      if (cost.kind !== 'run') await first;
      if (cost.kind === 'refuse' || (cost.kind === 'confirm' && !window.confirm(cost.message))) {
        dropHeld();
        ctx.setState('idle');
        if (cost.kind === 'refuse') ctx.showError(cost.message, { focus: true });
        app.setAttribute('data-limit', cost.kind === 'refuse' ? 'refused' : 'declined');
        results.summary('The Monte Carlo run was not started: the analytic values are shown.');
        return;
      }
      history.replaceState(null, '', formatHash(spec));
      if (stopAsked) return await stoppedBefore();
      // The units go out now: a simulating worker still loading takes them once
      // its module is ready, without waiting for the page's thread in between.
      void starting(engines.ready, 'Starting the simulation engine…').catch(() => undefined);
      // Page updates are batched into animation frames and sized by time, not
      // count: on a small machine every repaint during a run takes CPU from the
      // compute threads, and no frame's work may block the page for long.
      let pendingCells: CellResult[] = [];
      let pendingProgress: RunProgress | null = null;
      let frame = 0;
      let timer = 0;
      let lastUpdate = -Infinity;
      const flush = (budgetMs = Infinity) => {
        frame = 0;
        const t0 = (lastUpdate = performance.now());
        // Monte Carlo cells wait for the analytic values and for every table.
        const open = analyticShown && tablesReady;
        while (open && pendingCells.length && performance.now() - t0 < budgetMs) results.addCells(pendingCells.splice(0, 8));
        // Cells left over go in the next frame.
        if (open && pendingCells.length) frame = requestAnimationFrame(() => flush(FRAME_BUDGET_MS));
        const p = pendingProgress;
        if (p) {
          progressBar.max = p.cellsTotal;
          progressBar.value = p.cellsDone;
          progressText.textContent = `${p.cellsDone} / ${p.cellsTotal} cells · ${fmt.seconds(p.elapsedS)}` +
            (p.cellsDone < p.cellsTotal && Number.isFinite(p.etaS) ? ` · about ${fmt.seconds(p.etaS)} left` : '');
        }
      };
      const schedule = () => {
        if (frame || timer) return;
        timer = window.setTimeout(() => {
          timer = 0;
          frame = requestAnimationFrame(() => flush(FRAME_BUDGET_MS));
        }, Math.max(0, lastUpdate + UPDATE_INTERVAL_MS - performance.now()));
      };
      release = schedule;
      ran = true;
      const callbacks: RunCallbacks = {
        onCells(done) {
          for (const c of done) cells.set(cellId(c), c);
          pendingCells.push(...done);
          schedule();
        },
        onProgress(p) {
          pendingProgress = p;
          schedule();
        },
      };
      const early = await held;
      if (early) {
        current = early.handle;
        early.attach(callbacks);
      } else {
        markStage('monte-carlo-start');
        current = startRun(spec, work, engines, callbacks);
      }
      // A simulating engine that fails to load ends the run with its reason.
      holdCharts(current.done);
      const outcome = await Promise.race([current.done, orFailure(engines, engines.ready).then(() => new Promise<never>(() => {}))]);
      const firstAnswer = await first;
      analytic = firstAnswer.analytic;
      await tablesBuilt;
      // What the run concludes, from the core: the paper's printed values beside ours (where they apply),
      // flagged by its rule, asked before the last cells go in so that the tables change once; the Monte
      // Carlo answer of a complete run (a cancelled one lacks cells, so its smallest N could be wrong); warnings.
      const finished = await remote.finishRun(spec, outcome.cells.map((c) => ({ ...c, analytic: firstAnswer.byCell.get(cellId(c)) })), !outcome.cancelled);
      markStage('run-finished');
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      flush();
      results.setPaperChecks(new Map(outcome.cells.flatMap((c, i): [string, PaperCheck][] => (finished.checks[i] ? [[cellId(c), finished.checks[i]!]] : []))));
      results.summary(
        `${outcome.cancelled ? 'Cancelled: ' : ''}${outcome.cells.length / spec.tests.length} cells × ${spec.tests.length} tests, ` +
          `${fmt.int(finished.pairs)} simulated pairs in ${fmt.seconds(outcome.elapsedS)} — ${describeEngines(engines)}; seed ${spec.seed}.`,
      );
      // The answer first: the Monte Carlo answer of every model run, at the top, focused and announced.
      if (!outcome.cancelled && shownAt === shown) {
        results.setWarnings(finished.warnings);
        results.showAnswer(results.setMonteCarlo(spec, finished.answers));
      }
      if (!outcome.cancelled) recordThroughput(work.pairs, outcome.elapsedS);
      lastExport = { spec, cells: outcome.cells, engine: describeEngines(engines), elapsedS: outcome.elapsedS };
      exportButtons.hidden = false;
      app.setAttribute('data-outcome', outcome.cancelled ? 'cancelled' : 'complete');
      app.setAttribute('data-elapsed-s', String(outcome.elapsedS));
      ctx.setState('done');
      // The charts after every result: their analytic curves need 40 more N, and
      // they draw themselves a plot per animation frame; the run waits for
      // neither (a hidden tab gets no frames).
      void analyticFor(spec, remote, ns.filter((n) => !spec.n.includes(n)))
        .then((curves) => {
          if (shownAt === shown) analytic = new Map([...analytic, ...curves]);
        }, () => undefined)
        .then(() => (shownAt === shown ? charts.update(spec, cells, ns, lookup) : undefined));
    } catch (e) {
      const died = ctx.engines()?.dead ?? false;
      current?.cancel();
      dropHeld();
      ctx.showError(`The run failed: ${(e as Error).message ?? e}. Your settings are kept${died ? '; the engine has been restarted' : ''}: press Run to try again.`, { focus: true });
      ctx.setState('error');
      if (died) await ctx.restartEngines().catch((err) => ctx.showError(`The engine could not restart: ${(err as Error).message}. Reload the page.`));
    } finally {
      current = null;
      running = false;
      endRun();
      form.setRunning(false);
    }
  }

  /** Analytic power for the grid's cells and the solvers' answer, shown unless a newer run or preview took the tables (`at`). */
  async function answerAnalytically(spec: PlanSpec, remote: Comlink.Remote<PlanApi>, at: number, onShown = () => {}) {
    const analytic = await analyticFor(spec, remote, spec.n);
    const byCell = analyticByCell(spec, analytic);
    // The answer (smallest N, MDE) is asked while the tables fill, a table per frame.
    const solved = solve(spec, remote, at);
    solved.catch(() => undefined);  // awaited below
    if (at === shown) await results.setAnalytic(byCell);
    markStage('analytic-shown');
    onShown();
    await solved;
    // What qualifies the answer so far (plan_warnings of the spec alone); a finished run asks again with its cells.
    const { warnings } = await remote.finishRun(spec, [], false);
    if (at === shown) results.setWarnings(warnings);
    return { analytic, byCell };
  }

  // Before any run, the tables show the form's grid with its analytic values and
  // the answer; they follow the form as it changes (the Monte Carlo cells wait for Run).
  let previewTimer = 0;
  function preview() {
    clearTimeout(previewTimer);
    previewTimer = window.setTimeout(async () => {
      const spec = form.read();
      const engines = ctx.engines();
      if (!spec || !engines || running) return;
      // After a run, or with the pilot model (whose answer needs a run), the form's edits wait for Run: the answer says so.
      if (ran || spec.models.some((m) => modelInfo(m).param === 'pilot'))
        return results.setStale(!answered || answerKey(spec) === answered ? null : 'The answer below is for the grid as it last ran or was previewed, not for the settings as they now stand: press Run for theirs.');
      answered = answerKey(spec);
      results.setStale(null);
      const at = ++shown;
      void results.start(spec);
      results.summary('Analytic values and the answer for this grid; press Run for the Monte Carlo values.');
      try {
        await orFailure(engines, engines.planReady);
        if (at === shown) await orFailure(engines, answerAnalytically(spec, engines.plan, at));
      } catch {
        // The form names bad values, and a run reports engine failures.
      }
    }, 150);
  }
  form.onChange(preview);

  /** The answer, the core's (plan_answer): the grid's first model, the tests its closed form answers, the smallest N and the MDE. */
  async function solve(spec: PlanSpec, remote: Comlink.Remote<PlanApi>, at: number) {
    const a = await remote.planAnswer(spec);
    if (at !== shown) return;
    results.setSolvers(a.minRows, a.mdeRows, spec.power, { title: modelInfo(a.model).title, offered: a.offered, exact: a.exact, anyRho: a.anyRho });
    markStage('answer-shown');
  }

  return {
    id: 'plan',
    label: 'Plan',
    element,
    errorSlot: exportButtons,
    extras: [embedDialog.dialog],
    applyHash(params, hash) {
      // Only a hash that names plan parameters rewrites the form (switching views keeps it).
      const planKeys = params.has('preset') || FIELD_NAMES.some((k) => params.has(k));
      const state = parseHash(hash);
      if (planKeys || !form.read()) form.write(state.spec);
      // A link that sets the grid without running it: previewed, or the answer marked as not for it.
      if (planKeys && !state.run) preview();
      if (state.problems.length) ctx.showError(`Some link parameters were ignored: ${state.problems.join('; ')}`);
      return state.run;
    },
    ready() {
      // A link's run first: the calculator's tables and chart would take its cores.
      if (running) calculator.refreshAfter(runDone);
      else calculator.refresh();
      preview();
    },
    run,
    busy: () => running,
    receive(x) {
      if (x.kind === 'calculator') return calculator.adopt(x);
      if (x.kind !== 'pilot') return;
      pilot = x.differences;
      pilots++;
      form.setPilot(x.label);
      const model = element.querySelector<HTMLElement>('#field-model');  // the hand-over's result: the model, now the pilot's
      model?.scrollIntoView({ block: 'center' });
      model?.focus({ preventScroll: true });
    },
  };
}
