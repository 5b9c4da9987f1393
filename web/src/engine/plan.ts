// What a Plan run is: the grid, its validation, and how it splits into work.
import type { GroupSpec, ModelName, TestName } from '../wasm/pairpower-module';

export type PresetName = 'paper' | 'quick';

export interface PlanSpec {
  n: number[];
  delta: number[];
  rho: number[];
  models: ModelName[];
  mean: number;
  sd: number;
  alpha: number;
  tests: TestName[];
  reps: number;
  seed: number;
  /** Target power for the minimum-N and MDE tables. */
  power: number;
}

export const PRESETS: Record<PresetName, PlanSpec> = {
  paper: {
    n: [50, 100, 200, 500, 1000],
    delta: [0, 0.01, 0.02, 0.05, 0.1],
    rho: [0.5, 0.8, 0.95],
    models: ['normal', 'beta'],
    mean: 0.65,
    sd: 0.12,
    alpha: 0.05,
    tests: ['t', 'wilcoxon'],
    reps: 1000,
    seed: 1,
    power: 0.8,
  },
  quick: {
    n: [50, 100, 200, 400],
    delta: [0, 0.01, 0.02],
    rho: [0.8],
    models: ['normal'],
    mean: 0.65,
    sd: 0.12,
    alpha: 0.05,
    tests: ['t', 'wilcoxon'],
    reps: 500,
    seed: 1,
    power: 0.8,
  },
};

/** The paper grid's parameters (not reps, seed or target power) equal the spec's. */
export function matchesPreset(spec: PlanSpec, preset: PresetName): boolean {
  const p = PRESETS[preset];
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    same(spec.n, p.n) && same(spec.delta, p.delta) && same(spec.rho, p.rho) && same(spec.models, p.models) &&
    spec.mean === p.mean && spec.sd === p.sd && spec.alpha === p.alpha
  );
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** A finite decimal number, written plainly ("0.01", "-1e-3"). */
export function parseNumber(text: string): Parsed<number> {
  const t = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return fail(`“${text}” is not a number`);
  const v = Number(t);
  return Number.isFinite(v) ? ok(v) : fail(`“${text}” is not a finite number`);
}

function parseWhole(text: string, min: number, max: number): Parsed<number> {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return fail(`“${text}” is not a whole number`);
  const v = Number(t);
  if (v < min || v > max) return fail(`${v} is outside ${min} … ${max}`);
  return ok(v);
}

function parseList<T>(text: string, item: (s: string) => Parsed<T[]>): Parsed<T[]> {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) return fail('give a comma-separated list, e.g. 50,100');
  const out: T[] = [];
  for (const p of parts) {
    const r = item(p);
    if (!r.ok) return r;
    out.push(...r.value);
  }
  return ok(out);
}

/** Limits that keep a browser run sensible (issue 6 adds cost estimates). */
export const LIMITS = { maxN: 100_000, maxReps: 1_000_000, maxValues: 200 } as const;

export const FIELD_PARSERS = {
  n(text: string): Parsed<number[]> {
    const r = parseList<number>(text, (p): Parsed<number[]> => {
      const range = p.split(':');
      if (range.length === 1) {
        const v = parseWhole(p, 2, LIMITS.maxN);
        return v.ok ? ok([v.value]) : fail(v.error);
      }
      if (range.length !== 3) return fail(`range “${p}” must read start:stop:step`);
      const [a, b, s] = range.map((x) => parseWhole(x, 1, LIMITS.maxN));
      if (!a.ok) return fail(a.error);
      if (!b.ok) return fail(b.error);
      if (!s.ok) return fail(s.error);
      if (a.value < 2) return fail('N must be at least 2');
      if (b.value < a.value) return fail(`range “${p}” ends before it starts`);
      if ((b.value - a.value) / s.value >= LIMITS.maxValues) return fail(`range “${p}” has too many values`);
      const vals: number[] = [];
      for (let v = a.value; v <= b.value; v += s.value) vals.push(v);
      return ok(vals);
    });
    if (r.ok && r.value.length > LIMITS.maxValues) return fail(`at most ${LIMITS.maxValues} values`);
    return r;
  },
  delta(text: string): Parsed<number[]> {
    return parseList<number>(text, (p) => {
      const v = parseNumber(p);
      if (!v.ok) return fail(v.error);
      return Math.abs(v.value) >= 1 ? fail('|δ| must be below 1 (scores lie in [0, 1])') : ok([v.value]);
    });
  },
  rho(text: string): Parsed<number[]> {
    return parseList<number>(text, (p) => {
      const v = parseNumber(p);
      if (!v.ok) return fail(v.error);
      return v.value > -1 && v.value < 1 ? ok([v.value]) : fail(`ρ = ${v.value} must lie strictly between −1 and 1`);
    });
  },
  model(text: string): Parsed<ModelName[]> {
    const t = text.trim();
    if (t === 'both') return ok(['normal', 'beta']);
    if (t === 'normal' || t === 'beta' || t === 'unclipped') return ok([t]);
    return fail('choose normal, beta, both or unclipped');
  },
  mean(text: string): Parsed<number> {
    const v = parseNumber(text);
    if (!v.ok) return v;
    return v.value > 0 && v.value < 1 ? v : fail('the mean score must lie strictly between 0 and 1');
  },
  sd(text: string): Parsed<number> {
    const v = parseNumber(text);
    if (!v.ok) return v;
    return v.value > 0 && v.value < 1 ? v : fail('the SD must lie strictly between 0 and 1');
  },
  alpha(text: string): Parsed<number> {
    const v = parseNumber(text);
    if (!v.ok) return v;
    return v.value > 0 && v.value < 1 ? v : fail('α must lie strictly between 0 and 1');
  },
  tests(text: string): Parsed<TestName[]> {
    const r = parseList<TestName>(text, (p) =>
      p === 't' || p === 'wilcoxon' || p === 'sign' ? ok([p]) : fail(`“${p}” is not one of t, wilcoxon, sign`),
    );
    return r.ok ? ok([...new Set(r.value)]) : r;
  },
  reps(text: string): Parsed<number> {
    return parseWhole(text, 1, LIMITS.maxReps);
  },
  seed(text: string): Parsed<number> {
    return parseWhole(text, 0, Number.MAX_SAFE_INTEGER);
  },
  power(text: string): Parsed<number> {
    const v = parseNumber(text);
    if (!v.ok) return v;
    return v.value > 0 && v.value < 1 ? v : fail('the target power must lie strictly between 0 and 1');
  },
} as const;

export type FieldName = keyof typeof FIELD_PARSERS;
export const FIELD_NAMES = Object.keys(FIELD_PARSERS) as FieldName[];

/** The text a field shows for a spec. */
export function fieldText(spec: PlanSpec, field: FieldName): string {
  switch (field) {
    case 'model':
      return spec.models.length === 2 ? 'both' : spec.models[0];
    case 'n':
    case 'delta':
    case 'rho':
    case 'tests':
      return spec[field].join(',');
    default:
      return String(spec[field]);
  }
}

/** Builds a spec from field texts; returns the errors by field instead when any is bad. */
export function specFromFields(texts: Record<FieldName, string>): { spec: PlanSpec } | { errors: Partial<Record<FieldName, string>> } {
  const errors: Partial<Record<FieldName, string>> = {};
  const get = <K extends FieldName>(k: K) => {
    const r = FIELD_PARSERS[k](texts[k]);
    if (!r.ok) errors[k] = r.error;
    return r.ok ? r.value : undefined;
  };
  const spec = {
    n: get('n'),
    delta: get('delta'),
    rho: get('rho'),
    models: get('model'),
    mean: get('mean'),
    sd: get('sd'),
    alpha: get('alpha'),
    tests: get('tests'),
    reps: get('reps'),
    seed: get('seed'),
    power: get('power'),
  };
  if (spec.power !== undefined && spec.alpha !== undefined && !(spec.power > spec.alpha))
    errors.power = 'the target power must exceed α';
  if (Object.keys(errors).length > 0) return { errors };
  return { spec: spec as PlanSpec };
}

export interface CellKey {
  model: ModelName;
  n: number;
  delta: number;
  rho: number;
  test: TestName;
}

export interface CellResult extends CellKey {
  reps: number;
  rejections: number;
  power: number;
  mcSe: number;
}

export function cellId(c: CellKey): string {
  return `${c.model}|${c.n}|${c.delta}|${c.rho}|${c.test}`;
}

/** Groups in the order models × n × ρ (as the C++ grid_groups). */
export function planGroups(spec: PlanSpec): GroupSpec[] {
  const groups: GroupSpec[] = [];
  for (const model of spec.models)
    for (const n of spec.n)
      for (const rho of spec.rho)
        groups.push({ model, n, rho, mean: spec.mean, sd: spec.sd, deltas: spec.delta, alpha: spec.alpha, tests: spec.tests, seed: spec.seed });
  return groups;
}

export interface WorkUnit {
  group: number;
  repBegin: number;
  repEnd: number;
  pairs: number;
}

/**
 * Splits every group into replicate ranges of about `pairsPerUnit` pairs
 * (δ cells included), larger N first so the last units to finish are short.
 */
export function planUnits(groups: GroupSpec[], reps: number, pairsPerUnit: number): WorkUnit[] {
  const order = groups.map((_, i) => i).sort((a, b) => groups[b].n - groups[a].n || a - b);
  const units: WorkUnit[] = [];
  for (const g of order) {
    const perRep = groups[g].n * groups[g].deltas.length;
    const step = Math.max(1, Math.floor(pairsPerUnit / perRep));
    for (let r = 0; r < reps; r += step) {
      const end = Math.min(reps, r + step);
      units.push({ group: g, repBegin: r, repEnd: end, pairs: (end - r) * perRep });
    }
  }
  return units;
}

/** Turns a group's summed counts into its cells. */
export function groupCells(group: GroupSpec, counts: number[], reps: number): CellResult[] {
  const cells: CellResult[] = [];
  group.deltas.forEach((delta, d) =>
    group.tests.forEach((test, k) => {
      const rejections = counts[d * group.tests.length + k];
      const power = rejections / reps;
      cells.push({ model: group.model, n: group.n, delta, rho: group.rho, test, reps, rejections, power, mcSe: Math.sqrt((power * (1 - power)) / reps) });
    }),
  );
  return cells;
}

/** SD of per-query differences for equal SDs σ and correlation ρ (paper §2.3). */
export function sdOfDifferences(sd: number, rho: number): number {
  return sd * Math.sqrt(2 * (1 - rho));
}
