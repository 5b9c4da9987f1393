// The Analyze view: per-query scores in (paste, file, drop), paired tests,
// planning, corrections and a verdict out. Parsing and computing run in the
// engine worker; every number shown carries data-stat (its JSON path) and
// data-value, the page's test contract.
import type * as Comlink from 'comlink';
import type { AnalysisResult, EngineApi } from '../engine/engine.worker';
import { reportStats, type AnalysisReport, type ComparisonReport, type PlotData } from '../engine/report';
import type { AnalyzeQuery, Detected, InputFormatName } from '../wasm/pairpower-module';
import { renderAnalysisPlots } from './analysis-plots';
import { analyzeLimit } from '../engine/limits';
import { ANALYZE_FIELDS, CHOOSER_LABELS } from './analyze-fields';
import { h, numberField } from './dom';

const LABELS: Record<string, string> = {
  n: 'queries paired (n)', mean_a: 'mean of A', mean_b: 'mean of B', delta: 'Δ = mean(B − A)', sd_diff: 'SD of differences',
  pearson: 'Pearson r (A, B)', spearman: 'Spearman ρ (A, B)',
  'randomization.p': 'randomization p', 'randomization.p_se': '… its Monte Carlo SE', 'randomization.resamples': '… sign flips',
  'bootstrap.bca.ci_low': 'bootstrap BCa CI, low', 'bootstrap.bca.ci_high': 'bootstrap BCa CI, high',
  'bootstrap.percentile.ci_low': 'bootstrap percentile CI, low', 'bootstrap.percentile.ci_high': 'bootstrap percentile CI, high',
  'bootstrap.resamples': '… bootstrap resamples',
  't.t': 'paired t statistic', 't.p': 'paired t p', 't.ci_low': 't CI, low', 't.ci_high': 't CI, high', 't.dz': 'effect size d_z',
  'wilcoxon.statistic': 'Wilcoxon statistic', 'wilcoxon.p': 'Wilcoxon p', 'wilcoxon.hl': 'Hodges–Lehmann estimate',
  'wilcoxon.hl_ci_low': 'Hodges–Lehmann CI, low', 'wilcoxon.hl_ci_high': 'Hodges–Lehmann CI, high',
  'sign.p': 'sign test p', min_attainable_p: 'smallest p attainable at this n',
  p_holm: 'Holm-adjusted p', p_bonferroni: 'Bonferroni-adjusted p', p_bh: 'Benjamini–Hochberg q',
  'planning.mde': 'minimum detectable effect at this n', 'planning.n_required': 'n to detect the observed Δ', 'planning.target_power': '… with power',
  'planning.curve_reps': '… power-curve replicates', 'planning.curve_cap': '… power curve simulated up to n',
};

// Files as their tools wrote them: UTF-8, or UTF-16 with a byte-order mark (PowerShell's `>`).
async function readText(f: File): Promise<string> {
  const bytes = new Uint8Array(await f.arrayBuffer());
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/** A run without a runid is named after its file: "runs/bm25.txt" → "bm25". */
export function fileLabel(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export interface AnalyzeView {
  element: HTMLElement;
}

type CallEngine = <T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>) => Promise<T>;

export function createAnalyzePage(callEngine: CallEngine, showError: (m: string | null) => void, errorPanel: HTMLElement): AnalyzeView {
  const detected = { a: null as Detected | null, b: null as Detected | null };
  // The loaded file's name labels its run when the file has no runid; pasting new text forgets it.
  const names = { a: '', b: '' };
  const area = (key: 'a' | 'b', label: string) => {
    const text = h('textarea', { id: `paste-${key}`, 'data-testid': `paste-${key}`, rows: 9, spellcheck: 'false', 'aria-describedby': `detected-${key}`,
      placeholder: key === 'a' ? 'ndcg_cut_10   301   0.4523   (trec_eval -q)\nor  qid,bm25,dense  (one table, a column per system)' : 'the second system’s scores (optional with a table)' });
    const file = h('input', { type: 'file', id: `file-${key}`, accept: '.txt,.tsv,.csv,.json,.res,.eval', 'aria-label': `Open a file for ${key.toUpperCase()}` });
    const note = h('p', { class: 'detected', id: `detected-${key}`, 'data-testid': `detected-${key}`, 'aria-live': 'polite' });
    const load = async (f: File) => {
      text.value = await readText(f);
      names[key] = fileLabel(f.name);
      changed();
    };
    text.addEventListener('paste', () => { names[key] = ''; });
    file.addEventListener('change', () => file.files?.[0] && void load(file.files[0]));
    text.addEventListener('dragover', (e) => { e.preventDefault(); text.classList.add('drop'); });
    text.addEventListener('dragleave', () => text.classList.remove('drop'));
    text.addEventListener('drop', (e) => {
      e.preventDefault();
      text.classList.remove('drop');
      const f = e.dataTransfer?.files?.[0];
      if (f) void load(f);
    });
    text.addEventListener('input', () => {
      if (!text.value) names[key] = '';
      markStale();
      clearTimeout(timer);
      timer = setTimeout(detectNow, 250);
    });
    return { text, note, element: h('div', { class: 'input-box' }, h('label', { for: `paste-${key}`, class: 'field-label' }, label), text, h('div', { class: 'file-row' }, file), note) };
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const a = area('a', 'Scores of system A — or one table holding every system');
  const b = area('b', 'Scores of system B (a second file of the same format)');

  const select = (id: string, label: string, options: [string, string][], value: string, testid?: string) => {
    const s = h('select', { id, 'data-testid': testid ?? null }, ...options.map(([v, t]) => h('option', { value: v }, t)));
    s.value = value;
    return { s, row: h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), s) };
  };
  const input = (id: string, label: string, value: string, help: string) => {
    const f = numberField(id, label, value, help);
    return { i: f.input, row: f.row };
  };
  const format = select('an-format', CHOOSER_LABELS.input_format, [['auto', 'detect automatically'], ['trec_eval', 'trec_eval -q'], ['ir_measures', 'ir_measures -q'], ['csv-wide', 'CSV/TSV, a column per system'],
    ['csv-long', 'CSV/TSV, long (qid, system, score)'], ['csv-bare', 'two bare numeric columns'], ['ranx', 'ranx JSON'], ['pytrec_eval', 'pytrec_eval JSON'], ['json', 'JSON {qid: score}'], ['ir_measures-jsonl', 'ir_measures -o jsonl']], 'auto');
  const measure = select('an-measure', CHOOSER_LABELS.measure, [], '', 'measure');
  const measureRow = measure.row;
  measureRow.hidden = true;
  const baseline = select('an-baseline', CHOOSER_LABELS.baseline, [], '', 'baseline');
  baseline.row.hidden = true;
  const missing = select('an-missing', CHOOSER_LABELS.missing, [['error', 'stop and list them'], ['intersect', 'keep the queries both have'], ['zero', 'score a missing query 0 (trec_eval -c)']], 'error');
  const direction = select('an-direction', CHOOSER_LABELS.direction, [['higher', 'higher (nDCG, MAP, accuracy)'], ['lower', 'lower (loss, latency, error)']], 'higher');
  const field = (f: (typeof ANALYZE_FIELDS)[keyof typeof ANALYZE_FIELDS]) => input(f.id, f.label, f.value, f.help);
  const alpha = field(ANALYZE_FIELDS.alpha);
  const confidence = field(ANALYZE_FIELDS.confidence);
  const minEffect = field(ANALYZE_FIELDS.minEffect);
  const resamples = field(ANALYZE_FIELDS.resamples);
  const bootstrap = field(ANALYZE_FIELDS.bootstrap);
  const seed = field(ANALYZE_FIELDS.seed);
  const power = field(ANALYZE_FIELDS.power);
  const run = h('button', { type: 'button', class: 'primary', 'data-testid': 'analyze' }, 'Analyze');
  const status = h('p', { class: 'progress-text', 'aria-live': 'polite' });
  const reportEl = h('div', { class: 'analysis-report', 'data-testid': 'report' });
  const staleNote = h('p', { class: 'stale-note', 'data-testid': 'stale', role: 'status', hidden: true },
    'The inputs or settings changed since this report: press Analyze to update it. The exports are off until then.');
  const exportsEl = h('div', { class: 'exports', hidden: true });
  const element = h('section', { id: 'analyze', 'aria-labelledby': 'analyze-title', 'data-state': 'idle' },
    h('h2', { id: 'analyze-title' }, 'Analyze: is B really better than A on these queries?'),
    h('p', { class: 'note' }, 'Paste or drop per-query scores: two trec_eval -q, ir_measures -q, ranx or pytrec_eval outputs — or one CSV/TSV table with a column per system (optionally a dataset column). Nothing leaves this page.'),
    h('div', { class: 'inputs' }, a.element, b.element),
    h('div', { class: 'fields' }, format.row, measureRow, baseline.row, missing.row, direction.row, alpha.row, confidence.row, minEffect.row, resamples.row, bootstrap.row, seed.row, power.row),
    h('div', { class: 'actions' }, run, status),
    errorPanel,
    staleNote,
    exportsEl,
    reportEl);

  // A report that no longer matches its inputs is marked and cannot be exported.
  // Bumped by every change of inputs or settings: an analysis that finishes
  // after a change describes the old inputs and stays marked stale.
  let generation = 0;
  function markStale() {
    generation++;
    if (!last || reportEl.dataset.stale === 'true') return;
    reportEl.dataset.stale = 'true';
    staleNote.hidden = false;
    for (const b of exportsEl.querySelectorAll('button')) (b as HTMLButtonElement).disabled = true;
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
        const skipped = [...d.textMeasures.map((m) => `${m} (text)`), ...d.summaryMeasures.map((m) => `${m} (summary rows only)`)];
        box.note.textContent = `detected: ${d.description}` + (d.systems.length === 1 && d.systems[0] !== 'A' && d.systems[0] !== 'B' ? `, run ${d.systems[0]}` : '') +
          (skipped.length ? `; not per-query scores, skipped: ${skipped.join(', ')}` : '');
        box.note.classList.remove('field-error');
      } catch (e) {
        detected[key] = null;
        const message = (e as Error).message ?? String(e);
        if (message.includes('computation worker stopped')) {
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
  for (const control of [measure.s, baseline.s, missing.s, direction.s]) control.addEventListener('change', markStale);
  for (const f of [alpha, confidence, minEffect, resamples, bootstrap, seed, power]) f.i.addEventListener('input', markStale);

  function num(i: HTMLInputElement, name: string, test: (v: number) => boolean, rule: string): number {
    const v = Number(i.value.trim());
    if (i.value.trim() === '' || !Number.isFinite(v) || !test(v)) {
      i.setAttribute('aria-invalid', 'true');
      throw new Error(`${name}: “${i.value}” ${rule}`);
    }
    i.removeAttribute('aria-invalid');
    return v;
  }

  let last: AnalysisResult | null = null;
  async function analyze() {
    showError(null);
    element.setAttribute('data-state', 'running');
    status.textContent = a.text.value.length > 1e6 ? 'Analysing a large input in the background: this can take several seconds; the page stays usable…' : 'Analysing…';
    run.disabled = true;
    try {
      if (!a.text.value.trim()) throw new Error('paste or drop the scores of system A (or a table with every system) first');
      clearTimeout(timer);
      await detect();  // the measure chooser must describe the text being analysed
      // '*' asks the core for every measure both inputs hold, counts left out.
      const measures = measureRow.hidden || !measure.s.value ? [] : [measure.s.value];
      const q: AnalyzeQuery = {
        textA: a.text.value,
        textB: b.text.value.trim() ? b.text.value : undefined,
        nameA: names.a || undefined,
        nameB: names.b || undefined,
        baseline: baseline.row.hidden ? undefined : baseline.s.value || undefined,
        format: format.s.value as InputFormatName,
        measures,
        missing: missing.s.value as AnalyzeQuery['missing'],
        direction: direction.s.value as AnalyzeQuery['direction'],
        alpha: num(alpha.i, ANALYZE_FIELDS.alpha.label, (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
        confidence: num(confidence.i, ANALYZE_FIELDS.confidence.label, (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
        minEffect: num(minEffect.i, ANALYZE_FIELDS.minEffect.label, (v) => v >= 0, 'must be a number ≥ 0'),
        resamples: num(resamples.i, ANALYZE_FIELDS.resamples.label, (v) => Number.isInteger(v) && v >= 1 && v <= 1e8, 'must be a whole number from 1 to 100 000 000'),
        bootstrap: num(bootstrap.i, ANALYZE_FIELDS.bootstrap.label, (v) => Number.isInteger(v) && v >= 2 && v <= 1e7, 'must be a whole number from 2 to 10 000 000'),
        seed: num(seed.i, ANALYZE_FIELDS.seed.label, (v) => Number.isInteger(v) && v >= 0, 'must be a whole number'),
        power: num(power.i, ANALYZE_FIELDS.power.label, (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
      };
      const lines = (q.textA.match(/\n/g)?.length ?? 0) + 1;
      const limit = analyzeLimit(q.textA.length + (q.textB?.length ?? 0), lines, q.resamples, q.bootstrap);
      if (limit) throw new Error(limit);
      const t0 = performance.now();
      const started = generation;
      last = await callEngine((r) => r.analyzeScores(q));
      delete reportEl.dataset.stale;
      staleNote.hidden = true;
      for (const x of exportsEl.querySelectorAll('button')) (x as HTMLButtonElement).disabled = false;
      render(last.report, last.plots);
      if (generation !== started) markStale();
      const seconds = (performance.now() - t0) / 1000;
      status.textContent = `Done in ${seconds.toFixed(2)} s.`;
      element.setAttribute('data-elapsed-s', String(seconds));
      exportsEl.hidden = false;
      element.setAttribute('data-state', 'done');
    } catch (e) {
      // The old report would not describe these inputs: it goes, with its exports.
      clearReport();
      showError((e as Error).message ?? String(e));
      status.textContent = '';
      element.setAttribute('data-state', 'error');
    } finally {
      run.disabled = false;
    }
  }
  run.addEventListener('click', () => void analyze());

  function stat(path: string, v: number, text: string, index: number): HTMLElement {
    return h('span', { class: 'stat', 'data-stat': path, 'data-value': String(v), 'data-comparison': index }, text);
  }

  function bySystem(r: AnalysisReport): HTMLElement {
    return h('table', { class: 'stats-table', 'data-testid': 'by-system' },
      h('caption', {}, `Each system against the baseline ${r.comparisons[0]?.system_a ?? ''}`),
      h('thead', {}, h('tr', {}, ...['system', 'comparisons', 'significantly better', 'significantly worse', 'verdict'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...r.by_system.map((t) => h('tr', { 'data-system': t.system },
        h('th', { scope: 'row' }, t.system), h('td', {}, String(t.comparisons)), h('td', {}, String(t.better)), h('td', {}, String(t.worse)),
        h('td', {}, h('span', { class: `verdict verdict-${t.verdict.toLowerCase()}` }, t.verdict))))));
  }

  function render(r: AnalysisReport, plots: PlotData[]) {
    const width = reportEl.clientWidth || 900;
    reportEl.replaceChildren(
      h('p', { class: 'summary' }, h('span', { class: `verdict verdict-${r.overall.toLowerCase()}`, 'data-testid': 'overall' }, r.overall), ' ', r.summary),
      ...(r.by_system.length > 1 ? [bySystem(r)] : []),
      ...r.comparisons.map((c: ComparisonReport, i: number) => {
        const pairing = r.pairing[i];
        const unmatched = pairing && (pairing.only_a || pairing.only_b)
          ? h('p', { class: 'note' }, `${pairing.matched} queries matched; ${pairing.only_a} only in ${c.system_a}${pairing.examples_only_a.length ? ` (${pairing.examples_only_a.join(', ')}${pairing.only_a > pairing.examples_only_a.length ? ', …' : ''})` : ''}, ${pairing.only_b} only in ${c.system_b}${pairing.examples_only_b.length ? ` (${pairing.examples_only_b.join(', ')}${pairing.only_b > pairing.examples_only_b.length ? ', …' : ''})` : ''} — handled as “${missing.s.value}”.`)
          : null;
        const rows = reportStats(c).map(([path, v]) => h('tr', {}, h('th', { scope: 'row' }, LABELS[path] ?? path), h('td', {}, stat(path, v, c.display[path] ?? String(v), i))));
        const sentence = h('blockquote', { class: 'sentence', 'data-testid': 'sentence' }, c.sentence);
        return h('article', { class: 'comparison', 'data-comparison': i },
          h('h3', {}, `${c.system_b} vs ${c.system_a}${c.dataset ? ` — ${c.dataset}` : ''}${c.measure ? ` — ${c.measure}` : ''}`, ' ',
            h('span', { class: `verdict verdict-${c.verdict.toLowerCase()}`, 'data-testid': 'verdict' }, c.verdict)),
          h('p', { class: 'reason' }, c.reason),
          sentence,
          h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(c.sentence) }, 'Copy the sentence'),
          unmatched,
          h('div', { class: 'comparison-body' },
            h('table', { class: 'stats-table' }, h('caption', {}, 'All statistics (the same numbers as pairpower compare --format json)'), h('tbody', {}, ...rows)),
            renderAnalysisPlots(c, plots[i], Math.min(440, width / 2))),
        );
      }),
      h('p', { class: 'note' }, r.wilcoxon_note),
    );
  }

  const save = (kind: 'md' | 'tex' | 'csv' | 'json') => {
    if (!last || reportEl.dataset.stale === 'true') return '';
    return kind === 'md' ? last.markdown : kind === 'tex' ? last.latex : kind === 'csv' ? last.csv : last.json;
  };
  for (const [kind, label] of [['md', 'Markdown'], ['tex', 'LaTeX'], ['csv', 'CSV'], ['json', 'JSON']] as const) {
    exportsEl.append(
      h('button', { type: 'button', 'data-testid': `analysis-copy-${kind}`, onclick: () => void navigator.clipboard?.writeText(save(kind)) }, `Copy ${label}`),
      h('button', { type: 'button', 'data-testid': `analysis-download-${kind}`, onclick: () => {
        const link = h('a', { href: URL.createObjectURL(new Blob([save(kind)], { type: 'text/plain' })), download: `pairpower-analysis.${kind}` });
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      } }, `Download ${label}`),
    );
  }
  return { element };
}
