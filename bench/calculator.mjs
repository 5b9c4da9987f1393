// How long the quick calculator's answers take in the single-thread wasm build
// (Node), call by call as features/plan/worker.ts makes them: the medians of
// `rounds` calls after a warm-up. Usage: node bench/calculator.mjs [rounds]
// (needs the wasm builds: npm run build).
import { performance } from 'node:perf_hooks';
import { loadModule } from '../tests/wasm/load-module.mjs';

const rounds = Number(process.argv[2] ?? 9);
const m = await loadModule('st');

const scenario = { n: 200, delta: 0.01, alpha: 0.05, power: 0.8, sd: 0.2, rho: 0.6 };
const equivalence = { ...scenario, question: 'equivalence', margin: 0.02 };
const holm = { ...scenario, comparisons: 8, correction: 'holm', familyTarget: 'all' };

const cases = [
  ['power, one comparison', () => m.analyticPower(scenario)],
  ['smallest N, one comparison', () => m.minSampleSize(scenario)],
  ['MDE, one comparison', () => m.minDetectableEffect(scenario)],
  ['sensitivity views, difference', () => m.sensitivity(scenario)],
  ['sensitivity views, equivalence', () => m.sensitivity(equivalence)],
  ['Holm, K = 8: power', () => m.analyticPower(holm)],
  ['Holm, K = 8: smallest N', () => m.minSampleSize(holm)],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`| answer (one scenario; median of ${rounds} calls) | ms |\n|---|---:|`);
for (const [name, call] of cases) {
  const first = call();
  if (first && first.error) throw new Error(`${name}: ${first.error}`);
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    call();
    times.push(performance.now() - t);
  }
  console.log(`| ${name} | ${median(times).toFixed(2)} |`);
}
