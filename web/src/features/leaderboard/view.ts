// The Leaderboard view: many systems on shared queries, pasted as one table or
// dropped as one file per system. The core ranks them (leaderboard.hpp, in the
// analysis worker); this view lays out its report: a forest plot with tier
// letters, a table (data-system, data-rank, data-tier: the tests' contract), the
// pairwise matrix of family-wise p-values, and across datasets the mean ranks
// with Nemenyi's critical difference. Settings and their bounds are the registry's.
import * as Comlink from 'comlink';
import { REGISTRY } from '../../runtime/registry';
import { markStage } from '../../runtime/engines';
import { createRunsInput } from '../../ui/runs-input';
import { joinScored } from '../../runtime/scored-runs';
import { choicesOf } from '../../runtime/errors';
import { folderFiles } from '../../runtime/read-file';
import type { View, ViewContext } from '../../runtime/view';
import type { ChosenFile, LeaderboardApi } from './worker';
import { startReaders } from './readers';
import { seriesBuffers } from './series-buffers';
import type { LeaderboardInputs, LeaderboardQuery, PreparedBoard, RankSettings, ScoredRuns } from '../../generated/boundary';
// The one import from another feature: the leaderboard's settings and choosers are Analyze's (tests/web/import_graph.test.ts).
import { CHOOSER_LABELS, ANALYZE_FIELDS, INPUT_FIELDS, settingValue } from '../analyze/fields';
import { downloadText, fmt, h, numberField } from '../../ui/dom';
import { renderWarnings } from '../../ui/warnings';
import { foldLongText } from '../../ui/fold';
import type { BoardReport, LeaderboardReport } from './report';
import { criticalDifferenceDiagram, forestPlot, pairMatrix } from './plots';
import { acrossPairTable, pairTable, rankSet } from './tables';

type Exports = { json: string; markdown: string; latex: string; csv: string; trecEval?: string };

export function createLeaderboardView(ctx: ViewContext<LeaderboardApi>): View {
  const slot = h('div', { class: 'error-slot' });
  const paste = h('textarea', { id: 'lb-paste', 'data-testid': 'paste-leaderboard', rows: 8, spellcheck: false,
    placeholder: 'qid,bm25,dense,splade…  (or dataset,qid,system,score; or dataset,sysA,sysB,… for per-dataset scores)' });
  // A long table is shown as a line saying what it holds (the page stays quick); Rank reads all of it.
  const folded = foldLongText(paste, 'leaderboard', () => 'Pasted', 'Rank', () => undefined);
  const files = h('input', { type: 'file', multiple: true, id: 'lb-files', 'data-testid': 'files-leaderboard' });
  const fileNote = h('p', { class: 'note', 'data-testid': 'files-loaded' });
  // A folder's files keep their paths (lm-eval names a model by its folder and its results file);
  // the hidden files a desktop leaves in folders hold no scores.
  const folder = h('input', { type: 'file', webkitdirectory: '', id: 'lb-folder', 'data-testid': 'folder-leaderboard', 'aria-describedby': 'lb-folder-help' });
  // Read when ranked, by reading workers for the workers that parse them (readers.ts, readFilesPart).
  let loaded: ChosenFile[] = [];
  const load = (chosen: File[]) => {
    loaded = chosen.map((f) => ({ name: f.webkitRelativePath || f.name, file: f, folder: f.webkitRelativePath.split('/')[0] || undefined }));
    offerMeasures([]);  // other inputs (files, a folder, a paste or runs): the last ones' measures no longer apply
    fileNote.textContent = loaded.length ? `${loaded.length} files: ${loaded.map((f) => f.name).join(', ')} (a run's runid names it when it has one)` : '';
  };
  files.addEventListener('change', () => load([...(files.files ?? [])]));
  // In path order, as a shell lists them (a browser gives a folder's files in no set order): the board's systems in the CLI's order.
  folder.addEventListener('change', () => load(folderFiles(folder)));
  const runsIn = createRunsInput('lb', () => offerMeasures([]));
  const select = (id: string, label: string, options: readonly { id: string; label: string }[]) => {
    const s = h('select', { id }, ...options.map((o) => h('option', { value: o.id }, o.label)));
    return { s, row: h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), s) };
  };
  // The format chooser settles what detection cannot (an ambiguous input's error names it).
  const format = select('lb-format', CHOOSER_LABELS.input_format, REGISTRY.input_formats);
  const missing = select('lb-missing', CHOOSER_LABELS.missing, REGISTRY.missing_policies);
  const direction = select('lb-direction', CHOOSER_LABELS.direction, REGISTRY.directions);
  const measure = numberField('lb-measure', CHOOSER_LABELS.measure, '', 'needed when the input holds several (ndcg_cut_10, map, …); after Rank, the input’s measures are offered here');
  measure.input.setAttribute('inputmode', 'text');
  // The measures the inputs hold, as the core names them after a ranking or in a refusal asking for one: suggestions, not a rule.
  const measureChoices = h('datalist', { id: 'lb-measure-choices', 'data-testid': 'measure-choices' });
  measure.input.setAttribute('list', measureChoices.id);
  measure.row.append(measureChoices);
  const offerMeasures = (names: string[]) => measureChoices.replaceChildren(...names.map((m) => h('option', { value: m })));
  paste.addEventListener('input', () => offerMeasures([]));
  // Logs name an item's cluster (a passage, a conversation) in a field of their own; tables in a column named cluster.
  const cluster = numberField('lb-cluster', INPUT_FIELDS.cluster.label, '', INPUT_FIELDS.cluster.help);
  cluster.input.setAttribute('inputmode', 'text');
  const defaults = REGISTRY.leaderboard_defaults;
  const setting = (key: 'alpha' | 'confidence' | 'seed', id: string) =>
    numberField(id, ANALYZE_FIELDS[key].label, ANALYZE_FIELDS[key].value, ANALYZE_FIELDS[key].help, ANALYZE_FIELDS[key].unset);
  const alpha = setting('alpha', 'lb-alpha');
  const confidence = setting('confidence', 'lb-confidence');
  const seed = setting('seed', 'lb-seed');
  const resamples = numberField('lb-resamples', 'Permutations', String(defaults.resamples), 'randomized Tukey HSD and randomization test');
  const bootstrap = numberField('lb-bootstrap', ANALYZE_FIELDS.bootstrap.label, String(defaults.bootstrap), 'rank and Δ intervals');
  const numbers = [['alpha', alpha], ['confidence', confidence], ['resamples', resamples], ['bootstrap', bootstrap], ['seed', seed]] as const;
  const rank = h('button', { type: 'button', 'data-testid': 'rank', class: 'primary' }, 'Rank');
  const status = h('p', { class: 'status', 'aria-live': 'polite' });
  const out = h('div', { 'data-testid': 'leaderboard-report' });
  // Under the error of a refused board: what its inputs warned of (a file left out may have held what is missing).
  const refusedWith = h('div', { 'data-testid': 'refused-with' });
  const exportsEl = h('div', { class: 'exports', hidden: true });
  // The settings fold under a summary that states them in one line, as in Analyze.
  const settingsSummary = h('summary', { 'data-testid': 'lb-settings-summary' });
  const settingsEl = h('details', { class: 'settings', 'data-testid': 'lb-settings', open: true }, settingsSummary,
    h('div', { class: 'fields' }, format.row, measure.row, cluster.row, missing.row, direction.row, ...numbers.map(([, f]) => f.row)));
  const describeSettings = () => {
    const v = (f: { input: HTMLInputElement }) => f.input.value.trim();
    settingsSummary.textContent = `Settings: ${ANALYZE_FIELDS.alpha.label} = ${v(alpha)}, ${ANALYZE_FIELDS.confidence.label.toLowerCase()} ${v(confidence) || ANALYZE_FIELDS.confidence.unset}, ` +
      `${v(resamples)} permutations, ${v(bootstrap)} ${ANALYZE_FIELDS.bootstrap.label.toLowerCase()}, ${ANALYZE_FIELDS.seed.label.toLowerCase()} ${v(seed)}` +
      (v(cluster) ? `, items clustered by ${v(cluster)}` : '');
  };
  describeSettings();
  settingsEl.addEventListener('input', describeSettings);
  // The answer first: the boards and their exports stand above the inputs and settings (empty before
  // the first run, so the form leads then); keyboard and reading order follow the same order.
  const element = h('section', { id: 'leaderboard', 'aria-labelledby': 'lb-title', 'data-state': 'idle' },
    h('h2', { id: 'lb-title' }, 'Leaderboard: which systems are actually different?'),
    h('p', { class: 'note' }, 'Paste one table of every system’s per-query scores, or choose one per-query file or log per system (trec_eval -q, ir_measures, ranx, pytrec_eval; lm-eval, inspect_ai, HELM, openai/evals). Nothing leaves this page.'),
    out, exportsEl,
    h('div', { class: 'field' }, h('label', { for: 'lb-paste', class: 'field-label' }, 'Scores'), paste, folded.element),
    h('div', { class: 'field' }, h('label', { for: 'lb-files', class: 'field-label' }, 'Or files'), files),
    h('div', { class: 'field' }, h('label', { for: 'lb-folder', class: 'field-label' }, 'Or a folder of logs'), folder,
      h('p', { class: 'note', id: 'lb-folder-help' }, 'lm-eval’s output folder: each model’s samples files, named by the results file beside them; a file in it that cannot be read (a README) is left out, with a warning'), fileNote),
    runsIn.element,
    settingsEl,
    h('p', {}, rank), status, slot, refusedWith);

  let runs = 0;
  let last: Exports | null = null;
  async function run() {
    ctx.showError(null);
    refusedWith.replaceChildren();
    element.dataset.runs = String(++runs);
    element.setAttribute('data-state', 'running');
    rank.disabled = true;
    const runFiles = runsIn.chosen();
    status.textContent = runFiles ? 'Scoring the runs…' : 'Ranking…';
    // What the inputs warned of (files of the folder left out, topics a run lacks) stays in view when the board is then refused.
    let aboutInputs: PreparedBoard['warnings'] = [];
    try {
      const files = runFiles ? [] : loaded;
      const inputs = runFiles || files.length ? [] : paste.value.trim() ? [{ text: paste.value }] : [];
      if (!inputs.length && !files.length && !runFiles) throw new Error('paste a table of scores, choose the systems’ files, or choose runs and qrels first');
      const values: Record<string, number | undefined> = {};
      for (const [key, f] of numbers) {
        const r = settingValue(ANALYZE_FIELDS[key], f.input.value);
        if (!r.ok) throw new Error(`${f.row.querySelector('label')!.textContent}: ${r.error}`);
        values[key] = r.value;
      }
      const source: LeaderboardInputs = { inputs, format: format.s.value as LeaderboardQuery['format'], measure: measure.input.value.trim() || undefined,
        cluster: cluster.input.value.trim() || undefined };
      const settings: RankSettings = { missing: missing.s.value as LeaderboardQuery['missing'], direction: direction.s.value as LeaderboardQuery['direction'],
        alpha: values.alpha!, confidence: values.confidence, resamples: values.resamples!, bootstrap: values.bootstrap!, seed: values.seed! };
      const q: LeaderboardQuery = { ...source, ...settings };
      const t0 = performance.now();
      markStage('rank-start');
      // The texts read once; the resampling of that board cut in parts over the workers (the analysis
      // engine has no threads), joined in one.
      let board: PreparedBoard, scored: ScoredRuns | undefined, trecEval: string | undefined;
      if (runFiles) {
        // Runs are read and scored in the worker, a file at a time; each one done is said here.
        // The files are shared out over the workers; each one done is counted here.
        let done = 0;
        const progress = Comlink.proxy(() => {
          done++;
          status.textContent = done < runFiles.runs.length ? `Scored ${done} of ${runFiles.runs.length} runs…` : 'Ranking the scored runs…';
        });
        const joined = joinScored(runFiles, await ctx.callAnalysisParts((w, part, n) => w.scoreRunsPart(runFiles, part, n, progress)));
        ({ scored, trecEval } = joined);
        board = await ctx.callAnalysis((w) => w.rankPrepare({ inputs: [], scored }));
      } else if (files.length) {
        // Each file's bytes read by a reader of their own and handed over as they are (decoded in the worker), without a copy.
        const readers = startReaders(2);
        const bytes = Comlink.proxy(async (i: number) => {
          const b = await readers.bytes(files[i].file);
          return Comlink.transfer(b, [b.buffer]);
        });
        const read = await ctx.callAnalysisParts((w, part, n) => w.readFilesPart(files, bytes, { format: source.format, cluster: source.cluster }, part, n))
          .finally(() => readers.stop());
        markStage('rank-read');
        board = await ctx.callAnalysis((w) => w.rankPrepare(Comlink.transfer({ ...source, read }, read.flatMap((x) => seriesBuffers(x.series)))));
      } else board = await ctx.callAnalysis((w) => w.rankPrepare(source));
      aboutInputs = board.warnings;
      offerMeasures(board.measures);
      markStage('rank-prepared');
      const parts = await ctx.callAnalysisParts((w, part, n) => w.rankPart(settings, board, part, n));
      markStage('rank-resampled');
      // The board's last use: its buffers move to the merging worker.
      const r = await ctx.callAnalysis((w) => w.rankMerge(settings, Comlink.transfer(board, seriesBuffers(board.series)), parts));
      markStage('rank-merged');
      last = { ...r, trecEval };
      const later: (() => void)[] = [];
      const yieldTask = () => new Promise((go) => setTimeout(go, 0));
      await yieldTask();  // receiving the report is a task; drawing it is the next
      out.replaceChildren(...render(r.report, (b, x, y) => void openPair({ ...q, scored }, files, r.report.settings.alpha, b, x, y), later));
      // The big pieces (the p matrices) each in a task of their own: no long stall of the page.
      for (const fill of later) {
        await yieldTask();
        fill();
      }
      exportsEl.hidden = false;
      trecEvalButton.hidden = !trecEval;
      markStage('rank-drawn');
      const seconds = (performance.now() - t0) / 1000;
      // The answer first: the board's heading scrolled to and focused, its one line announced.
      const boards = r.report.leaderboards.map((b) => `${b.measure || 'scores'}${b.dataset ? ` (${b.dataset})` : ''}: ${b.pairs.filter((p) => p.significant).length} of ${b.pairs.length} pairs of ${b.k} systems differ`);
      const warnings = r.report.warnings.length ? `; ${r.report.warnings.length === 1 ? 'one warning' : `${r.report.warnings.length} warnings`} above the boards` : '';
      status.textContent = `${boards.length ? boards.join('; ') : 'Ranked across datasets'}${warnings} (${fmt.seconds(seconds)}).`;
      const heading = out.querySelector<HTMLElement>('h3');
      heading?.setAttribute('tabindex', '-1');
      heading?.setAttribute('data-testid', 'result-heading');
      // The warnings stand above the first board: they come into view with it.
      (out.querySelector<HTMLElement>('.warnings') ?? heading)?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
      element.setAttribute('data-elapsed-s', String(seconds));
      element.setAttribute('data-state', 'done');
    } catch (e) {
      out.replaceChildren();
      const warned = renderWarnings(aboutInputs);
      refusedWith.replaceChildren(...(warned ? [warned] : []));
      exportsEl.hidden = true;
      last = null;
      if (choicesOf(e, 'measure').length) offerMeasures(choicesOf(e, 'measure'));
      ctx.showError((e as Error).message ?? String(e), { focus: true });
      warned?.scrollIntoView({ block: 'nearest' });  // the warnings under the error come into view with it
      status.textContent = '';
      element.setAttribute('data-state', 'error');
    } finally {
      rank.disabled = false;
    }
  }
  rank.addEventListener('click', () => void run());

  // A pair opens in Analyze as this board's pair: the very scores and settings
  // that ranked it (its randomization p there is this board's p for the pair),
  // and its family (K systems, every pair, the family-wise p that decided it on
  // the board: the randomized Tukey HSD's, or the cluster-robust Holm p), which
  // decides its verdict there; a clustered board's pair keeps its clusters.
  async function openPair(q: LeaderboardQuery, files: ChosenFile[], alpha: number, b: BoardReport, systemA: string, systemB: string) {
    ctx.showError(null);
    try {
      const pair = b.pairs.find((p) => (p.system_a === systemA && p.system_b === systemB) || (p.system_a === systemB && p.system_b === systemA));
      if (!pair) throw new Error(`${systemB} vs ${systemA}: not a pair of this board`);
      const { text, warnings: read } = await ctx.callAnalysis((w) => w.pairTable({ inputs: q.inputs, scored: q.scored, format: q.format, measure: q.measure, cluster: q.cluster, missing: q.missing, dataset: b.dataset, systemA, systemB }, files));
      // The two runs' scoring and reading warnings go with their scores (a topic one lacks, a file cut short: gone from the pair's table).
      const warnings = [...(q.scored?.series.filter((s) => s.system === systemA || s.system === systemB).flatMap((s) => s.warnings ?? []) ?? []), ...read];
      ctx.open('analyze', { text, direction: q.direction, missing: q.missing, warnings,
        settings: { alpha, confidence: q.confidence, resamples: q.resamples, bootstrap: q.bootstrap, seed: q.seed },
        family: { systems: b.k, pairs: b.pairs.length, procedure: b.family_procedure, p: pair.p_family },
        source: `${systemB} vs ${systemA}${b.measure ? ` on ${b.measure}` : ''}${b.dataset ? ` (${b.dataset})` : ''}, from the leaderboard` });
    } catch (e) {
      ctx.showError((e as Error).message ?? String(e), { focus: true });
    }
  }

  const names: [Exclude<keyof Exports, 'trecEval'>, string][] = [['json', 'JSON'], ['markdown', 'Markdown'], ['latex', 'LaTeX'], ['csv', 'CSV']];
  exportsEl.append(...names.map(([k, label]) => h('button', { type: 'button', 'data-testid': `leaderboard-download-${k}`,
    onclick: () => last && downloadText(last[k], `pairpower-leaderboard.${k === 'markdown' ? 'md' : k === 'latex' ? 'tex' : k}`) }, `Download ${label}`)));
  // Runs' per-query values as trec_eval -q prints them, for whoever checks them with its tools.
  const trecEvalButton = h('button', { type: 'button', 'data-testid': 'leaderboard-download-trec-eval', hidden: true,
    onclick: () => last?.trecEval && downloadText(last.trecEval, 'pairpower-per-query.trec_eval.txt') }, 'Download per-query (trec_eval -q)');
  exportsEl.append(trecEvalButton);

  // The analysis worker's leaderboard code warmed up on a small board of its own (worker.ts, warmUp).
  const warmUp = () => ctx.callAnalysis((w) => w.warmUpLeaderboard());
  return { id: 'leaderboard', label: 'Leaderboard', element, errorSlot: slot, warmUp };
}

type OpenPair = (board: BoardReport, a: string, b: string) => void;

/** The report's elements; `later` gets what is filled in afterwards, a task each. */
function render(r: LeaderboardReport, open: OpenPair, later: (() => void)[]): HTMLElement[] {
  const warned = renderWarnings(r.warnings);  // the core's: above the boards they qualify
  const parts: HTMLElement[] = [...(warned ? [warned] : []), ...r.leaderboards.map((b) => board(b, r.rank_set_note, open, later))];
  const a = r.across_datasets;
  if (a) {
    const ranks = Object.entries(a.mean_ranks).sort((x, y) => x[1] - y[1]);
    parts.push(h('section', { 'data-testid': 'across-datasets' },
      h('h3', {}, `Across ${a.datasets} datasets`),
      h('p', {}, `${r.across_note}.`),
      criticalDifferenceDiagram(ranks, a.critical_difference),
      h('table', { class: 'stats-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'system'), h('th', { scope: 'col' }, 'mean rank'))),
        h('tbody', {}, ...ranks.map(([s, v]) => h('tr', { 'data-system': s, 'data-mean-rank': v }, h('td', {}, s), h('td', {}, fmt.stat(v)))))),
      acrossPairTable(a)));
  }
  return parts;
}

function board(b: BoardReport, rankSetNote: string, open: OpenPair, later: (() => void)[]): HTMLElement {
  const matrix = pairMatrix(b, (x, y) => open(b, x, y));
  later.push(...matrix.fills);
  // The plot is drawn in a task of its own after the board: at 100 systems the two together hold the page for ~0.1 s.
  const plot = h('div', { class: 'forest-plot-slot' });
  later.unshift(() => plot.replaceWith(forestPlot(b)));
  return h('section', { class: 'board', 'data-dataset': b.dataset },
    h('h3', {}, `${b.dataset ? `${b.dataset}, ` : ''}${b.measure || 'scores'}: ${b.k} systems on ${fmt.int(b.n)} shared ${b.unit.many}`),
    // Bare columns were paired row by row: the core's note, beside the board it qualifies.
    b.note ? h('p', { class: 'note', 'data-testid': 'pairing-note' }, b.note) : null,
    // The core's sentences, as the CLI's text board gives them.
    h('p', { 'data-testid': 'board-notes' }, `${b.differ_note}. ${b.omnibus_note}; ${b.separable_note}.`),
    plot,
    // Long model names and a binary board's Wilson intervals can outgrow a phone: the table scrolls, not the page.
    h('div', { class: 'tables' }, h('table', { class: 'stats-table', 'data-testid': 'leaderboard-table' }, h('caption', {}, rankSetNote),
      h('thead', {}, h('tr', {}, ...['rank', 'system', 'mean [CI]', 'rank set', 'tier', 'tied with best', `${b.unit.many} to separate from the next`].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...b.systems.map((s) => h('tr', { 'data-system': s.system, 'data-rank': s.rank, 'data-tier': s.tier, 'data-mean': s.mean, 'data-rank-set': `${s.rank_set_low}-${s.rank_set_high}` },
        h('td', {}, s.rank), h('th', { scope: 'row' }, s.system), h('td', {}, `${fmt.stat(s.mean)} [${fmt.stat(s.ci_low)}, ${fmt.stat(s.ci_high)}]`,
          // Binary items: the interval is the accuracy's Wilson interval, or with clusters the cluster-robust one, with Wilson's beside it.
          s.wilson ? h('span', { class: 'note', 'data-testid': 'wilson', 'data-low': s.wilson[0], 'data-high': s.wilson[1] },
            b.clusters ? ` Wilson [${fmt.stat(s.wilson[0])}, ${fmt.stat(s.wilson[1])}], for independent ${b.unit.many}` : ' (Wilson)') : null),
        h('td', {}, rankSet(s)), h('td', {}, s.tier), h('td', {}, s.tied_with_best ? 'yes' : 'no'),
        h('td', {}, s.n_to_separate_next === null ? '—' : fmt.int(s.n_to_separate_next))))))),
    matrix.element,
    pairTable(b));
}
