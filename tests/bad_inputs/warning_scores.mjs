// Deterministic nDCG-like scores for the warning tests (CLI and page): A spread
// over [0.3, 0.7], B = A + shift + a spread of ± spread/2, four decimals as
// trec_eval prints them. At n = 30 with the defaults: no zero differences,
// d_z ≈ 0.9 (nothing for the warnings to say).
const frac = (x) => x - Math.floor(x);
export function scores(n, shift = 0.03, spread = 0.16) {
  const a = [], b = [];
  for (let i = 0; i < n; i++) {
    const x = 0.3 + 0.4 * frac((i + 1) * 0.6180339887);
    a.push(Number(x.toFixed(4)));
    b.push(Number((x + shift + spread * (frac((i + 1) * 0.7548776662 + 0.1) - 0.5)).toFixed(4)));
  }
  return { a, b };
}

