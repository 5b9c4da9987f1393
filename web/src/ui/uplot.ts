// uPlot, loaded when the first chart is drawn. Its module reads the browser's
// time zone as it is evaluated (new Intl.DateTimeFormat(): 20–26 ms of ICU
// set-up on a first open, measured in Chromium), which a shared link's first
// answers need for nothing — the charts come after them.
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

let loading: Promise<typeof uPlot> | null = null;

/** The uPlot constructor (the module is fetched and evaluated once), handed over in a task after its evaluation's. */
export function loadUplot(): Promise<typeof uPlot> {
  return (loading ??= import('uplot').then((m) => new Promise((resolve) => setTimeout(() => resolve(m.default), 0))));
}
