// The Leaderboard's pictures, as SVG (no library draws a forest plot or a
// critical-difference diagram, and both are a few lines and axes): means with
// their intervals and tier letters; the pairwise family-wise p as a heatmap
// table; mean ranks on an axis with the critical difference as a bar.
import { escapeHtml, fmt, h } from '../../ui/dom';
import type { BoardReport } from './report';
import { procedureLabel } from './tables';

const NS = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/**
 * The width the SVGs are drawn at: the page's width up to 640, so that one SVG
 * unit is about one CSS pixel and 12-unit labels read at ~12 px on a phone too
 * (a 640-wide drawing scaled to a 390 px screen made them ~7 px).
 */
function drawingWidth(): number {
  return Math.max(320, Math.min(640, document.documentElement.clientWidth - 24));
}

/** Means with their intervals, best first, each labelled with its tier letters. */
export function forestPlot(b: BoardReport): HTMLElement {
  const width = drawingWidth();
  const row = 22, left = Math.min(160, Math.round(width * 0.34)), right = 56, top = 10;
  const lo = Math.min(...b.systems.map((s) => s.ci_low)), hi = Math.max(...b.systems.map((s) => s.ci_high));
  const pad = (hi - lo) * 0.05 || 0.01;
  const x = (v: number) => left + ((v - (lo - pad)) / (hi - lo + 2 * pad)) * (width - left - right);
  const height = top * 2 + row * b.systems.length + 20;
  const marks = b.systems.flatMap((s, i) => {
    const y = top + row * i + row / 2;
    return [
      svg('text', { x: left - 8, y: y + 4, 'text-anchor': 'end', 'font-size': 12 }, s.system),
      svg('line', { x1: x(s.ci_low), x2: x(s.ci_high), y1: y, y2: y, stroke: 'currentColor', 'stroke-width': 1.5 }),
      // Tied with the best: a square in the accent colour; the others: a circle.
      s.tied_with_best ? svg('rect', { x: x(s.mean) - 4.5, y: y - 4.5, width: 9, height: 9, class: 'tied' }) : svg('circle', { cx: x(s.mean), cy: y, r: 4, fill: 'currentColor' }),
      svg('text', { x: width - right + 8, y: y + 4, 'font-size': 12 }, s.tier),
    ];
  });
  const axisY = top + row * b.systems.length + 4;
  const ticks = [lo, (lo + hi) / 2, hi].map((v, i) => svg('text', { x: x(v), y: axisY + 14, 'text-anchor': ['start', 'middle', 'end'][i], 'font-size': 12, class: 'tick' }, fmt.stat(v)));
  const said = b.systems.map((s) => `${s.system}: mean ${fmt.stat(s.mean)}, interval ${fmt.stat(s.ci_low)} to ${fmt.stat(s.ci_high)}, tier ${s.tier}${s.tied_with_best ? ', tied with the best' : ''}`).join('; ');
  return h('figure', { class: 'forest-plot', 'data-testid': 'forest-plot' },
    svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img', 'aria-label': `Mean of each system with its interval and tier letters, best first. ${said}.` },
      ...marks, svg('line', { x1: left, x2: width - right, y1: axisY, y2: axisY, stroke: 'currentColor' }), ...ticks) as unknown as Node,
    h('figcaption', {}, 'Mean and interval of each system, best first; letters are tiers (shared letter: not significantly different); squares: tied with the best.'));
}

/** The family-wise p that decides every pair (the randomized Tukey HSD's, or on clustered
 *  items the cluster-robust Holm p), shaded (dark: small p); a cell
 *  opens its pair (row = A, column = B) through `open`. Written as one HTML
 *  string with one delegated listener, and filled by `fills`, each in a task
 *  of its own: 50 systems make 2,500 cells, which as separate elements and listeners
 *  built with the rest of the report kept the main thread busy for ~0.2 s. */
export function pairMatrix(b: BoardReport, open: (a: string, b: string) => void): { element: HTMLElement; fills: (() => void)[] } {
  const order = b.systems.map((s) => s.system);
  const p = new Map<string, number>();
  for (const x of b.pairs) {
    p.set(`${x.system_a}\u0000${x.system_b}`, x.p_family);
    p.set(`${x.system_b}\u0000${x.system_a}`, x.p_family);
  }
  const cell = (a: string, c: string) => {
    if (a === c) return '<td class="diagonal"></td>';
    const v = p.get(`${a}\u0000${c}`)!;
    const shade = Math.min(8, Math.max(0, Math.round((-Math.log10(Math.max(v, 1e-6)) / 4) * 8)));  // nine steps: .shade-0 … .shade-8
    const shown = fmt.p(v);
    // A screen reader hears the pair and what a press does, not only the number.
    const name = `${a} vs ${c}: family-wise p ${v < 0.001 ? shown : `= ${shown}`}, open in Analyze`;
    return `<td class="shade-${shade}" data-a="${escapeHtml(a)}" data-b="${escapeHtml(c)}" data-p="${v}" data-testid="open-pair" tabindex="0" role="button" aria-label="${escapeHtml(name)}">${escapeHtml(shown)}</td>`;
  };
  const table = h('table', { class: 'pair-matrix', 'data-testid': 'pair-matrix' });
  // The head first, then about 250 cells at a time (ten rows of 25 systems, two of 100): each piece a
  // short task of its own, whatever the board's size.
  const fills = [() => {
    table.innerHTML = `<caption>Family-wise p (${escapeHtml(procedureLabel(b))}) for every pair;` + ' the stronger the shade, the smaller. Click a cell (or focus it and press Enter) to open the pair (row = A, column = B) in Analyze with these settings.</caption>' +
      `<thead><tr><th scope="col"><span class="visually-hidden">A (row) against B (column)</span></th>${order.map((s) => `<th scope="col">${escapeHtml(s)}</th>`).join('')}</tr></thead><tbody></tbody>`;
  }];
  const rows = Math.max(1, Math.floor(250 / order.length));
  for (let from = 0; from < order.length; from += rows)
    fills.push(() => table.tBodies[0].insertAdjacentHTML('beforeend',
      order.slice(from, from + rows).map((a) => `<tr><th scope="row">${escapeHtml(a)}</th>${order.map((c) => cell(a, c)).join('')}</tr>`).join('')));
  const activate = (e: Event) => {
    const td = (e.target as Element).closest('td[data-a]') as HTMLElement | null;
    if (td) open(td.dataset.a!, td.dataset.b!);
  };
  table.addEventListener('click', activate);
  table.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(e);
    }
  });
  // Wide boards scroll sideways inside this box: a named region the keyboard can reach and scroll.
  const wrap = h('div', { class: 'pair-matrix-wrap', role: 'region', tabindex: 0, 'aria-label': 'Pairwise family-wise p, scrollable' }, table);
  if (order.length <= bigMatrix) return { element: wrap, fills };
  // A large matrix is drawn when asked for: each piece added to a shown table lays out all of it again
  // (~0.1 s a piece at 100 systems), so it is filled hidden, a piece a task, and shown once.
  table.hidden = true;
  const more = h('details', { class: 'pair-matrix-more', 'data-testid': 'pair-matrix-more' },
    h('summary', {}, `Family-wise p for every pair: a ${order.length} × ${order.length} matrix`), wrap);
  let drawn = false;
  more.addEventListener('toggle', async () => {
    if (!more.open || drawn) return;
    drawn = true;
    for (const fill of fills) {
      fill();
      await new Promise((go) => setTimeout(go, 0));
    }
    table.hidden = false;
  });
  return { element: more, fills: [] };
}

/** Boards with more systems than this draw their pair matrix on request (its cells grow as k²). */
const bigMatrix = 30;

/** Mean ranks on an axis from 1 (best), with a bar as long as the critical difference. */
export function criticalDifferenceDiagram(ranks: [string, number][], cd: number): HTMLElement {
  const k = ranks.length, width = drawingWidth(), left = 40, right = 40, top = 40;
  const x = (r: number) => left + ((r - 1) / Math.max(1, k - 1)) * (width - left - right);
  const height = top + 22 * k + 10;
  const parts: SVGElement[] = [
    svg('line', { x1: x(1), x2: x(k), y1: top, y2: top, stroke: 'currentColor' }),
    ...Array.from({ length: k }, (_, i) => svg('text', { x: x(i + 1), y: top - 6, 'text-anchor': 'middle', 'font-size': 12 }, String(i + 1))),
    svg('line', { x1: x(1), x2: x(Math.min(k, 1 + cd)), y1: 14, y2: 14, class: 'cd-bar', 'stroke-width': 3 }),
    svg('text', { x: x(1), y: 10, 'font-size': 12 }, `CD = ${fmt.stat(cd)}`),
  ];
  ranks.forEach(([s, r], i) => {
    const y = top + 18 + 22 * i;
    parts.push(svg('line', { x1: x(r), x2: x(r), y1: top, y2: y - 4, stroke: 'currentColor' }));
    parts.push(svg('text', { x: x(r) + 4, y, 'font-size': 12 }, `${s} (${fmt.stat(r)})`));
  });
  return h('figure', { class: 'cd-diagram', 'data-testid': 'cd-diagram' },
    svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img', 'aria-label': `Mean ranks across datasets, critical difference ${fmt.stat(cd)}: ${ranks.map(([s, r]) => `${s} ${fmt.stat(r)}`).join(', ')}` }, ...parts) as unknown as Node,
    h('figcaption', {}, 'Mean rank across datasets (1 = best); systems closer than the thick bar at the top are not significantly different (Nemenyi).'));
}
