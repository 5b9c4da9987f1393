// The Analyze form's settings: the core's field name, the label the page shows,
// its default and help. The form is built from this table, and the core's typed
// errors are phrased with these labels (never with the CLI's flags).
import type { ErrorResult } from '../wasm/pairpower-module';

export interface AnalyzeField {
  /** The core's name of the setting (errors carry it). */
  field: string;
  id: string;
  label: string;
  value: string;
  help: string;
}

export const ANALYZE_FIELDS = {
  alpha: { field: 'alpha', id: 'an-alpha', label: 'α', value: '0.05', help: 'significance level' },
  confidence: { field: 'confidence', id: 'an-confidence', label: 'Confidence', value: '0.95', help: 'of the intervals' },
  minEffect: { field: 'min_effect', id: 'an-min-effect', label: 'Minimum effect', value: '0', help: 'smallest improvement worth shipping' },
  resamples: { field: 'resamples', id: 'an-resamples', label: 'Sign flips', value: '100000', help: 'randomization test resamples' },
  bootstrap: { field: 'bootstrap_resamples', id: 'an-bootstrap', label: 'Bootstrap resamples', value: '10000', help: 'for the intervals' },
  seed: { field: 'seed', id: 'an-seed', label: 'Seed', value: '1', help: 'same seed, same numbers' },
  power: { field: 'power', id: 'an-power', label: 'Planning power', value: '0.8', help: 'for the MDE and the n needed' },
} satisfies Record<string, AnalyzeField>;

/** Labels of the choosers (select elements), by the core's field name. */
export const CHOOSER_LABELS: Record<string, string> = {
  input_format: 'Format',
  measure: 'Measure',
  missing: 'Unmatched query ids',
  baseline: 'Baseline',
  direction: 'Better is',
};

const LABELS: Record<string, string> = {
  ...CHOOSER_LABELS,
  ...Object.fromEntries(Object.values(ANALYZE_FIELDS).map((f) => [f.field, f.label])),
};

const BOX: Record<'a' | 'b', string> = { a: 'first', b: 'second' };

/** A core error in the page's terms: the box it came from, the field's label, the remedy in the page's controls. */
export function phraseError(e: ErrorResult): string {
  const detail = e.detail ?? e.error;
  const where = e.source ? `In the ${BOX[e.source]} box: ` : '';
  switch (e.kind) {
    case 'unmatched_ids':
      return `${detail} Choose “keep the queries both have” or “score a missing query 0” under “${CHOOSER_LABELS.missing}”.`;
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
