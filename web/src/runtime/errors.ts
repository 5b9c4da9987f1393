// The core's typed errors ({error, kind, field, …} in place of a result), as
// messages that can cross from a worker to the page.
import type { ErrorResult } from '../generated/boundary';

/** True when a module call returned {error} instead of its result. */
export function isError(x: object): x is ErrorResult {
  return typeof (x as Partial<ErrorResult>).error === 'string';
}

// How this worker words the core's errors: the core's own text until the
// worker's entry sets the page's wording (its form labels, which the features own).
let phrase: (e: ErrorResult) => string = (e) => e.error;

/** Sets how unwrap words a core error (the app's worker entries pass the page's phrasing). */
export function phraseErrorsWith(f: (e: ErrorResult) => string): void {
  phrase = f;
}

/** A module call's result, or an Error with the core's error in the page's words. */
export function unwrap<T extends object>(r: T | ErrorResult): T {
  if (isError(r)) throw new Error(phrase(r));
  return r as T;
}
