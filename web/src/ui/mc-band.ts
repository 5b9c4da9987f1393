// The span a chart draws around a Monte Carlo power: ±2 SE clipped to [0, 1], or,
// where every replicate rejected or none did (SE 0), the span to the core's
// one-sided 95% Clopper–Pearson bound. The Plan's curves and Analyze's pilot
// curve draw the same span.

/** [low, high] of the span drawn around Monte Carlo power `power` with standard error `se` and the core's `bound` (set only at 0 or 1). */
export function mcBand(power: number, se: number, bound?: number | null): [number, number] {
  if (bound !== undefined && bound !== null) return [Math.min(power, bound), Math.max(power, bound)];
  return [Math.max(0, power - 2 * se), Math.min(1, power + 2 * se)];
}
