// What a run will cost, estimated before it starts, and the limits past which
// the page asks first or refuses (with what to reduce).
import type { PlanSpec } from './plan';

/** Pairs simulated by a plan: Σ over cells of N × R. */
export function planPairs(spec: PlanSpec): number {
  const perRep = spec.n.reduce((s, n) => s + n, 0) * spec.delta.length * spec.rho.length * spec.models.length;
  return perRep * spec.reps;
}

export const PLAN_LIMITS = {
  /** Ask before runs estimated to take longer than this. */
  confirmSeconds: 20,
  /** Refuse runs estimated to take longer than this (10 minutes). */
  refuseSeconds: 600,
} as const;

/** Nanoseconds per pair on this device: measured by earlier runs, else a cautious default. */
let measuredNsPerPair: number | null = null;
export function recordThroughput(pairs: number, seconds: number): void {
  if (pairs > 1e6 && seconds > 0.05) measuredNsPerPair = (1e9 * seconds) / pairs;
}
export function nsPerPair(threads: number): number {
  return measuredNsPerPair ?? 40 / Math.max(1, threads);
}

export type CostVerdict = { kind: 'run' } | { kind: 'confirm'; message: string } | { kind: 'refuse'; message: string };

const fmtSeconds = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);
const fmtPairs = (p: number) => (p >= 1e9 ? `${(p / 1e9).toFixed(1)} billion` : `${(p / 1e6).toFixed(0)} million`);

export function planCost(spec: PlanSpec, threads: number): CostVerdict {
  const pairs = planPairs(spec);
  const seconds = (pairs * nsPerPair(threads)) / 1e9;
  const reduce = `reduce the replicates R (now ${spec.reps.toLocaleString('en-US')}), the largest N (${Math.max(...spec.n).toLocaleString('en-US')}) or the number of cells`;
  if (seconds > PLAN_LIMITS.refuseSeconds)
    return { kind: 'refuse', message: `This run would simulate ${fmtPairs(pairs)} pairs, about ${fmtSeconds(seconds)} on this device; the page stops at ${PLAN_LIMITS.refuseSeconds / 60} minutes. To run it, ${reduce} — or use the CLI (pairpower simulate), which has no limit.` };
  if (seconds > PLAN_LIMITS.confirmSeconds)
    return { kind: 'confirm', message: `This run simulates ${fmtPairs(pairs)} pairs, about ${fmtSeconds(seconds)} on this device. Run it? (To make it faster, ${reduce}.)` };
  return { kind: 'run' };
}

export const ANALYZE_LIMITS = {
  /** Characters of pasted text the page reads (the CLI reads up to 200 MiB). */
  maxChars: 50_000_000,
  maxBootstrap: 1_000_000,
  maxSignFlips: 10_000_000,
} as const;

/** Refuses input or settings a tab cannot hold; returns a message or null. */
export function analyzeLimit(chars: number, queriesGuess: number, flips: number, bootstrap: number): string | null {
  if (chars > ANALYZE_LIMITS.maxChars)
    return `The pasted text is ${(chars / 1e6).toFixed(0)} MB; the page reads up to ${ANALYZE_LIMITS.maxChars / 1e6} MB. For larger files use the CLI: pairpower compare FILE_A FILE_B.`;
  if (bootstrap > ANALYZE_LIMITS.maxBootstrap) return `Bootstrap resamples: at most ${ANALYZE_LIMITS.maxBootstrap.toLocaleString('en-US')} in the page (the CLI allows more).`;
  if (flips > ANALYZE_LIMITS.maxSignFlips) return `Sign flips: at most ${ANALYZE_LIMITS.maxSignFlips.toLocaleString('en-US')} in the page (the CLI allows more).`;
  // About 1.5 ns per query per sign flip / 8, and 4 ns per query per bootstrap resample, in wasm.
  const seconds = queriesGuess * (flips * 0.2 + bootstrap * 4) * 1e-9;
  if (seconds > 300)
    return `With about ${queriesGuess.toLocaleString('en-US')} queries, ${flips.toLocaleString('en-US')} sign flips and ${bootstrap.toLocaleString('en-US')} bootstrap resamples would take about ${Math.round(seconds / 60)} minutes; reduce the sign flips or the bootstrap resamples.`;
  return null;
}
