// Power-vs-N curves (uPlot: Monte Carlo points, analytic lines) and an N × δ heatmap.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CellResult, ModelName, TestName } from '../../wasm/pairpower-module';
import { cellId, type PlanSpec } from './spec';
import { fmt, h } from '../../ui/dom';

const PALETTE = ['#1b6ca8', '#d1495b', '#2a9d8f', '#8e5ea2', '#e07a1f', '#4d4d4d', '#b5838d', '#00798c'];

/** Analytic power at (n, δ, ρ) for a test; undefined while unknown. */
export type AnalyticLookup = (model: ModelName, n: number, delta: number, rho: number, test: TestName) => number | undefined;

export interface ChartsView {
  element: HTMLElement;
  update(spec: PlanSpec, cells: Map<string, CellResult>, curveNs: number[], analytic: AnalyticLookup): void;
}

export function createCharts(): ChartsView {
  const modelSel = h('select', { id: 'chart-model', 'aria-label': 'Model shown in the charts' });
  const testSel = h('select', { id: 'chart-test', 'aria-label': 'Test shown in the charts' });
  const rhoSel = h('select', { id: 'heat-rho', 'aria-label': 'Correlation shown in the heatmap' });
  const curves = h('div', { class: 'curves' });
  const heat = h('div', { class: 'heatmap' });
  const element = h('section', { class: 'charts', 'aria-label': 'Charts' },
    h('h3', {}, 'Power curves and heatmap'),
    h('div', { class: 'chart-controls' },
      h('label', { for: 'chart-model' }, 'Model '), modelSel,
      h('label', { for: 'chart-test' }, ' Test '), testSel,
      h('label', { for: 'heat-rho' }, ' Heatmap ρ '), rhoSel),
    curves, heat);
  let last: Parameters<ChartsView['update']> | null = null;
  const plots: uPlot[] = [];
  for (const s of [modelSel, testSel, rhoSel]) s.addEventListener('change', () => last && draw(...last));

  function options(sel: HTMLSelectElement, values: string[]) {
    const keep = sel.value;
    sel.replaceChildren(...values.map((v) => h('option', { value: v }, v)));
    sel.value = values.includes(keep) ? keep : values[0];
  }

  function draw(spec: PlanSpec, cells: Map<string, CellResult>, curveNs: number[], analytic: AnalyticLookup) {
    const model = modelSel.value as ModelName;
    const test = testSel.value as TestName;
    plots.splice(0).forEach((p) => p.destroy());
    curves.replaceChildren();
    const xs = [...new Set([...spec.n, ...curveNs])].sort((a, b) => a - b);
    const width = Math.max(280, Math.min(560, (curves.clientWidth || 900) / Math.min(spec.rho.length, 2) - 16));
    for (const rho of spec.rho) {
      const series: uPlot.Series[] = [{ label: 'N' }];
      const data: (number | null)[][] = [xs];
      spec.delta.forEach((delta, i) => {
        const color = PALETTE[i % PALETTE.length];
        data.push(xs.map((n) => (spec.n.includes(n) ? cells.get(cellId({ model, n, delta, rho, test }))?.power ?? null : null)));
        series.push({ label: `δ = ${delta} (MC)`, stroke: color, paths: () => null, points: { show: true, size: 7, fill: color } });
        data.push(xs.map((n) => analytic(model, n, delta, rho, test) ?? null));
        series.push({ label: `δ = ${delta} (analytic)`, stroke: color, width: 1.5, spanGaps: true, points: { show: false } });
      });
      const box = h('figure', { class: 'curve' }, h('figcaption', {}, `Power vs N — ${model}, ${test}, ρ = ${rho}`));
      curves.append(box);
      plots.push(new uPlot({
        width, height: 240,
        scales: { x: { time: false, distr: 3, range: [xs[0], xs[xs.length - 1]] }, y: { range: [0, 1] } },
        axes: [{ label: 'N (log scale)' }, { label: 'power' }],
        series,
        legend: { show: true, live: false },
      }, data as uPlot.AlignedData, box));
    }
    // uPlot's legend is a layout table; the tables above carry the numbers.
    curves.querySelectorAll('table.u-legend').forEach((t) => t.setAttribute('role', 'presentation'));
    // Heatmap: N × δ at one ρ, text values kept for screen readers.
    const rho = Number(rhoSel.value);
    heat.replaceChildren(h('table', { class: 'heat-table' },
      h('caption', {}, `Power heatmap — ${model}, ${test}, ρ = ${rho}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'N \\ δ'), ...spec.delta.map((d) => h('th', { scope: 'col' }, d)))),
      h('tbody', {}, ...spec.n.map((n) => h('tr', {}, h('th', { scope: 'row' }, n), ...spec.delta.map((delta) => {
        const c = cells.get(cellId({ model, n, delta, rho, test }));
        const p = c?.power;
        const style = p === undefined ? '' : `background:${heatColor(p)};color:${p > 0.55 ? '#fff' : '#111'}`;
        return h('td', { style }, p === undefined ? '…' : fmt.p3(p));
      }))))));
  }

  return {
    element,
    update(spec, cells, curveNs, analytic) {
      options(modelSel, spec.models);
      options(testSel, spec.tests);
      options(rhoSel, spec.rho.map(String));
      last = [spec, cells, curveNs, analytic];
      draw(spec, cells, curveNs, analytic);
    },
  };
}

/** Light to dark blue; dark enough for white text above 0.55. */
export function heatColor(p: number): string {
  const t = Math.min(Math.max(p, 0), 1);
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(239, 8)}, ${mix(246, 48)}, ${mix(255, 107)})`;
}
