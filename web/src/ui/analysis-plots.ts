// Plots of one comparison: A vs B with the diagonal, the per-query differences,
// the bootstrap distribution of Δ with its interval, and power vs n from the
// pilot data with ±2 SE bands.
import uPlot from 'uplot';
import type { ComparisonReport } from '../engine/report';
import { h } from './dom';

const BLUE = '#1b6ca8', RED = '#d1495b', GREY = '#6b7280';

/** Equal-width bins over the data's range (√n rule, 10 to 60 bins). */
export function histogram(values: number[], bins?: number): { centers: number[]; counts: number[]; width: number } {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  const k = bins ?? Math.max(10, Math.min(60, Math.round(Math.sqrt(values.length))));
  const width = hi > lo ? (hi - lo) / k : 1;
  const counts = new Array<number>(k).fill(0);
  for (const v of values) counts[Math.min(k - 1, Math.floor((v - lo) / width))]++;
  return { centers: counts.map((_, i) => lo + (i + 0.5) * width), counts, width };
}

function figure(title: string): HTMLElement {
  return h('figure', { class: 'analysis-plot' }, h('figcaption', {}, title));
}

function bars(): uPlot.Series.PathBuilder {
  return uPlot.paths.bars!({ size: [0.95, 100] });
}

// Vertical marker lines drawn over a plot, e.g. an interval's ends.
function markers(xs: { x: number; color: string }[]): uPlot.Plugin {
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
            ctx.setLineDash([6, 4]);
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

export function renderAnalysisPlots(c: ComparisonReport, width: number): HTMLElement {
  const box = h('div', { class: 'analysis-plots' });
  const w = Math.max(260, Math.min(420, width));
  if (c.data && c.data.a.length > 1) {
    // A vs B: points sorted by A (uPlot wants ascending x), the diagonal as a line.
    // Drawing 100 000 points would stall the page; every k-th (by A) shows the same cloud.
    const all = c.data.a.map((_, i) => i).sort((i, j) => c.data!.a[i] - c.data!.a[j]);
    const stride = Math.ceil(all.length / 4000);
    const order = all.filter((_, k) => k % stride === 0);
    const xs = order.map((i) => c.data!.a[i]);
    const ys = order.map((i) => c.data!.b[i]);
    let lo = xs[0], hi = xs[xs.length - 1];
    for (const y of ys) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
    const fig = figure(`${c.system_b} vs ${c.system_a}, per query (above the diagonal: B better)` +
      (stride > 1 ? `; every ${stride}th of ${all.length.toLocaleString('en-US')} queries shown` : ''));
    box.append(fig);
    new uPlot({
      width: w, height: w,
      scales: { x: { time: false, range: [lo, hi] }, y: { range: [lo, hi] } },
      axes: [{ label: c.system_a }, { label: c.system_b }],
      series: [{}, { label: 'queries', stroke: BLUE, paths: () => null, points: { show: true, size: 4, fill: BLUE } }, { label: 'B = A', stroke: GREY, dash: [4, 4], points: { show: false } }],
      legend: { show: false },
    }, [xs, ys, xs] as uPlot.AlignedData, fig);
    const d = c.data.a.map((a, i) => c.data!.b[i] - a);
    const hist = histogram(d);
    const fig2 = figure('Per-query differences B − A');
    box.append(fig2);
    new uPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [{ label: 'B − A' }, { label: 'queries' }],
      series: [{}, { label: 'queries', fill: 'rgba(27,108,168,0.5)', stroke: BLUE, paths: bars(), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: 0, color: GREY }, { x: c.delta, color: RED }])],
    }, [hist.centers, hist.counts], fig2);
  }
  const dist = c.bootstrap.distribution;
  if (dist && dist.length > 1 && dist[0] !== dist[dist.length - 1]) {
    const hist = histogram(dist, 50);
    const fig = figure(`Bootstrap distribution of Δ (${c.bootstrap.resamples.toLocaleString('en-US')} resamples), BCa interval dashed`);
    box.append(fig);
    new uPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [{ label: 'Δ' }, { label: 'resamples' }],
      series: [{}, { label: 'resamples', fill: 'rgba(209,73,91,0.35)', stroke: RED, paths: bars(), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: c.bootstrap.bca.ci_low, color: BLUE }, { x: c.bootstrap.bca.ci_high, color: BLUE }, { x: 0, color: GREY }])],
    }, [hist.centers, hist.counts], fig);
  }
  const curve = c.planning.curve;
  if (curve.length > 1) {
    const ns = curve.map((p) => p.n);
    const fig = figure(`Power to detect Δ = ${c.delta.toFixed(4)} vs n, resampling these differences (${c.planning.curve_reps} replicates, ±2 SE)`);
    box.append(fig);
    new uPlot({
      width: w, height: 220,
      scales: { x: { time: false }, y: { range: [0, 1] } },
      axes: [{ label: 'queries n' }, { label: 'power (paired t)' }],
      series: [
        {},
        { label: 'power', stroke: BLUE, width: 2 },
        { label: '+2 SE', stroke: 'rgba(27,108,168,0.3)' },
        { label: '−2 SE', stroke: 'rgba(27,108,168,0.3)' },
      ],
      bands: [{ series: [2, 3], fill: 'rgba(27,108,168,0.12)' }],
      legend: { show: false },
      plugins: [markers([{ x: c.n, color: GREY }])],
    }, [ns, curve.map((p) => p.power), curve.map((p) => Math.min(1, p.power + 2 * p.mc_se)), curve.map((p) => Math.max(0, p.power - 2 * p.mc_se))], fig);
  }
  return box;
}
