// Axis ticks for the charts: pure functions (no chart library), unit-tested.
import { groupDigits } from './dom';

/** Round numbers of queries (1, 2, 5 × 10^k) inside [lo, hi], for a log axis's ticks. */
export function roundTicks(lo: number, hi: number, mantissas = [1, 2, 5]): number[] {
  const out: number[] = [];
  for (let p = Math.floor(Math.log10(Math.max(1, lo))); 10 ** p <= hi; p++)
    for (const m of mantissas) {
      const v = m * 10 ** p;
      if (v >= lo && v <= hi) out.push(v);
    }
  return out;
}

/**
 * The round ticks whose labels fit side by side in `width` px (about 7 px a
 * character and a gap): 1-2-5, then 1-5, then powers of ten, then every other
 * power of ten; the range's ends where no round number falls inside it.
 */
export function fittingTicks(lo: number, hi: number, width: number): number[] {
  const fits = (t: number[]) => t.reduce((w, v) => w + groupDigits(v).length * 7 + 14, 0) <= width;
  if (roundTicks(lo, hi).length < 2) return lo === hi ? [lo] : [lo, hi];
  for (const m of [[1, 2, 5], [1, 5], [1]]) {
    const t = roundTicks(lo, hi, m);
    if (t.length >= 2 && fits(t)) return t;
  }
  const decades = roundTicks(lo, hi, [1]);
  if (decades.length < 2) return roundTicks(lo, hi, [1, 5]).slice(0, 2);
  return decades.filter((_, i) => i % 2 === 0);
}

/**
 * Tick labels with as many decimals as the step between ticks needs: uPlot's
 * default formatter keeps three decimals, so steps of 0.0002 read "0 0 0 0.001".
 */
export function stepLabels(_u: unknown, splits: number[], _axis: number, _space: number, incr: number): string[] {
  let decimals = 0;
  while (decimals < 10 && incr > 0 && Math.abs(incr * 10 ** decimals - Math.round(incr * 10 ** decimals)) > 1e-6) decimals++;
  return splits.map((v) => (v === null || v === undefined ? '' : decimals === 0 && Math.abs(v) >= 1000 ? groupDigits(Math.round(v)) : v.toFixed(decimals)));
}
