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
  'planning.mde': 'minimum detectable effect at this n', 'planning.n_required': 'n to detect the observed Δ', 'planning.curve_reps': '… power-curve replicates',
};

function show(path: string, v: number): string {
  if (Number.isInteger(v) && Math.abs(v) >= 1) return v.toLocaleString('en-US');
  if (path.endsWith('.p') || path.startsWith('p_') || path === 'min_attainable_p' || path.endsWith('p_se'))
    return v === 0 ? '0' : v < 1e-4 ? v.toExponential(2) : v.toPrecision(4);
  if (Math.abs(v) >= 100) return v.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return Math.abs(v) < 1e-3 && v !== 0 ? v.toExponential(3) : v.toFixed(4);
}

export interface AnalyzeView {
  element: HTMLElement;
}

type CallEngine = <T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>) => Promise<T>;

export function createAnalyzePage(callEngine: CallEngine, showError: (m: string | null) => void, errorPanel: HTMLElement): AnalyzeView {
  const detected = { a: null as Detected | null, b: null as Detected | null };
  const area = (key: 'a' | 'b', label: string) => {
    const text = h('textarea', { id: `paste-${key}`, 'data-testid': `paste-${key}`, rows: 9, spellcheck: 'false', 'aria-describedby': `detected-${key}`,
      placeholder: key === 'a' ? 'ndcg_cut_10   301   0.4523   (trec_eval -q)\nor  qid,bm25,dense  (one table, a column per system)' : 'the second system’s scores (optional with a table)' });
    const file = h('input', { type: 'file', id: `file-${key}`, accept: '.txt,.tsv,.csv,.json,.res,.eval', 'aria-label': `Open a file for ${key.toUpperCase()}` });
    const note = h('p', { class: 'detected', id: `detected-${key}`, 'data-testid': `detected-${key}`, 'aria-live': 'polite' });
    const load = async (f: File) => {
      text.value = await f.text();
      detectNow();
    };
    file.addEventListener('change', () => file.files?.[0] && void load(file.files[0]));
    text.addEventListener('dragover', (e) => { e.preventDefault(); text.classList.add('drop'); });
    text.addEventListener('dragleave', () => text.classList.remove('drop'));
    text.addEventListener('drop', (e) => {
      e.preventDefault();
      text.classList.remove('drop');
      const f = e.dataTransfer?.files?.[0];
      if (f) void load(f);
    });
    text.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(detectNow, 250); });
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
  const format = select('an-format', 'Format', [['auto', 'detect automatically'], ['trec_eval', 'trec_eval -q'], ['ir_measures', 'ir_measures -q'], ['csv-wide', 'CSV/TSV, a column per system'],
    ['csv-long', 'CSV/TSV, long (qid, system, score)'], ['csv-bare', 'two bare numeric columns'], ['ranx', 'ranx JSON'], ['pytrec_eval', 'pytrec_eval JSON']], 'auto');
  const measure = select('an-measure', 'Measure', [], '', 'measure');
  const measureRow = measure.row;
  measureRow.hidden = true;
  const missing = select('an-missing', 'Unmatched query ids', [['error', 'stop and list them'], ['intersect', 'keep the queries both have'], ['zero', 'score a missing query 0 (trec_eval -c)']], 'error');
  const direction = select('an-direction', 'Better is', [['higher', 'higher (nDCG, MAP, accuracy)'], ['lower', 'lower (loss, latency, error)']], 'higher');
  const alpha = input('an-alpha', 'α', '0.05', 'significance level');
  const confidence = input('an-confidence', 'Confidence', '0.95', 'of the intervals');
  const minEffect = input('an-min-effect', 'Minimum effect', '0', 'smallest improvement worth shipping');
  const resamples = input('an-resamples', 'Sign flips', '100000', 'randomization test resamples');
  const bootstrap = input('an-bootstrap', 'Bootstrap resamples', '10000', 'for the intervals');
  const seed = input('an-seed', 'Seed', '1', 'same seed, same numbers');
  const power = input('an-power', 'Planning power', '0.8', 'for the MDE and the n needed');
  const run = h('button', { type: 'button', class: 'primary', 'data-testid': 'analyze' }, 'Analyze');
  const status = h('p', { class: 'progress-text', 'aria-live': 'polite' });
  const reportEl = h('div', { class: 'analysis-report', 'data-testid': 'report' });
  const exportsEl = h('div', { class: 'exports', hidden: true });
  const element = h('section', { id: 'analyze', 'aria-labelledby': 'analyze-title', 'data-state': 'idle' },
    h('h2', { id: 'analyze-title' }, 'Analyze: is B really better than A on these queries?'),
    h('p', { class: 'note' }, 'Paste or drop per-query scores: two trec_eval -q, ir_measures -q, ranx or pytrec_eval outputs — or one CSV/TSV table with a column per system (optionally a dataset column). Nothing leaves this page.'),
    h('div', { class: 'inputs' }, a.element, b.element),
    h('div', { class: 'fields' }, format.row, measureRow, missing.row, direction.row, alpha.row, confidence.row, minEffect.row, resamples.row, bootstrap.row, seed.row, power.row),
    h('div', { class: 'actions' }, run, status),
    errorPanel,
    exportsEl,
    reportEl);

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
        detected[key] = await callEngine((r) => r.detectScores({ text, format: fmt }));
        box.note.textContent = `detected: ${detected[key]!.description}`;
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
    const measures = [...new Set([...(detected.a?.measures ?? []), ...(detected.b?.measures ?? [])])].filter((m) => m !== '');
    const keep = measure.s.value;
    measure.s.replaceChildren(...measures.map((m) => h('option', { value: m }, m)), ...(measures.length > 1 ? [h('option', { value: '*' }, 'all measures (corrected for multiplicity)')] : []));
    measure.s.value = measures.includes(keep) || keep === '*' ? keep : measures.includes('ndcg_cut_10') ? 'ndcg_cut_10' : measures[0] ?? '';
    measureRow.hidden = measures.length <= 1;
  }
  format.s.addEventListener('change', detectNow);

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
      const measures = measureRow.hidden || !measure.s.value ? [] : measure.s.value === '*' ? [...measure.s.options].map((o) => o.value).filter((v) => v !== '*') : [measure.s.value];
      const q: AnalyzeQuery = {
        textA: a.text.value,
        textB: b.text.value.trim() ? b.text.value : undefined,
        format: format.s.value as InputFormatName,
        measures,
        missing: missing.s.value as AnalyzeQuery['missing'],
        direction: direction.s.value as AnalyzeQuery['direction'],
        alpha: num(alpha.i, 'α', (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
        confidence: num(confidence.i, 'confidence', (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
        minEffect: num(minEffect.i, 'minimum effect', (v) => v >= 0, 'must be a number ≥ 0'),
        resamples: num(resamples.i, 'sign flips', (v) => Number.isInteger(v) && v >= 1 && v <= 1e8, 'must be a whole number from 1 to 100 000 000'),
        bootstrap: num(bootstrap.i, 'bootstrap resamples', (v) => Number.isInteger(v) && v >= 2 && v <= 1e7, 'must be a whole number from 2 to 10 000 000'),
        seed: num(seed.i, 'seed', (v) => Number.isInteger(v) && v >= 0, 'must be a whole number'),
        power: num(power.i, 'planning power', (v) => v > 0 && v < 1, 'must lie strictly between 0 and 1'),
      };
      const lines = (q.textA.match(/\n/g)?.length ?? 0) + 1;
      const limit = analyzeLimit(q.textA.length + (q.textB?.length ?? 0), lines, q.resamples, q.bootstrap);
      if (limit) throw new Error(limit);
      const t0 = performance.now();
      last = await callEngine((r) => r.analyzeScores(q));
      render(last.report, last.plots);
      const seconds = (performance.now() - t0) / 1000;
      status.textContent = `Done in ${seconds.toFixed(2)} s.`;
      element.setAttribute('data-elapsed-s', String(seconds));
      exportsEl.hidden = false;
      element.setAttribute('data-state', 'done');
    } catch (e) {
      showError((e as Error).message ?? String(e));
      status.textContent = '';
      element.setAttribute('data-state', 'error');
    } finally {
      run.disabled = false;
    }
  }
  run.addEventListener('click', () => void analyze());

  function stat(path: string, v: number, index: number): HTMLElement {
    return h('span', { class: 'stat', 'data-stat': path, 'data-value': String(v), 'data-comparison': index }, show(path, v));
  }

  function render(r: AnalysisReport, plots: PlotData[]) {
    const width = reportEl.clientWidth || 900;
    reportEl.replaceChildren(
      h('p', { class: 'summary' }, h('span', { class: `verdict verdict-${r.overall.toLowerCase()}`, 'data-testid': 'overall' }, r.overall), ' ', r.summary),
      ...r.comparisons.map((c: ComparisonReport, i: number) => {
        const pairing = r.pairing[i];
        const unmatched = pairing && (pairing.only_a || pairing.only_b)
          ? h('p', { class: 'note' }, `${pairing.matched} queries matched; ${pairing.only_a} only in ${c.system_a}${pairing.examples_only_a.length ? ` (${pairing.examples_only_a.join(', ')}${pairing.only_a > pairing.examples_only_a.length ? ', …' : ''})` : ''}, ${pairing.only_b} only in ${c.system_b}${pairing.examples_only_b.length ? ` (${pairing.examples_only_b.join(', ')}${pairing.only_b > pairing.examples_only_b.length ? ', …' : ''})` : ''} — handled as “${missing.s.value}”.`)
          : null;
        const rows = reportStats(c).map(([path, v]) => h('tr', {}, h('th', { scope: 'row' }, LABELS[path] ?? path), h('td', {}, stat(path, v, i))));
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
    if (!last) return '';
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
