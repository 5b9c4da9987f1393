// A value from the engine checked against its zod schema: a mismatch is an
// internal error with the first path that differs, never a silent NaN.
import type { z } from 'zod';

export function checkedShape<S extends z.ZodType>(schema: S, json: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(json);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new Error(`the engine's ${what} does not have the expected shape (${first.path.join('.')}: ${first.message}); please report it`);
  }
  return r.data;
}

/**
 * A schema (or set of schemas) built on first use: zod builds a schema's whole
 * tree as it is declared, work that the page and every engine worker would
 * otherwise do at start-up, before any report exists.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
