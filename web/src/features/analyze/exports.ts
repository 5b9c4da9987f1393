// The Analyze report's exports: the core's texts of the report (Markdown, LaTeX,
// CSV, JSON) copied or downloaded, and runs' per-query values as trec_eval -q
// prints them; none while the report is stale.
import type { AnalysisResult } from './worker';
import { downloadText, h } from '../../ui/dom';

/** Fills `exportsEl` with the buttons; returns the trec_eval button, shown only for scored runs. */
export function createExports(exportsEl: HTMLElement, current: () => AnalysisResult | null, stale: () => boolean): HTMLButtonElement {
  const save = (kind: 'md' | 'tex' | 'csv' | 'json') => {
    const last = current();
    if (!last || stale()) return '';
    return kind === 'md' ? last.markdown : kind === 'tex' ? last.latex : kind === 'csv' ? last.csv : last.json;
  };
  // Runs' per-query values as trec_eval -q prints them, for whoever checks them with its tools.
  const trecEvalButton = h('button', { type: 'button', 'data-testid': 'analysis-download-trec-eval', hidden: true,
    onclick: () => { const t = current()?.trecEval; if (t && !stale()) downloadText(t, 'pairpower-per-query.trec_eval.txt'); } }, 'Download per-query (trec_eval -q)');
  exportsEl.append(trecEvalButton);
  for (const [kind, label] of [['md', 'Markdown'], ['tex', 'LaTeX'], ['csv', 'CSV'], ['json', 'JSON']] as const) {
    exportsEl.append(
      h('button', { type: 'button', 'data-testid': `analysis-copy-${kind}`, onclick: () => void navigator.clipboard?.writeText(save(kind)) }, `Copy ${label}`),
      h('button', { type: 'button', 'data-testid': `analysis-download-${kind}`, onclick: () => downloadText(save(kind), `pairpower-analysis.${kind}`) }, `Download ${label}`),
    );
  }
  return trecEvalButton as HTMLButtonElement;
}
