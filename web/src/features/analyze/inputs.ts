// The Analyze inputs: a paste box per system that also takes a file (opened or
// dropped), decoded as its tool wrote it, and named after the file.
import { groupDigits, h } from '../../ui/dom';

// Files as their tools wrote them: UTF-8, or UTF-16 with a byte-order mark (PowerShell's `>`).
async function readText(f: File): Promise<string> {
  const bytes = new Uint8Array(await f.arrayBuffer());
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/** A run without a runid is named after its file: "runs/bm25.txt" → "bm25". */
export function fileLabel(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export interface InputBox {
  text: HTMLTextAreaElement;
  note: HTMLElement;
  element: HTMLElement;
  /** The loaded file's name (its run's label when the file has no runid); '' once the text is typed over. */
  name(): string;
  /** Text handed over by another view, under that name. */
  set(text: string, name: string): void;
}

/**
 * Texts longer than this are folded: the box keeps them (the analysis reads all
 * of it) but the page does not lay them out. A box showing a 100 000-row paste
 * (~2 MB) cost 50–60 ms of layout and paint each time the page around it
 * changed, the longest main-thread task of an Analyze run (BENCHMARKS.md).
 * A view setting, not a limit on input (the core's limits are in the registry).
 */
export const FOLD_CHARS = 200_000;

function lineCount(t: string): number {
  let lines = t.length && !t.endsWith('\n') ? 1 : 0;
  for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** `onLoad`: a file replaced the text; `onType`: the user edited it. */
export function createInputBox(key: 'a' | 'b', label: string, onLoad: () => void, onType: () => void): InputBox {
  let name = '';
  const text = h('textarea', { id: `paste-${key}`, 'data-testid': `paste-${key}`, rows: 9, spellcheck: 'false', 'aria-describedby': `detected-${key}`,
    placeholder: key === 'a' ? 'ndcg_cut_10   301   0.4523   (trec_eval -q)\nor  qid,bm25,dense  (one table, a column per system)' : 'the second system’s scores (optional with a table)' });
  const file = h('input', { type: 'file', id: `file-${key}`, accept: '.txt,.tsv,.csv,.json,.res,.eval', 'aria-label': `Open a file for ${key.toUpperCase()}` });
  const note = h('p', { class: 'detected', id: `detected-${key}`, 'data-testid': `detected-${key}`, 'aria-live': 'polite' });
  // A long text is shown as a line saying what it holds, until the user asks to see it.
  const foldInfo = h('span', {});
  const show = h('button', { type: 'button', 'data-testid': `unfold-${key}` }, 'Show the text');
  const clear = h('button', { type: 'button', 'data-testid': `clear-${key}` }, 'Clear');
  const folded = h('p', { class: 'folded', 'data-testid': `folded-${key}`, role: 'status', hidden: true }, foldInfo, ' ', show, ' ', clear);
  /** The user asked to see this text (a new text folds again). */
  let unfolded = false;
  const fold = () => {
    const big = text.value.length > FOLD_CHARS;
    if (!big) unfolded = false;
    const hide = big && !unfolded;
    const hadFocus = document.activeElement === text;
    if (text.hidden !== hide) text.hidden = hide;
    folded.hidden = !hide;
    if (hide && hadFocus) show.focus();  // the box that had the keyboard is gone
    if (hide)
      foldInfo.textContent = `${name || 'Pasted'}: ${groupDigits(lineCount(text.value))} lines (${(text.value.length / 1e6).toFixed(1)} MB), folded away so that the page stays quick; Analyze reads all of it.`;
  };
  show.addEventListener('click', () => {
    unfolded = true;
    fold();
    text.focus();
  });
  clear.addEventListener('click', () => {
    text.value = '';
    file.value = '';  // the same file can be chosen again
    name = '';
    fold();
    text.focus();
    onType();
  });
  const load = async (f: File) => {
    text.value = await readText(f);
    name = fileLabel(f.name);
    unfolded = false;
    fold();
    onLoad();
  };
  text.addEventListener('paste', () => {
    name = '';
    unfolded = false;
  });
  file.addEventListener('change', () => file.files?.[0] && void load(file.files[0]));
  const element = h('div', { class: 'input-box' }, h('label', { for: `paste-${key}`, class: 'field-label' }, label), text, folded, h('div', { class: 'file-row' }, file), note);
  // Files drop on the box, the folded line included.
  element.addEventListener('dragover', (e) => { e.preventDefault(); element.classList.add('drop'); });
  element.addEventListener('dragleave', () => element.classList.remove('drop'));
  element.addEventListener('drop', (e) => {
    e.preventDefault();
    element.classList.remove('drop');
    const f = e.dataTransfer?.files?.[0];
    if (f) void load(f);
  });
  text.addEventListener('input', () => {
    if (!text.value) name = '';
    fold();
    onType();
  });
  return { text, note, element, name: () => name, set: (t, n) => { text.value = t; name = n; unfolded = false; fold(); } };
}
