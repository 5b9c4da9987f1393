// A paste box that folds a long text away: the box keeps it (whatever reads
// the box reads all of it) but the page does not lay it out. Analyze's inputs
// and the leaderboard's table use it.
import { groupDigits, h } from './dom';

/**
 * Texts longer than this are folded: a box showing a 100 000-row paste (~2 MB)
 * is laid out and painted again each time the page around it changes, the
 * longest task of an Analyze run on the page's thread. A view setting, not a
 * limit on input (the core's limits are in the registry).
 */
export const FOLD_CHARS = 200_000;

function lineCount(t: string): number {
  let lines = t.length && !t.endsWith('\n') ? 1 : 0;
  for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) lines++;
  return lines;
}

export interface Fold {
  /** The line shown in the box's place while its text is folded (Show the text / Clear). */
  element: HTMLElement;
  /** Folds or shows the box for its current text (typing and pasting do so themselves; call after setting the text). */
  refresh(): void;
  /** A new text (pasted, loaded, handed over): folded again if long, even after "Show the text". */
  renew(): void;
}

/**
 * `key` names the test ids (folded-, unfold-, clear-); `label()` says whose text
 * it is ("Pasted", a file's name), `reader` what reads all of it ("Analyze");
 * `onClear` runs after Clear emptied the box.
 */
export function foldLongText(text: HTMLTextAreaElement, key: string, label: () => string, reader: string, onClear: () => void): Fold {
  const info = h('span', {});
  const show = h('button', { type: 'button', 'data-testid': `unfold-${key}` }, 'Show the text');
  const clear = h('button', { type: 'button', 'data-testid': `clear-${key}` }, 'Clear');
  const element = h('p', { class: 'folded', 'data-testid': `folded-${key}`, role: 'status', hidden: true }, info, ' ', show, ' ', clear);
  /** The user asked to see this text. */
  let unfolded = false;
  const refresh = () => {
    const big = text.value.length > FOLD_CHARS;
    if (!big) unfolded = false;
    const hide = big && !unfolded;
    const hadFocus = document.activeElement === text;
    if (text.hidden !== hide) text.hidden = hide;
    element.hidden = !hide;
    if (hide && hadFocus) show.focus();  // the box that had the keyboard is gone
    if (hide)
      info.textContent = `${label()}: ${groupDigits(lineCount(text.value))} lines (${(text.value.length / 1e6).toFixed(1)} MB), folded away so that the page stays quick; ${reader} reads all of it.`;
  };
  show.addEventListener('click', () => {
    unfolded = true;
    refresh();
    text.focus();
  });
  clear.addEventListener('click', () => {
    text.value = '';
    refresh();
    text.focus();
    onClear();
  });
  // A paste is a new text; typing on in a shown one keeps it shown.
  text.addEventListener('paste', () => {
    unfolded = false;
  });
  text.addEventListener('input', refresh);
  return { element, refresh, renew: () => { unfolded = false; refresh(); } };
}
