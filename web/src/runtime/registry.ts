// The core's registry (cpp/src/registry.cpp), typed: every test, model, format,
// field, preset and limit the page shows or checks comes from here.
import { REGISTRY } from '../generated/registry';

export { REGISTRY };
export type Registry = typeof REGISTRY;
export type TestName = Registry['tests'][number]['id'];
export type ModelName = Registry['models'][number]['id'];
export type ModelChoiceId = Registry['model_choices'][number]['id'];
export type InputFormatName = Registry['input_formats'][number]['id'];
export type PresetName = Registry['presets'][number]['id'];
export type PlanFieldDef = Registry['plan_fields'][number];
export type FieldName = PlanFieldDef['id'];
export type AnalyzeSettingDef = Registry['analyze_settings'][number];
export type AnalyzeKey = AnalyzeSettingDef['key'];
export type MissingPolicy = Registry['missing_policies'][number]['id'];
export type Direction = Registry['directions'][number]['id'];
export type AlternativeName = Registry['alternatives'][number]['id'];
export type QuestionName = Registry['questions'][number]['id'];
export type CorrectionName = Registry['corrections'][number]['id'];
export type FamilyTargetName = Registry['family_targets'][number]['id'];
/** The tests the minimum-N and MDE solvers offer (power monotone in N). */
export type SolvableTest = Extract<Registry['tests'][number], { solvable: true }>['id'];
export type ErrorKindName = Registry['error_kinds'][number];

export interface Bounds {
  readonly min: number;
  readonly max: number | null;
  readonly min_open: boolean;
  readonly max_open: boolean;
}

export function inBounds(b: Bounds, x: number, pageMax?: number | null): boolean {
  const max = pageMax ?? b.max;
  return (b.min_open ? x > b.min : x >= b.min) && (max === null || (b.max_open && max === b.max ? x < max : x <= max));
}

export const TESTS = REGISTRY.tests;
export const TEST_IDS = TESTS.map((t) => t.id) as TestName[];
export const SOLVABLE_TESTS = TESTS.filter((t): t is Extract<typeof t, { solvable: true }> => t.solvable);
export const MODELS = REGISTRY.models;
export const testLabel = (id: TestName) => TESTS.find((t) => t.id === id)!;
export const modelInfo = (id: ModelName) => MODELS.find((m) => m.id === id)!;
/** Workers in the pool (the page's engine), or the threaded engine's threads with `?threads`. */
export const pageThreads = () => Math.max(1, Math.min(REGISTRY.limits.page_max_threads, navigator.hardwareConcurrency || 2));
export const planField = (id: FieldName): PlanFieldDef => REGISTRY.plan_fields.find((f) => f.id === id)!;
export const analyzeSetting = (key: AnalyzeKey): AnalyzeSettingDef => REGISTRY.analyze_settings.find((s) => s.key === key)!;

/** The heading of the minimum-detectable-effect answer for a question (the core's mde_heading). */
export const mdeHeading = (q: QuestionName): string => REGISTRY.questions.find((x) => x.id === q)!.mde_heading;
