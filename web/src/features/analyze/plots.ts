// Plots of one comparison: A vs B with the diagonal (on binary items, the table of
// their four outcomes), the per-query differences,
// the bootstrap distribution of Δ with its interval, and power vs n from the
// pilot data with ±2 SE bands.
import type uPlot from 'uplot';
import { chartTheme, loadUplot, themedAxis, type ChartTheme } from '../../ui/uplot';
import type { ComparisonReport, PlotData } from './report';
import { fmt, h } from '../../ui/dom';
import { mcBand } from '../../ui/mc-band';


/** A figure with its caption and, for screen readers, what the plot shows in words. */
function figure(title: string, said: string): HTMLElement {
  return h('figure', { class: 'analysis-plot' }, h('figcaption', {}, title), h('p', { class: 'visually-hidden' }, said));
}

/** rgb(a) from a #rrggbb colour, for fills under a series. */
function alpha(hex: string, a: number): string {
  const n = parseInt(hex.replace('#', ''), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${a})`;
}

function bars(UPlot: typeof uPlot): uPlot.Series.PathBuilder {
  return UPlot.paths.bars!({ size: [0.95, 100] });
}

// A horizontal line across a plot (the target power), dotted.
function level(y: number, color: string): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const ctx = u.ctx;
          const py = u.valToPos(y, 'y', true);
          ctx.save();
          ctx.strokeStyle = color;
          ctx.lineWidth = 1.5 * devicePixelRatio;
          ctx.setLineDash([2, 4]);
          ctx.beginPath();
          ctx.moveTo(u.bbox.left, py);
          ctx.lineTo(u.bbox.left + u.bbox.width, py);
          ctx.stroke();
          ctx.restore();
        },
      ],
    },
  };
}

// Vertical marker lines drawn over a plot, e.g. an interval's ends; each with its own dash, so that none is told by colour alone.
function markers(xs: { x: number; color: string; dash: number[] }[]): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const ctx = u.ctx;
          ctx.save();
          for (const m of xs) {
            const px = u.valToPos(m.x, 'x', true);
            ctx.strokeStyle = m.color;
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.setLineDash(m.dash);
            ctx.beginPath();
            ctx.moveTo(px, u.bbox.top);
            ctx.lineTo(px, u.bbox.top + u.bbox.height);
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** Binary items: the four outcomes as a table (a scatter would stack every item on four corners). */
function outcomeTable(c: ComparisonReport, t: NonNullable<ComparisonReport['table']>): HTMLElement {
  const share = (k: number) => `${fmt.int(k)} (${(c.n ? (100 * k) / c.n : 0).toFixed(1)}%)`;
  const title = `${c.system_b} vs ${c.system_a}: ${fmt.int(c.n)} ${c.unit.many} by score (1 or 0) under each; the marked cells are where they differ`;
  const head = (text: string) => h('th', { scope: 'col' }, text);
  // Where the systems differ is said in words too, not only by the mark.
  const cell = (k: number, name: string, differ: boolean) =>
    h('td', { 'data-cell': name, class: differ ? 'differ' : undefined }, share(k), differ ? h('span', { class: 'visually-hidden' }, ' (they differ)') : null);
  const table = h('table', { class: 'stats-table outcome-table' }, h('caption', {}, title),
    h('thead', {}, h('tr', {}, h('td', {}), head(`${c.system_b} = 1`), head(`${c.system_b} = 0`))),
    h('tbody', {},
      h('tr', {}, h('th', { scope: 'row' }, `${c.system_a} = 1`), cell(t.both, 'both', false), cell(t.a_only, 'a_only', true)),
      h('tr', {}, h('th', { scope: 'row' }, `${c.system_a} = 0`), cell(t.b_only, 'b_only', true), cell(t.neither, 'neither', false))));
  // Long model names can outgrow a phone: the table scrolls in its own box, reachable by keyboard.
  return h('div', { class: 'analysis-plot outcome', 'data-testid': 'outcome-table' },
    h('div', { class: 'tables', role: 'region', tabindex: 0, 'aria-label': `${c.unit.many} by score, scrollable` }, table));
}

export function renderAnalysisPlots(c: ComparisonReport, p: PlotData, width: number): HTMLElement {
  const box = h('div', { class: 'analysis-plots' });
  // The figures now, each plot once uPlot is loaded.
  const draw = (make: (UPlot: typeof uPlot) => uPlot) => void loadUplot().then(make);
  const w = Math.max(260, Math.min(420, width));
  const t: ChartTheme = chartTheme();
  const BLUE = t.series[0], RED = t.series[1], GREY = t.target;
  const SOLID: number[] = [], DASHED = [6, 4];
  const ax = (label: string) => themedAxis(t, { label });
  if (c.table) box.append(outcomeTable(c, c.table));
  else if (p.scatter) {
    const { a: xs, b: ys, every, total } = p.scatter;
    let lo = xs[0], hi = xs[xs.length - 1];
    for (const y of ys) {
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    }
    const above = xs.reduce((k, x, i) => k + (ys[i] > x ? 1 : 0), 0), below = xs.reduce((k, x, i) => k + (ys[i] < x ? 1 : 0), 0);
    const fig = figure(`${c.system_b} vs ${c.system_a}, per ${c.unit.one} (above the dashed diagonal: B better)` +
      (every > 1 ? `; every ${every}th of ${fmt.int(total)} ${c.unit.many} shown` : ''),
      `Of the ${fmt.int(xs.length)} ${c.unit.many} plotted, ${fmt.int(above)} lie above the diagonal (B better), ${fmt.int(below)} below (A better), ${fmt.int(xs.length - above - below)} on it.`);
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: w,
      scales: { x: { time: false, range: [lo, hi] }, y: { range: [lo, hi] } },
      axes: [ax(c.system_a), ax(c.system_b)],
      series: [{}, { label: c.unit.many, stroke: BLUE, paths: () => null, points: { show: true, size: 4, fill: BLUE } }, { label: 'B = A', stroke: GREY, dash: [4, 4], points: { show: false } }],
      legend: { show: false },
    }, [xs, ys, xs] as uPlot.AlignedData, fig));
  }
  if (p.differences) {
    const differences = p.differences;
    const fig = figure(`Per-${c.unit.one} differences B − A (solid: 0, dashed: Δ)`,
      `Histogram of ${fmt.int(differences.counts.reduce((a, b) => a + b, 0))} per-${c.unit.one} differences, from ${fmt.p4(differences.centers[0])} to ${fmt.p4(differences.centers[differences.centers.length - 1])}; the mean difference Δ is ${fmt.p4(c.delta)}.`);
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [ax('B − A'), ax(c.unit.many)],
      series: [{}, { label: c.unit.many, fill: alpha(BLUE, 0.5), stroke: BLUE, paths: bars(UPlot), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: 0, color: GREY, dash: SOLID }, { x: c.delta, color: RED, dash: DASHED }])],
    }, [differences.centers, differences.counts], fig));
  }
  if (p.bootstrap) {
    const bootstrap = p.bootstrap;
    const fig = figure(`Bootstrap distribution of Δ (${fmt.int(c.bootstrap.resamples)} resamples), BCa interval dashed, 0 solid`,
      `Histogram of ${fmt.int(c.bootstrap.resamples)} bootstrap means of Δ; the BCa interval runs from ${fmt.p4(c.bootstrap.bca.ci_low)} to ${fmt.p4(c.bootstrap.bca.ci_high)}.`);
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [ax('Δ'), ax('resamples')],
      series: [{}, { label: 'resamples', fill: alpha(RED, 0.35), stroke: RED, paths: bars(UPlot), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: c.bootstrap.bca.ci_low, color: BLUE, dash: DASHED }, { x: c.bootstrap.bca.ci_high, color: BLUE, dash: DASHED }, { x: 0, color: GREY, dash: SOLID }])],
    }, [bootstrap.centers, bootstrap.counts], fig));
  }
  const curve = c.planning.curve;
  // The core says where the curve stops short (or why there is none); the note stands beside the plot.
  if (c.planning.curve_note) box.append(h('p', { class: 'note', 'data-testid': 'curve-note' }, c.planning.curve_note));
  if (curve.length > 1) {
    const ns = curve.map((q) => q.n);
    const need = c.planning.n_required;
    const target = c.planning.target_power;
    const beyond = need !== null && need > c.planning.curve_cap;
    const haveInside = c.n <= ns[ns.length - 1];
    const fig = figure(`Power to detect Δ = ${fmt.signed(c.delta)} vs n: ${c.planning.curve_test}; ${fmt.int(c.planning.curve_reps)} replicates per point, ±2 SE band` +
      (curve.some((q) => q.bound !== undefined) ? '; where every replicate rejected or none did, the band reaches the one-sided 95% Clopper–Pearson bound. ' : '. ') +
      `Dotted: the target power ${Math.round(target * 100)}%` +
      (haveInside ? `; solid vertical: the n you have (${fmt.int(c.n)})` : `; the n you have (${fmt.int(c.n)}) lies beyond the curve's end`) +
      (need !== null ? (beyond ? `; the n needed (${fmt.int(need)}) lies beyond the curve's end` : `; dashed vertical: the n needed (${fmt.int(need)})`) : ''),
      `Power rises from ${fmt.p3(curve[0].power)} at n = ${fmt.int(ns[0])} to ${fmt.p3(curve[curve.length - 1].power)} at n = ${fmt.int(ns[ns.length - 1])}` +
      (need !== null ? `; the target power ${target} needs about ${fmt.int(need)} ${c.unit.many}.` : `; the target power ${target} is not reached.`));
    box.append(fig);
    const marks = haveInside ? [{ x: c.n, color: GREY, dash: SOLID }] : [];
    if (need !== null && !beyond) marks.push({ x: need, color: RED, dash: DASHED });
    const bands = curve.map((q) => mcBand(q.power, q.mc_se, q.bound));
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false, distr: 3 }, y: { range: [0, 1] } },
      axes: [ax(`${c.unit.many} n (log scale)`), ax('power')],
      series: [
        {},
        { label: 'power', stroke: BLUE, width: 2 },
        { label: '+2 SE', stroke: alpha(BLUE, 0.3) },
        { label: '−2 SE', stroke: alpha(BLUE, 0.3) },
      ],
      bands: [{ series: [2, 3], fill: alpha(BLUE, 0.12) }],
      legend: { show: false },
      plugins: [markers(marks), level(target, RED)],
    }, [ns, curve.map((q) => q.power), bands.map((b) => b[1]), bands.map((b) => b[0])], fig));
  }
  return box;
}
