// What a Plan run will cost, estimated before it starts, and the limits (the
// core's registry) past which the page asks first or refuses, naming what to reduce.
import { REGISTRY } from '../../runtime/registry';
import type { PlanSpec } from './spec';
import { fmt } from '../../ui/dom';

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

/** `pairs`: what the core counts for the spec (plan_work.hpp grid_pairs). */
export function planCost(spec: PlanSpec, pairs: number, threads: number): CostVerdict {
  const { page_confirm_seconds: confirm, page_refuse_seconds: refuse } = REGISTRY.limits;
  const seconds = (pairs * nsPerPair(threads)) / 1e9;
  const reduce = `reduce the replicates R (now ${fmt.int(spec.reps)}), the largest N (${fmt.int(Math.max(...spec.n))}) or the number of cells`;
  if (seconds > refuse)
    return { kind: 'refuse', message: `This run would simulate ${fmtPairs(pairs)} pairs, about ${fmtSeconds(seconds)} on this device; the page stops at ${refuse / 60} minutes. To run it, ${reduce} — or use the CLI (pairpower simulate), which has no limit.` };
  if (seconds > confirm)
    return { kind: 'confirm', message: `This run simulates ${fmtPairs(pairs)} pairs, about ${fmtSeconds(seconds)} on this device. Run it? (To make it faster, ${reduce}.)` };
  return { kind: 'run' };
}
