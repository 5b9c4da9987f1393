// uPlot, loaded when the first chart is drawn. Its module reads the browser's
// time zone as it is evaluated (new Intl.DateTimeFormat(), which sets up ICU on
// the page's thread), which a shared link's first answers need for nothing —
// the charts come after them.
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stepLabels } from './ticks';

let loading: Promise<typeof uPlot> | null = null;
/** Work the charts wait for (a running simulation): see holdCharts. */
let held: Promise<unknown> = Promise.resolve();

/** The uPlot constructor (the module is fetched and evaluated once), handed over in a task after its evaluation's, once nothing holds the charts. */
export function loadUplot(): Promise<typeof uPlot> {
  const ready = (loading ??= held.then(() => import('uplot')).then((m) => new Promise((resolve) => setTimeout(() => resolve(m.default), 0))));
  return held.then(() => ready);
}

/**
 * Charts asked for until `until` settles are drawn after it: a simulation's
 * threads need the machine's cores, and uPlot's first evaluation and plots
 * during a run would delay its last results by the time they take.
 */
export function holdCharts(until: Promise<unknown>): void {
  const settled = until.then(() => undefined, () => undefined);
  held = Promise.all([held, settled]);
}

/** The charts' colours, read from the page's custom properties (styles.css owns them, light and dark). */
export interface ChartTheme {
  fg: string;
  muted: string;
  grid: string;
  target: string;
  /** Okabe–Ito series colours for the current colour scheme. */
  series: string[];
}

export function chartTheme(): ChartTheme {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return { fg: v('--fg'), muted: v('--muted'), grid: v('--grid'), target: v('--target'), series: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => v(`--series-${i}`)) };
}

/**
 * Calls `redraw` when the colour scheme changes while the page is open: a
 * uPlot chart takes its colours (chartTheme) when it is drawn, so without this
 * a chart drawn in light stays light on a page turned dark.
 */
export function onSchemeChange(redraw: () => void): void {
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
}

/** Dash patterns that tell series apart without colour (first solid). */
export const DASHES: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 5]];

/** An axis in the page's colours, labelled with stepLabels unless `values` is given. */
export function themedAxis(theme: ChartTheme, axis: uPlot.Axis): uPlot.Axis {
  return {
    stroke: theme.fg,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    values: stepLabels as uPlot.Axis['values'],
    ...axis,
  };
}
