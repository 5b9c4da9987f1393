// A Plan run's settings: the spec, its presets and the form fields' parsing.
// Which fields exist, their bounds, rules, choices and the presets all come
// from the core's registry; this file only reads the text a user types.
import {
  REGISTRY,
  inBounds,
  planField,
  type Bounds,
  type FieldName,
  type ModelName,
  type PresetName,
  type TestName,
} from '../../engine/registry';

type PresetSpec = (typeof REGISTRY.presets)[number]['spec'];
/** The spec as the core writes it (to_json(PlanSpec)): the same keys, widened. */
export type PlanSpec = {
  -readonly [K in keyof PresetSpec]: K extends 'models' ? ModelName[] : K extends 'tests' ? TestName[] : PresetSpec[K] extends readonly unknown[] ? number[] : number;
};
export type { FieldName, PresetName };

const clone = (s: PresetSpec): PlanSpec => JSON.parse(JSON.stringify(s)) as PlanSpec;
export const PRESETS = Object.fromEntries(REGISTRY.presets.map((p) => [p.id, clone(p.spec)])) as Record<PresetName, PlanSpec>;
export const PRESET_NAMES = REGISTRY.presets.map((p) => p.id) as PresetName[];
export const DEFAULT_PRESET = REGISTRY.default_preset as PresetName;

/** The grid's parameters (not reps, seed, tests or target power) equal the preset's. */
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

/** The field's rule for a value out of its bounds, as the CLI words it. */
export function outOfBounds(f: { rule: string; bounds: { min: number; max: number | null } }, v: number, max = f.bounds.max): string {
  if (!f.rule) return `${v} is outside ${f.bounds.min} … ${max}`;
  return f.rule.startsWith('must') ? `${v} ${f.rule}` : f.rule;
}

/** A field's bounds and words, without the registry's literal types. */
interface Checked {
  label: string;
  rule: string;
  bounds: Bounds;
  page_max: number | null;
}

function parseWhole(text: string, f: Checked): Parsed<number> {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return fail(`“${text}” is not a whole number`);
  const v = Number(t);
  if (!inBounds(f.bounds, v, f.page_max)) return fail(outOfBounds(f, v, f.page_max));
  return ok(v);
}

function parseReal(text: string, f: Checked): Parsed<number> {
  const v = parseNumber(text);
  if (!v.ok) return v;
  return inBounds(f.bounds, v.value, f.page_max) ? v : fail(outOfBounds(f, v.value));
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
  if (out.length > REGISTRY.limits.values_max) return fail(`at most ${REGISTRY.limits.values_max} values`);
  return ok(out);
}

function parseCounts(text: string, f: Checked): Parsed<number[]> {
  return parseList<number>(text, (p): Parsed<number[]> => {
    const range = p.split(':');
    if (range.length === 1) {
      const v = parseWhole(p, f);
      return v.ok ? ok([v.value]) : fail(v.error);
    }
    if (range.length !== 3) return fail(`range “${p}” must read start:stop:step`);
    const [a, b, s] = range.map((x) => parseWhole(x, { ...f, bounds: { ...f.bounds, min: 1 } }));
    if (!a.ok) return fail(a.error);
    if (!b.ok) return fail(b.error);
    if (!s.ok) return fail(s.error);
    if (a.value < f.bounds.min) return fail(`${f.label} must be at least ${f.bounds.min}`);
    if (b.value < a.value) return fail(`range “${p}” ends before it starts`);
    if ((b.value - a.value) / s.value >= REGISTRY.limits.values_max) return fail(`range “${p}” has too many values`);
    const vals: number[] = [];
    for (let v = a.value; v <= b.value; v += s.value) vals.push(v);
    return ok(vals);
  });
}

/** Parses one field's text into its value (for "model": the models it stands for). */
export function parseField(id: FieldName, text: string): Parsed<unknown> {
  const f = planField(id);
  switch (f.kind) {
    case 'count_list':
      return parseCounts(text, f);
    case 'real_list':
      return parseList<number>(text, (p) => {
        const v = parseReal(p, f);
        return v.ok ? ok([v.value]) : fail(v.error);
      });
    case 'real':
      return parseReal(text, f);
    case 'count':
      return parseWhole(text, f);
    case 'choice': {
      // A list of choices ("normal,unclipped"), as the CLI's --model takes it.
      const r = parseList<ModelName>(text, (p) => {
        const c = REGISTRY.model_choices.find((x) => x.id === p);
        return c ? ok([...c.models]) : fail(`“${p}” is not one of ${REGISTRY.model_choices.map((x) => x.id).join(', ')}`);
      });
      return r.ok ? ok([...new Set(r.value)]) : r;
    }
    case 'choice_list': {
      const ids = REGISTRY.tests.map((t) => t.id) as readonly string[];
      const r = parseList<TestName>(text, (p) => (ids.includes(p) ? ok([p as TestName]) : fail(`“${p}” is not one of ${ids.join(', ')}`)));
      return r.ok ? ok([...new Set(r.value)]) : r;
    }
  }
}

export const FIELD_NAMES = REGISTRY.plan_fields.map((f) => f.id) as FieldName[];

/** The spec key a field sets ("model" sets the list "models"). */
const specKey = (id: FieldName): keyof PlanSpec => (id === 'model' ? 'models' : id);

/** The text a field shows for a spec. */
export function fieldText(spec: PlanSpec, id: FieldName): string {
  const f = planField(id);
  if (f.kind === 'choice') {
    const c = REGISTRY.model_choices.find((x) => x.models.length === spec.models.length && x.models.every((m, i) => m === spec.models[i]));
    return c?.id ?? spec.models.join(',');
  }
  const v = spec[specKey(id)];
  return Array.isArray(v) ? v.join(',') : String(v);
}

/** Sets a field's parsed value on a spec. */
export function assignField(spec: PlanSpec, id: FieldName, value: unknown): void {
  (spec as unknown as Record<string, unknown>)[specKey(id)] = value;
}

/** Builds a spec from field texts; returns the errors by field instead when any is bad. */
export function specFromFields(texts: Record<FieldName, string>): { spec: PlanSpec } | { errors: Partial<Record<FieldName, string>> } {
  const errors: Partial<Record<FieldName, string>> = {};
  const spec = {} as PlanSpec;
  for (const id of FIELD_NAMES) {
    const r = parseField(id, texts[id]);
    if (r.ok) assignField(spec, id, r.value);
    else errors[id] = r.error;
  }
  for (const rule of REGISTRY.plan_rules) {
    const [a, b] = [spec[specKey(rule.field)], spec[specKey(rule.above)]];
    if (typeof a === 'number' && typeof b === 'number' && !(a > b)) errors[rule.field] = rule.rule;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { spec };
}

export interface CellKey {
  model: ModelName;
  n: number;
  delta: number;
  rho: number;
  test: TestName;
}

export function cellId(c: CellKey): string {
  return `${c.model}|${c.n}|${c.delta}|${c.rho}|${c.test}`;
}
