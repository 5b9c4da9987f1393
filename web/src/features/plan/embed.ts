// Embedding: the ?embed layout for an iframe, and the dialog that writes the
// iframe snippet for the current parameters.
import { h } from '../../ui/dom';

export type EmbedKind = 'calculator' | 'grid';

/** The page's own address with ?embed and the given hash. */
export function embedUrl(kind: EmbedKind, planHash: string, base = location.href): string {
  const url = new URL(base);
  url.search = kind === 'calculator' ? '?embed=calculator' : '?embed';
  url.hash = kind === 'grid' ? planHash.replace(/^#/, '') : '';
  return url.href;
}

export function iframeSnippet(src: string, kind: EmbedKind): string {
  const title = kind === 'calculator' ? 'pairpower: sample size and power calculator' : 'pairpower: power of paired tests, recomputed';
  // The calculator's fields (a score kind, the folded clusters and repeats) and its answer fit 500 px at 600 wide.
  const height = kind === 'calculator' ? 500 : 600;
  return `<iframe src="${src}" title="${title}" width="600" height="${height}" style="border:1px solid #d0d7de;max-width:100%" loading="lazy"></iframe>`;
}

/** A dialog offering the calculator or the current grid as an iframe. */
export function createEmbedDialog(currentHash: () => string): { button: HTMLButtonElement; dialog: HTMLDialogElement } {
  const code = h('textarea', { id: 'embed-code', 'data-testid': 'embed-code', rows: 4, readonly: true, 'aria-label': 'iframe snippet' });
  const kind = h('select', { id: 'embed-kind', 'aria-label': 'What to embed' },
    h('option', { value: 'grid' }, 'this grid, run on load'), h('option', { value: 'calculator' }, 'the quick calculator'));
  const update = () => {
    const k = kind.value as EmbedKind;
    const hash = k === 'grid' ? currentHash() + (currentHash().includes('run=1') ? '' : '&run=1') : '';
    code.value = iframeSnippet(embedUrl(k, hash), k);
  };
  kind.addEventListener('change', update);
  const close = h('button', { type: 'button' }, 'Close');
  const copy = h('button', { type: 'button', class: 'primary' }, 'Copy');
  const dialog = h('dialog', { id: 'embed-dialog', 'aria-labelledby': 'embed-title' },
    h('h2', { id: 'embed-title' }, 'Embed pairpower'),
    h('p', {}, 'Paste this into a paper’s supplementary page. The frame computes in the reader’s browser and sends nothing anywhere. Where no hosting exists, attach pairpower.html (the single-file build, see the README) instead.'),
    h('label', { for: 'embed-kind' }, 'Embed '), kind,
    code,
    h('div', { class: 'actions' }, copy, close));
  copy.addEventListener('click', () => void navigator.clipboard?.writeText(code.value));
  close.addEventListener('click', () => dialog.close());
  const button = h('button', { type: 'button', 'data-testid': 'embed-button' }, 'Get embed code');
  button.addEventListener('click', () => {
    update();
    dialog.showModal();
    code.select();
  });
  return { button, dialog };
}
