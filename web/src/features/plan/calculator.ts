// The quick calculator: one scenario, analytic, updated as the user types. The
// page reads the numbers; the core checks them and answers (analytic_answers.hpp,
// sensitivity.hpp), and its typed errors are phrased here with the calculator's labels.
// The question (difference, equivalence, non-inferiority), the alternative, the
// corrections and every sentence of the sensitivity table are the core's.
import type * as Comlink from 'comlink';
import type { BinaryCalculatorAnswer, CalculatorAnswer } from './worker';
import type { PlanApi } from './worker';
import type { CalculatorHandOff } from '../../runtime/view';
import { REGISTRY, SOLVABLE_TESTS, TESTS, claimWords, mdeHeading, planField, type AlternativeName, type CorrectionName, type FamilyTargetName, type QuestionName } from '../../runtime/registry';
import type { BinaryTestAnswer, DesignFields, ErrorResult, EvalDesignEcho, SdOfDifferences } from '../../generated/boundary';
import { isError } from '../../runtime/errors';
import { DEFAULT_PRESET, PRESETS, parseNumber } from './spec';
import { fmt, h, numberField } from '../../ui/dom';
import { renderSensitivity } from './sensitivity';
import { renderWarnings } from '../../ui/warnings';

type Core = 'delta' | 'rho' | 'sd' | 'alpha' | 'power' | 'n' | 'sd_diff' | 'margin' | 'comparisons'
  | 'cluster_size' | 'icc' | 'repeats' | 'within_share' | 'accuracy_a' | 'accuracy_b' | 'agreement';

export function createCalculator(engine: () => Comlink.Remote<PlanApi> | null): { element: HTMLElement; refresh: () => void; refreshAfter: (after: Promise<unknown>) => void; adopt: (x: CalculatorHandOff) => void } {
  const defaults = PRESETS[DEFAULT_PRESET];  // the default preset's values
  const field = (id: string, core: Core, label: string, value: string, help: string) => ({ ...numberField(`calc-${id}`, label, value, help), core });
  const delta = field('delta', 'delta', planField('delta').label, '0.01', 'mean difference to detect (equivalence: the true difference you expect)');
  const rho = field('rho', 'rho', planField('rho').label, String(defaults.rho[0]), 'or leave empty and give the SD of differences');
  const sd = field('sd', 'sd', planField('sd').label, String(defaults.sd), 'of each system');
  const sdDiff = field('sddiff', 'sd_diff', 'SD of differences', '', 'optional: measured σ_d (overrides ρ and SD)');
  const alpha = field('alpha', 'alpha', planField('alpha').label, String(defaults.alpha), 'significance level');
  const power = field('power', 'power', planField('power').label, String(defaults.power), 'for N and the MDE');
  const n = field('n', 'n', planField('n').label, '200', 'for power, the MDE and the sensitivity views');
  // Twice the default δ: a margin equal to the true difference is never shown equivalent, so the calculator would open on "not reachable".
  const margin = field('margin', 'margin', 'Margin M', '0.02', 'equivalence: ±M; non-inferiority: B may be worse by less than M');
  const comparisons = field('comparisons', 'comparisons', 'Comparisons K', '1', 'independent datasets or metrics tested together');
  // Binary items (McNemar), and an eval's clusters and repeats (the core's eval_design.hpp).
  const accuracyA = field('accuracy-a', 'accuracy_a', 'Accuracy of A', '0.70', "share of items A gets right");
  const accuracyB = field('accuracy-b', 'accuracy_b', 'Accuracy of B', '0.75', "share of items B gets right");
  const agreement = field('agreement', 'agreement', 'Agreement', '0.85', 'share of items both get right or both wrong');
  const clusterSize = field('cluster-size', 'cluster_size', 'Items per cluster', '1', 'questions per passage, repository or conversation; 1: independent items');
  const icc = field('icc', 'icc', 'ICC', '0', "correlation of two items' differences in one cluster");
  const repeats = field('repeats', 'repeats', 'Samples per item', '1', 'epochs or generations, averaged per item');
  const withinShare = field('within-share', 'within_share', 'Within-item share', '0', "of one sample's difference variance: sampling noise (Analyze reports it)");
  const select = (id: string, label: string, help: string, options: readonly { id: string; label: string }[]) => {
    const s = h('select', { id: `calc-${id}`, 'data-testid': `calc-${id}` }, ...options.map((c) => h('option', { value: c.id }, c.label)));
    return { s, row: h('div', { class: 'field' }, h('label', { for: `calc-${id}`, class: 'field-label' }, label), s, h('span', { class: 'field-help' }, help)) };
  };
  const question = select('question', 'Question', 'what the comparison must show', REGISTRY.questions);
  const alternative = select('alternative', planField('alternative').label, planField('alternative').help, REGISTRY.alternatives);
  const correction = select('correction', 'Correction', 'across the K comparisons', REGISTRY.corrections);
  const target = select('family-target', 'N for power to detect', 'with K > 1: every comparison, or at least one', REGISTRY.family_targets);
  const metric = select('metric', 'Scores', 'what each item gets: binary items are planned for McNemar', REGISTRY.metric_kinds);
  const continuousOnly = [delta, rho, sd, sdDiff, margin, comparisons];
  const binaryOnly = [accuracyA, accuracyB, agreement];
  const designFields = [clusterSize, icc, repeats, withinShare];
  const fields = [delta, rho, sd, sdDiff, alpha, power, n, margin, comparisons, ...binaryOnly, ...designFields];
  const out = h('output', { id: 'calc-output', 'data-testid': 'calc-output', for: fields.map((f) => f.input.id).join(' '), 'aria-live': 'polite' });
  const sensitivityEl = h('div', { class: 'sensitivity', 'data-testid': 'calc-sensitivity' });
  // The sensitivity views fold under the answer: open on the page, closed in the calculator embed, whose frame holds the fields and answer.
  const embedded = new URLSearchParams(location.search).get('embed') === 'calculator';
  const sensitivityFold = h('details', { class: 'sensitivity-fold', 'data-testid': 'calc-sensitivity-fold', open: !embedded },
    h('summary', {}, 'Sensitivity: power against δ, over N × δ, and what each N detects'), sensitivityEl);
  // Between a change and its answer the old answer stays, dimmed and marked busy, with a visible "computing…".
  const status = h('p', { class: 'note calc-status', 'data-testid': 'calc-status', hidden: true }, 'Computing…');
  const pending = (on: boolean) => {
    for (const el of [out, sensitivityEl]) {
      el.setAttribute('aria-busy', String(on));
      el.classList.toggle('calc-pending', on);
    }
    status.hidden = !on;
    status.textContent = 'Computing…';
  };
  // Where the fields came from, when Analyze filled them: the context stays in view with the numbers.
  const source = h('div', { class: 'calc-source', 'data-testid': 'calc-source', hidden: true });
  const designFold = h('details', { class: 'design-fold', 'data-testid': 'calc-design-fold' },
    h('summary', {}, 'Clusters and repeated samples (LLM evals)'),
    h('div', { class: 'fields' }, ...designFields.map((f) => f.row)));
  // What answers the scenario: the continuous tests' closed forms, or for binary items McNemar's test (its methods under the answer).
  const continuousIntro = `One scenario, answered analytically (${TESTS.map((t) => `${t.label}: ${t.analytic}`).join('; ')}).`;
  const binaryIntro = 'One scenario of binary items (right or wrong), answered by McNemar’s test on the items only one system gets right (with clusters or repeats, by its approximation for that design); each method is named under the answer.';
  const intro = h('p', { class: 'note', 'data-testid': 'calc-intro' }, continuousIntro);
  const element = h('section', { id: 'calculator', 'aria-labelledby': 'calc-title' },
    h('h3', { id: 'calc-title', tabindex: '-1' }, 'Quick calculator: one scenario'), source, intro,
    h('div', { class: 'fields' }, metric.row, ...[delta, rho, sd, sdDiff, ...binaryOnly, alpha, power, n].map((f) => f.row), question.row, margin.row,
      alternative.row, comparisons.row, correction.row, target.row),
    designFold, status, out, sensitivityFold);

  const labelOf = (core: string) => fields.find((f) => f.core === core)?.input.labels?.[0]?.textContent ?? (core === 'question' ? 'Question' : core);
  const problem = (text: string) => {
    pending(false);
    out.replaceChildren(h('span', { class: 'field-error', 'data-testid': 'calc-error' }, text));
    sensitivityEl.replaceChildren();
  };
  // The core names a question's margin by the question ("equivalence", "non_inferiority"): here it is the one margin field.
  const coreProblem = (e: ErrorResult) => {
    const f = e.field === 'equivalence' || e.field === 'non_inferiority' ? 'margin' : e.field;
    problem(f && e.detail ? `${labelOf(f)}: ${e.detail}` : e.error);
  };
  /** Shows the margin only with a question that has one, the family's controls only with K > 1, the alternative only for the difference. */
  function showRelevant(k: number) {
    const binary = metric.s.value === 'binary';
    intro.textContent = binary ? binaryIntro : continuousIntro;
    for (const f of continuousOnly) f.row.hidden = binary;
    for (const f of binaryOnly) f.row.hidden = !binary;
    question.row.hidden = binary;
    const asked = !binary && question.s.value !== 'difference';
    margin.row.hidden = !asked;
    alternative.row.hidden = asked;
    correction.row.hidden = target.row.hidden = binary || !(k > 1);
    sensitivityFold.hidden = binary;
  }

  let ticket = 0;
  async function update() {
    const my = ++ticket;
    // Only the reading of text is the page's; every bound and rule is the core's.
    const values: Record<string, number> = {};
    const binary = metric.s.value === 'binary';
    const measured = sdDiff.input.value.trim() !== '';
    const asked = !binary && (question.s.value as QuestionName) !== 'difference';
    for (const f of fields) {
      if ((binary ? continuousOnly : binaryOnly).includes(f)) continue;
      if (f === sdDiff ? !measured : measured && (f === rho || f === sd)) continue;
      if (f === margin && !asked) continue;
      const r = parseNumber(f.input.value);
      if (!r.ok) return problem(`${labelOf(f.core)}: ${r.error}`);
      values[f.core] = r.value;
    }
    showRelevant(values.comparisons);
    // N counts items when they are binary, clustered or repeated, as the answers say.
    const itemsN = binary || values.cluster_size !== 1 || values.repeats !== 1;
    const nLabel = n.input.labels?.[0];
    if (nLabel) nLabel.textContent = itemsN ? 'Items N' : planField('n').label;
    const remote = engine();
    if (!remote) return problem('the engine is loading…');
    const design: DesignFields = { clusterSize: values.cluster_size, icc: values.icc, repeats: values.repeats, withinShare: values.within_share };
    if (binary) {
      try {
        const a = await remote.calculateBinary({ n: values.n, power: values.power, alpha: values.alpha, accuracyA: values.accuracy_a, accuracyB: values.accuracy_b,
          agreement: values.agreement, alternative: alternative.s.value as AlternativeName, ...design });
        if (my !== ticket) return;
        if (isError(a)) return coreProblem(a);
        return showBinary(a, values);
      } catch (e) {
        if (my === ticket) problem(String((e as Error).message ?? e));
        return;
      }
    }
    const sdd: SdOfDifferences = measured ? { sdDiff: values.sd_diff } : { sd: values.sd, rho: values.rho };
    const family = values.comparisons === 1 ? {} : {
      comparisons: values.comparisons, correction: correction.s.value as CorrectionName, familyTarget: target.s.value as FamilyTargetName,
    };
    const asking = asked ? { question: question.s.value as QuestionName, margin: values.margin } : { alternative: alternative.s.value as AlternativeName };
    try {
      const a = await remote.calculate({ n: values.n, delta: values.delta, alpha: values.alpha, power: values.power, ...asking, ...family, ...sdd, ...design });
      if (my !== ticket) return;
      if (isError(a)) return coreProblem(a);
      show(a, values);
    } catch (e) {
      if (my === ticket) problem(String((e as Error).message ?? e));
    }
  }

  function show(a: CalculatorAnswer, values: Record<string, number>) {
    const list = (parts: string[]) => parts.join(', ');
    const q = question.s.value as QuestionName;
    const k = values.comparisons;
    const goal = q === 'difference' ? `To detect δ = ${values.delta}` : `To show ${claimWords(q, values.margin)} when the true δ is ${values.delta}`;
    const family = k > 1 ? ` in ${target.s.value === 'any' ? 'at least one' : 'all'} of ${k} comparisons (${correction.s.value})` : '';
    const mdeWords = mdeHeading(q).charAt(0).toLowerCase() + mdeHeading(q).slice(1);
    const design = a.power.inputs.design;
    const unit = design ? 'items' : 'queries';
    const powerText = (t: (typeof TESTS)[number]) => {
      const p = a.power[t.id];
      return h('span', { 'data-testid': `calc-power-${t.id}`, title: p.reason ?? '' }, p.power === null ? '—' : fmt.p3(p.power));
    };
    const parts: HTMLElement[] = [
      h('p', {}, `σ_d = ${fmt.stat(a.power.inputs.sd_diff)}. ${goal}${family} with ${Math.round(values.power * 100)}% power: `,
        ...SOLVABLE_TESTS.flatMap((t, i) => {
          const s = a.sampleSize[t.id];
          // No N: the core's reason in words, not only on hover.
          if (s.n === null)
            return [i ? ', ' : '', h('strong', { 'data-testid': `calc-n-${t.id}` }, s.closed_form === false ? 'not computed' : 'not reachable'),
              ` (${t.label}${s.reason ? `: ${s.reason}` : ''})`];
          return [i ? ', ' : '', h('strong', { 'data-testid': `calc-n-${t.id}` }, fmt.int(s.n)),
            ` ${unit}${s.clusters === undefined ? '' : ` in ${fmt.int(s.clusters)} clusters`} (${t.label})`];
        }), '.'),
      h('p', {}, `At N = ${fmt.int(values.n)}: power `, ...TESTS.flatMap((t, i) => [i ? ', ' : '', powerText(t), ` (${t.label})`]),
        `; ${mdeWords} `,
        ...SOLVABLE_TESTS.flatMap((t, i) => {
          const e = a.effect[t.id];
          if (e.delta === null)
            return [i ? ', ' : '', h('strong', { 'data-testid': `calc-mde-${t.id}` }, e.closed_form === false ? 'not computed' : 'none'), ` (${t.label}${e.reason ? `: ${e.reason}` : ''})`];
          return [i ? ', ' : '', h('strong', { 'data-testid': `calc-mde-${t.id}` }, fmt.signed(e.delta)), ` (${t.label})`];
        }), '.'),
    ];
    if (design) parts.unshift(designNote(design));
    const missing = TESTS.filter((t) => a.power[t.id].power === null);
    if (missing.length) parts.push(h('p', { class: 'note' }, `${list(missing.map((t) => t.label))}: ${a.power[missing[0].id].reason}.`));
    if (k > 1) {
      parts.push(h('p', { 'data-testid': 'calc-family' }, `Across ${k} independent comparisons after ${correction.s.value}: `,
        ...TESTS.flatMap((t, i) => {
          const p = a.power[t.id];
          if (p.power_all === undefined) return [i ? '; ' : '', `${t.label}: ${p.family_note ?? '—'}`];
          const se = p.monte_carlo ? ` (Monte Carlo, ${fmt.int(p.monte_carlo.reps)} replicates; ${p.monte_carlo.precision})` : '';
          return [i ? '; ' : '', `${t.label}: each `, h('span', { 'data-testid': `calc-family-each-${t.id}` }, fmt.p3(p.power_per_comparison)),
            ', all ', h('span', { 'data-testid': `calc-family-all-${t.id}` }, fmt.p3(p.power_all)),
            ', at least one ', h('span', { 'data-testid': `calc-family-any-${t.id}` }, fmt.p3(p.power_any)), se];
        }), '.'));
    }
    out.replaceChildren(...parts);
    sensitivityEl.replaceChildren(...renderSensitivity(a.sensitivity, values.n, values.power));
    pending(false);
  }

  // Inputs echoed as the user would write them (0.2, 5), not in a statistic's significant digits.
  const plain = (x: number) => String(Number(x.toPrecision(6)));
  /** What the design implies, in words: the clusters' design effect, the repeats' share, the unit the tests see. */
  function designNote(d: EvalDesignEcho): HTMLElement {
    const parts: string[] = [];
    if (d.cluster_size > 1) parts.push(`Clusters of ${plain(d.cluster_size)} items at ICC ${plain(d.icc)}: design effect ${fmt.stat(d.design_effect)}; `
      + 'the cluster-robust t is the analysis (the t on cluster means)');
    if (d.repeats > 1) parts.push(`${parts.length ? '' : 'Each item '}${plain(d.repeats)} samples per item, ${plain(d.within_share)} of one sample's variance sampling noise`);
    return h('p', { class: 'note', 'data-testid': 'calc-design' },
      `${parts.join('; ')}. The mean of N items has variance ${fmt.stat(d.variance_factor)} σ_d²/N (σ_d: one sample's); N counts items.`);
  }

  // With clusters or repeats the exact test does not apply: "not computed", not "not reachable".
  function binaryCount(x: BinaryTestAnswer, key: string, designed: boolean): HTMLElement {
    const text = x.n === null || x.n === undefined ? (designed && key === 'exact' ? 'not computed' : 'not reachable')
      : `${fmt.int(x.n)} items${x.clusters === undefined ? '' : ` in ${fmt.int(x.clusters)} clusters`}`;
    return h('strong', { 'data-testid': `calc-binary-n-${key}`, title: x.reason ?? x.method }, text);
  }

  function showBinary(a: BinaryCalculatorAnswer, values: Record<string, number>) {
    const inputs = a.sampleSize.inputs;
    const designed = inputs.design !== undefined;
    const pw = (x: BinaryTestAnswer, key: string) => h('span', { 'data-testid': `calc-binary-power-${key}`, title: x.reason ?? x.method }, x.power === null ? '—' : fmt.p3(x.power));
    const parts: HTMLElement[] = [
      h('p', {}, `Only A right on ${plain(inputs.only_a)} of items, only B on ${plain(inputs.only_b)} (Δ = ${inputs.delta > 0 ? '+' : ''}${plain(inputs.delta)}). `
        + `To detect it with ${Math.round(values.power * 100)}% power: `, binaryCount(a.sampleSize.exact, 'exact', designed), ' (McNemar, exact), ',
        binaryCount(a.sampleSize.approximate, 'approximate', designed), ' (approximate).'),
      h('p', {}, `At N = ${fmt.int(values.n)}: power `, pw(a.power.exact, 'exact'), ' (exact), ', pw(a.power.approximate, 'approximate'), ' (approximate).'),
    ];
    if (inputs.design) parts.push(designNote(inputs.design));
    const reason = a.sampleSize.exact.reason ?? a.sampleSize.approximate.reason;
    if (reason) parts.push(h('p', { class: 'note' }, `${reason}.`));
    parts.push(h('p', { class: 'note' }, `Methods: ${a.sampleSize.exact.method}; ${a.sampleSize.approximate.method}.`));
    out.replaceChildren(...parts);
    sensitivityEl.replaceChildren();
    pending(false);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const s of [metric.s, alternative.s, question.s, correction.s, target.s]) s.addEventListener('change', () => (pending(true), void update()));
  showRelevant(1);
  element.addEventListener('input', () => {
    pending(true);
    clearTimeout(timer);
    timer = setTimeout(update, 80);
  });
  /** The α and K a family's hand-over replaced, until a lone pair's gives them back. */
  let beforeFamily: { alpha: string; k: string } | null = null;
  /** Fills the fields with what a comparison's items say (the core's estimates, six significant digits) and shows the answer. */
  function adopt(x: CalculatorHandOff) {
    const v = x.inputs;
    const put = (f: { input: HTMLInputElement }, value: number) => { f.input.value = plain(value); };
    const binary = v.accuracy_a !== undefined && v.accuracy_b !== undefined && v.agreement !== undefined;
    metric.s.value = binary ? 'binary' : 'continuous';
    if (binary) {
      put(accuracyA, v.accuracy_a!);
      put(accuracyB, v.accuracy_b!);
      put(agreement, v.agreement!);
    } else {
      put(sdDiff, v.sd_diff);
    }
    // A pair of a board keeps its family: one comparison, at the level the core plans one of the family's at.
    // A lone pair after it gets back the α and K the family's replaced.
    if (v.alpha !== undefined) {
      beforeFamily ??= { alpha: alpha.input.value, k: comparisons.input.value };
      put(alpha, v.alpha);
      put(comparisons, 1);
    } else if (beforeFamily) {
      alpha.input.value = beforeFamily.alpha;
      comparisons.input.value = beforeFamily.k;
      beforeFamily = null;
    }
    put(clusterSize, v.cluster_size ?? 1);
    put(icc, v.icc ?? 0);
    put(repeats, 1);
    put(withinShare, 0);
    if (v.cluster_size !== undefined) designFold.open = true;
    const what = binary ? 'their accuracies and agreement' : 'the SD of their differences';
    const clusters = v.cluster_size !== undefined ? ', clusters of their mean size and the ICC of their design effect' : '';
    const repeated = v.repeats !== undefined ? ` Each item averages up to ${v.repeats} samples: σ_d is of those means, so plan with as many samples per item.` : '';
    const yours = v.alpha !== undefined ? 'the effect, power and N' : 'the effect, α, power and N';
    source.replaceChildren(h('p', { class: 'note' }, `From Analyze: ${x.label}. The fields hold ${what}${clusters}; ${yours} are yours to set.${repeated}`),
      v.family_note ? h('p', { class: 'note', 'data-testid': 'calc-family-note' }, v.family_note) : '', renderWarnings(v.warnings) ?? '');
    source.hidden = false;
    pending(true);
    void update();
    element.scrollIntoView({ block: 'start' });
    element.querySelector<HTMLElement>('#calc-title')?.focus({ preventScroll: true });
  }
  /** The first answer once `after` settles, or 3 s on; an edit before then answers at once. */
  function refreshAfter(after: Promise<unknown>) {
    const my = ticket;
    status.textContent = 'Answers once the run is done (within 3 s)…';
    status.hidden = false;
    void Promise.race([after, new Promise((resolve) => setTimeout(resolve, 3000))]).then(() => {
      if (ticket === my) void update();
    });
  }
  return { element, refresh: () => void update(), refreshAfter, adopt };
}
