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

export const fmt = {
  p3: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3)),
  p4: (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(4)),
  se: (v: number) => `±${v.toFixed(3)}`,
  seconds: (s: number) => (s < 1 ? `${Math.round(s * 1000)} ms` : `${s.toFixed(1)} s`),
  int: (n: number) => n.toLocaleString('en-US'),
};
