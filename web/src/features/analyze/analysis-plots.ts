// Plots of one comparison: A vs B with the diagonal, the per-query differences,
// the bootstrap distribution of Δ with its interval, and power vs n from the
// pilot data with ±2 SE bands.
import type uPlot from 'uplot';
import { loadUplot } from '../../ui/uplot';
import type { ComparisonReport, PlotData } from './report';
import { fmt, h } from '../../ui/dom';

const BLUE = '#1b6ca8', RED = '#d1495b', GREY = '#6b7280';

function figure(title: string): HTMLElement {
  return h('figure', { class: 'analysis-plot' }, h('figcaption', {}, title));
}

function bars(UPlot: typeof uPlot): uPlot.Series.PathBuilder {
  return UPlot.paths.bars!({ size: [0.95, 100] });
}

// A horizontal line across a plot (the target power).
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
          ctx.setLineDash([3, 3]);
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

export function renderAnalysisPlots(c: ComparisonReport, p: PlotData, width: number): HTMLElement {
  const box = h('div', { class: 'analysis-plots' });
  // The figures now, each plot once uPlot is loaded.
  const draw = (make: (UPlot: typeof uPlot) => uPlot) => void loadUplot().then(make);
  const w = Math.max(260, Math.min(420, width));
  if (p.scatter) {
    const { a: xs, b: ys, every, total } = p.scatter;
    let lo = xs[0], hi = xs[xs.length - 1];
    for (const y of ys) {
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    }
    const fig = figure(`${c.system_b} vs ${c.system_a}, per query (above the diagonal: B better)` +
      (every > 1 ? `; every ${every}th of ${fmt.int(total)} queries shown` : ''));
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: w,
      scales: { x: { time: false, range: [lo, hi] }, y: { range: [lo, hi] } },
      axes: [{ label: c.system_a }, { label: c.system_b }],
      series: [{}, { label: 'queries', stroke: BLUE, paths: () => null, points: { show: true, size: 4, fill: BLUE } }, { label: 'B = A', stroke: GREY, dash: [4, 4], points: { show: false } }],
      legend: { show: false },
    }, [xs, ys, xs] as uPlot.AlignedData, fig));
  }
  if (p.differences) {
    const differences = p.differences;
    const fig = figure('Per-query differences B − A (grey: 0, red: Δ)');
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [{ label: 'B − A' }, { label: 'queries' }],
      series: [{}, { label: 'queries', fill: 'rgba(27,108,168,0.5)', stroke: BLUE, paths: bars(UPlot), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: 0, color: GREY }, { x: c.delta, color: RED }])],
    }, [differences.centers, differences.counts], fig));
  }
  if (p.bootstrap) {
    const bootstrap = p.bootstrap;
    const fig = figure(`Bootstrap distribution of Δ (${fmt.int(c.bootstrap.resamples)} resamples), BCa interval dashed`);
    box.append(fig);
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false } },
      axes: [{ label: 'Δ' }, { label: 'resamples' }],
      series: [{}, { label: 'resamples', fill: 'rgba(209,73,91,0.35)', stroke: RED, paths: bars(UPlot), points: { show: false } }],
      legend: { show: false },
      plugins: [markers([{ x: c.bootstrap.bca.ci_low, color: BLUE }, { x: c.bootstrap.bca.ci_high, color: BLUE }, { x: 0, color: GREY }])],
    }, [bootstrap.centers, bootstrap.counts], fig));
  }
  const curve = c.planning.curve;
  if (curve.length > 1) {
    const ns = curve.map((q) => q.n);
    const need = c.planning.n_required;
    const target = c.planning.target_power;
    const beyond = need !== null && need > c.planning.curve_cap;
    const fig = figure(`Power to detect Δ = ${c.delta.toFixed(4)} vs n: ${c.planning.curve_test}; ${fmt.int(c.planning.curve_reps)} replicates per point, ±2 SE band. ` +
      `Dashed: the target power ${Math.round(target * 100)}%; grey: the n you have (${fmt.int(c.n)})` +
      (need !== null ? (beyond ? `; the n needed (${fmt.int(need)}) lies beyond the curve's end` : `; red: the n needed (${fmt.int(need)})`) : ''));
    box.append(fig);
    const marks = [{ x: c.n, color: GREY }];
    if (need !== null && !beyond) marks.push({ x: need, color: RED });
    draw((UPlot) => new UPlot({
      width: w, height: 220,
      scales: { x: { time: false, distr: 3 }, y: { range: [0, 1] } },
      axes: [{ label: 'queries n (log scale)' }, { label: 'power' }],
      series: [
        {},
        { label: 'power', stroke: BLUE, width: 2 },
        { label: '+2 SE', stroke: 'rgba(27,108,168,0.3)' },
        { label: '−2 SE', stroke: 'rgba(27,108,168,0.3)' },
      ],
      bands: [{ series: [2, 3], fill: 'rgba(27,108,168,0.12)' }],
      legend: { show: false },
      plugins: [markers(marks), level(target, RED)],
    }, [ns, curve.map((q) => q.power), curve.map((q) => Math.min(1, q.power + 2 * q.mc_se)), curve.map((q) => Math.max(0, q.power - 2 * q.mc_se))], fig));
  }
  return box;
}
