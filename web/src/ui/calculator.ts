// The quick calculator: one scenario, analytic, updated as the user types.
import type * as Comlink from 'comlink';
import type { EngineApi } from '../engine/engine.worker';
import { parseNumber, sdOfDifferences } from '../engine/plan';
import { fmt, h, numberField } from './dom';

export function createCalculator(engine: () => Comlink.Remote<EngineApi> | null): { element: HTMLElement; refresh: () => void } {
  const field = numberField;
  const delta = field('calc-delta', 'Effect δ', '0.01', 'mean difference to detect');
  const rho = field('calc-rho', 'Correlation ρ', '0.8', 'or leave empty and give the SD of differences');
  const sd = field('calc-sd', 'SD of scores', '0.12', 'of each system');
  const sdDiff = field('calc-sddiff', 'SD of differences', '', 'optional: measured σ_d (overrides ρ and SD)');
  const alpha = field('calc-alpha', 'α', '0.05', 'two-sided');
  const power = field('calc-power', 'Target power', '0.8', 'for N and the MDE');
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
    let sdd: number | null = null;
    let problem = '';
    if (sdDiff.input.value.trim() !== '') {
      const s = num(sdDiff.input);
      if (s.ok && s.value > 0) sdd = s.value;
      else problem = 'SD of differences: give a number above 0';
    } else {
      const r = num(rho.input), s = num(sd.input);
      if (!r.ok || !(r.value > -1 && r.value < 1)) problem = 'ρ must lie strictly between −1 and 1';
      else if (!s.ok || !(s.value > 0)) problem = 'SD must be above 0';
      else sdd = sdOfDifferences(s.value, r.value);
    }
    if (!problem && (!d.ok || d.value === 0)) problem = 'δ must be a nonzero number';
    if (!problem && (!a.ok || !(a.value > 0 && a.value < 1))) problem = 'α must lie strictly between 0 and 1';
    if (!problem && (!p.ok || !a.ok || !(p.value > a.value && p.value < 1))) problem = 'target power must lie between α and 1';
    if (!problem && (!nn.ok || !Number.isInteger(nn.value) || nn.value < 2 || nn.value > 1e8)) problem = 'N must be a whole number from 2';
    const remote = engine();
    if (problem || !remote || sdd === null || !d.ok || !a.ok || !p.ok || !nn.ok) {
      out.replaceChildren(h('span', { class: 'field-error' }, problem || 'the engine is loading…'));
      return;
    }
    try {
      const [ss] = await remote.minSampleSizes([{ delta: d.value, sdDiff: sdd, alpha: a.value, power: p.value }]);
      const [pw] = await remote.analyticPowers([{ n: nn.value, delta: d.value, sdDiff: sdd, alpha: a.value }]);
      const [mde] = await remote.minDetectableEffects([{ n: nn.value, sdDiff: sdd, alpha: a.value, power: p.value }]);
      if (my !== ticket) return;
      const nText = (x: { n: number } | null) => (x ? fmt.int(x.n) : 'not reachable');
      const dText = (x: { delta: number } | null) => (x ? x.delta.toFixed(4) : 'none');
      out.replaceChildren(
        h('p', {}, `σ_d = ${sdd.toPrecision(4)}. To detect δ = ${d.value} with ${Math.round(p.value * 100)}% power: `,
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
