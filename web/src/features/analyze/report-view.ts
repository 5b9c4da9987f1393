// A report on the page: the overall verdict and summary, each system's record,
// and per comparison its verdict, reason, quotable sentence, every statistic
// (data-stat = its JSON path, data-value = the number: the tests' contract) and plots.
import { REGISTRY } from '../../runtime/registry';
import { h } from '../../ui/dom';
import { renderWarnings } from '../../ui/warnings';
import { renderAnalysisPlots } from './plots';
import type { AnalysisReport, ComparisonReport, PlotData } from './report';
import { reportStats } from './report-stats';

// Row heads by JSON path: the core's words (comparison_report.hpp stat_labels).
const LABELS: Record<string, string> = REGISTRY.stat_labels;

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


/** The report's elements; `missing` names how unmatched ids were handled. */
export function renderReport(r: AnalysisReport, plots: PlotData[], width: number, missing: string, toPlan?: (comparison: number) => void,
  toCalculator?: (comparison: number) => void): HTMLElement[] {
  const f = r.settings.family;
  return [
    // The answer first: the heading the page focuses after a run, then the verdict.
    h('h3', { class: 'result-heading', tabindex: '-1', 'data-testid': 'result-heading' }, 'Result'),
    ...(f ? [h('p', { class: 'family note', 'data-testid': 'family' },
      `A pair of a family: one of ${f.pairs} pairs among ${f.systems} systems. Its family-wise p (${f.procedure_label}) is ${r.comparisons[0]?.display['family.p'] ?? f.p}. `,
      f.rule)] : []),
    h('p', { class: 'summary' }, h('span', { class: `verdict verdict-${r.overall.toLowerCase()}`, 'data-testid': 'overall' }, r.overall), ' ', r.summary),
    // About the inputs (a topic a run lacks) or the whole set (intervals at another level than α's): they qualify every comparison below.
    ...[renderWarnings(r.warnings.filter((w) => w.comparison == null))].filter((x) => x !== null),
    ...(r.by_system.length > 1 ? [bySystem(r)] : []),
    ...r.comparisons.map((c: ComparisonReport, i: number) => {
      const pairing = r.pairing[i];
      const unmatched = pairing && (pairing.only_a || pairing.only_b)
        ? h('p', { class: 'note' }, `${pairing.matched} ${pairing.matched === 1 ? c.unit.one : c.unit.many} matched; ${pairing.only_a} only in ${c.system_a}${pairing.examples_only_a.length ? ` (${pairing.examples_only_a.join(', ')}${pairing.only_a > pairing.examples_only_a.length ? ', …' : ''})` : ''}, ${pairing.only_b} only in ${c.system_b}${pairing.examples_only_b.length ? ` (${pairing.examples_only_b.join(', ')}${pairing.only_b > pairing.examples_only_b.length ? ', …' : ''})` : ''} — handled as “${missing}”.`)
        : null;
      const rows = reportStats(c).map(([path, v]) => h('tr', {}, h('th', { scope: 'row' }, LABELS[path] ?? path), h('td', {}, stat(path, v, c.display[path] ?? String(v), i))));
      const sentence = h('blockquote', { class: 'sentence', 'data-testid': 'sentence' }, c.sentence);
      // A quoted sentence keeps the caveats shown beside it: the inputs' and its own.
      const caveats = r.warnings.filter((w) => w.comparison == null || w.comparison === i).map((w) => w.message);
      const quoted = caveats.length ? `${c.sentence}\nCaveats: ${caveats.join(' ')}` : c.sentence;
      return h('article', { class: 'comparison', 'data-comparison': i },
        h('h3', {}, `${c.system_b} vs ${c.system_a}${c.dataset ? ` — ${c.dataset}` : ''}${c.measure ? ` — ${c.measure}` : ''}`, ' ',
          h('span', { class: `verdict verdict-${c.verdict.toLowerCase()}`, 'data-testid': 'verdict' }, c.verdict)),
        h('p', { class: 'reason' }, c.reason),
        renderWarnings(r.warnings.filter((w) => w.comparison === i)),
        sentence,
        h('button', { type: 'button', 'data-testid': 'copy-sentence', onclick: () => void navigator.clipboard?.writeText(quoted) },
          caveats.length ? 'Copy the sentence and its caveats' : 'Copy the sentence'),
        toPlan ? h('button', { type: 'button', 'data-testid': 'send-pilot', title: `Simulate power for these ${c.unit.many}’ own score distribution, resampled and shifted to each δ`,
          onclick: () => toPlan(i) }, `Plan with these ${c.unit.many} as a pilot`) : null,
        toCalculator && c.planning.calculator ? h('button', { type: 'button', 'data-testid': 'send-calculator',
          title: 'Fill the quick calculator with what these items say: the SD of their differences, or the accuracies and agreement of binary items, and their clusters',
          onclick: () => toCalculator(i) }, 'Plan the next eval in the calculator') : null,
        unmatched,
        pairing?.note ? h('p', { class: 'note', 'data-testid': 'pairing-note' }, pairing.note) : null,
        h('div', { class: 'comparison-body' },
          h('table', { class: 'stats-table' }, h('caption', {}, 'All statistics (the same numbers as pairpower compare --format json)'), h('tbody', {}, ...rows)),
          renderAnalysisPlots(c, plots[i], Math.min(440, width / 2))),
      );
    }),
    h('p', { class: 'note' }, r.wilcoxon_note),
  ];
}
