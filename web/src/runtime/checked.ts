// Values from the engine checked against the boundary's schema (cpp/schema/,
// generated into generated/boundary.ts): a mismatch is an internal error with
// the first path that differs, never a silent NaN.
import { z } from 'zod';
import { BOUNDARY_SCHEMA } from '../generated/boundary';

// zod builds a schema's whole tree at once: work the page and every engine worker
// would otherwise do at start-up, before any report exists.
const built = new Map<string, z.ZodType>();

/** The validator of one of the boundary's types, by its name in cpp/schema/ (strict: an unknown key fails). */
export function boundaryValidator(name: string): z.ZodType {
  let v = built.get(name);
  if (!v) {
    if (!(name in BOUNDARY_SCHEMA.$defs)) throw new Error(`the boundary schema has no type ${name}`);
    v = z.fromJSONSchema({ $defs: BOUNDARY_SCHEMA.$defs, $ref: `#/$defs/${name}` } as Parameters<typeof z.fromJSONSchema>[0]);
    built.set(name, v);
  }
  return v;
}

/** A value checked against a boundary type; the caller names the type's TypeScript twin (generated from the same schema). */
export function checkedShape<T>(name: string, json: unknown, what: string): T {
  const r = boundaryValidator(name).safeParse(json);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new Error(`the engine's ${what} does not have the expected shape (${first.path.join('.')}: ${first.message}); please report it`);
  }
  return r.data as T;
}
