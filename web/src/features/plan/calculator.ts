// The quick calculator: one scenario, analytic, updated as the user types. The
// page reads the numbers; the core checks them and answers (analytic_answers.hpp),
// and its typed errors are phrased here with the calculator's labels.
import type * as Comlink from 'comlink';
import type { EngineApi } from '../../engine/engine.worker';
import { REGISTRY, SOLVABLE_TESTS, TESTS, planField, type AlternativeName } from '../../engine/registry';
import type { ErrorResult, SdOfDifferences } from '../../wasm/pairpower-module';
import { isError } from '../../wasm/is-error';
import { DEFAULT_PRESET, PRESETS, parseNumber } from './spec';
import { fmt, h, numberField } from '../../ui/dom';

export function createCalculator(engine: () => Comlink.Remote<EngineApi> | null): { element: HTMLElement; refresh: () => void } {
  const defaults = PRESETS[DEFAULT_PRESET];  // the default preset's values
  const field = (id: string, core: 'delta' | 'rho' | 'sd' | 'alpha' | 'power' | 'n', value: string, help: string) =>
    ({ ...numberField(`calc-${id}`, planField(core).label, value, help), core });
  const delta = field('delta', 'delta', '0.01', 'mean difference to detect');
  const rho = field('rho', 'rho', String(defaults.rho[0]), 'or leave empty and give the SD of differences');
  const sd = field('sd', 'sd', String(defaults.sd), 'of each system');
  const sdDiff = { ...numberField('calc-sddiff', 'SD of differences', '', 'optional: measured σ_d (overrides ρ and SD)'), core: 'sd_diff' };
  const alpha = field('alpha', 'alpha', String(defaults.alpha), 'significance level');
  const alternative = h('select', { id: 'calc-alternative', 'data-testid': 'calc-alternative' }, ...REGISTRY.alternatives.map((c) => h('option', { value: c.id }, c.label)));
  const alternativeRow = h('div', { class: 'field' }, h('label', { for: 'calc-alternative', class: 'field-label' }, planField('alternative').label), alternative,
    h('span', { class: 'field-help' }, planField('alternative').help));
  const power = field('power', 'power', String(defaults.power), 'for N and the MDE');
  const n = field('n', 'n', '200', 'for power and the MDE');
  const fields = [delta, rho, sd, sdDiff, alpha, power, n];
  const out = h('output', { id: 'calc-output', 'data-testid': 'calc-output', for: fields.map((f) => f.input.id).join(' '), 'aria-live': 'polite' });
  const element = h('section', { id: 'calculator', 'aria-labelledby': 'calc-title' },
    h('h2', { id: 'calc-title' }, 'Quick calculator'),
    h('p', { class: 'note' }, `One scenario, answered analytically (${TESTS.map((t) => `${t.label}: ${t.analytic}`).join('; ')}).`),
    h('div', { class: 'fields' }, ...fields.map((f) => f.row), alternativeRow), out);

  const labelOf = (core: string) => fields.find((f) => f.core === core)?.input.labels?.[0]?.textContent ?? core;
  const problem = (text: string) => out.replaceChildren(h('span', { class: 'field-error' }, text));
  const coreProblem = (e: ErrorResult) => problem(e.field && e.detail ? `${labelOf(e.field)}: ${e.detail}` : e.error);

  let ticket = 0;
  async function update() {
    const my = ++ticket;
    // Only the reading of text is the page's; every bound and rule is the core's.
    const values: Record<string, number> = {};
    const measured = sdDiff.input.value.trim() !== '';
    for (const f of fields) {
      if (f === sdDiff ? !measured : measured && (f === rho || f === sd)) continue;
      const r = parseNumber(f.input.value);
      if (!r.ok) return problem(`${labelOf(f.core)}: ${r.error}`);
      values[f.core] = r.value;
    }
    const remote = engine();
    if (!remote) return problem('the engine is loading…');
    const sdd: SdOfDifferences = measured ? { sdDiff: values.sd_diff } : { sd: values.sd, rho: values.rho };
    try {
      const a = await remote.calculate({ n: values.n, delta: values.delta, alpha: values.alpha, power: values.power, alternative: alternative.value as AlternativeName, ...sdd });
      if (my !== ticket) return;
      if (isError(a)) return coreProblem(a);
      const list = (parts: string[]) => parts.join(', ');
      out.replaceChildren(
        h('p', {}, `σ_d = ${a.power.inputs.sd_diff.toPrecision(4)}. To detect δ = ${values.delta} with ${Math.round(values.power * 100)}% power: `,
          ...SOLVABLE_TESTS.flatMap((t, i) => {
            const s = a.sampleSize[t.id];
            return [i ? ', ' : '', h('strong', { 'data-testid': `calc-n-${t.id}` }, s.n === null ? 'not reachable' : fmt.int(s.n)), ` queries (${t.label})`];
          }), '.'),
        h('p', {}, `At N = ${fmt.int(values.n)}: power ${list(TESTS.map((t) => `${fmt.p3(a.power[t.id].power)} (${t.label})`))}; minimum detectable effect `,
          ...SOLVABLE_TESTS.flatMap((t, i) => {
            const e = a.effect[t.id];
            return [i ? ', ' : '', h('strong', { 'data-testid': `calc-mde-${t.id}` }, e.delta === null ? 'none' : e.delta.toFixed(4)), ` (${t.label})`];
          }), '.'),
      );
    } catch (e) {
      if (my === ticket) problem(String((e as Error).message ?? e));
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  alternative.addEventListener('change', () => void update());
  element.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, 80);
  });
  return { element, refresh: () => void update() };
}
