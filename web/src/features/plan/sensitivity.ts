// The calculator's sensitivity views, as G*Power and jamovi users expect them:
// power against δ at the chosen N (uPlot, one line per test with a closed form),
// the paired t's power over N × δ with the target-power contour marked, and in
// plain words what each N would detect. Every number and sentence is the core's
// (sensitivity.hpp); this file only draws.
import type uPlot from 'uplot';
import { DASHES, chartTheme, loadUplot, onSchemeChange, themedAxis } from '../../ui/uplot';
import { TESTS } from '../../runtime/registry';
import type { SensitivityAnswer } from '../../generated/boundary';
import { fmt, h } from '../../ui/dom';
import { heatClass } from './charts';

let plot: uPlot | null = null;
/** Draws the curve again in the current colours (set once the curve is drawn). */
let redraw: (() => void) | null = null;
onSchemeChange(() => redraw?.());

export function renderSensitivity(s: SensitivityAnswer, n: number, target: number): HTMLElement[] {
  plot?.destroy();
  plot = null;
  redraw = null;
  const tests = TESTS.filter((t) => s.curve[t.id].some((p) => p !== null));
  // The curve in words for screen readers: where each test's power first reaches the target.
  const ds = s.curve.delta;
  const said = tests.map((t) => {
    const ps = s.curve[t.id];
    const j = ps.findIndex((p) => p !== null && p >= target);
    return `${t.label}: ${j < 0 ? `below ${target} up to δ = ${fmt.stat(ds[ds.length - 1])}` : `reaches ${target} at δ = ${fmt.stat(ds[j])}`}.`;
  }).join(' ');
  const curveBox = h('figure', { class: 'curve', 'data-testid': 'calc-curve' }, h('figcaption', {}, `Power against δ at N = ${fmt.int(n)}`),
    h('p', { class: 'visually-hidden' }, said));
  const data = [s.curve.delta, ...tests.map((t) => s.curve[t.id]), s.curve.delta.map(() => target)];
  // The series and axes in the page's colours as they are when drawn.
  const styled = (theme = chartTheme()) => ({
    axes: [themedAxis(theme, { label: 'true δ' }), themedAxis(theme, { label: 'power' })],
    series: [
      { label: 'δ' },
      ...tests.map((t, i) => ({ label: t.label, stroke: theme.series[i % theme.series.length], width: 2, dash: DASHES[i % DASHES.length], points: { show: false } })),
      { label: `target ${target}`, stroke: theme.target, dash: [1, 4], width: 1.5, points: { show: false } },
    ] as uPlot.Series[],
  });
  // uPlot needs a width: the figure's box as the next layout finds it (a
  // ResizeObserver reads it without forcing a layout; reading clientWidth here
  // would lay out the whole page while a link's run fills its tables), then
  // the plot in a task of its own, once uPlot is loaded.
  const sized = new ResizeObserver((entries) => {
    const box = entries[0]?.contentRect.width ?? 0;
    if (!curveBox.isConnected || !(box > 0)) return;  // not laid out yet (or hidden): wait
    sized.disconnect();
    void loadUplot().then((UPlot) => {
      if (!curveBox.isConnected || curveBox.querySelector('.uplot')) return;
      const width = Math.max(280, Math.min(640, box - 16));
      const draw = () => {
        plot?.destroy();
        plot = new UPlot({ width, height: 220, scales: { x: { time: false }, y: { range: [0, 1] } }, ...styled(), legend: { show: true, live: false } },
          data as uPlot.AlignedData, curveBox);
        curveBox.querySelectorAll('table.u-legend').forEach((t) => t.setAttribute('role', 'presentation'));
      };
      draw();
      redraw = () => (curveBox.isConnected ? draw() : undefined);
    });
  });
  sized.observe(curveBox);

  // The contour: a cell at or above the target power is marked, so the boundary reads as a line.
  const g = s.grid;
  const testLabel = TESTS.find((t) => t.id === g.test)?.label ?? g.test;
  const heat = h('table', { class: 'heat-table sensitivity-grid', 'data-testid': 'calc-grid' },
    h('caption', {}, `${testLabel}: power over N × δ (outlined: at least ${target})`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'N \\ δ'), ...g.delta.map((d) => h('th', { scope: 'col' }, Number(d.toPrecision(3)))))),
    h('tbody', {}, ...g.n.map((rowN, r) => h('tr', {}, h('th', { scope: 'row' }, fmt.int(rowN)), ...g.power[r].map((p, c) =>
      h('td', {
        class: `${heatClass(p)}${p >= target ? ' reaches' : ''}`,
        'data-grid-power': String(p), 'data-n': String(rowN), 'data-delta': String(g.delta[c]),
      }, fmt.p3(p)))))));

  const words = h('ul', { class: 'detectable', 'data-testid': 'calc-detectable' },
    ...s.detectable.map((d) => h('li', { 'data-n': String(d.n), 'data-delta': d.delta === null ? '' : String(d.delta) }, d.sentence)));
  // The grid scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll.
  const heatBox = h('div', { class: 'heat-scroll', role: 'region', tabindex: 0, 'aria-label': `${testLabel}: power over N × δ, scrollable` }, heat);
  return [words, curveBox, heatBox];
}
