// The core's typed errors ({error, kind, field, …} in place of a result), as
// messages that can cross from a worker to the page.
import * as Comlink from 'comlink';
import type { ErrorResult } from '../generated/boundary';

/** True when a module call returned {error} instead of its result. */
export function isError(x: object): x is ErrorResult {
  return typeof (x as Partial<ErrorResult>).error === 'string';
}

/** A core error in the page's words, with the field it names and what it offers to choose from (a leaderboard's measures). */
export class CoreError extends Error {
  constructor(message: string, readonly field?: string, readonly choices?: string[]) {
    super(message);
  }
}

// How this worker words the core's errors: the core's own text until the
// worker's entry sets the page's wording (its form labels, which the features own).
let phrase: (e: ErrorResult) => string = (e) => e.error;

/**
 * Sets how unwrap words a core error (the app's worker entries pass the page's phrasing), and sends a
 * CoreError's field and choices to the page with its message: Comlink sends a thrown Error's message, name
 * and stack, and its page end assigns every property sent.
 */
export function phraseErrorsWith(f: (e: ErrorResult) => string): void {
  phrase = f;
  const base = Comlink.transferHandlers.get('throw')!;
  Comlink.transferHandlers.set('throw', {
    canHandle: base.canHandle,
    serialize: (thrown) => {
      const [sent, transfers] = base.serialize(thrown);
      const e = (thrown as { value?: unknown }).value;
      if (e instanceof CoreError) Object.assign((sent as { value: object }).value, { field: e.field, choices: e.choices });
      return [sent, transfers];
    },
    deserialize: base.deserialize,
  });
}

/** A module call's result, or a CoreError with the core's error in the page's words. */
export function unwrap<T extends object>(r: T | ErrorResult): T {
  if (isError(r)) throw new CoreError(phrase(r), r.field, r.choices);
  return r as T;
}

/** What a refusal offers to choose from for `field`, once it has crossed from a worker (empty when nothing). */
export function choicesOf(e: unknown, field: string): string[] {
  const x = e as { field?: unknown; choices?: unknown };
  return x && x.field === field && Array.isArray(x.choices) ? x.choices.filter((c): c is string => typeof c === 'string') : [];
}
