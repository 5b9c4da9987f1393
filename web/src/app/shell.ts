// pairpower's page: a thin shell, built by main.ts once the engines are
// starting. It lays out the views of the registry (app/views.ts), routes
// #view=<id>, restarts engines that died, and keeps one error panel inside the
// visible view. All computation runs in Web Workers.
import type * as Comlink from 'comlink';
import { VIEWS, type AppViewContext } from './views';
import type { ErrorOptions, HandOff, View } from '../runtime/view';
import type { EngineApi } from './engine.worker';
import { EngineStopped, describeEngines, markStage, orFailure, shutdown } from '../runtime/engines';
import { h } from '../ui/dom';
import { earlyEngines, startAppEngines, type AppEngines } from './start-engines';

/** Builds the page and boots it (main.ts calls this once the engines are starting). */
export function startShell(): void {
  const app = document.getElementById('app') as HTMLElement;
  const setState = (s: string) => app.setAttribute('data-state', s);

  // The engines were started by the page's first import (start-engines.ts).
  let engines: AppEngines | null = earlyEngines;

  const errorPanel = h('div', { class: 'error-panel', 'data-testid': 'error', role: 'alert', hidden: true });
  function showError(msg: string | null, o: ErrorOptions = {}) {
    errorPanel.hidden = msg === null;
    errorPanel.textContent = msg ?? '';
    // An action that failed: its message comes into view and takes the focus, as its result would have.
    if (msg !== null && o.focus) {
      errorPanel.tabIndex = -1;
      errorPanel.scrollIntoView({ block: 'nearest' });
      errorPanel.focus({ preventScroll: true });
    }
  }

  let restarting: Promise<void> | null = null;
  const stoppedMessage = (why: string) => `${why}. The engine has been restarted and your data kept: press Analyze again.`;

  /** Replaces engines whose worker died, so the user can go on without a reload. */
  function restartEngines(): Promise<void> {
    restarting ??= (async () => {
      if (engines) shutdown(engines);
      engines = null;
      try {
        const next = startAppEngines();
        await orFailure(next, next.ready);
        engines = next;
        app.setAttribute('data-engine', next.mode);
      } finally {
        restarting = null;
      }
    })();
    return restarting;
  }

  /** Calls the analysis worker; if it dies meanwhile (or died and is being replaced), says so and restarts the engines. */
  async function callAnalysis<T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>): Promise<T> {
    if (!engines && restarting) {
      await restarting;
      throw new EngineStopped(stoppedMessage('a computation worker stopped'));
    }
    if (!engines) throw new Error('the engine is still loading');
    const e = engines;
    try {
      await e.analysisReady;  // a call made while the engine loads waits for it
      return await orFailure(e, f(e.analysis));
    } catch (err) {
      if (e.dead) {
        await restartEngines();
        throw new EngineStopped(stoppedMessage((err as Error).message));
      }
      throw err;
    }
  }

  function open(id: string, handOff: HandOff) {
    const view = viewOf(id);
    history.pushState(null, '', `#view=${id}`);  // a new history entry (Back returns), without a hashchange run
    showView(view);
    view.receive?.(handOff);
  }

  async function callAnalysisParts<T>(f: (remote: Comlink.Remote<EngineApi>, part: number, parts: number) => Promise<T>): Promise<T[]> {
    const e = engines;
    const helpers = e ? await orFailure(e, e.analysisHelpers()) : [];
    const parts = 1 + helpers.length;
    return Promise.all([callAnalysis((r) => f(r, 0, parts)), ...helpers.map((h, i) => callAnalysis(() => f(h, i + 1, parts)))]);
  }

  const ctx: AppViewContext = { app, engines: () => engines, callAnalysis, callAnalysisParts, restartEngines, showError, setState, open };
  const links = new Map(VIEWS.map((v) => [v.id, h('a', { href: `#view=${v.id}` }, v.label)]));
  // A view is built when first shown; the others once a link's answers are in
  // (building all three made the page's first task ~20 % longer).
  const built = new Map<string, View>();
  let planEngineUp = false;
  // The engine in use is a diagnostic, not the page's first line: it sits in the footer.
  const engineInfo = h('p', { class: 'engine-info', 'data-testid': 'engine-info' }, 'Loading the engine…');
  const footer = h('footer', {},
    h('p', {}, 'Everything runs in this page; nothing you enter leaves it. ', h('a', { href: './', target: '_blank', rel: 'noopener', class: 'full-link' }, 'Open pairpower in full')),
    engineInfo);
  /** The view `id`, built now if it was not; one built outside applyHash() reads the page's hash as it would have (its form's start), without running. */
  function viewOf(id: string, byApplyHash = false): View {
    const known = built.get(id);
    if (known) return known;
    const entry = VIEWS.find((v) => v.id === id);
    if (!entry) throw new Error(`no view '${id}'`);
    const view = entry.create(ctx);
    view.element.hidden = true;
    // In the registry's order, before the views built earlier that follow it.
    const after = VIEWS.slice(VIEWS.indexOf(entry) + 1).map((v) => built.get(v.id)).find((v) => v !== undefined);
    (after?.element ?? footer).before(view.element);
    app.append(...(view.extras ?? []));
    built.set(id, view);
    if (!byApplyHash) void view.applyHash?.(new URLSearchParams(location.hash.replace(/^#/, '')), location.hash);
    if (planEngineUp) view.ready?.();
    return view;
  }
  // The first stop of the keyboard: past the header and links to the visible view.
  // A click handler, not an in-page href: the hash routes the views.
  const skip = h('a', { href: '#', class: 'skip-link', 'data-testid': 'skip-link' }, 'Skip to content');
  skip.addEventListener('click', (e) => {
    e.preventDefault();
    const shown = [...built.values()].find((v) => !v.element.hidden)?.element;
    if (!shown) return;
    if (!shown.hasAttribute('tabindex')) shown.setAttribute('tabindex', '-1');
    shown.focus();
  });

  app.replaceChildren(
    skip,
    h('header', {},
      h('h1', {}, 'pairpower'),
      h('p', { class: 'tagline' }, 'How many test queries do you need — and is system B really better than A?'),
      h('nav', { 'aria-label': 'Views' }, ...VIEWS.flatMap((v, i) => (i ? [' ', links.get(v.id)!] : [links.get(v.id)!])))),
    footer,
  );

  // ?embed: a compact layout for an iframe — the calculator alone (?embed=calculator)
  // or the grid given in the hash, without the page's chrome.
  const embedMode = new URLSearchParams(location.search).get('embed');
  if (embedMode !== null) {
    app.classList.add('embed');
    app.setAttribute('data-embed', embedMode === 'calculator' ? 'calculator' : 'grid');
  }

  /** Runs f in an idle moment, at most `timeoutMs` from now (after 200 ms where the browser has no idle callbacks). */
  function whenIdle(f: () => void, timeoutMs: number) {
    if ('requestIdleCallback' in window) requestIdleCallback(f, { timeout: timeoutMs });
    else setTimeout(f, 200);
  }

  // A view's warm-up (View.warmUp), once, when it shows on a settled page with no run going: in an idle
  // moment, marked 'warm' (benches wait for it, as a person choosing files does) or 'warm-failed' (its first
  // run then starts in V8's baseline tier, no worse).
  let settled = false;
  const warmed = new Set<string>();
  function warmUpShown() {
    const view = viewOf(app.getAttribute('data-view') ?? VIEWS[0].id);
    if (!settled || !view.warmUp || warmed.has(view.id) || app.getAttribute('data-state') === 'running') return;
    warmed.add(view.id);
    const warm = () =>
      void view.warmUp!().then(() => markStage('warm'), (err) => {
        console.warn('pairpower: the warm-up failed:', err);
        markStage('warm-failed');
      });
    whenIdle(warm, 1000);
  }

  function showView(view: View) {
    for (const v of built.values()) v.element.hidden = v !== view;
    for (const [id, link] of links) {
      if (id === view.id) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    // One error panel, always inside the visible view.
    view.errorSlot.before(errorPanel);
    showError(null);
    app.setAttribute('data-view', view.id);
    warmUpShown();
  }

  /** Shows the hash's view and lets every view read its keys; the view whose hash asks for a run, if any. */
  function applyHash(): View | null {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    const asked = params.get('view');
    showView(viewOf(VIEWS.some((v) => v.id === asked) ? asked! : VIEWS[0].id, true));
    let runner: View | null = null;
    for (const v of built.values()) if (v.applyHash?.(params, location.hash)) runner = v;
    return runner;
  }

  function registerServiceWorker() {
    // Offline use and cross-origin isolation on any static host (see web/public/sw.js).
    if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
    navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' }).catch((e) => console.warn('pairpower: no offline support:', e));
  }

  async function boot() {
    setState('loading');
    const runner = applyHash();
    const e = engines!;
    app.setAttribute('data-engine', e.mode);
    window.addEventListener('hashchange', () => {
      if ([...built.values()].some((v) => v.busy?.())) return;
      void applyHash()?.run?.();
    });
    // ?test-hooks: lets the browser tests crash a worker the way a real failure would.
    if (new URLSearchParams(location.search).has('test-hooks'))
      (window as unknown as { __pairpowerTest: object }).__pairpowerTest = {
        crashWorker: (i: number) => engines?.remotes[i]?.crashForTesting(),
        crashAnalysis: () => engines?.analysis.crashForTesting(),
      };
    // A link that asks for a run starts it now: its analytic answers come as soon
    // as the Plan engine is up, its simulations when every engine is.
    const asked = runner?.run?.();
    try {
      await orFailure(e, e.planReady);
      planEngineUp = true;
      for (const v of built.values()) v.ready?.();
      await orFailure(e, e.ready);
      engineInfo.textContent = `Engine: ${describeEngines(e)}.`;
    } catch (err) {
      showError(`The engine could not start: ${(err as Error).message ?? err}`);
      setState('error');
      registerServiceWorker();
      return;
    }
    // A run may have started (and ended) meanwhile: only a page still loading becomes idle.
    if (app.getAttribute('data-state') === 'loading') setState('idle');
    // Warm the simulation code up while the page is idle (no run asked for).
    if (!runner) for (const r of e.remotes) void r.warmUp().catch(() => undefined);
    // The service worker's install downloads the whole site again for offline
    // use: only once the link's own answers are in, so that it does not take
    // network and CPU from them.
    await asked;
    // The analysis engine (Analyze, the leaderboard) starts once the link's
    // answers are in, so that it is up when asked for and took nothing from them.
    void e.analysisReady;
    settled = true;
    warmUpShown();
    registerServiceWorker();
    const buildRest = () => VIEWS.forEach((v) => viewOf(v.id));
    whenIdle(buildRest, 2000);
  }

  void boot();
}
