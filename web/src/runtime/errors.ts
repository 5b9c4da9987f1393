import type { ErrorResult } from './worker/pairpower-module';

/** True when a module call returned {error} instead of its result. */
export function isError(x: object): x is ErrorResult {
  return typeof (x as Partial<ErrorResult>).error === 'string';
}
