import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../web/src/ui/dom';

// The reference is the ICU formatter the hand-written grouping stands in for.
describe('groupDigits', () => {
  it('writes every integer as toLocaleString("en-US") does', () => {
    const ints = [0, 1, -1, 7, 42, 999, 1000, -1000, 1001, 9999, 10_000, 99_999, 100_000, 123_456, 999_999, 1_000_000,
      -1_234_567, 12_345_678, 55_500_000, 2 ** 31, -(2 ** 31), 1e15, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    // A fixed spread of magnitudes and signs (a linear congruential sequence, so every run checks the same numbers).
    let u = 12345;
    for (let k = 0; k < 2000; k++) {
      u = (u * 1103515245 + 12345) % 2 ** 31;
      ints.push(Math.floor((u / 2 ** 31 - 0.5) * 10 ** (1 + (k % 15))));
    }
    for (const n of ints) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves fractions, huge numbers and non-finite values to toLocaleString', () => {
    for (const x of [0.5, -1234.5678, 1e21, 2 ** 60, Number.NaN, Infinity, -Infinity]) expect(groupDigits(x)).toBe(x.toLocaleString('en-US'));
  });
});
