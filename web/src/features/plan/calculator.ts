// The quick calculator: one scenario, analytic, updated as the user types.
import type * as Comlink from 'comlink';
import type { EngineApi } from '../../engine/engine.worker';
import { inBounds, planField } from '../../engine/registry';
import type { SdOfDifferences } from '../../wasm/pairpower-module';
import { DEFAULT_PRESET, PRESETS, outOfBounds, parseNumber } from './spec';
import { fmt, h, numberField } from '../../ui/dom';

export function createCalculator(engine: () => Comlink.Remote<EngineApi> | null): { element: HTMLElement; refresh: () => void } {
  const field = numberField;
  const delta = field('calc-delta', 'Effect δ', '0.01', 'mean difference to detect');
  const defaults = PRESETS[DEFAULT_PRESET];  // the default preset's values
  const rho = field('calc-rho', 'Correlation ρ', String(defaults.rho[0]), 'or leave empty and give the SD of differences');
  const sd = field('calc-sd', 'SD of scores', String(defaults.sd), 'of each system');
  const sdDiff = field('calc-sddiff', 'SD of differences', '', 'optional: measured σ_d (overrides ρ and SD)');
  const alpha = field('calc-alpha', 'α', String(defaults.alpha), 'two-sided');
  const power = field('calc-power', 'Target power', String(defaults.power), 'for N and the MDE');
  const n = field('calc-n', 'Queries N', '200', 'for power and the MDE');
  const out = h('output', { id: 'calc-output', 'data-testid': 'calc-output', for: 'calc-delta calc-rho calc-sd calc-sddiff calc-alpha calc-power calc-n', 'aria-live': 'polite' });
  const element = h('section', { id: 'calculator', 'aria-labelledby': 'calc-title' },
    h('h2', { id: 'calc-title' }, 'Quick calculator'),
    h('p', { class: 'note' }, 'One scenario, answered analytically (noncentral t; Wilcoxon by its non-null moments; sign test exactly).'),
    h('div', { class: 'fields' }, delta.row, rho.row, sd.row, sdDiff.row, alpha.row, power.row, n.row), out);

  let ticket = 0;
  async function update() {
    const my = ++ticket;
    const num = (i: HTMLInputElement) => parseNumber(i.value);
    const d = num(delta.input), a = num(alpha.input), p = num(power.input), nn = num(n.input);
    // Bounds and rules are the Plan fields' (the core's registry); σ_d is formed by the core.
    const check = (id: 'rho' | 'sd' | 'alpha' | 'power', r: ReturnType<typeof num>) =>
      !r.ok ? `${planField(id).label}: ${r.error}` : inBounds(planField(id).bounds, r.value) ? '' : `${planField(id).label}: ${outOfBounds(planField(id), r.value)}`;
    let sdd: SdOfDifferences | null = null;
    let problem = '';
    if (sdDiff.input.value.trim() !== '') {
      const s = num(sdDiff.input);
      if (s.ok && s.value > 0) sdd = { sdDiff: s.value };
      else problem = 'SD of differences: give a number above 0';
    } else {
      const r = num(rho.input), s = num(sd.input);
      problem = check('rho', r) || check('sd', s);
      if (!problem && r.ok && s.ok) sdd = { sd: s.value, rho: r.value };
    }
    if (!problem && (!d.ok || d.value === 0)) problem = 'δ must be a nonzero number';
    if (!problem) problem = check('alpha', a) || check('power', p);
    if (!problem && (!p.ok || !a.ok || !(p.value > a.value))) problem = 'target power must lie between α and 1';
    if (!problem && (!nn.ok || !Number.isInteger(nn.value) || nn.value < planField('n').bounds.min || nn.value > 1e8)) problem = `N must be a whole number from ${planField('n').bounds.min}`;
    const remote = engine();
    if (problem || !remote || sdd === null || !d.ok || !a.ok || !p.ok || !nn.ok) {
      out.replaceChildren(h('span', { class: 'field-error' }, problem || 'the engine is loading…'));
      return;
    }
    try {
      const [ss] = await remote.minSampleSizes([{ delta: d.value, alpha: a.value, power: p.value, ...sdd }]);
      const [pw] = await remote.analyticPowers([{ n: nn.value, delta: d.value, alpha: a.value, ...sdd }]);
      const [mde] = await remote.minDetectableEffects([{ n: nn.value, alpha: a.value, power: p.value, ...sdd }]);
      if (my !== ticket) return;
      const nText = (x: { n: number } | null) => (x ? fmt.int(x.n) : 'not reachable');
      const dText = (x: { delta: number } | null) => (x ? x.delta.toFixed(4) : 'none');
      out.replaceChildren(
        h('p', {}, `σ_d = ${pw.sdDiff.toPrecision(4)}. To detect δ = ${d.value} with ${Math.round(p.value * 100)}% power: `,
          h('strong', { 'data-testid': 'calc-n-t' }, nText(ss.t)), ' queries (paired t), ', h('strong', {}, nText(ss.wilcoxon)), ' (Wilcoxon).'),
        h('p', {}, `At N = ${fmt.int(nn.value)}: power ${fmt.p3(pw.t)} (t), ${fmt.p3(pw.wilcoxon)} (Wilcoxon), ${fmt.p3(pw.sign)} (sign); minimum detectable effect `,
          h('strong', { 'data-testid': 'calc-mde-t' }, dText(mde.t)), ' (t), ', dText(mde.wilcoxon), ' (Wilcoxon).'),
      );
    } catch (e) {
      if (my === ticket) out.replaceChildren(h('span', { class: 'field-error' }, String((e as Error).message ?? e)));
    }
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  element.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, 80);
  });
  return { element, refresh: () => void update() };
}
