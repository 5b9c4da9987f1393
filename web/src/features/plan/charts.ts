// Power-vs-N curves (uPlot: Monte Carlo points with ±2 SE bars, analytic
// lines, the target-power line, a tooltip) under one shared legend, and an
// N × δ heatmap.
import type uPlot from 'uplot';
import { DASHES, chartTheme, loadUplot, onSchemeChange, themedAxis } from '../../ui/uplot';
import { fittingTicks } from '../../ui/ticks';
import type { CellResult, ModelName, TestName } from '../../generated/boundary';
import { cellId, type PlanSpec } from './spec';
import { fmt, h } from '../../ui/dom';
import { mcBand } from '../../ui/mc-band';


/** Analytic power at (n, δ, ρ) for a test; undefined while unknown. */
export type AnalyticLookup = (model: ModelName, n: number, delta: number, rho: number, test: TestName) => number | undefined;

export interface ChartsView {
  element: HTMLElement;
  /** Draws the charts, one plot per animation frame (so no single task blocks the page for long). */
  update(spec: PlanSpec, cells: Map<string, CellResult>, curveNs: number[], analytic: AnalyticLookup): Promise<void>;
}

/** A sentence per δ for screen readers: where the curve starts, ends, and first reaches the target. */
function curveSummary(xs: number[], deltas: number[], data: (number | null)[][], target: number): string {
  return deltas.map((delta, i) => {
    const mc = data[1 + 2 * i], an = data[2 + 2 * i];
    const at = (j: number) => mc[j] ?? an[j];
    const known = xs.map((_, j) => j).filter((j) => at(j) !== null);
    if (known.length === 0) return `δ = ${delta}: not computed yet.`;
    const first = known[0], last = known[known.length - 1];
    const reach = known.find((j) => (at(j) as number) >= target);
    return `δ = ${delta}: power ${fmt.p3(at(first)!)} at N = ${fmt.int(xs[first])}, ${fmt.p3(at(last)!)} at N = ${fmt.int(xs[last])}; ` +
      (reach === undefined ? `does not reach ${target} in this range.` : `first reaches ${target} at N = ${fmt.int(xs[reach])}.`);
  }).join(' ');
}

/** A short line in a series' colour and dash, for the legend. */
function dashSample(color: string, dash: number[]): HTMLElement {
  const span = h('span', { class: 'dash', 'aria-hidden': 'true' });
  span.innerHTML = `<svg viewBox="0 0 28 10" width="28" height="10"><line x1="0" y1="5" x2="28" y2="5" stroke="${color}" stroke-width="2.5" stroke-dasharray="${dash.join(' ')}"/><circle cx="14" cy="5" r="3" fill="${color}"/></svg>`;
  return span;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export function createCharts(): ChartsView {
  const modelSel = h('select', { id: 'chart-model', 'aria-label': 'Model shown in the charts' });
  const testSel = h('select', { id: 'chart-test', 'aria-label': 'Test shown in the charts' });
  const rhoSel = h('select', { id: 'heat-rho', 'aria-label': 'Correlation shown in the heatmap' });
  const legend = h('div', { class: 'chart-legend', 'data-testid': 'chart-legend' });
  const curves = h('div', { class: 'curves' });
  const heat = h('div', { class: 'heatmap' });
  const element = h('section', { class: 'charts', 'aria-label': 'Charts' },
    h('h3', {}, 'Power curves and heatmap'),
    h('div', { class: 'chart-controls' },
      h('label', { for: 'chart-model' }, 'Model '), modelSel,
      h('label', { for: 'chart-test' }, ' Test '), testSel,
      h('label', { for: 'heat-rho' }, ' Heatmap ρ '), rhoSel),
    legend, curves, heat);
  // Nothing to chart before the first run: no heading over an empty area, no empty choosers in the tab order.
  element.hidden = true;
  let last: Parameters<ChartsView['update']> | null = null;
  const plots: uPlot[] = [];
  let drawing = 0;
  for (const s of [modelSel, testSel, rhoSel]) s.addEventListener('change', () => last && void draw(...last));
  // A new colour scheme: the curves and legend again in its colours (the heatmap's are the stylesheet's).
  onSchemeChange(() => last && plots.length > 0 && void draw(...last));

  function options(sel: HTMLSelectElement, values: string[]) {
    const keep = sel.value;
    sel.replaceChildren(...values.map((v) => h('option', { value: v }, v)));
    sel.value = values.includes(keep) ? keep : values[0];
  }

  /** One legend for the whole group: a colour per δ, a marker per source, the target line. */
  function drawLegend(spec: PlanSpec, palette: string[]) {
    legend.replaceChildren(
      ...spec.delta.map((delta, i) => h('span', { class: 'legend-item' }, dashSample(palette[i % palette.length], DASHES[i % DASHES.length]), ` δ = ${delta}`)),
      h('span', { class: 'legend-item' }, '● Monte Carlo, bars ±2 SE (to the bound shown where every replicate rejected, or none did)'),
      h('span', { class: 'legend-item' }, 'lines: analytic (a dash pattern per δ)'),
      h('span', { class: 'legend-item' }, `┄ target power ${spec.power}`));
  }

  async function draw(spec: PlanSpec, cells: Map<string, CellResult>, curveNs: number[], analytic: AnalyticLookup) {
    const mine = ++drawing;
    const UPlot = await loadUplot();
    if (mine !== drawing) return;
    const model = modelSel.value as ModelName;
    const test = testSel.value as TestName;
    plots.splice(0).forEach((p) => p.destroy());
    curves.replaceChildren();
    const theme = chartTheme();
    const palette = theme.series;
    drawLegend(spec, palette);
    const xs = [...new Set([...spec.n, ...curveNs])].sort((a, b) => a - b);
    const width = Math.max(280, Math.min(560, (curves.clientWidth || 900) / Math.min(spec.rho.length, 2) - 16));
    const ticks = fittingTicks(xs[0], xs[xs.length - 1], width - 70);
    for (const rho of spec.rho) {
      if (mine !== drawing) return;
      const series: uPlot.Series[] = [{ label: 'N' }];
      const data: (number | null)[][] = [xs];
      const se: (number | null)[][] = [], bounds: (number | null)[][] = [], precision: (string | null)[][] = [];
      spec.delta.forEach((delta, i) => {
        const color = palette[i % palette.length];
        const mc = xs.map((n) => (spec.n.includes(n) ? cells.get(cellId({ model, n, delta, rho, test })) ?? null : null));
        data.push(mc.map((c) => c?.power ?? null));
        se.push(mc.map((c) => c?.mcSe ?? null));
        bounds.push(mc.map((c) => c?.bound ?? null));
        precision.push(mc.map((c) => (c ? fmt.mc(c) : null)));
        series.push({ label: `δ = ${delta} Monte Carlo`, stroke: color, paths: () => null, points: { show: true, size: 7, fill: color } });
        data.push(xs.map((n) => analytic(model, n, delta, rho, test) ?? null));
        series.push({ label: `δ = ${delta} analytic`, stroke: color, width: 1.5, dash: DASHES[i % DASHES.length], spanGaps: true, points: { show: false } });
      });
      const tip = h('div', { class: 'chart-tip', hidden: true });
      const box = h('figure', { class: 'curve' }, h('figcaption', {}, `Power vs N — ${model}, ${test}, ρ = ${rho}`),
        h('p', { class: 'visually-hidden' }, curveSummary(xs, spec.delta, data, spec.power)));
      curves.append(box);
      plots.push(new UPlot({
        width, height: 240,
        scales: { x: { time: false, distr: 3, range: [xs[0], xs[xs.length - 1]] }, y: { range: [0, 1] } },
        axes: [
          themedAxis(theme, { label: 'N (log scale)', splits: () => ticks, filter: (_u, splits) => splits, values: (_u, vals) => vals.map((v) => (v === null || v === undefined ? '' : fmt.int(v))) }),
          themedAxis(theme, { label: 'power' }),
        ],
        series,
        legend: { show: false },
        hooks: {
          // The target-power line and the Monte Carlo ±2 SE bars, on the plot's canvas.
          draw: [(u) => {
            const { ctx } = u;
            const px = (v: number, scale: string) => u.valToPos(v, scale, true);
            ctx.save();
            ctx.setLineDash([5, 4]);
            ctx.strokeStyle = theme.target;
            ctx.lineWidth = 1;
            ctx.beginPath();
            ctx.moveTo(u.bbox.left, px(spec.power, 'y'));
            ctx.lineTo(u.bbox.left + u.bbox.width, px(spec.power, 'y'));
            ctx.stroke();
            ctx.setLineDash([]);
            spec.delta.forEach((_, i) => {
              ctx.strokeStyle = palette[i % palette.length];
              xs.forEach((n, j) => {
                const p = data[1 + 2 * i][j], s = se[i][j], b = bounds[i][j];
                if (p === null || s === null) return;
                const x = px(n, 'x');
                const [lo, hi] = mcBand(p, s, b);
                ctx.beginPath();
                ctx.moveTo(x, px(lo, 'y'));
                ctx.lineTo(x, px(hi, 'y'));
                ctx.stroke();
              });
            });
            ctx.restore();
          }],
          // The tooltip: every δ's values at the N under the cursor.
          setCursor: [(u) => {
            const j = u.cursor.idx;
            if (j === null || j === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
              tip.hidden = true;
              return;
            }
            const lines = spec.delta.map((delta, i) => {
              const p = data[1 + 2 * i][j], a = data[2 + 2 * i][j], s = precision[i][j];
              return `δ = ${delta}: ${p === null ? '' : `MC ${fmt.p3(p)} ${s ?? ''}; `}${a === null ? '' : `analytic ${fmt.p3(a)}`}`;
            });
            tip.replaceChildren(h('strong', {}, `N = ${fmt.int(xs[j])}`), ...lines.map((l) => h('div', {}, l)));
            tip.hidden = false;
            tip.style.left = `${Math.min(u.cursor.left + 12, u.bbox.width / devicePixelRatio - 150)}px`;
            tip.style.top = `${(u.cursor.top ?? 0) + 12}px`;
          }],
        },
      }, data as uPlot.AlignedData, box));
      plots[plots.length - 1].over.append(tip);
      await nextFrame();
    }
    if (mine !== drawing) return;
    // Heatmap: N × δ at one ρ, text values kept for screen readers.
    const rho = Number(rhoSel.value);
    heat.replaceChildren(h('table', { class: 'heat-table' },
      h('caption', {}, `Power heatmap — ${model}, ${test}, ρ = ${rho}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'N \\ δ'), ...spec.delta.map((d) => h('th', { scope: 'col' }, d)))),
      h('tbody', {}, ...spec.n.map((n) => h('tr', {}, h('th', { scope: 'row' }, n), ...spec.delta.map((delta) => {
        const c = cells.get(cellId({ model, n, delta, rho, test }));
        const p = c?.power;
        return h('td', { class: p === undefined ? null : heatClass(p) }, p === undefined ? '…' : fmt.p3(p));
      }))))));
  }

  return {
    element,
    async update(spec, cells, curveNs, analytic) {
      options(modelSel, spec.models);
      options(testSel, spec.tests);
      options(rhoSel, spec.rho.map(String));
      element.hidden = false;
      last = [spec, cells, curveNs, analytic];
      await draw(spec, cells, curveNs, analytic);
    },
  };
}

/** The heatmap step of a power (styles.css colours heat-0 … heat-10, light and dark, text at 4.5:1 or more). */
export function heatClass(p: number): string {
  return `heat-${Math.round(Math.min(Math.max(p, 0), 1) * 10)}`;
}
