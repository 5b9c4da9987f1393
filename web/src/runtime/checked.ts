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
 * tree as it is declared, which took ~20 ms of a first open's start-up in the
 * page and in every engine worker (traced) before any report exists.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
