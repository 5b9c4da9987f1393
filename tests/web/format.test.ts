import { describe, expect, it } from 'vitest';
import { formatP, formatSe, formatSig, formatSigned } from '../../web/src/ui/format';
// @ts-expect-error: a plain ES module without types (the tests' wasm loader)
import { loadModule } from '../wasm/load-module.mjs';

// Values that exercise every branch: each side of every floor and decade, exact
// binary ties (0.125, 2.5), values that round into the next decade (999.96),
// negatives, zero, and a log-spaced sweep from 1e-7 to 1e7.
function values(): number[] {
  const edges = [0, 1e-60, 9.9e-5, 1e-4, 1.00001e-4, 4.9e-4, 5e-4, 5.0001e-4, 9.99e-4, 1e-3, 0.0042, 0.00995, 0.01, 0.0125, 0.034, 0.125, 0.375, 0.5,
    0.9995, 1, 1.0625, 0.0625, 0.5625, 0.00625, 2.5, 9.9996, 12.3456, 99.995, 999.5, 999.96, 1000, 1234.5, 7456, 123456.7, 1e9, 8.99e15, 9.1e15, 2 ** 63, 1.5e19, 3e20];
  const sweep = Array.from({ length: 1400 }, (_, i) => 1e-7 * 10 ** (i / 100) * (1 + ((i * 7919) % 1000) / 3000));
  const all = [...edges, ...sweep];
  return [...all, ...all.map((x) => -x)];
}

describe("the page's number format is the core's", () => {
  it('writes every value as the core writes it (p-values, statistics, signed statistics, standard errors)', async () => {
    const core = await loadModule('plan');
    const xs = values();
    const cases: [string, (x: number) => string][] = [['p', formatP], ['sig', formatSig], ['signed', formatSigned], ['se', formatSe]];
    for (const [kind, page] of cases) {
      const want = core.formatNumbers(kind, xs) as string[];
      const mismatches = xs.map((x, i) => [x, page(x), want[i]]).filter(([, a, b]) => a !== b);
      expect(mismatches, kind).toEqual([]);
    }
  });
  it('never prints an exponent, and says how small a tiny standard error is', () => {
    for (const x of values()) expect(formatSig(x)).not.toMatch(/e/);
    expect(formatSe(0)).toBe('< 0.0005');
    expect(formatP(2e-9)).toBe('< 0.001');
    expect(formatSig(7456)).toBe('7,456');
    expect(formatSig(1.0625)).toBe('1.062');  // an exact binary tie, rounded to even as the core's printf does
  });
});
