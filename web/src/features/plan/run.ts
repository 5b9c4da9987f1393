// A Plan run on the engines: the core plans its units (group, replicate
// range), the simulating workers take them two at a time each, and the Plan
// engine turns each finished group's counts into cells. Counts add up, so the
// pool and the threaded engine both give the CLI's numbers exactly.
import type * as Comlink from 'comlink';
import { markStage, orFailure } from '../../runtime/engines';
import type { BetaTable, CellResult, PlanWork } from '../../generated/boundary';
import type { PlanEngines, SimulationApi } from './worker';
import type { PlanSpec } from './spec';

export interface RunProgress {
  cellsDone: number;
  cellsTotal: number;
  pairsDone: number;
  pairsTotal: number;
  elapsedS: number;
  /** Estimated seconds left, from the pace so far. */
  etaS: number;
}

export interface RunCallbacks {
  onProgress?(p: RunProgress): void;
  /** A group's cells, as soon as all its units are done. */
  onCells?(cells: CellResult[]): void;
}

export interface RunOutcome {
  cancelled: boolean;
  elapsedS: number;
  cells: CellResult[];
}

export interface RunHandle {
  cancel(): void;
  done: Promise<RunOutcome>;
}

/** About 10–20 ms of work a unit (the kernel runs ~10 ns a pair and thread):
 *  cancel lands fast (two units are in flight per worker) and progress moves
 *  smoothly, while each unit's message to the page and back stays a small share. */
export function pairsPerUnit(engines: Pick<PlanEngines, 'mode' | 'threads'>): number {
  return engines.mode === 'threads' ? 1_500_000 * engines.threads : 1_000_000;
}

/** The run's work as the core plans it (groups, replicate ranges, pairs). */
export function planWork(spec: PlanSpec, engines: PlanEngines): Promise<PlanWork> {
  return orFailure(engines, engines.plan.planWork(spec, pairsPerUnit(engines)));
}

// Beta tables each worker holds from the Plan engine, by shape ("a b"): a worker keeps them across runs.
const adoptedTables = new WeakMap<object, Set<string>>();

/**
 * The Beta quantile tables of a run's groups (the Beta copula's), built once by
 * the Plan engine, the pool's first worker, which keeps them for its own units:
 * each other simulating worker would otherwise build the same ones before its
 * first such unit (and V8 would compile Boost's inverse incomplete beta beside
 * the simulation). Nothing waits for them: a worker is
 * handed the tables before its first such unit if they have come, and builds
 * its own otherwise (the bits are the same). The message goes ahead of the unit
 * on the same port, so the worker holds them when the unit runs. Not for the
 * threaded engine, whose build cannot report a refused table (README).
 */
function tablesFor(engines: PlanEngines, work: PlanWork): (remote: Comlink.Remote<SimulationApi>) => void {
  const needed = work.groups.filter((_, i) => work.tabulated[i]);
  if (!needed.length || engines.mode === 'threads') return () => {};
  let tables: BetaTable[] | null = null;
  orFailure(engines, engines.plan.betaTables(needed)).then((t) => (tables = t), () => undefined);
  return (remote) => {
    if (!tables || (remote as object) === (engines.plan as object)) return;
    // Counted as held once sent: were it refused, the worker would build its own.
    const held = adoptedTables.get(remote) ?? new Set<string>();
    adoptedTables.set(remote, held);
    const fresh = tables.filter((t) => !held.has(`${t.a} ${t.b}`));
    if (!fresh.length) return;
    fresh.forEach((t) => held.add(`${t.a} ${t.b}`));
    orFailure(engines, remote.adoptBetaTables(fresh)).catch(() => undefined);
  };
}

export function startRun(spec: PlanSpec, work: PlanWork, engines: PlanEngines, cb: RunCallbacks = {}): RunHandle {
  const { groups, units } = work;
  const tables = tablesFor(engines, work);
  const stride = spec.delta.length * spec.tests.length;
  const counts = groups.map(() => new Array<number>(stride).fill(0));
  const left = groups.map(() => 0);
  for (const u of units) left[u.group]++;
  const pairsTotal = units.reduce((s, u) => s + u.pairs, 0);
  const cellsTotal = work.cells;
  const cells: CellResult[] = [];
  const start = performance.now();
  let next = 0;
  let pairsDone = 0;
  let cellsDone = 0;
  let cancelled = false;
  // Each worker reads the run's groups once, from the spec sent with its first unit.
  const specText = JSON.stringify(spec);
  const loaded = new WeakSet<object>();

  const loop = async (remote: Comlink.Remote<SimulationApi>) => {
    while (!cancelled && next < units.length) {
      const u = units[next++];
      if (work.tabulated[u.group]) tables(remote);
      const first = !loaded.has(remote);
      loaded.add(remote);
      const c = await orFailure(engines, remote.simulateUnit(first ? specText : null, u.group, u.repBegin, u.repEnd, engines.threads));
      const sum = counts[u.group];
      for (let k = 0; k < stride; k++) sum[k] += c[k];
      pairsDone += u.pairs;
      if (pairsDone === pairsTotal) markStage('units-back');
      if (--left[u.group] === 0) {
        const f = finish(u.group, sum);
        f.catch(() => undefined);  // awaited by done, which reports it
        finishing.push(f);
      } else progress();
    }
  };
  const progress = () => {
    const elapsedS = (performance.now() - start) / 1000;
    cb.onProgress?.({ cellsDone, cellsTotal, pairsDone, pairsTotal, elapsedS, etaS: pairsDone > 0 ? (elapsedS * (pairsTotal - pairsDone)) / pairsDone : NaN });
  };
  // A finished group's cells come from the Plan engine while the loop sends its
  // next unit: the Plan engine may be busy with the link's analytic answers, and
  // a loop waiting for it would leave its worker one unit short.
  const finishing: Promise<void>[] = [];
  const finish = async (group: number, sum: number[]) => {
    const done = await orFailure(engines, engines.plan.groupCells(groups[group], sum, spec.reps));
    cells.push(...done);
    cellsDone += done.length / spec.tests.length;
    cb.onCells?.(done);
    progress();
  };

  // Two loops per worker keep one unit queued in its message queue, so the
  // worker never idles while the page handles the previous result.
  const done = Promise.all(engines.remotes.flatMap((r) => [loop(r), loop(r)])).then(async () => {
    // Every group's cells, including those still coming from the Plan engine (a list that grew while the loops ran).
    for (let i = 0; i < finishing.length; i++) await finishing[i];
    markStage('cells-back');
  }).then(() => ({
    cancelled: cancelled && cellsDone < cellsTotal,
    elapsedS: (performance.now() - start) / 1000,
    cells,
  }));
  return {
    cancel() {
      cancelled = true;
    },
    done,
  };
}
