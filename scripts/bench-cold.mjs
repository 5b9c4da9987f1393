// Benchmark (not a test): where a shared link's first open spends its time,
// stage by stage (scripts/cold-link.mjs measures one open). The native CLI
// runs the same grid in the same minute.
// Usage: node scripts/bench-cold.mjs [runs]   (needs `npm run build` first)
import os from 'node:os';
import { coldRuns } from './cold-link.mjs';

const runs = Number(process.argv[2] ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;

const rows = await coldRuns(runs);

console.log(`== pairpower bench:cold, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0].model}, ${runs} runs (medians)`);
console.log(`command: node scripts/bench-cold.mjs ${runs}`);
const m = (k) => median(rows.map((r) => r[k]));
const mk = (k) => median(rows.map((r) => r.marks[k] ?? NaN));
console.log(`native CLI (all threads): ${m('cli').toFixed(3)} s engine, ${m('cliWall').toFixed(3)} s wall`);
console.log(`page, from navigation start: document ${ms(m('response'))}, page script fetched ${ms(m('scriptsEnd'))}, DOMContentLoaded ${ms(m('dcl'))}`);
console.log(`  engines started ${ms(mk('engines-start'))}; wasm fetch ${ms(m('wasmStart'))} → ${ms(m('wasmEnd'))} (${rows[0].wasmFiles})`);
console.log(`  Plan engine (analytic answers, run plan; its own worker and build with ?threads, else the first simulation worker): script running ${ms(mk('plan-script'))}, wasm compiled ${ms(mk('plan-compiled'))}, module ready ${ms(mk('plan-ready'))}`);
console.log(`  first simulation worker (it compiles the build; with ?threads it also starts the thread pool): script running ${ms(mk('compute0-script'))}, wasm compiled ${ms(mk('compute0-compiled'))}, ready ${ms(mk('compute0-ready'))}`);
console.log(`  the link's run: asked ${ms(mk('run'))}, Plan engine answering ${ms(mk('plan-answers'))}, Monte Carlo units sent ${ms(mk('monte-carlo-start'))}, analytic values in the tables ${ms(mk('analytic-shown'))}, the answer (smallest N, MDE) ${ms(mk('answer-shown'))}`);
console.log(`  the run's end: the last unit's counts back ${ms(mk('units-back'))}, every group's cells ${ms(mk('cells-back'))}, the core's conclusions (finishRun) ${ms(mk('run-finished'))}`);
console.log(`  first analytic value ${ms(m('firstAnalytic'))}, first Monte Carlo cell ${ms(m('first'))}, all results ${ms(m('done'))} = ${(m('done') / 1000 / m('cliWall')).toFixed(2)}× the CLI's wall time`);
if (rows[0].marks['compute1-ready'] !== undefined) console.log(`  second simulation worker (given the compiled module): script running ${ms(mk('compute1-script'))}, ready ${ms(mk('compute1-ready'))}`);
console.log(`  main thread: ${m('longCount')} long tasks (> 50 ms), the longest ${ms(m('longest'))}`);
console.log(`floor (bench/floor/: the same units on the same build in a pool of bare workers, no Plan engine, nothing drawn), fresh context beside each open: ` +
  `Monte Carlo start ${ms(m('floorStart'))}, all units done ${ms(m('floor'))} = ${(m('floor') / 1000 / m('cliWall')).toFixed(2)}× the CLI's wall time`);
console.log(`all results / the floor, each open against the floor open beside it: median ${median(rows.map((r) => r.done / r.floor)).toFixed(3)} (${rows.map((r) => (r.done / r.floor).toFixed(2)).join(', ')})`);
