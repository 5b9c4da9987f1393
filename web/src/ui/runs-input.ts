// Runs and judgments instead of per-query scores: a qrels file, one or more
// run files (TREC or MTEB/BEIR JSON, gzip too) and the measure to score them
// by, offered in the core's order (the common measures first). The files stay
// Files: the engine worker reads and scores them (runtime/worker/runs.ts).
import { REGISTRY } from '../runtime/registry';
import type { RunFiles } from '../runtime/scored-runs';
import { h } from './dom';

export interface RunsInput {
  element: HTMLElement;
  /** The chosen files and measure; null until a qrels file and a run are chosen. */
  chosen(): RunFiles | null;
}

/** `prefix` keeps the ids of two views' inputs apart; `changed` runs on every choice. */
export function createRunsInput(prefix: string, changed: () => void): RunsInput {
  const gz = '.gz';
  const qrels = h('input', { type: 'file', id: `${prefix}-qrels`, 'data-testid': 'qrels-file', accept: `.txt,.qrels,.json,${gz}` });
  const runs = h('input', { type: 'file', id: `${prefix}-runs`, 'data-testid': 'run-files', multiple: true, accept: `.txt,.run,.res,.trec,.json,${gz}` });
  const measure = h('select', { id: `${prefix}-run-measure`, 'data-testid': 'run-measure' },
    h('optgroup', { label: 'Common' }, ...REGISTRY.run_measures.filter((m) => m.common).map((m) => h('option', { value: m.id }, m.label))),
    h('optgroup', { label: 'Every other trec_eval measure' }, ...REGISTRY.run_measures.filter((m) => !m.common).map((m) => h('option', { value: m.id }, m.label))));
  measure.value = REGISTRY.default_run_measure;
  const chosenLine = h('p', { class: 'note', 'data-testid': 'runs-chosen', 'aria-live': 'polite' });
  const clear = h('button', { type: 'button', 'data-testid': 'runs-clear', hidden: true }, 'Clear the runs');
  // `bytes`: the files' size once known.
  const describe = (bytes?: number) => {
    const q = qrels.files?.[0];
    const r = [...(runs.files ?? [])];
    const size = bytes === undefined ? '' : `, ${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
    chosenLine.textContent = !q && !r.length ? '' : !q ? `${r.length} run file${r.length === 1 ? '' : 's'}${size}; choose the qrels too` :
      !r.length ? `qrels ${q.name}; choose one or more run files` :
      `${r.length} run${r.length === 1 ? '' : 's'} (${r.map((f) => f.name).join(', ')}${size}) against ${q.name}, by ${measure.value}: these are analysed, not the pasted scores`;
    clear.hidden = !q && !r.length;
  };
  // The files' sizes, read a few at a time: the browser looks each file up on disk the first time its
  // size is asked (or it is posted to a worker), ~1 ms a file on the page's thread, which for a hundred
  // runs read at once would hold the page. Read here, they cost nothing when Rank sends the files.
  let sizing = 0;
  async function size() {
    const mine = ++sizing;
    const files = [...(qrels.files ?? []), ...(runs.files ?? [])];
    let bytes = 0;
    for (let i = 0; i < files.length; i += 8) {
      for (const f of files.slice(i, i + 8)) bytes += f.size;
      await new Promise((go) => setTimeout(go, 0));
      if (mine !== sizing) return;
    }
    if (files.length) describe(bytes);
  }
  for (const x of [qrels, runs, measure]) x.addEventListener('change', () => {
    describe();
    void size();
    changed();
  });
  clear.addEventListener('click', () => {
    qrels.value = '';
    runs.value = '';
    describe();
    changed();
  });
  const field = (input: HTMLElement, label: string) => h('div', { class: 'field' }, h('label', { for: input.id, class: 'field-label' }, label), input);
  const element = h('fieldset', { class: 'runs-input' }, h('legend', {}, 'Or runs and relevance judgments (scored as trec_eval 10.0 scores them)'),
    h('div', { class: 'fields' }, field(qrels, 'Qrels file'), field(runs, 'Run files (one per system)'), field(measure, 'Measure to score by')),
    chosenLine, clear);
  return {
    element,
    chosen: () => {
      const q = qrels.files?.[0];
      const r = [...(runs.files ?? [])];
      return q && r.length ? { qrels: q, runs: r, measure: measure.value } : null;
    },
  };
}
