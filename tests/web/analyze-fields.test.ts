import { describe, expect, it } from 'vitest';
import { phraseError } from '../../web/src/features/analyze/fields';
import { fileLabel } from '../../web/src/features/analyze/view';

describe('core errors in the page’s terms', () => {
  it('names a setting by its label, never by a command-line flag', () => {
    const m = phraseError({ error: 'min_effect: must be a finite number ≥ 0', field: 'min_effect', kind: 'invalid_value', detail: 'must be a finite number ≥ 0' });
    expect(m).toBe('Minimum effect: must be a finite number ≥ 0');
    expect(phraseError({ error: 'bootstrap_resamples: must be at least 2', field: 'bootstrap_resamples', kind: 'invalid_value', detail: 'must be at least 2' })).toBe('Bootstrap resamples: must be at least 2');
  });
  it('says which box bad data came from', () => {
    expect(phraseError({ error: 'line 3: x', field: 'scores', kind: 'malformed_input', detail: 'line 3: x', source: 'b' })).toBe('In the second box: line 3: x');
  });
  it('gives the remedy with the page’s own controls', () => {
    const unmatched = phraseError({ error: 'missing: ids differ.', field: 'missing', kind: 'unmatched_ids', detail: 'ids differ.' });
    expect(unmatched).toContain('under “Unmatched query ids”');
    expect(unmatched).not.toContain('--');
    const ambiguous = phraseError({ error: 'x', field: 'input_format', kind: 'ambiguous_format', detail: 'cannot tell', source: 'a' });
    expect(ambiguous).toBe('In the first box: cannot tell; choose the format under “Format”');
  });
});

describe('file labels', () => {
  it('name a run after its file, without the extension', () => {
    expect(fileLabel('bm25.txt')).toBe('bm25');
    expect(fileLabel('run.v2.eval')).toBe('run.v2');
    expect(fileLabel('.hidden')).toBe('.hidden');
  });
});
