// A Plan run's settings: the spec, its presets and the form fields' parsing.
// Which fields exist, their bounds, rules, choices and the presets all come
// from the core's registry; field-text.ts reads the text a user types.
import { REGISTRY, planField, type AlternativeName, type QuestionName, type FieldName, type ModelName, type PresetName, type TestName } from '../../runtime/registry';
import { parseField } from '../../runtime/field-text';

export { parseField, parseNumber, type Parsed } from '../../runtime/field-text';

type PresetSpec = (typeof REGISTRY.presets)[number]['spec'];
/** The spec as the core writes it (to_json(PlanSpec)): the same keys, widened. */
export type PlanSpec = {
  -readonly [K in keyof PresetSpec]: K extends 'models' ? ModelName[] : K extends 'tests' ? TestName[] : K extends 'alternative' ? AlternativeName
    : K extends 'question' ? QuestionName : PresetSpec[K] extends readonly unknown[] ? number[] : number;
} & {
  /** The pilot model's per-query differences B − A (from Analyze; never in the URL). */
  pilot?: number[];
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
    spec.mean === p.mean && spec.sd === p.sd && spec.alpha === p.alpha && spec.alternative === p.alternative &&
    spec.question === p.question && spec.margin === p.margin &&
    spec.tau === p.tau && spec.df === p.df && spec.zero_share === p.zero_share && spec.levels === p.levels
  );
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

/** The spec as a run reads it: a question other than the difference fixes its own one-sided tests, so the alternative does not travel with it. */
export function settled(spec: PlanSpec): PlanSpec {
  return spec.question !== REGISTRY.questions[0].id ? { ...spec, alternative: REGISTRY.alternatives[0].id } : spec;
}

/** The one key of a grid cell: tables, analytic values and paper checks all look cells up by it. */
export const cellIdOf = (model: CellKey['model'], n: number, delta: number, rho: number, test: CellKey['test']) => `${model}|${n}|${delta}|${rho}|${test}`;

export function cellId(c: CellKey): string {
  return cellIdOf(c.model, c.n, c.delta, c.rho, c.test);
}
