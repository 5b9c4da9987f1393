// A small element builder: the page has no framework.
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

/** A labelled text input with a help line (the help is its description). */
export function numberField(id: string, label: string, value: string, help: string): { input: HTMLInputElement; row: HTMLElement } {
  const input = h('input', { id, type: 'text', inputmode: 'decimal', value, autocomplete: 'off', 'aria-describedby': `${id}-help` });
  return {
    input,
    row: h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), input, h('span', { class: 'field-help', id: `${id}-help` }, help)),
  };
}

export const fmt = {
  p3: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3)),
  p4: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(4)),
  se: (v: number) => `±${v.toFixed(3)}`,
  seconds: (s: number) => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`),
  int: groupDigits,
};

/**
 * An integer as en-US writes it ("1,234,567"); other numbers through
 * toLocaleString. Hand-written because the page's first toLocaleString loads
 * ICU's number data: 27–39 ms of the page's thread, measured, on a shared
 * link's first open (between its Run and its Monte Carlo start).
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
