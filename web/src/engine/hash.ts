// The URL hash holds every parameter, so a shared link reproduces a run exactly.
// Keys: preset, n, delta, rho, model, mean, sd, alpha, tests, reps, seed, power, run.
import { FIELD_NAMES, FIELD_PARSERS, PRESETS, fieldText, matchesPreset, type FieldName, type PlanSpec, type PresetName } from './plan';

export interface HashState {
  spec: PlanSpec;
  preset: PresetName | null;
  run: boolean;
  /** Keys present but unusable, with the reason, to show the user. */
  problems: string[];
}

export function parseHash(hash: string, fallback: PlanSpec = PRESETS.quick): HashState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const problems: string[] = [];
  let preset: PresetName | null = null;
  const p = params.get('preset');
  if (p === 'paper' || p === 'quick') preset = p;
  else if (p !== null) problems.push(`preset: “${p}” is not a preset (paper, quick)`);
  const spec: PlanSpec = structuredClone(preset ? PRESETS[preset] : fallback);
  for (const field of FIELD_NAMES) {
    const text = params.get(field);
    if (text === null) continue;
    const r = FIELD_PARSERS[field](text);
    if (!r.ok) {
      problems.push(`${field}: ${r.error}`);
      continue;
    }
    assign(spec, field, r.value);
  }
  if (preset && !matchesPreset(spec, preset)) preset = null;
  return { spec, preset, run: params.get('run') === '1', problems };
}

function assign(spec: PlanSpec, field: FieldName, value: unknown): void {
  if (field === 'model') spec.models = value as PlanSpec['models'];
  else (spec as unknown as Record<string, unknown>)[field] = value;
}

export function formatHash(spec: PlanSpec, options: { run?: boolean; view?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.view) params.set('view', options.view);
  for (const preset of ['paper', 'quick'] as const) if (matchesPreset(spec, preset)) params.set('preset', preset);
  for (const field of FIELD_NAMES) params.set(field, fieldText(spec, field));
  if (options.run) params.set('run', '1');
  // Commas are kept readable in the address bar.
  return '#' + params.toString().replace(/%2C/g, ',');
}
