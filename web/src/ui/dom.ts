// A small element builder: the page has no framework.
import { formatP, formatSe, formatSig, formatSigned, groupDigits, toFixedC } from './format';

export { groupDigits };
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

/** Text for HTML written as a string (tables of thousands of cells are, for speed). */
export const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A labelled text input with a help line (the help is its description); `placeholder` says what an empty one means. */
export function numberField(id: string, label: string, value: string, help: string, placeholder?: string): { input: HTMLInputElement; row: HTMLElement } {
  const input = h('input', { id, type: 'text', inputmode: 'decimal', value, autocomplete: 'off', 'aria-describedby': `${id}-help`, placeholder: placeholder ?? null });
  return {
    input,
    row: h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), input, h('span', { class: 'field-help', id: `${id}-help` }, help)),
  };
}

/** The page's numbers, by kind: the core's format (format.ts). */
export const fmt = {
  /** A p-value: "0.034", "0.0042", "< 0.001". */
  p: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : formatP(v)),
  /** A power or other probability that is not a p-value: three decimals. */
  p3: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : toFixedC(v, 3)),
  /** A statistic: four significant digits, no exponent. */
  stat: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : formatSig(v)),
  /** A difference or interval end: as stat, with its sign. */
  signed: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : formatSigned(v)),
  p4: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : formatSig(v)),
  /** A Monte Carlo SE beside its estimate: "±0.012", or "(SE < 0.0005)" rather than a "±0.000" that reads as certainty. */
  se: (v: number) => {
    const s = formatSe(v);
    return s.startsWith('<') ? `(SE ${s})` : `±${s}`;
  },
  /** A Monte Carlo power's precision: its SE, or where every replicate rejected (or none) the core's bound that replaces an SE of 0. */
  mc: (c: { mcSe: number; boundText?: string }) => (c.boundText ? `(${c.boundText})` : fmt.se(c.mcSe)),
  seconds: (s: number) => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`),
  int: groupDigits,
};

/** Saves text as a file of this name (the browser's download). */
export function downloadText(text: string, filename: string): void {
  const link = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: filename });
  link.click();
  // The download has started before the next task: the URL may go then.
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
