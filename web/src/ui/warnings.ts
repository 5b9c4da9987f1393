// Warnings the core wrote (warnings.hpp): why an answer may not be trusted.
// Each is a note beside the answer it qualifies, in the core's words; the code
// is kept as data-code for tests and scripts.
import { h } from './dom';

export interface CoreWarning {
  code: string;
  message: string;
}

/** One element per warning (none for none): role="note", data-testid="warning", inside a list item
 *  (a list item given another role would leave the list with no items for a screen reader). */
export function renderWarnings(warnings: readonly CoreWarning[]): HTMLElement | null {
  if (!warnings.length) return null;
  return h('ul', { class: 'warnings', 'aria-label': warnings.length === 1 ? 'Warning' : `${warnings.length} warnings` },
    ...warnings.map((w) => h('li', {}, h('div', { class: 'warning', role: 'note', 'data-testid': 'warning', 'data-code': w.code },
      h('strong', {}, 'Warning: '), w.message))));
}
