// Result tables, filled cell by cell as groups finish. Every power value shown is
// an element carrying data-model, data-n, data-delta, data-rho, data-test and
// data-power (a plain number): the page's test contract.
import { REGISTRY, SOLVABLE_TESTS, claimWords, mdeHeading, modelInfo, testLabel, type SolvableTest } from '../../runtime/registry';
import type { CellResult, GridAnswer, PaperCheck } from '../../generated/boundary';
import { answerText, type MdeRow, type SolverRow } from './answer-text';
import { findPrinted, type PrintedValue } from './export';
import { cellId, type CellKey, type PlanSpec } from './spec';
import { escapeHtml as e, fmt, h } from '../../ui/dom';
import { renderWarnings, type CoreWarning } from '../../ui/warnings';

const short = (t: CellKey['test']) => testLabel(t).short;
/** A cell waiting for its Monte Carlo value. */
const PENDING = '…';
/** The paper's printed value as a cell shows it, with what flags it (none: unflagged). */
const paperText = (printed: PrintedValue, flags: string[]) => ({
  text: `paper ${fmt.p3(printed.power)}${flags.length ? ' ⚠' : ''}`,
  title: `printed in the paper, §${printed.section}${flags.length ? `: ${flags.join('; ')}` : ''}`,
});

interface Slot {
  power: HTMLElement;
  analytic: HTMLElement;
  /** The paper's printed value and where it shows, if the paper printed one for this cell. */
  paper: { el: HTMLElement; printed: PrintedValue } | null;
  /** Which detailed table holds it (their build order). */
  table: number;
}

export interface ResultsView {
  /** The answer, for the top of the view: a plain-language summary and the smallest-N and MDE tables. */
  answer: HTMLElement;
  /** The run's status line and the detailed power tables (collapsible). */
  element: HTMLElement;
  /** Shows spec's grid, empty; resolves once its detailed tables are all built (one per task). */
  start(spec: PlanSpec): Promise<void>;
  /** The core's comparison of printed values with ours, by cellId (paper.hpp check_printed). */
  setPaperChecks(checks: Map<string, PaperCheck>): void;
  /** Shows analytic values (unfolded, a table per animation frame); resolves once every table has them. */
  setAnalytic(analytic: Map<string, number>): Promise<void>;
  addCells(cells: CellResult[]): void;
  /** The solver tables for one model: `offered` are the tests its closed form covers (others show "—"). */
  setSolvers(minN: SolverRow[], mde: MdeRow[], target: number, model: { title: string; offered: readonly string[]; exact: boolean; anyRho: boolean }): void;
  summary(text: string): void;
  /** The run's Monte Carlo answer for every model it simulated, at the top of the answer; returns its one-line summary. */
  setMonteCarlo(spec: PlanSpec, answers: GridAnswer[]): string;
  /** Scrolls the answer to the top of the window, focuses its heading and announces `line`; the power tables fold away below it. */
  showAnswer(line: string): void;
  /** The core's warnings on the answer (warnings.hpp plan_warnings), under its heading; none clears them. */
  setWarnings(warnings: readonly CoreWarning[]): void;
  /** Says, under the answer's heading, that the answer is not for the form as it now stands (null: it is). */
  setStale(note: string | null): void;
}

/** Calls f after the next frame is drawn, or within 100 ms where no frame comes (a hidden tab draws none). */
function afterFrame(f: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    f();
  };
  const timer = setTimeout(once, 100);
  requestAnimationFrame(() => {
    clearTimeout(timer);
    setTimeout(once, 0);  // after the frame, not inside it
  });
}

/** `tablesOpen`: the power tables start unfolded (the grid embed, whose frame shows them under the answer). */
export function createResults({ tablesOpen = false } = {}): ResultsView {
  let slots = new Map<string, Slot[]>();
  let results = new Map<string, CellResult>();
  let current: PlanSpec | null = null;
  let analytic = new Map<string, number>();
  let checks = new Map<string, PaperCheck>();
  /** Counts start() calls: a table build that a newer start overtook is dropped. */
  let started = 0;
  /** The detailed table being built (slots record it). */
  let building = 0;
  /** Counts setAnalytic() and start() calls: an analytic fill that a newer one overtook stops. */
  let filling = 0;
  /** The spec whose tables are all built, but for what changes no table or analytic value (sameTables). */
  let built = '';
  const sameTables = (spec: PlanSpec) => JSON.stringify({ ...spec, seed: 0, reps: 0, power: 0 });
  const summaryEl = h('p', { class: 'summary', 'aria-live': 'polite', 'data-testid': 'run-summary' });
  // Wide tables scroll sideways in this box: a named region the keyboard can reach and scroll.
  const tablesEl = h('div', { class: 'tables', role: 'region', tabindex: 0, 'aria-label': 'Power tables, scrollable' });
  const solversEl = h('div', { class: 'solvers' });
  const sentenceEl = h('div', { class: 'answer-text', 'data-testid': 'plan-answer', 'aria-live': 'polite' });
  const answerTitle = h('h3', { id: 'answer-title', tabindex: '-1' }, 'The answer for this grid');
  const announceEl = h('p', { class: 'announce', 'data-testid': 'plan-announce', 'aria-live': 'polite' });
  const monteCarloEl = h('div', { class: 'mc-answers', 'data-testid': 'mc-answers' });
  const warningsEl = h('div', { class: 'plan-warnings' });
  const staleEl = h('p', { class: 'stale-note', 'data-testid': 'stale-note', role: 'status', hidden: true });
  const tablesTitle = h('span', {}, 'Power tables');
  // Hundreds of cells (~2,500 px for the paper's grid): folded under the answer, a summary naming what they hold.
  const details = h('details', { class: 'power-details', 'data-testid': 'power-details', open: tablesOpen }, h('summary', {}, tablesTitle), tablesEl);

  /** A cell's markup as it stands with no value yet (refresh writes the values that came before its table). */
  function cellHtml(key: CellKey, printed: PrintedValue | undefined): string {
    const keys = `data-model="${e(key.model)}" data-n="${key.n}" data-delta="${key.delta}" data-rho="${key.rho}" data-test="${e(key.test)}"`;
    const paper = printed ? paperText(printed, []) : null;
    // The analytic value sits beside where the Monte Carlo value lands, with the same keys.
    return `<td><span class="power pending" ${keys}>${PENDING}</span><br><span class="analytic" title="analytic power" ${keys}></span>` +
      (paper ? `<br><span class="paper" title="${e(paper.title)}">${e(paper.text)}</span>` : '') + '</td>';
  }

  /** Records the slots of a table built from cellHtml, `keys` in document order. */
  function adopt(box: HTMLElement, keys: { key: CellKey; printed: PrintedValue | undefined }[]) {
    const powers = box.querySelectorAll<HTMLElement>('span.power');
    keys.forEach(({ key, printed }, i) => {
      const power = powers[i]!;
      const an = power.nextElementSibling!.nextElementSibling as HTMLElement;
      const paper = printed ? { el: an.nextElementSibling!.nextElementSibling as HTMLElement, printed } : null;
      const id = cellId(key);
      const list = slots.get(id) ?? [];
      list.push({ power, analytic: an, paper, table: building });
      slots.set(id, list);
      if (results.has(id) || analytic.has(id)) refresh(id);  // values that came before the table
    });
    return box;
  }

  /** Writes a cell's values into its slots — all of them, or only what changed (each write costs the page a style pass);
   *  a cell without a Monte Carlo value shows it pending and its paper value unflagged. */
  function refresh(id: string, only?: 'power' | 'analytic' | 'paper') {
    const r = results.get(id);
    const a = analytic.get(id);
    const all = only === undefined;
    // The paper's ⚠ compares the printed value with ours: it follows the Monte Carlo value too.
    const [power, anal, paper] = [all || only === 'power', all || only === 'analytic', all || only === 'paper' || only === 'power'];
    for (const s of slots.get(id) ?? []) {
      if (power) {
        s.power.textContent = r ? `${fmt.p3(r.power)} ${fmt.mc(r)}` : PENDING;
        if (r) s.power.setAttribute('data-power', String(r.power));
        else s.power.removeAttribute('data-power');
        s.power.classList.toggle('pending', !r);
      }
      // Unchanged values are not written again (a run of the same grid keeps its tables).
      const analyticText = a === undefined ? '' : `analytic ${fmt.p3(a)}`;
      if (anal && (s.analytic.textContent !== analyticText || s.analytic.getAttribute('data-analytic') !== (a === undefined ? null : String(a)))) {
        s.analytic.textContent = analyticText;
        if (a === undefined) s.analytic.removeAttribute('data-analytic');
        else s.analytic.setAttribute('data-analytic', String(a));
      }
      if (s.paper && paper) {
        const { el, printed } = s.paper;
        const c = r ? checks.get(id) : undefined;
        const k = REGISTRY.paper.flag_se;
        const flags = c ? [c.offOurs ? `more than ${k} Monte Carlo SEs from ours` : '', c.offAnalytic ? `more than ${k} SEs from the analytic value` : ''].filter(Boolean) : [];
        const { text, title } = paperText(printed, flags);
        el.classList.toggle('flagged', flags.length > 0);
        el.textContent = text;
        el.title = title;
      }
    }
  }

  /** The detailed tables of a grid, each made by its own function (start builds one per task). Each is written
   *  as markup: hundreds of cells made element by element took the page's thread several times as long. */
  function powerTables(spec: PlanSpec): (() => HTMLElement)[] {
    const parts: (() => HTMLElement)[] = [];
    const withPaper = paperComparable(spec);
    const th = (attrs: string, text: string | number) => `<th ${attrs}>${e(String(text))}</th>`;
    // A detailed table in the box that lets the browser skip it while it is off screen
    // (content-visibility has no effect on a table itself).
    const table = (cls: string, caption: string, head: string, rows: (cell: (key: CellKey) => string) => string) => {
      const keys: { key: CellKey; printed: PrintedValue | undefined }[] = [];
      const cell = (key: CellKey) => {
        const printed = withPaper ? findPrinted(key) : undefined;
        keys.push({ key, printed });
        return cellHtml(key, printed);
      };
      const box = h('div', { class: 'table-box' });
      box.innerHTML = `<table class="${cls}"><caption>${e(caption)}</caption><thead>${head}</thead><tbody>${rows(cell)}</tbody></table>`;
      return adopt(box, keys);
    };
    for (const model of spec.models)
      for (const rho of spec.rho)
        parts.push(() => table('power-table',
          `${questionWords(spec)}: ${modelInfo(model).title}, ρ = ${rho} (Monte Carlo ± SE; analytic; paper where printed)`,
          `<tr>${th('scope="col" rowspan="2"', 'N')}${spec.delta.map((d) => th(`scope="colgroup" colspan="${spec.tests.length}"`, `δ = ${d}`)).join('')}</tr>` +
            `<tr>${spec.delta.map(() => spec.tests.map((t) => th('scope="col"', short(t))).join('')).join('')}</tr>`,
          (cell) => spec.n.map((n) =>
            `<tr>${th('scope="row"', n)}${spec.delta.map((delta) => spec.tests.map((test) => cell({ model, n, delta, rho, test })).join('')).join('')}</tr>`).join('')));
    // At δ = 0 the difference tests' rejection rate is their type I error (for equivalence and non-inferiority it is power).
    if (spec.delta.includes(0) && spec.question === 'difference') {
      const cols = spec.models.flatMap((m) => spec.tests.map((t) => [m, t] as const));
      parts.push(() => table('power-table type-one',
        `Type I error at δ = 0 (nominal α = ${spec.alpha})`,
        `<tr>${th('scope="col"', 'N')}${th('scope="col"', 'ρ')}${cols.map(([m, t]) => th('scope="col"', `${m} ${short(t)}`)).join('')}</tr>`,
        (cell) => spec.n.map((n) => spec.rho.map((rho) =>
          `<tr>${th('scope="row"', n)}<td>${rho}</td>${cols.map(([model, test]) => cell({ model, n, delta: 0, rho, test })).join('')}</tr>`).join('')).join('')));
    }
    // Where the seed paper's values appear, say whose they are and what ⚠ means (the core's rule, paper.hpp).
    if (withPaper && spec.models.some((model) => REGISTRY.paper.printed.some((p) => p.model === model)))
      parts.push(() => h('p', { class: 'legend', 'data-testid': 'paper-legend' },
        'paper: the power printed in the seed paper, “', h('cite', {}, REGISTRY.paper.title), `” (R = ${fmt.int(REGISTRY.paper.reps)}; its section on hover). `,
        `⚠: the printed value lies more than ${REGISTRY.paper.flag_se} standard errors from our Monte Carlo value (both estimates' SEs combined) `,
        `or more than ${REGISTRY.paper.flag_se} SEs from the analytic value — beyond what chance and three-decimal rounding explain.`));
    return parts;
  }

  return {
    // After a run its Monte Carlo answer (every model) comes first, then the analytic answer and solvers.
    answer: h('section', { class: 'answer', 'aria-labelledby': 'answer-title' }, answerTitle, staleEl, announceEl, warningsEl, monteCarloEl, sentenceEl, solversEl),
    element: h('section', { id: 'results', 'aria-label': 'Results' }, summaryEl, details),
    start(spec) {
      current = spec;
      const cellCount = spec.models.length * spec.n.length * spec.delta.length * spec.rho.length;
      tablesTitle.textContent = `${questionWords(spec)} for every cell of the grid (${fmt.int(cellCount)} cells × ${spec.tests.length} tests) — ` +
        `Monte Carlo ± SE (analytic below; the paper's value where printed)`;
      sentenceEl.replaceChildren(h('p', { class: 'answer-lead' }, 'Working out the answer…'));
      results = new Map();
      checks = new Map();
      solversEl.replaceChildren();
      monteCarloEl.replaceChildren();
      warningsEl.replaceChildren();
      announceEl.textContent = '';
      summaryEl.textContent = '';
      const at = ++started;
      ++filling;
      // Another run of the same grid (a new seed or R): its tables stay, emptied
      // of the last run's Monte Carlo values and flags, with the same analytic
      // values. Building them again took the page's thread while the run's first
      // units ran.
      const shape = sameTables(spec);
      if (shape === built) {
        for (const id of slots.keys()) refresh(id, 'power');  // no results: pending, flags off
        return Promise.resolve();
      }
      built = '';
      slots = new Map();
      analytic = new Map();  // another grid's values must not fill the new cells
      tablesEl.replaceChildren();
      // The detailed tables (below the answer; hundreds of cells) a table per
      // task: built at once, they would be one long task on the page's thread
      // while a link's first answers wait. Values that arrive first are kept
      // and shown as each cell is made.
      const parts = powerTables(spec);
      building = 0;
      return new Promise<void>((resolve) => {
        const next = () => {
          const part = at === started ? parts.shift() : undefined;
          if (!part) {
            if (at === started) built = shape;
            return resolve();
          }
          tablesEl.append(part());
          building++;
          setTimeout(next, 0);
        };
        setTimeout(next, 0);
      });
    },
    setPaperChecks(map) {
      checks = map;
      for (const id of slots.keys()) refresh(id, 'paper');
    },
    setAnalytic(map) {
      analytic = map;
      // Unfolded, a table per frame: values for all ~450 cells at once would make
      // one long layout of every table. Folded, they are not laid out, and all at
      // once spares the page a frame per table. Cells of tables not built yet
      // take their values as they are made.
      const at = ++filling;
      if (!details.open) {
        for (const id of slots.keys()) refresh(id, 'analytic');
        return Promise.resolve();
      }
      const byTable: string[][] = [];
      for (const [id, list] of slots) (byTable[list[0].table] ??= []).push(id);
      const tables = byTable.filter(Boolean);
      return new Promise<void>((resolve) => {
        const step = () => {
          const ids = at === filling ? tables.shift() : undefined;
          if (!ids) return resolve();
          for (const id of ids) refresh(id, 'analytic');
          afterFrame(step);
        };
        step();
      });
    },
    addCells(cells) {
      for (const c of cells) {
        const id = cellId(c);
        results.set(id, c);
        refresh(id, 'power');
      }
    },
    setSolvers(minN, mde, target, model) {
      if (current) sentenceEl.replaceChildren(...answerText(current, minN, mde, model.offered, model.title, model.exact, model.anyRho));
      const rhos = [...new Set(minN.map((r) => r.rho).concat(mde.map((r) => r.rho)))];
      const rhoHead = (r: number) => rhoHeader(r, !model.anyRho);
      const deltas = [...new Set(minN.map((r) => r.delta))];
      const ns = [...new Set(mde.map((r) => r.n))];
      const n = (v: number | null) => (v === null ? 'unreachable' : fmt.int(v));
      const d = (v: number | null) => (v === null ? 'none' : fmt.stat(v));
      // One cell shows every test the solvers offer, in the registry's order; "—" where the model's formula does not cover it.
      const which = SOLVABLE_TESTS.map((t) => t.label).join(' / ');
      const each = (row: { byTest: Record<SolvableTest, number | null> }, text: (v: number | null) => string) =>
        SOLVABLE_TESTS.map((t) => (model.offered.includes(t.id) ? text(row.byTest[t.id]) : '—')).join(' / ');
      if (!model.offered.length) {
        solversEl.replaceChildren(h('p', {}, `No closed form is offered for the ${model.title}: read the smallest N and the detectable effect off the Monte Carlo tables below.`));
        return;
      }
      const kind = model.exact ? 'exact' : 'normal-theory approximation';
      solversEl.replaceChildren(
        deltas.length
          ? h('table', { class: 'solver-table', 'data-testid': 'min-n' },
              h('caption', {}, `Smallest N for ${Math.round(target * 100)}% power, ${model.title} (${kind}; ${which})`),
              h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'δ'), ...rhos.map(rhoHead))),
              h('tbody', {}, ...deltas.map((delta) => h('tr', {}, h('th', { scope: 'row' }, delta), ...rhos.map((rho) => {
                const row = minN.find((x) => x.delta === delta && x.rho === rho)!;
                const data = Object.fromEntries(SOLVABLE_TESTS.map((t) => [`data-min-n-${t.id}`, row.byTest[t.id] ?? '']));
                return h('td', { ...data, 'data-delta': delta, 'data-rho': rho }, each(row, n));
              })))))
          : h('p', {}, current?.question === 'difference' ? 'Add a nonzero δ to see the smallest N.' : 'Add a δ to see the smallest N.'),
        h('table', { class: 'solver-table', 'data-testid': 'mde' },
          h('caption', {}, `${mdeHeading(current?.question ?? 'difference')} for ${Math.round(target * 100)}% power, ${model.title} (${kind}; ${which})`),
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'N'), ...rhos.map(rhoHead))),
          h('tbody', {}, ...ns.map((nn) => h('tr', {}, h('th', { scope: 'row' }, nn), ...rhos.map((rho) => {
            const row = mde.find((x) => x.n === nn && x.rho === rho)!;
            return h('td', {}, each(row, d));
          }))))),
      );
    },
    summary(text) {
      summaryEl.textContent = text;
    },
    setMonteCarlo(spec, answers) {
      const pctText = `${Math.round(spec.power * 100)}%`;
      const nMax = Math.max(...spec.n);
      const lines: string[] = [];
      monteCarloEl.replaceChildren(...spec.models.flatMap((model) => {
        const mine = answers.filter((a) => a.model === model);
        if (!mine.length) return [];
        const deltas = [...new Set(mine.map((a) => a.delta))];
        const readsRho = modelInfo(model).reads_rho;
        const rhos = [...new Set(mine.map((a) => a.rho))];
        const tests = spec.tests.filter((t) => mine.some((a) => a.test === t));
        const counted = mine.filter((a) => a.test === tests[0]);
        const reached = counted.filter((a) => a.n !== null).length;
        lines.push(`${modelInfo(model).title}: ${reached} of ${counted.length} ${readsRho ? '(δ, ρ)' : 'δ'} reach ${pctText} power within the grid (${short(tests[0])})`);
        const text = (a: GridAnswer | undefined) => (!a ? '—' : a.n === null ? `> ${fmt.int(nMax)}` : fmt.int(a.n));
        return [h('table', { class: 'solver-table mc-answer', 'data-testid': 'mc-answer', 'data-model': model },
          h('caption', {}, `Monte Carlo, ${modelInfo(model).title}: smallest N of the grid with ${pctText} power (${tests.map((t) => short(t)).join(' / ')}; R = ${fmt.int(spec.reps)})`),
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'δ'), ...rhos.map((r) => rhoHeader(r, readsRho)))),
          h('tbody', {}, ...deltas.map((delta) => h('tr', {}, h('th', { scope: 'row' }, delta), ...rhos.map((rho) => {
            const at = tests.map((t) => mine.find((a) => a.test === t && a.delta === delta && a.rho === rho));
            const data = Object.fromEntries(tests.map((t, i) => [`data-mc-n-${t}`, at[i]?.n ?? '']));
            return h('td', { ...data, 'data-delta': delta, 'data-rho': rho,
              title: at.map((a, i) => (a ? `${short(tests[i])}: power ${fmt.p3(a.power)} ${fmt.mc(a)}` : '')).join('; ') }, at.map(text).join(' / '));
            })))))];
      }));
      return `Monte Carlo answer — ${lines.join('; ')}.`;
    },
    setWarnings(warnings) {
      warningsEl.replaceChildren(renderWarnings(warnings) ?? '');
    },
    setStale(note) {
      staleEl.hidden = note === null;
      staleEl.textContent = note ?? '';
    },
    showAnswer(line) {
      if (!tablesOpen) details.open = false;
      announceEl.textContent = line;
      answerTitle.scrollIntoView({ block: 'start' });
      answerTitle.focus({ preventScroll: true });
    },
  };
}

/** An answer table's ρ column head: "any ρ" for a model that does not read ρ (the core answers it once). */
const rhoHeader = (rho: number, readsRho: boolean) => h('th', { scope: 'col' }, readsRho ? `ρ = ${rho}` : 'any ρ');

/** Whether the paper's printed values answer this run's question: every field the core's rule
 *  names (paper_applies: the alternative, question, α, mean and SD) as the paper had it. */
export const paperComparable = (spec: PlanSpec) =>
  Object.entries(REGISTRY.paper.applies_when).every(([field, value]) => spec[field as keyof PlanSpec] === value);

/** What the tables' power is the probability of. */
export function questionWords(spec: PlanSpec): string {
  if (spec.question === 'equivalence') return `Power to show ${claimWords(spec.question, spec.margin)} (each test as TOST)`;
  if (spec.question === 'non_inferiority') return `Power to show ${claimWords(spec.question, spec.margin)}`;
  return spec.alternative === 'two-sided' ? 'Power' : `Power (one-sided, ${spec.alternative})`;
}
