// The page's number format: the core's rules (cpp/include/pairpower/formatting.hpp),
// with their numbers from the registry. Written here rather than called in wasm
// because the page's thread formats thousands of cells and holds no module;
// tests/web/format.test.ts holds every function to the core's output value by value.
import { REGISTRY } from '../runtime/registry';

const rule = REGISTRY.number_format;

/**
 * An integer as en-US writes it ("1,234,567"); other numbers through
 * toLocaleString. Hand-written because the page's first toLocaleString loads
 * ICU's number data on the page's thread, while a shared link's first answers wait.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const out = groupString(String(Math.abs(n)));
  return n < 0 ? `-${out}` : out;
}

/** "1234567" → "1,234,567". */
function groupString(digits: string): string {
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * x to f decimals as C's printf writes it: toFixed rounds an exact tie (0.125 to
 * two decimals) away from zero, printf to even. toFixed(100) is the double's exact
 * expansion for every magnitude formatted here (≥ 1e-4), so a tie is seen exactly.
 */
export function toFixedC(x: number, f: number): string {
  if (!(Math.abs(x) < 1e21)) return x.toFixed(f);
  // Only a value whose scaled fraction is within rounding of one half can be a tie: the rest skip
  // the 100-digit expansion (the product's error is far below 1e-6 while it stays under 1e9).
  const scaled = Math.abs(x) * 10 ** f;
  if (scaled < 1e9 && Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return x.toFixed(f);
  const exact = Math.abs(x).toFixed(100);
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 1 + f);
  if (!/^50*$/.test(tail)) return x.toFixed(f);
  const kept = f > 0 ? exact.slice(0, dot + 1 + f) : exact.slice(0, dot);
  if (Number(kept[kept.length - 1]) % 2 === 1) return x.toFixed(f);
  return (x < 0 && /[1-9]/.test(kept) ? '-' : '') + kept;
}

/** A p-value: three decimals, four below 0.01, "< 0.001" below that. */
export function formatP(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  if (p < rule.p_floor) return '< 0.001';
  return toFixedC(p, p < rule.p_fine_below ? 4 : 3);
}

/** "p = 0.034" or "p < 0.001". */
export const pEquals = (p: number) => (p < rule.p_floor ? 'p < 0.001' : `p = ${formatP(p)}`);

/** A statistic: four significant digits, fixed notation, never an exponent. */
export function formatSig(x: number): string {
  if (Number.isNaN(x)) return 'n/a';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a < rule.stat_floor) return x > 0 ? '< 0.0001' : '> -0.0001';
  const rounded = Number(a.toExponential(rule.significant - 1));
  // Past 2^53 every double is a whole number: BigInt gives its exact digits, as the core's %.0f does.
  if (rounded >= 1000) return (x < 0 ? '-' : '') + (a < 9e15 ? groupDigits(Math.round(a)) : groupString(BigInt(a).toString()));
  const decimals = Math.max(0, rule.significant - 1 - Math.floor(Math.log10(rounded)));
  return toFixedC(x, decimals);
}

/** formatSig with its sign always shown, for differences and interval ends. */
export function formatSigned(x: number): string {
  const s = formatSig(x);
  return x > 0 && !s.startsWith('<') ? `+${s}` : s;
}

/** A standard error: three decimals, "< 0.0005" where that would print 0.000. */
export function formatSe(se: number): string {
  if (Number.isNaN(se)) return 'n/a';
  return se < rule.se_floor ? '< 0.0005' : toFixedC(se, rule.se_decimals);
}
