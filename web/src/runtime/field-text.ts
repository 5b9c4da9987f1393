// Reading a Plan field's text as the user types it. The grammar, the bounds and
// the words are the core's (cpp/src/field_text.cpp, which the CLI reads its
// flags with); this synchronous copy exists so that the form answers before the
// engine has loaded, and tests/web/field_text.test.ts holds it equal to the
// core — value for value and message for message.
import { REGISTRY, inBounds, planField, type FieldName, type PlanFieldDef } from './registry';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

const MAX = REGISTRY.limits.values_max;
const trim = (s: string) => s.replace(/^[ \t\r\n\v\f]+|[ \t\r\n\v\f]+$/g, '');
const quoted = (s: string) => `'${s}'`;

/** A finite decimal number, written plainly ("0.01", "-1e-3", "+.5"). */
export function parseNumber(text: string): Parsed<number> {
  const t = trim(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return fail(`${quoted(text)} is not a number`);
  const v = Number(t);
  return Number.isFinite(v) ? ok(v) : fail(`${quoted(text)} is not a finite number`);
}

/** A whole number written with digits only, at least `min`. */
function parseCount(text: string, min = 0): Parsed<number> {
  const t = trim(text);
  if (/^-0*[1-9]\d*$/.test(t)) return fail(`${quoted(text)} is negative: give a whole number`);
  if (!/^\d+$/.test(t)) return fail(`${quoted(text)} is not a whole number`);
  // The core reads into 64 bits.
  if (BigInt(t) > 18446744073709551615n) return fail(`${quoted(text)} is too large`);
  const v = Number(t);
  return v < min ? fail(`${v} is below the minimum ${min}`) : ok(v);
}

function items(text: string): Parsed<string[]> {
  const parts = text.split(',').map(trim);
  if (parts.some((p) => p === '')) return fail('give a comma-separated list, e.g. 50,100');
  return parts.length > MAX ? fail(`at most ${MAX} values`) : ok(parts);
}

/** The field's bounds (with the page's caps), the value echoed as typed. */
function within(f: PlanFieldDef, v: number, typed: string): Parsed<number> {
  if (inBounds(f.bounds, v, f.page_max)) return ok(v);
  const t = trim(typed);
  const capped = f.page_cap_reason !== '';
  if (capped && v > f.page_max!) return fail(`${t} is above ${f.page_max}: ${f.page_cap_reason}`);
  if (!f.rule) return fail(`${t} is outside ${f.bounds.min} … ${f.page_max}`);
  return fail(f.rule.startsWith('must') ? `${t} ${f.rule}` : f.rule);
}

function each<T>(text: string, read: (item: string) => Parsed<T[]>): Parsed<T[]> {
  const list = items(text);
  if (!list.ok) return list;
  const out: T[] = [];
  for (const item of list.value) {
    const r = read(item);
    if (!r.ok) return r;
    out.push(...r.value);
  }
  return ok(out);
}

function counts(f: PlanFieldDef, text: string): Parsed<number[]> {
  const r = each<number>(text, (item) => {
    const parts = item.split(':');
    if (parts.length === 1) {
      const c = parseCount(item);
      const v = c.ok ? within(f, c.value, item) : c;
      return v.ok ? ok([v.value]) : v;
    }
    if (parts.length !== 3) return fail(`range ${quoted(item)} must read start:stop:step`);
    const [a, b, s] = [parseCount(parts[0], f.bounds.min), parseCount(parts[1], f.bounds.min), parseCount(parts[2], 1)];
    if (!a.ok) return a;
    if (!b.ok) return b;
    if (!s.ok) return s;
    if (b.value < a.value) return fail(`range ${quoted(item)} ends before it starts`);
    const top = within(f, b.value, parts[1]);
    if (!top.ok) return top;
    if (Math.floor((b.value - a.value) / s.value) >= MAX) return fail(`range ${quoted(item)} has more than ${MAX} values`);
    const values: number[] = [];
    for (let v = a.value; v <= b.value; v += s.value) values.push(v);
    return ok(values);
  });
  return r.ok && r.value.length > MAX ? fail(`at most ${MAX} values`) : r;
}

/** Registry ids ("both,unclipped"; "t,sign") as the ids they stand for, each once, in order. */
function ids<T extends string>(text: string, table: readonly { id: string }[], standsFor: (e: { id: string }) => readonly T[]): Parsed<T[]> {
  const r = each<T>(text, (item) => {
    const e = table.find((x) => x.id === item);
    return e ? ok([...standsFor(e)]) : fail(`${quoted(item)} is not one of ${table.map((x) => x.id).join(', ')}`);
  });
  return r.ok ? ok([...new Set(r.value)]) : r;
}

/** One field's text as its value (for "model": the models its choices stand for). */
export function parseField(id: FieldName, text: string): Parsed<unknown> {
  const f = planField(id);
  switch (f.kind) {
    case 'count_list':
      return counts(f, text);
    case 'real_list':
      return each<number>(text, (item) => {
        const n = parseNumber(item);
        const v = n.ok ? within(f, n.value, item) : n;
        return v.ok ? ok([v.value]) : v;
      });
    case 'real': {
      const n = parseNumber(text);
      return n.ok ? within(f, n.value, text) : n;
    }
    case 'count': {
      const c = parseCount(text);
      return c.ok ? within(f, c.value, text) : c;
    }
    case 'choice':
      return ids(text, REGISTRY.model_choices, (e) => (e as (typeof REGISTRY.model_choices)[number]).models);
    case 'choice_list':
      return ids(text, REGISTRY.tests, (e) => [e.id]);
    case 'option': {
      // The registry list the field's values come from (its `choices`).
      const list: readonly { id: string }[] = f.choices === 'questions' ? REGISTRY.questions : REGISTRY.alternatives;
      const t = trim(text);
      const e = list.find((x) => x.id === t);
      return e ? ok(e.id) : fail(`${quoted(t)} is not one of ${list.map((x) => x.id).join(', ')}`);
    }
  }
}
