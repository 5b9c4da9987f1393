// The URL hash holds every parameter, so a shared link reproduces a run exactly.
// Keys: view, preset, run, and the registry's Plan fields (n, delta, rho, model, …).
import { DEFAULT_PRESET, FIELD_NAMES, PRESETS, PRESET_NAMES, assignField, fieldText, matchesPreset, parseField, type PlanSpec, type PresetName } from './spec';

export interface HashState {
  spec: PlanSpec;
  preset: PresetName | null;
  run: boolean;
  /** Keys present but unusable, with the reason, to show the user. */
  problems: string[];
}

export function parseHash(hash: string, fallback: PlanSpec = PRESETS[DEFAULT_PRESET]): HashState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const problems: string[] = [];
  let preset: PresetName | null = null;
  const p = params.get('preset');
  if (p !== null && (PRESET_NAMES as string[]).includes(p)) preset = p as PresetName;
  else if (p !== null) problems.push(`preset: “${p}” is not a preset (${PRESET_NAMES.join(', ')})`);
  const spec: PlanSpec = structuredClone(preset ? PRESETS[preset] : fallback);
  for (const field of FIELD_NAMES) {
    const text = params.get(field);
    if (text === null) continue;
    const r = parseField(field, text);
    if (!r.ok) {
      problems.push(`${field}: ${r.error}`);
      continue;
    }
    assignField(spec, field, r.value);
  }
  if (preset && !matchesPreset(spec, preset)) preset = null;
  return { spec, preset, run: params.get('run') === '1', problems };
}

/** A link from `page` (any hash dropped) that opens a run's results again: its own settings (seed and replicates),
 *  run at once; a pilot's data never rides in a URL, so a pilot run's link fills the form only. */
export const resultsLink = (page: string, spec: PlanSpec): string => page.split('#')[0] + formatHash(spec, { run: !spec.pilot });

export function formatHash(spec: PlanSpec, options: { run?: boolean; view?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.view) params.set('view', options.view);
  for (const preset of PRESET_NAMES) if (matchesPreset(spec, preset)) params.set('preset', preset);
  for (const field of FIELD_NAMES) params.set(field, fieldText(spec, field));
  if (options.run) params.set('run', '1');
  // Commas are kept readable in the address bar.
  return '#' + params.toString().replace(/%2C/g, ',');
}
