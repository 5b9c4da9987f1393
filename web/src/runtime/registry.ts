// The core's registry (cpp/src/registry/registry.cpp), typed: every test, model, format,
// field, preset and limit the page shows or checks comes from here.
import { REGISTRY } from '../generated/registry';

export { REGISTRY };
export type Registry = typeof REGISTRY;
// The names of registry lists that cross the wasm boundary are defined with it (cpp/schema/common.json).
export type {
  AlternativeName, AnalyzeKey, CorrectionName, Direction, ErrorKindName, FamilyTargetName, InputFormatName, MissingPolicy, ModelName, QuestionName,
  SolvableTest, TestName, VerdictName,
} from '../generated/boundary';
import type { AnalyzeKey, ModelName, QuestionName, TestName } from '../generated/boundary';
export type ModelChoiceId = Registry['model_choices'][number]['id'];
export type PresetName = Registry['presets'][number]['id'];
export type PlanFieldDef = Registry['plan_fields'][number];
export type FieldName = PlanFieldDef['id'];
export type AnalyzeSettingDef = Registry['analyze_settings'][number];

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
/** A question's claim with its margin: "equivalence within ±0.02" (the core's claim_words; "" for the difference). */
export const claimWords = (q: QuestionName, margin: number): string =>
  REGISTRY.questions.find((x) => x.id === q)!.claim.replace('{margin}', String(margin));
