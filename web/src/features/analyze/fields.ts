// The Analyze form's settings, from the core's registry (field name, query key,
// label, default, help, bounds): the form is built from them, and the core's
// typed errors are phrased with these labels (never with the CLI's flags).
import { REGISTRY, planField, type AnalyzeKey, type AnalyzeSettingDef } from '../../runtime/registry';
import type { ErrorResult } from '../../generated/boundary';
import { parseNumber, type Parsed } from '../../runtime/field-text';

export interface AnalyzeField {
  /** The core's name of the setting (errors carry it). */
  field: string;
  id: string;
  label: string;
  value: string;
  help: string;
  /** An optional setting's rule when it is left empty ("1 − α"): the core derives it. */
  unset?: string;
  setting: AnalyzeSettingDef;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export const ANALYZE_FIELDS = Object.fromEntries(
  REGISTRY.analyze_settings.map((s) => [s.key, {
    field: s.field, id: `an-${kebab(s.key)}`, label: s.label, setting: s,
    // A setting the core derives when it is left out (the confidence: 1 − α) starts empty and says so.
    ...('unset' in s ? { value: '', help: `${s.help}; left empty, ${s.unset}`, unset: s.unset } : { value: String(s.value), help: s.help }),
  }]),
) as Record<AnalyzeKey, AnalyzeField>;

/** A setting's field read as the core reads numbers: undefined when an optional one is left empty (the core derives it). */
export function settingValue(f: AnalyzeField, text: string): Parsed<number | undefined> {
  if (f.setting.optional && !text.trim()) return { ok: true, value: undefined };
  return parseNumber(text);
}

/** Labels of the choosers (select elements), by the core's field name. */
export const CHOOSER_LABELS: Record<string, string> = {
  input_format: 'Format',
  measure: 'Measure',
  missing: 'Unmatched query ids',
  baseline: 'Baseline',
  direction: 'Better is',
  alternative: planField('alternative').label,
};

/** Text settings of the inputs, by the core's field name. */
export const INPUT_FIELDS = {
  cluster: {
    label: 'Cluster field',
    help: 'logs: the field of each record that names its item’s cluster, dotted for nested ones (doc.group); a table names its clusters in a column named cluster',
  },
};

const LABELS: Record<string, string> = {
  ...CHOOSER_LABELS,
  ...Object.fromEntries(Object.entries(INPUT_FIELDS).map(([field, f]) => [field, f.label])),
  ...Object.fromEntries(Object.values(ANALYZE_FIELDS).map((f) => [f.field, f.label])),
};

const BOX: Record<'a' | 'b', string> = { a: 'first', b: 'second' };

/** A core error in the page's terms: the box it came from, the field's label, the remedy in the page's controls. */
export function phraseError(e: ErrorResult): string {
  const detail = e.detail ?? e.error;
  const where = !e.source ? '' : e.source === 'a' || e.source === 'b' ? `In the ${BOX[e.source]} box: ` : `In ${e.source}: `;
  switch (e.kind) {
    case 'unmatched_ids':
      // The registry's policies other than "error", named as the chooser shows them (without their parenthetical).
      return `${detail} Choose ${REGISTRY.missing_policies.slice(1).map((p) => `“${p.label.replace(/ \(.*\)$/, '')}”`).join(' or ')} under “${CHOOSER_LABELS.missing}”.`;
    case 'ambiguous_format':
      return `${where}${detail}; choose the format under “${CHOOSER_LABELS.input_format}”`;
    case 'malformed_input':
    case 'not_enough_data':
      return `${where}${detail}`;
    case 'internal':
    case undefined:
      return e.error;
    default: {
      const label = e.field ? LABELS[e.field] : undefined;
      return label ? `${label}: ${detail}` : `${where}${e.error}`;
    }
  }
}
