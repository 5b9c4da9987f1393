// The Analyze inputs: a paste box per system that also takes a file (opened or
// dropped), decoded as its tool wrote it, and named after the file.
import { h } from '../../ui/dom';
import { foldLongText } from '../../ui/fold';

import { folderFiles, readFileText, withoutGzip } from '../../runtime/read-file';
import { archiveText, type ArchiveFile } from '../../runtime/archive';

/** A run without a runid is named after its file: "runs/bm25.txt" → "bm25" ("bm25.txt.gz" too). */
export function fileLabel(file: string): string {
  const name = withoutGzip(file);
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

/** `onLoad`: a file replaced the text; `onType`: the user edited it; `onError`: a file could not be read (the text is kept). */
export function createInputBox(key: 'a' | 'b', label: string, onLoad: () => void, onType: () => void, onError: (message: string) => void): InputBox {
  let name = '';
  const text = h('textarea', { id: `paste-${key}`, 'data-testid': `paste-${key}`, rows: 9, spellcheck: 'false', 'aria-describedby': `detected-${key}`,
    placeholder: key === 'a' ? 'ndcg_cut_10   301   0.4523   (trec_eval -q)\nor  qid,bm25,dense  (one table, a column per system)' : 'the second system’s scores (optional with a table)' });
  const file = h('input', { type: 'file', id: `file-${key}`, accept: '.txt,.tsv,.csv,.json,.jsonl,.res,.eval,.zip,.gz', 'aria-label': `Open a file for ${key.toUpperCase()}` });
  const note = h('p', { class: 'detected', id: `detected-${key}`, 'data-testid': `detected-${key}`, 'aria-live': 'polite' });
  // A long text is shown as a line saying what it holds, until the user asks to see it.
  const folded = foldLongText(text, key, () => name || 'Pasted', 'Analyze', () => {
    file.value = '';  // the same file can be chosen again
    name = '';
    onType();
  });
  const failed = (e: unknown) => onError(`${key.toUpperCase()}: ${(e as Error).message ?? e}`);
  const load = async (f: File) => {
    try {
      text.value = await readFileText(f);
    } catch (e) {
      return failed(e);
    }
    name = fileLabel(f.name);
    folded.renew();
    onLoad();
  };
  text.addEventListener('paste', () => {
    name = '';
  });
  file.addEventListener('change', () => file.files?.[0] && void load(file.files[0]));
  // A folder (one model's lm-eval output: its samples files and the results file that names the model)
  // goes to the core as one archive marked as a folder: a file in it that cannot be read (a README, a broken
  // gzip) is left out with a warning, as the CLI leaves it out; the hidden files a desktop leaves hold no scores.
  const folder = h('input', { type: 'file', webkitdirectory: '', id: `folder-${key}`, 'data-testid': `folder-${key}` });
  folder.addEventListener('change', () => {
    const files = folderFiles(folder);
    if (!files.length) return;
    const top = files[0].webkitRelativePath.split('/')[0];
    folder.value = '';  // the same folder can be chosen again
    const readOne = async (f: File): Promise<ArchiveFile> => {
      try {
        return { name: f.webkitRelativePath, text: await readFileText(f) };
      } catch (e) {
        return { name: f.webkitRelativePath, unreadable: (e as Error).message || String(e) };
      }
    };
    void Promise.all(files.map(readOne)).then((read) => {
      text.value = archiveText(top, read, true);
      name = top;
      folded.renew();
      onLoad();
    }, failed);
  });
  const element = h('div', { class: 'input-box' }, h('label', { for: `paste-${key}`, class: 'field-label' }, label), text, folded.element,
    h('div', { class: 'file-row' }, file),
    h('div', { class: 'file-row' }, h('label', { for: `folder-${key}`, class: 'note' }, `Or a folder of logs for ${key.toUpperCase()} (one model’s output): `), folder), note);
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
    onType();
  });
  return { text, note, element, name: () => name, set: (t, n) => { text.value = t; name = n; folded.renew(); } };
}
