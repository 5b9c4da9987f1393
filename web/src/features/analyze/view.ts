// The Analyze view's controller: inputs (inputs.ts) and settings in, detection
// and analysis on the engine worker, the report (report-view.ts) out, marked
// stale when its inputs change, with its exports.
import * as Comlink from 'comlink';
import type { AnalysisResult, AnalyzeApi } from './worker';
import { createRunsInput } from '../../ui/runs-input';
import { REGISTRY, type AlternativeName, type AnalyzeKey } from '../../runtime/registry';
import { EngineStopped } from '../../runtime/engines';
import type { AnalysisReport, PlotData } from './report';
import type { AnalyzeQuery, AnalyzeSettingValues, Detected, FamilyContext, InputFormatName } from '../../generated/boundary';
import { createInputBox } from './inputs';
import { renderReport } from './report-view';
import { createExports } from './exports';
import { analyzeLimit } from './limits';
import { ANALYZE_FIELDS, CHOOSER_LABELS, INPUT_FIELDS, settingValue, type AnalyzeField } from './fields';
import { h, numberField } from '../../ui/dom';
import type { CalculatorHandOff, ErrorOptions, HandOff, PilotHandOff, ScoresHandOff, View, ViewContext } from '../../runtime/view';

export { fileLabel } from './inputs';

export interface AnalyzeView {
  element: HTMLElement;
  receive(x: HandOff): Promise<void>;
}

type CallEngine = <T>(f: (remote: Comlink.Remote<AnalyzeApi>) => Promise<T>) => Promise<T>;

export function createAnalyzePage(callEngine: CallEngine, showError: (m: string | null, o?: ErrorOptions) => void, errorPanel: HTMLElement,
  sendPilot?: (p: PilotHandOff | CalculatorHandOff) => void): AnalyzeView {
  const detected = { a: null as Detected | null, b: null as Detected | null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const typed = () => {
    markStale();
    clearTimeout(timer);
    timer = setTimeout(detectNow, 250);
  };
  const a = createInputBox('a', 'Scores of system A — or one table holding every system', () => changed(), typed, showError);
  const b = createInputBox('b', 'Scores of system B (a second file of the same format)', () => changed(), typed, showError);
  const names = { get a() { return a.name(); }, get b() { return b.name(); } };
  const runsIn = createRunsInput('an', () => markStale());

  const select = (id: string, label: string, options: [string, string][], value: string, testid?: string) => {
    const s = h('select', { id, 'data-testid': testid ?? null }, ...options.map(([v, t]) => h('option', { value: v }, t)));
    s.value = value;
    return { s, row: h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), s) };
  };
  const input = (id: string, label: string, value: string, help: string, placeholder?: string) => {
    const f = numberField(id, label, value, help, placeholder);
    return { i: f.input, row: f.row };
  };
  const format = select('an-format', CHOOSER_LABELS.input_format, REGISTRY.input_formats.map((f) => [f.id, f.label] as [string, string]), 'auto');
  const cluster = input('an-cluster', INPUT_FIELDS.cluster.label, '', INPUT_FIELDS.cluster.help);
  cluster.i.setAttribute('inputmode', 'text');
  const measure = select('an-measure', CHOOSER_LABELS.measure, [], '', 'measure');
  const measureRow = measure.row;
  measureRow.hidden = true;
  const baseline = select('an-baseline', CHOOSER_LABELS.baseline, [], '', 'baseline');
  baseline.row.hidden = true;
  const choices = (list: readonly { id: string; label: string }[]) => list.map((c) => [c.id, c.label] as [string, string]);
  const missing = select('an-missing', CHOOSER_LABELS.missing, choices(REGISTRY.missing_policies), REGISTRY.missing_policies[0].id);
  const direction = select('an-direction', CHOOSER_LABELS.direction, choices(REGISTRY.directions), REGISTRY.directions[0].id);
  const alternative = select('an-alternative', CHOOSER_LABELS.alternative, choices(REGISTRY.alternatives), REGISTRY.alternatives[0].id);
  const field = (f: (typeof ANALYZE_FIELDS)[keyof typeof ANALYZE_FIELDS]) => input(f.id, f.label, f.value, f.help, f.unset);
  // The registry's settings, in its order: one number field each.
  const settings = (Object.keys(ANALYZE_FIELDS) as AnalyzeKey[]).map((key) => ({ key, def: ANALYZE_FIELDS[key], ...field(ANALYZE_FIELDS[key]) }));
  const run = h('button', { type: 'button', class: 'primary', 'data-testid': 'analyze' }, 'Analyze');
  const status = h('p', { class: 'progress-text', 'aria-live': 'polite' });
  const reportEl = h('div', { class: 'analysis-report', 'data-testid': 'report' });
  const staleNote = h('p', { class: 'stale-note', 'data-testid': 'stale', role: 'status', hidden: true },
    'The inputs or settings changed since this report: press Analyze to update it. The exports are off until then.');
  const exportsEl = h('div', { class: 'exports', hidden: true });
  // Scores handed over by another view (a leaderboard's pair) replace the boxes while they show; Back restores the user's own.
  const handoffText = h('p', { 'data-testid': 'handoff-text' });
  const back = h('button', { type: 'button', 'data-testid': 'handoff-back' }, 'Back to your own scores and settings');
  const handoffEl = h('div', { class: 'handoff note', 'data-testid': 'handoff', role: 'region', 'aria-label': 'Scores opened from another view', hidden: true }, handoffText, back);
  // The settings fold under a summary that states them in one line; the user opens or closes it.
  const settingsSummary = h('summary', { 'data-testid': 'settings-summary' });
  const settingsEl = h('details', { class: 'settings', 'data-testid': 'settings', open: true }, settingsSummary,
    h('div', { class: 'fields' }, format.row, cluster.row, measureRow, baseline.row, missing.row, direction.row, alternative.row, ...settings.map((f) => f.row)));
  // The answer first: the report and its exports stand above the inputs and settings (empty before the
  // first run, so the form leads then); keyboard and reading order follow the same order.
  const element = h('section', { id: 'analyze', 'aria-labelledby': 'analyze-title', 'data-state': 'idle' },
    h('h2', { id: 'analyze-title' }, 'Analyze: is B really better than A on these queries or items?'),
    h('p', { class: 'note' }, 'Paste or drop per-query or per-item scores: two trec_eval -q, ir_measures -q, ranx or pytrec_eval outputs, two evaluation logs (lm-eval, inspect_ai, HELM, openai/evals) — or one CSV/TSV table with a column per system (optionally a dataset column). Nothing leaves this page.'),
    handoffEl,
    staleNote,
    reportEl,
    exportsEl,
    h('div', { class: 'inputs' }, a.element, b.element),
    runsIn.element,
    settingsEl,
    h('div', { class: 'actions' }, run, status),
    errorPanel);

  // "Settings: α = 0.05, two-sided, 100000 sign flips, 10000 bootstrap resamples, seed 1", as typed.
  function describeSettings() {
    const value = (key: AnalyzeKey) => settings.find((f) => f.key === key)!.i.value.trim();
    const parts = [`${ANALYZE_FIELDS.alpha.label} = ${value('alpha')}`, (alternative.s.selectedOptions[0]?.textContent ?? alternative.s.value).split(':')[0],
      `${value('resamples')} ${ANALYZE_FIELDS.resamples.label.toLowerCase()}`, `${value('bootstrap')} ${ANALYZE_FIELDS.bootstrap.label.toLowerCase()}`,
      `${ANALYZE_FIELDS.seed.label.toLowerCase()} ${value('seed')}`];
    for (const key of ['minEffect', 'equivalence', 'nonInferiority'] as const) {
      const v = value(key);
      if (v && Number(v) !== 0) parts.push(`${ANALYZE_FIELDS[key].label.toLowerCase()} ${v}`);
    }
    if (cluster.i.value.trim()) parts.push(`items clustered by ${cluster.i.value.trim()}`);
    settingsSummary.textContent = `Settings: ${parts.join(', ')}`;
  }
  describeSettings();
  settingsEl.addEventListener('input', describeSettings);
  settingsEl.addEventListener('change', describeSettings);

  // A report that no longer matches its inputs is marked and cannot be exported.
  // Bumped by every change of inputs or settings: an analysis that finishes
  // after a change describes the old inputs and stays marked stale.
  let generation = 0;
  let restores = 0;
  function markStale() {
    generation++;
    if (!last || reportEl.dataset.stale === 'true') return;
    reportEl.dataset.stale = 'true';
    staleNote.hidden = false;
    for (const b of exportsEl.querySelectorAll('button')) (b as HTMLButtonElement).disabled = true;
    // The report no longer describes the inputs: its pilot must not be sent to Plan either.
    for (const b of reportEl.querySelectorAll('[data-testid="send-pilot"]')) (b as HTMLButtonElement).disabled = true;
  }
  function clearReport() {
    last = null;
    reportEl.replaceChildren();
    delete reportEl.dataset.stale;
    staleNote.hidden = true;
    exportsEl.hidden = true;
  }
  function changed() {
    markStale();
    detectNow();
  }

  function detectNow() {
    detect().catch((e) => showError((e as Error).message ?? String(e)));
  }

  async function detect() {
    const fmt = format.s.value as InputFormatName;
    for (const [key, box] of [['a', a], ['b', b]] as const) {
      const text = box.text.value;
      if (!text.trim()) {
        detected[key] = null;
        box.note.textContent = '';
        continue;
      }
      try {
        // Unnamed runs are called A and B, as in the report, so that the baseline chooser tells them apart.
        const d = await callEngine((r) => r.detectScores({ text, format: fmt, name: names[key] || key.toUpperCase() }));
        detected[key] = d;
        const skipped = [...d.textMeasures.map((m) => `${m} (text)`), ...d.summaryMeasures.map((m) => `${m} (summary rows only)`),
          ...d.nonscalarMeasures.map((m) => `${m} (not a number per item)`)];
        box.note.textContent = `detected: ${d.description}` + (d.systems.length === 1 && d.systems[0] !== 'A' && d.systems[0] !== 'B' ? `, run ${d.systems[0]}` : '') +
          (skipped.length ? `; not per-query scores, skipped: ${skipped.join(', ')}` : '') + [d.leftOut, d.cutShort].filter(Boolean).map((x) => `; ${x}`).join('');
        box.note.classList.remove('field-error');
      } catch (e) {
        detected[key] = null;
        const message = (e as Error).message ?? String(e);
        if (e instanceof EngineStopped) {
          box.note.textContent = '';
          throw e;  // the engine died: that is for the error panel, not this note
        }
        box.note.textContent = `cannot read this: ${message}`;
        box.note.classList.add('field-error');
      }
    }
    // With two inputs, only the measures both hold can be compared.
    const both = detected.a && detected.b ? detected.a.measures.filter((m) => detected.b!.measures.includes(m)) : [...(detected.a?.measures ?? []), ...(detected.b?.measures ?? [])];
    const measures = [...new Set(both)].filter((m) => m !== '');
    const keep = measure.s.value;
    measure.s.replaceChildren(...measures.map((m) => h('option', { value: m }, m)), ...(measures.length > 1 ? [h('option', { value: '*' }, 'all measures both inputs hold, counts left out (corrected for multiplicity)')] : []));
    // The core's choice: the common effectiveness measure, never a count like num_ret.
    measure.s.value = measures.includes(keep) || keep === '*' ? keep : detected.a?.preferred || measures[0] || '';
    measureRow.hidden = measures.length <= 1;
    const systems = [...new Set([...(detected.a?.systems ?? []), ...(detected.b?.systems ?? [])])];
    const keepBase = baseline.s.value;
    baseline.s.replaceChildren(...systems.map((x, i) => h('option', { value: i === 0 ? '' : x }, i === 0 ? `${x} (the first)` : x)));
    baseline.s.value = systems.includes(keepBase) ? keepBase : '';
    baseline.row.hidden = systems.length < 2;
  }
  format.s.addEventListener('change', changed);
  for (const control of [measure.s, baseline.s, missing.s, direction.s, alternative.s]) control.addEventListener('change', markStale);
  for (const f of settings) f.i.addEventListener('input', markStale);

  // A setting's number, read as the core reads numbers; its bounds are the core's
  // to check (checked_setting), and its error names the setting by this label.
  function setting(i: HTMLInputElement, f: AnalyzeField): number | undefined {
    const r = settingValue(f, i.value);
    if (!r.ok) {
      i.setAttribute('aria-invalid', 'true');
      throw new Error(`${f.label}: ${r.error}`);
    }
    i.removeAttribute('aria-invalid');
    return r.value;
  }

  let last: AnalysisResult | null = null;
  let runs = 0;
  async function analyze() {
    showError(null);
    // Which analysis the state belongs to: a test (or a user script) waits for this run's outcome, not the last one's.
    element.dataset.runs = String(++runs);
    element.setAttribute('data-state', 'running');
    const files = runsIn.chosen();
    status.textContent = files ? 'Scoring the runs…' : a.text.value.length > 1e6 ? 'Analysing a large input in the background: this can take several seconds; the page stays usable…' : 'Analysing…';
    run.disabled = true;
    try {
      if (!files && !a.text.value.trim()) throw new Error('paste or drop the scores of system A (or a table with every system), or choose runs and qrels, first');
      clearTimeout(timer);
      if (!files) await detect();  // the measure chooser must describe the text being analysed
      // '*' asks the core for every measure both inputs hold, counts left out.
      const measures = measureRow.hidden || !measure.s.value ? [] : [measure.s.value];
      if (handed?.family && (files || !familyNow()))
        handoffText.textContent = `${files ? 'Runs are chosen, so they are analysed, not the board’s pair' : 'The scores were edited, so they are no longer the board’s pair'}: its family no longer decides the verdict. Back returns your own scores, settings and report.`;
      const q: AnalyzeQuery = {
        textA: a.text.value,
        textB: b.text.value.trim() ? b.text.value : undefined,
        nameA: names.a || undefined,
        nameB: names.b || undefined,
        baseline: baseline.row.hidden ? undefined : baseline.s.value || undefined,
        format: format.s.value as InputFormatName,
        cluster: cluster.i.value.trim() || undefined,
        measures,
        missing: missing.s.value as AnalyzeQuery['missing'],
        direction: direction.s.value as AnalyzeQuery['direction'],
        alternative: alternative.s.value as AlternativeName,
        family: files ? undefined : familyNow(),  // runs are not the board's pair: no family decides them
        inputWarnings: files ? undefined : handedWarnings(),
        pilots: sendPilot !== undefined,
        ...(Object.fromEntries(settings.map((f) => [f.key, setting(f.i, f.def)]).filter(([, v]) => v !== undefined)) as AnalyzeSettingValues),
      };
      const lines = (q.textA.match(/\n/g)?.length ?? 0) + 1;
      const limit = analyzeLimit(q.textA.length + (q.textB?.length ?? 0), lines, q.resamples, q.bootstrap);
      if (limit && !files) throw new Error(limit);
      const t0 = performance.now();
      const started = generation, restoresAt = restores;
      // Runs are read and scored in the worker, a file at a time; each one done is said here.
      let done = 0;
      const progress = Comlink.proxy(() => {
        done++;
        status.textContent = files && done < files.runs.length ? `Scored ${done} of ${files.runs.length} runs…` : 'Analysing the scored runs…';
      });
      const result: AnalysisResult = files ? await callEngine((r) => r.analyzeRuns(files, { ...q, baseline: undefined }, progress)) : await callEngine((r) => r.analyzeScores(q));
      trecEvalButton.hidden = !result.trecEval;
      if (restores !== restoresAt) return;  // Back was pressed meanwhile: the user's restored report stays
      last = result;
      delete reportEl.dataset.stale;
      staleNote.hidden = true;
      for (const x of exportsEl.querySelectorAll('button')) (x as HTMLButtonElement).disabled = false;
      render(last.report, last.plots);
      if (generation !== started) markStale();
      const seconds = (performance.now() - t0) / 1000;
      // The answer first: its heading scrolled to and focused, its one line announced.
      const aboutAll = last.report.warnings.filter((w) => w.comparison == null).length;
      const warned = aboutAll ? ` ${aboutAll === 1 ? 'One warning' : `${aboutAll} warnings`} about the inputs or every comparison under it.` : '';
      status.textContent = `${last.report.overall}: ${last.report.summary}${warned} (${seconds.toFixed(2)} s)`;
      const heading = reportEl.querySelector<HTMLElement>('[data-testid="result-heading"]');
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
      element.setAttribute('data-elapsed-s', String(seconds));
      exportsEl.hidden = false;
      element.setAttribute('data-state', 'done');
    } catch (e) {
      // The old report would not describe these inputs: it goes, with its exports.
      clearReport();
      showError((e as Error).message ?? String(e), { focus: true });
      status.textContent = '';
      element.setAttribute('data-state', 'error');
    } finally {
      run.disabled = false;
    }
  }
  run.addEventListener('click', () => void analyze());

  function render(r: AnalysisReport, plots: PlotData[]) {
    const named = (c: AnalysisReport['comparisons'][number]) => `${c.system_b} vs ${c.system_a}${c.measure ? ` on ${c.measure}` : ''}${c.dataset ? ` (${c.dataset})` : ''}`;
    const toPlan = sendPilot && last ? (i: number) => {
      const c = r.comparisons[i], differences = last!.pilots[i];
      sendPilot({ kind: 'pilot', differences, n: differences.length, measure: c.measure, label: `${named(c)}, ${differences.length} ${c.unit.many}` });
    } : undefined;
    const toCalculator = sendPilot ? (i: number) => {
      const inputs = r.comparisons[i].planning.calculator;
      if (inputs) sendPilot({ kind: 'calculator', inputs, label: `${named(r.comparisons[i])}, ${inputs.items} items` });
    } : undefined;
    reportEl.replaceChildren(...renderReport(r, plots, reportEl.clientWidth || 900, missing.s.value, toPlan, toCalculator));
  }

  const trecEvalButton = createExports(exportsEl, () => last, () => reportEl.dataset.stale === 'true');
  // The user's own inputs, settings and report while handed-over scores show; Back restores them.
  type Saved = {
    boxes: [string, string][];
    selects: string[];
    settings: string[];
    cluster: string;
    report: Node[];
    last: AnalysisResult | null;
    stale: boolean;
    exportsHidden: boolean;
    status: string;
  };
  let saved: Saved | null = null;
  let handed: ScoresHandOff | null = null;
  const selects = [format, measure, baseline, missing, direction, alternative];

  // The family applies to the handed-over pair as it came: edited scores are no longer the board's pair.
  const handedAsItCame = () => handed !== null && a.text.value === handed.text && !b.text.value.trim();
  function familyNow(): FamilyContext | undefined {
    return handedAsItCame() ? handed?.family : undefined;
  }
  // So do the warnings about its inputs (a run's missing topics).
  const handedWarnings = () => (handedAsItCame() ? handed?.warnings : undefined);

  back.addEventListener('click', () => void restore());
  async function restore() {
    const s = saved;
    if (!s) return;
    saved = null;
    handed = null;
    restores++;  // an analysis of the handed-over pair still running is dropped, not shown over the user's report
    showError(null);
    [a, b].forEach((box, i) => box.set(...s.boxes[i]));
    // The measure and baseline choosers list what the restored texts hold.
    await detect().catch(() => undefined);
    selects.forEach((x, i) => (x.s.value = s.selects[i]));
    settings.forEach((f, i) => (f.i.value = s.settings[i]));
    cluster.i.value = s.cluster;
    describeSettings();
    last = s.last;
    reportEl.replaceChildren(...s.report);
    exportsEl.hidden = s.exportsHidden;
    status.textContent = s.status;
    generation++;  // an analysis still running belongs to the handed-over scores
    if (s.stale) {
      reportEl.dataset.stale = 'true';
      staleNote.hidden = false;
    } else {
      delete reportEl.dataset.stale;
      staleNote.hidden = true;
    }
    for (const x of exportsEl.querySelectorAll('button')) (x as HTMLButtonElement).disabled = s.stale;
    element.setAttribute('data-state', last ? 'done' : 'idle');
    // Hidden last: whoever waits for the banner to go finds the user's own state in place.
    handoffEl.hidden = true;
    (reportEl.querySelector<HTMLElement>('[data-testid="result-heading"]') ?? a.text).focus();
  }

  /** Scores handed over by another view replace the inputs and settings (the user's own are kept for Back), and are analysed at once. */
  async function receive(x: HandOff) {
    if (x.kind === 'pilot' || x.kind === 'calculator') return;  // Analyze takes scores, not a pilot
    // A second hand-over keeps the first's saved state: Back always returns to the user's own.
    saved ??= {
      boxes: [[a.text.value, a.name()], [b.text.value, b.name()]],
      selects: selects.map((x) => x.s.value),
      settings: settings.map((f) => f.i.value),
      cluster: cluster.i.value,
      report: [...reportEl.childNodes],
      last,
      stale: reportEl.dataset.stale === 'true',
      exportsHidden: exportsEl.hidden,
      status: status.textContent ?? '',
    };
    handed = x;
    const f = x.family;
    handoffText.textContent = `Opened ${x.source ?? 'from another view'}` +
      (f ? `: one pair of ${f.pairs} among ${f.systems} systems, so the board’s family decides the verdict with it` : '') +
      '. The board’s scores and settings are used below; your own scores, settings and report are kept until you go back.';
    handoffEl.hidden = false;
    a.set(x.text, '');
    b.set('', '');
    format.s.value = 'auto';
    cluster.i.value = '';  // a pair's table names its clusters in a column
    direction.s.value = x.direction;
    missing.s.value = x.missing;
    // The sender's settings; the question and the alternative return to the registry's defaults unless it names them.
    alternative.s.value = REGISTRY.alternatives[0].id;
    for (const f of settings) {
      if (x.settings[f.key] !== undefined) f.i.value = String(x.settings[f.key]);
      else if (f.def.setting.optional) f.i.value = '';  // the sender's follows α too
      else if (f.key === 'equivalence' || f.key === 'nonInferiority') f.i.value = f.def.value;
    }
    describeSettings();
    // The user's report is kept aside (saved) as it was, not marked stale.
    clearReport();
    generation++;
    await analyze();
  }
  return { element, receive };
}

/** The Analyze view in the shell's registry. */
export function createAnalyzeView(ctx: ViewContext<AnalyzeApi>): View {
  const slot = h('div', { class: 'error-slot' });
  const page = createAnalyzePage((f) => ctx.callAnalysis(f), ctx.showError, slot, (p) => ctx.open('plan', p));
  return { id: 'analyze', label: 'Analyze', element: page.element, errorSlot: slot, receive: (x) => void page.receive(x) };
}
